import type { FastifyInstance } from 'fastify';
import type { TaxSummary } from '@billpoint/proto';
import { reportPeriodLabel, reportPeriodRange, TaxSummaryQuery } from '@billpoint/proto';
import type { Identity, ServiceContext } from '@billpoint/kit';
import { dayIn } from '../ledger/journal.ts';
import { orgSettings } from '../ledger/organizations.ts';
import { taxFigures, LEDGER_GROUPS_SQL, type LedgerGroup } from '../report/report.compute.ts';

/**
 * The tax summary: the current quarter in the organization's time zone, one currency (`?currency=` or the
 * organization's default), all from the ledger: collected = output tax of the period, payable = output − input
 * tax, taxable sales = net sales (revenue accounts, discounts negative); `currencies` lists every currency the
 * ledger has entries in.
 */
export async function taxSummary(
  ctx: ServiceContext,
  id: Pick<Identity, 'tenantId'>,
  q: TaxSummaryQuery,
  now = new Date(),
): Promise<TaxSummary> {
  const org = await ctx.tx(id, (em) => orgSettings(em, id.tenantId));
  const currency = q.currency ?? org.defaultCurrency;
  const today = dayIn(now, org.timezone);
  const { startDate, endDate } = reportPeriodRange('current-quarter', today);
  const [groups, currencies] = await Promise.all([
    ctx.reader.query<LedgerGroup>(id.tenantId, LEDGER_GROUPS_SQL, [id.tenantId, currency, startDate, endDate]),
    ctx.reader.query<{ currency: string }>(
      id.tenantId,
      `select distinct currency from tax.journal_entries where tenant_id = $1 order by currency`,
      [id.tenantId],
    ),
  ]);
  return {
    currency,
    period: reportPeriodLabel('current-quarter', today),
    startDate,
    endDate,
    ...taxFigures(groups),
    currencies: currencies.map((c) => c.currency.trim()),
  };
}

export function summaryRoutes(app: FastifyInstance, ctx: ServiceContext) {
  app.get('/api/tax-summary', { config: { permission: 'reports.read', contract: { query: TaxSummaryQuery } } }, async (req) =>
    taxSummary(ctx, req.identity, TaxSummaryQuery.parse(req.query)),
  );
}
