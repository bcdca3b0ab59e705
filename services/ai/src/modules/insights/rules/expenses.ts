/** Expense rules: a category's spending spiking. */
import { toMills } from '@billpoint/proto';
import { money, pct, type DraftInsight, type Formats, type Query } from './common.ts';

/** An expense category up 50 % or more in the last 30 days against the 30 before (per currency). */
export async function expenseSpikes(q: Query, f: Formats): Promise<DraftInsight[]> {
  const rows = await q<{ currency: string; name: string | null; cur: string; prev: string }>(
    `select e.currency, max(c.name) as name,
            coalesce(sum(e.amount) filter (where e.date > $2::date - 30), 0)::text as cur,
            coalesce(sum(e.amount) filter (where e.date <= $2::date - 30), 0)::text as prev
       from ai.expense_facts e
       left join ai.expense_categories c on c.tenant_id = e.tenant_id and c.id = e.category_id
      where e.tenant_id = $1 and not e.deleted and e.date > $2::date - 60 and e.date <= $2::date
      group by e.currency, e.category_id order by e.currency, e.category_id nulls last`,
  );
  return rows.flatMap((r) => {
    const cur = toMills(r.cur);
    const prev = toMills(r.prev);
    if (prev <= 0n || cur * 2n < prev * 3n) return [];
    const what = r.name ?? 'Uncategorized';
    return [
      {
        rule: 'expense_spike' as const,
        type: 'warning' as const,
        title: `${what} expenses up ${f.percent(pct(cur - prev, prev))}`,
        description: `${f.money(cur, r.currency)} in the last 30 days against ${f.money(prev, r.currency)} in the 30 days before.`,
        impact: cur >= prev * 2n ? ('high' as const) : ('medium' as const),
        category: 'expenses' as const,
        priority: cur >= prev * 2n ? 7 : 6,
        confidence: 85,
        timeframe: 'Last 30 days vs the 30 days before',
        estimatedValue: money(cur - prev, r.currency),
        recommendation: `Review this month’s ${what} expenses for one-off or duplicate costs, and set a monthly budget for the category.`,
        actionable: true,
      },
    ];
  });
}
