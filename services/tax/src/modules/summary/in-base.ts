import { BillingExchangeRatesRpc, fromCents, inBase, toCents } from '@billpoint/proto';
import { rpcCall, type ServiceContext } from '@billpoint/kit';
import { LEDGER_GROUPS_SQL, taxFigures, type LedgerGroup } from '../report/report.compute.ts';

type Figures = ReturnType<typeof taxFigures>;
const KEYS = ['totalCollected', 'totalPayable', 'taxableSales'] as const;

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

/**
 * One currency's summary figures of the period converted into the base currency (issue 26): each day's figures at
 * the rate in force that day (billing's rates; the ledger dates an invoice's entry by its issue date, the day its rate
 * is taken on), each rounded half-up to the cent, then summed. Null when a day has no rate, or billing does not answer:
 * the caller leaves the currency out of the totals and says so, never counting it as 0.
 */
export async function figuresInBase(
  ctx: ServiceContext,
  tenantId: string,
  currency: string,
  base: string,
  period: { startDate: string; endDate: string },
): Promise<Figures | null> {
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
  if (answer.base !== base) return null; // a base change still on its way: nothing to convert with yet
  const rows = await ctx.reader.query<LedgerGroup & { day: string }>(tenantId, DAILY_GROUPS_SQL, [
    tenantId,
    currency,
    period.startDate,
    period.endDate,
  ]);
  const byDay = new Map<string, LedgerGroup[]>();
  for (const r of rows) byDay.set(r.day, [...(byDay.get(r.day) ?? []), r]);
  const total = { totalCollected: 0n, totalPayable: 0n, taxableSales: 0n };
  for (const [day, groups] of byDay) {
    const rate = rateOn(answer.rates, day);
    if (!rate) return null;
    const f = taxFigures(groups);
    for (const k of KEYS) total[k] += toCents(inBase(f[k], rate));
  }
  return {
    totalCollected: fromCents(total.totalCollected),
    totalPayable: fromCents(total.totalPayable),
    taxableSales: fromCents(total.taxableSales),
  };
}
