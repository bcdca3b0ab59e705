/**
 * The insight rules over a tenant's facts, one file per family in `rules/`: revenue, cash flow, customers, expenses.
 */
import { cashFlowForecast, MONTHLY_VAT, overdueConcentration, taxDue, type VatFiling } from './rules/cash-flow.ts';
import type { DraftInsight, Formats, Query } from './rules/common.ts';
import { customerDependency, slowingPayers } from './rules/customers.ts';
import { expenseSpikes } from './rules/expenses.ts';
import { churnedSchedules, revenueTrend } from './rules/revenue.ts';

export type { DraftInsight, Formats, Query } from './rules/common.ts';
export type { VatFiling } from './rules/cash-flow.ts';

/**
 * Every rule over the tenant's facts, highest priority first (ties: the order of the rules); `vat` is how the
 * organization files VAT (the tax-due insight's deadline).
 */
export async function runRules(q: Query, today: string, f: Formats, vat: VatFiling = MONTHLY_VAT): Promise<DraftInsight[]> {
  // Independent reads: run together (each on its own pooled connection).
  const all = (
    await Promise.all([
      revenueTrend(q, f),
      overdueConcentration(q, f),
      slowingPayers(q),
      customerDependency(q, f),
      expenseSpikes(q, f),
      cashFlowForecast(q, today, f),
      churnedSchedules(q, f),
      taxDue(q, today, f, vat),
    ])
  ).flat();
  return all
    .map((d, i) => ({ d, i }))
    .sort((a, b) => b.d.priority - a.d.priority || a.i - b.i)
    .map((x) => x.d);
}
