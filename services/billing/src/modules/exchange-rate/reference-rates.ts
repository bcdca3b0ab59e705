import { XMLParser } from 'fast-xml-parser';
import { crossRate, RATE_SCALE, fromScaled, toScaled } from '@billpoint/proto';
import { scanTenants, type EntityManager, type ServiceContext } from '@billpoint/kit';

/** The reference rates of one day: units of each currency per 1 EUR (the ECB's form). */
export interface ReferenceRates {
  date: string;
  perEur: Map<string, string>;
}

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '',
  removeNSPrefix: true,
  parseAttributeValue: false, // rates stay text: never a float
  isArray: (name) => name === 'Cube',
});

/**
 * Parses the ECB's daily XML (`<Cube time="YYYY-MM-DD"><Cube currency="USD" rate="1.0412"/>…`). The newest day
 * only (the 90-day file works too). Throws on a document that is not one.
 */
export function parseEcbXml(xml: string): ReferenceRates {
  const doc = parser.parse(xml) as {
    Envelope?: { Cube?: { Cube?: { time?: string; Cube?: { currency?: string; rate?: string }[] }[] }[] };
  };
  const days = doc.Envelope?.Cube?.[0]?.Cube ?? [];
  const newest = days
    .filter((d) => typeof d.time === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(d.time))
    .sort((a, b) => (a.time! < b.time! ? 1 : -1))[0];
  if (!newest) throw new Error('not an ECB reference rates document (no <Cube time>)');
  const perEur = new Map<string, string>();
  for (const c of newest.Cube ?? []) {
    const currency = String(c.currency ?? '').trim();
    const rate = String(c.rate ?? '').trim();
    if (!/^[A-Z]{3}$/.test(currency) || !/^\d+(\.\d+)?$/.test(rate) || toScaled(rate, RATE_SCALE) === 0n) continue;
    perEur.set(currency, fromScaled(toScaled(rate, RATE_SCALE), RATE_SCALE));
  }
  if (perEur.size === 0) throw new Error(`the ECB document of ${newest.time} has no rates`);
  return { date: newest.time!, perEur };
}

/**
 * The reference rates in `base`: for every currency C the ECB quotes (and EUR), base units per one C through the
 * euro — (base per EUR) ÷ (C per EUR), exact to 10 decimals (half-up). Null when the ECB does not quote the base.
 */
export function ratesInBase(ref: ReferenceRates, base: string): Map<string, string> | null {
  const one = fromScaled(10n ** BigInt(RATE_SCALE), RATE_SCALE);
  const perEur = new Map(ref.perEur).set('EUR', one);
  const basePerEur = perEur.get(base);
  if (!basePerEur) return null;
  const out = new Map<string, string>();
  for (const [currency, units] of perEur) if (currency !== base) out.set(currency, crossRate(basePerEur, units));
  return out;
}

/** Fetches and parses the provider's document (15 s at most). */
export async function fetchReferenceRates(url: string): Promise<ReferenceRates> {
  const res = await fetch(url, { signal: AbortSignal.timeout(15_000), headers: { accept: 'application/xml, text/xml' } });
  if (!res.ok) throw new Error(`${url} answered ${res.status}`);
  return parseEcbXml(await res.text());
}

/** Stores the fetched document (public data, no tenant), so organizations that appear later take it too. */
export async function storeReference(em: EntityManager, ref: ReferenceRates): Promise<void> {
  await em.execute(
    `insert into billing.reference_rates (day, currency, per_eur)
     select ?::date, r.currency, r.per_eur::numeric from jsonb_to_recordset(?::jsonb) as r (currency text, per_eur text) order by r.currency
     on conflict (day, currency) do update set per_eur = excluded.per_eur`,
    [ref.date, JSON.stringify([...ref.perEur].map(([currency, perEur]) => ({ currency, per_eur: perEur })))],
  );
}

/** The newest stored document, or null before the first successful run. */
export async function latestReference(em: EntityManager): Promise<ReferenceRates | null> {
  const rows = await em.execute<{ day: string; currency: string; per_eur: string }[]>(
    `select to_char(day, 'YYYY-MM-DD') as day, currency, per_eur::text as per_eur from billing.reference_rates
      where day = (select max(day) from billing.reference_rates) order by currency`,
  );
  if (!rows.length) return null;
  return { date: rows[0]!.day, perEur: new Map(rows.map((r) => [r.currency.trim(), r.per_eur])) };
}

/**
 * One tenant's rates of the reference day in its base (in the caller's tenant transaction). A manual rate of that day
 * stays as it is: the job never overwrites one. False when the reference does not quote the base.
 */
export async function applyReferenceToTenant(em: EntityManager, tenantId: string, base: string, ref: ReferenceRates): Promise<boolean> {
  const rates = ratesInBase(ref, base);
  if (!rates) return false;
  await em.execute(
    `insert into billing.exchange_rates (tenant_id, day, currency, rate, source)
     select ?::uuid, ?::date, r.currency, r.rate::numeric, 'ecb' from jsonb_to_recordset(?::jsonb) as r (currency text, rate text)
     order by r.currency
     on conflict (tenant_id, currency, day) do update set rate = excluded.rate, updated_at = now()
       where exchange_rates.source <> 'manual' and exchange_rates.rate <> excluded.rate`,
    [tenantId, ref.date, JSON.stringify([...rates].map(([currency, rate]) => ({ currency, rate })))],
  );
  return true;
}

/** A tenant that just appeared or changed its base takes the newest stored reference day (nothing before the first run). */
export async function applyLatestReference(em: EntityManager, tenantId: string, base: string): Promise<void> {
  const ref = await latestReference(em);
  if (ref) await applyReferenceToTenant(em, tenantId, base, ref);
}

/**
 * Stores the day's reference rates, then gives them to every organization, each in its own base currency, one
 * transaction per tenant. Answers how many tenants took them.
 */
export async function applyReferenceRates(ctx: ServiceContext, ref: ReferenceRates): Promise<number> {
  await ctx.orm.em.fork().transactional((em) => storeReference(em, ref));
  const tenants = await scanTenants(ctx.orm.em, ctx.schema, (em) =>
    em.execute<{ tenant_id: string; default_currency: string | null }[]>(
      `select tenant_id, default_currency from billing.organizations order by tenant_id`,
    ),
  );
  let applied = 0;
  for (const t of tenants) {
    const base = (t.default_currency ?? 'USD').trim();
    try {
      const ok = await ctx.tx({ tenantId: t.tenant_id }, (em) => applyReferenceToTenant(em, t.tenant_id, base, ref));
      if (ok) applied++;
      else ctx.logger.warn({ tenantId: t.tenant_id, base, date: ref.date }, 'the reference rates do not quote this base currency');
    } catch (err) {
      ctx.logger.error({ err, tenantId: t.tenant_id }, 'could not store the reference rates for a tenant; the next run tries again');
    }
  }
  return applied;
}

/**
 * The daily job: fetch the reference rates and store them. Offline (or the provider down) it logs a warning and
 * tries again at its next run; `FX_RATES_URL=off` turns it off.
 */
export async function runReferenceRatesJob(ctx: ServiceContext, url: string): Promise<number> {
  if (!url) return 0;
  let ref: ReferenceRates;
  try {
    ref = await fetchReferenceRates(url);
  } catch (err) {
    ctx.logger.warn({ err, url }, 'could not fetch the reference exchange rates; trying again at the next run');
    return 0;
  }
  const n = await applyReferenceRates(ctx, ref);
  ctx.logger.info({ date: ref.date, currencies: ref.perEur.size, tenants: n }, 'reference exchange rates stored');
  return n;
}
