import { BillingExchangeRatesRpc, fromMills, inBase, toMills } from '@billpoint/proto';
import { rpcCall, type ServiceContext } from '@billpoint/kit';
import { LEDGER_GROUPS_SQL, taxFigures, type LedgerGroup } from '../report/report.compute.ts';

type Figures = ReturnType<typeof taxFigures>;
type Period = { startDate: string; endDate: string };

/** The groups of LEDGER_GROUPS_SQL one day at a time (the day is the first column). */
const DAILY_GROUPS_SQL = LEDGER_GROUPS_SQL.replace('select a.code,', `select to_char(d.entry_date, 'YYYY-MM-DD') as day, a.code,`)
  .replace('group by a.code,', 'group by d.entry_date, a.code,')
  .replace('order by a.code,', 'order by d.entry_date, a.code,');

/** The rate in force on `day` among `rates` (oldest first), or null before the first. */
function rateOn(rates: { day: string; rate: string }[], day: string): string | null {
  let found: string | null = null;
  for (const r of rates) if (r.day <= day) found = r.rate;
  return found;
}

const groupKey = (g: LedgerGroup) => `${g.code}|${g.tax_rate_id}|${g.tax_rate_name}|${g.tax_type}|${g.tax_rate}`;

/**
 * Ledger groups of several currencies (each already in the same currency) summed into one list, keyed like
 * LEDGER_GROUPS_SQL (account and tax rate), first-seen order; amounts exact.
 */
export function mergeGroups(lists: LedgerGroup[][]): LedgerGroup[] {
  const m = new Map<string, { g: LedgerGroup; debit: bigint; credit: bigint; taxable: bigint | null }>();
  for (const g of lists.flat()) {
    const k = groupKey(g);
    const acc = m.get(k) ?? (m.set(k, { g, debit: 0n, credit: 0n, taxable: null }), m.get(k)!);
    acc.debit += toMills(g.debit);
    acc.credit += toMills(g.credit);
    if (g.taxable != null) acc.taxable = (acc.taxable ?? 0n) + toMills(g.taxable);
    if (acc.g !== g) acc.g = { ...acc.g, lines: acc.g.lines + g.lines };
  }
  return [...m.values()]
    .sort((a, b) => a.g.code.localeCompare(b.g.code)) // stable: within an account, first-seen order
    .map(({ g, debit, credit, taxable }) => ({
      ...g,
      debit: fromMills(debit),
      credit: fromMills(credit),
      taxable: taxable === null ? null : fromMills(taxable),
    }));
}

/**
 * One currency's ledger groups of the period converted into the base currency: each day's groups at the
 * rate in force that day (billing's rates; the ledger dates an invoice's entry by its issue date, the day its rate is
 * taken on), each figure rounded half-up to the cent, then summed per group. Null when a day has no rate, or billing
 * does not answer, or answers for another base (a base change still on its way): the caller leaves the currency out of
 * the totals and names it, never counting it as 0.
 */
export async function groupsInBase(
  ctx: ServiceContext,
  tenantId: string,
  currency: string,
  base: string,
  period: Period,
): Promise<LedgerGroup[] | null> {
  let answer: { base: string; rates: { day: string; rate: string }[] };
  try {
    answer = await rpcCall(
      ctx.bus,
      BillingExchangeRatesRpc,
      { tenantId, currency, from: period.startDate, to: period.endDate },
      { timeoutMs: 3_000 },
    );
  } catch (err) {
    ctx.logger.warn({ err, tenantId, currency }, 'no exchange rates from billing; the currency is left out of the base totals');
    return null;
  }
  if (answer.base !== base) return null;
  const rows = await ctx.reader.query<LedgerGroup & { day: string }>(tenantId, DAILY_GROUPS_SQL, [
    tenantId,
    currency,
    period.startDate,
    period.endDate,
  ]);
  const converted: LedgerGroup[] = [];
  for (const { day, ...g } of rows) {
    const rate = rateOn(answer.rates, day);
    if (!rate) return null;
    converted.push({
      ...g,
      debit: inBase(g.debit, rate),
      credit: inBase(g.credit, rate),
      taxable: g.taxable == null ? null : inBase(g.taxable, rate),
    });
  }
  return mergeGroups([converted]);
}

/** The tax summary's figures of one currency in the base currency (groupsInBase), or null without a rate. */
export async function figuresInBase(
  ctx: ServiceContext,
  tenantId: string,
  currency: string,
  base: string,
  period: Period,
): Promise<Figures | null> {
  const groups = await groupsInBase(ctx, tenantId, currency, base, period);
  return groups && taxFigures(groups);
}
