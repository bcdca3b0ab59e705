import {
  RATE_SCALE,
  fromScaled,
  roundRate,
  toScaled,
  type ExchangeRate,
  type ExchangeRates,
  type ExchangeRateSource,
} from '@billpoint/proto';
import { Invalid, type EntityManager, type Identity, type ServiceContext } from '@billpoint/kit';

/** The rate of the base currency itself. */
export const ONE = fromScaled(10n ** BigInt(RATE_SCALE), RATE_SCALE);
export const todayUtc = () => new Date().toISOString().slice(0, 10);

/** The tenant's base currency: its default currency (USD until the organization's settings say otherwise). */
export const BASE_SQL = `select coalesce((select default_currency from billing.organizations where tenant_id = ?), 'USD') as base`;

/** The newest rate of each currency dated on or before the day. */
const IN_FORCE_SQL = `select distinct on (currency) currency, to_char(day, 'YYYY-MM-DD') as day, rate::text as rate, source,
    to_char(updated_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as updated_at
  from billing.exchange_rates where tenant_id = $1 and day <= $2::date
  order by currency, day desc`;

interface RateRow {
  currency: string;
  day: string;
  rate: string;
  source: ExchangeRateSource;
  updated_at: string;
}
const toRate = (r: RateRow): ExchangeRate => ({
  currency: r.currency,
  date: r.day,
  rate: r.rate,
  source: r.source,
  updatedAt: r.updated_at,
});

export async function baseCurrency(em: EntityManager, tenantId: string): Promise<string> {
  const [row] = await em.execute<{ base: string }[]>(BASE_SQL, [tenantId]);
  return row!.base.trim();
}

/** The same, read outside a transaction. */
export async function baseCurrencyOf(ctx: ServiceContext, tenantId: string): Promise<string> {
  const [row] = await ctx.reader.query<{ base: string }>(tenantId, BASE_SQL.replace('?', '$1'), [tenantId]);
  return row!.base.trim();
}

/** GET /api/exchange-rates: every currency's rate in force on the day, in the tenant's base. */
export async function ratesOn(ctx: ServiceContext, tenantId: string, date: string): Promise<ExchangeRates> {
  const [[b], rows] = await Promise.all([
    ctx.reader.query<{ base: string }>(tenantId, BASE_SQL.replace('?', '$1'), [tenantId]),
    ctx.reader.query<RateRow>(tenantId, IN_FORCE_SQL, [tenantId, date]),
  ]);
  const base = b!.base.trim();
  return { base, date, rates: rows.filter((r) => r.currency !== base).map(toRate) };
}

/**
 * The rate in force for `currency` on `date` inside a transaction: "1" for the base currency, null when the table has
 * none dated on or before it.
 */
export async function rateOn(
  em: EntityManager,
  tenantId: string,
  currency: string,
  date: string,
): Promise<{ base: string; rate: string | null }> {
  const base = await baseCurrency(em, tenantId);
  if (currency === base) return { base, rate: ONE };
  const [row] = await em.execute<{ rate: string }[]>(
    `select rate::text as rate from billing.exchange_rates where tenant_id = ? and currency = ? and day <= ?::date
      order by day desc limit 1`,
    [tenantId, currency, date],
  );
  return { base, rate: row?.rate ?? null };
}

/** PUT /api/exchange-rates/{currency}: a manual rate for the day (replacing that day's rate of either source). */
export async function setManualRate(
  ctx: ServiceContext,
  id: Identity,
  currency: string,
  body: { rate: string; date?: string | null },
): Promise<ExchangeRate> {
  const day = body.date ?? todayUtc();
  return ctx.tx(id, async (em) => {
    const base = await baseCurrency(em, id.tenantId);
    if (currency === base) throw new Invalid(`${base} is the base currency: its rate is always 1`, 'currency');
    const [row] = await em.execute<RateRow[]>(
      `insert into billing.exchange_rates (tenant_id, day, currency, rate, source) values (?, ?, ?, ?, 'manual')
       on conflict (tenant_id, currency, day) do update set rate = excluded.rate, source = 'manual', updated_at = now()
       returning currency, to_char(day, 'YYYY-MM-DD') as day, rate::text as rate, source,
         to_char(updated_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as updated_at`,
      [id.tenantId, day, currency, body.rate],
    );
    return toRate(row!);
  });
}

/**
 * The exchange rate a document in `currency` dated `date` takes when none was given: the table's rate in force that
 * day (rounded half-up to the document's 6 places), 1 in the base currency. No rate known is a 400 on `path`: a
 * foreign amount is never counted at a made-up rate.
 */
export async function defaultRate(ctx: ServiceContext, tenantId: string, currency: string, date: string, path: string): Promise<string> {
  const [row] = await ctx.reader.query<{ base: string; rate: string | null }>(
    tenantId,
    `select b.base, (select rate::text from billing.exchange_rates where tenant_id = $1 and currency = $2 and day <= $3::date
                      order by day desc limit 1) as rate
       from (${BASE_SQL.replace('?', '$1')}) b`,
    [tenantId, currency, date],
    { prepare: true }, // once per invoice created or changed: a fixed text, planned once per connection
  );
  const base = row!.base.trim();
  if (currency === base) return '1.000000';
  if (row!.rate == null)
    throw new Invalid(
      `No exchange rate for ${currency} on ${date} (base ${base}): enter the rate, or set one under Settings → Exchange rates`,
      path,
    );
  const rounded = roundRate(row!.rate, 6);
  return toScaled(rounded, 6) === 0n ? '0.000001' : rounded;
}

/**
 * The rate an update sets: the one given; else, for a draft whose currency or issue date changes, the rate of its
 * (new) day; else none (an issued invoice keeps the rate it was issued at).
 */
export async function rateOnUpdate(
  ctx: ServiceContext,
  tenantId: string,
  before: { status: string; currency: string; issueDate: string },
  input: { exchangeRate?: string; currency?: string; issueDate: string },
): Promise<string | undefined> {
  if (input.exchangeRate !== undefined) return input.exchangeRate;
  const currency = input.currency ?? before.currency;
  if (before.status !== 'draft' || (currency === before.currency && input.issueDate === before.issueDate)) return undefined;
  return defaultRate(ctx, tenantId, currency, input.issueDate, 'exchangeRate');
}

/** The rates of `currency` from the one in force on `from` through those dated up to `to`, oldest first. */
export async function ratesBetween(
  em: EntityManager,
  tenantId: string,
  currency: string,
  from: string,
  to: string,
): Promise<{ base: string; rates: { day: string; rate: string }[] }> {
  const base = await baseCurrency(em, tenantId);
  const rates = await em.execute<{ day: string; rate: string }[]>(
    `select to_char(day, 'YYYY-MM-DD') as day, rate::text as rate from billing.exchange_rates
      where tenant_id = ? and currency = ? and day <= ?::date
        and day >= coalesce((select max(day) from billing.exchange_rates where tenant_id = ? and currency = ? and day <= ?::date), ?::date)
      order by day`,
    [tenantId, currency, to, tenantId, currency, from, from],
  );
  return { base, rates };
}
