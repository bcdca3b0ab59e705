import type { FastifyInstance } from 'fastify';
import type { TaxSummary } from '@billpoint/proto';
import { fromMills, reportPeriodLabel, reportPeriodRange, TaxSummaryQuery, toMills } from '@billpoint/proto';
import type { Identity, ServiceContext } from '@billpoint/kit';
import { dayIn } from '../ledger/journal.ts';
import { orgSettings } from '../ledger/organizations.ts';
import { taxFigures, LEDGER_GROUPS_SQL, type LedgerGroup } from '../report/report.compute.ts';
import { figuresInBase } from '../base-currency/in-base.ts';

/**
 * The tax summary: the current quarter in the organization's time zone, all from the ledger: collected = output tax
 * of the period, payable = output − input tax, taxable sales = net sales (revenue accounts, discounts negative);
 * `currencies` lists every currency the ledger has entries in. With `?currency=`: that currency's figures alone.
 * Without: in the base currency (the organization's default), every currency of the period converted day
 * by day (base-currency/in-base.ts), each currency's own figures and what they came to in `byCurrency`.
 */
export async function taxSummary(
  ctx: ServiceContext,
  id: Pick<Identity, 'tenantId'>,
  q: TaxSummaryQuery,
  now = new Date(),
): Promise<TaxSummary> {
  const org = await ctx.tx(id, (em) => orgSettings(em, id.tenantId));
  const base = org.defaultCurrency;
  const today = dayIn(now, org.timezone);
  const range = reportPeriodRange('current-quarter', today);
  const [inPeriod, currencies] = await Promise.all([
    ctx.reader.query<{ currency: string }>(
      id.tenantId,
      `select distinct currency from tax.ledger_daily where tenant_id = $1 and entry_date between $2::date and $3::date order by currency`,
      [id.tenantId, range.startDate, range.endDate],
    ),
    ctx.reader.query<{ currency: string }>(
      id.tenantId,
      `select distinct currency from tax.journal_entries where tenant_id = $1 order by currency`,
      [id.tenantId],
    ),
  ]);
  const own = async (currency: string) =>
    taxFigures(
      await ctx.reader.query<LedgerGroup>(id.tenantId, LEDGER_GROUPS_SQL, [id.tenantId, currency, range.startDate, range.endDate]),
    );
  const head = { period: reportPeriodLabel('current-quarter', today), ...range, currencies: currencies.map((c) => c.currency.trim()) };
  if (q.currency) {
    const f = await own(q.currency);
    const byCurrency = [{ currency: q.currency, ...f, inBase: q.currency === base ? f : null }];
    return { currency: q.currency, ...head, ...f, excludedCurrencies: [], byCurrency };
  }
  const byCurrency = await Promise.all(
    [...new Set([base, ...inPeriod.map((c) => c.currency.trim())])].map(async (currency) => {
      const f = await own(currency);
      const converted = currency === base ? f : await figuresInBase(ctx, id.tenantId, currency, base, range);
      return { currency, ...f, inBase: converted };
    }),
  );
  const total = (k: 'totalCollected' | 'totalPayable' | 'taxableSales') =>
    fromMills(byCurrency.reduce((acc, c) => acc + (c.inBase ? toMills(c.inBase[k]) : 0n), 0n));
  return {
    currency: base,
    ...head,
    totalCollected: total('totalCollected'),
    totalPayable: total('totalPayable'),
    taxableSales: total('taxableSales'),
    excludedCurrencies: byCurrency.filter((c) => !c.inBase).map((c) => c.currency),
    byCurrency,
  };
}

export function summaryRoutes(app: FastifyInstance, ctx: ServiceContext) {
  app.get('/api/tax-summary', { config: { permission: 'reports.read', contract: { query: TaxSummaryQuery } } }, async (req) =>
    taxSummary(ctx, req.identity, TaxSummaryQuery.parse(req.query)),
  );
}
