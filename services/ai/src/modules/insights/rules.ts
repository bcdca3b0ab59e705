/**
 * The insight rules over a tenant's facts, one file per family in `rules/`: revenue, cash flow, customers, expenses.
 */
import { cashFlowForecast, overdueConcentration, taxDue } from './rules/cash-flow.ts';
import type { DraftInsight, Query } from './rules/common.ts';
import { customerDependency, slowingPayers } from './rules/customers.ts';
import { expenseSpikes } from './rules/expenses.ts';
import { churnedSchedules, revenueTrend } from './rules/revenue.ts';

export type { DraftInsight, Query } from './rules/common.ts';

/** Every rule over the tenant's facts, highest priority first (ties: the order of the rules). */
export async function runRules(q: Query, today: string): Promise<DraftInsight[]> {
  // Independent reads: run together (each on its own pooled connection).
  const all = (
    await Promise.all([
      revenueTrend(q),
      overdueConcentration(q),
      slowingPayers(q),
      customerDependency(q),
      expenseSpikes(q),
      cashFlowForecast(q, today),
      churnedSchedules(q),
      taxDue(q, today),
    ])
  ).flat();
  return all
    .map((d, i) => ({ d, i }))
    .sort((a, b) => b.d.priority - a.d.priority || a.i - b.i)
    .map((x) => x.d);
}
