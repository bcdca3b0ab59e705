/** Revenue rules: the paid revenue's trend, and the recurring revenue lost to cancelled schedules. */
import { divRound, toCents, type Frequency } from '@billpoint/proto';
import { fmt, money, names, pct, type DraftInsight, type Query } from './common.ts';

/** Revenue of paid invoices in the last 30 days against the 30 before, per currency; a change of 10 % or more. */
export async function revenueTrend(q: Query): Promise<DraftInsight[]> {
  const rows = await q<{ currency: string; cur: string; prev: string; n: number }>(
    `select currency, coalesce(sum(total) filter (where paid_at >= $2::date - 29), 0)::text as cur,
            coalesce(sum(total) filter (where paid_at < $2::date - 29), 0)::text as prev, count(*)::int as n
       from ai.invoice_facts
      where tenant_id = $1 and not deleted and status = 'paid' and paid_at >= $2::date - 59 and paid_at < $2::date + 1
      group by currency order by currency`,
  );
  return rows.flatMap((r): DraftInsight[] => {
    const cur = toCents(r.cur);
    const prev = toCents(r.prev);
    const diff = cur - prev;
    if (prev <= 0n || (diff < 0n ? -diff : diff) * 10n < prev) return [];
    const change = pct(diff < 0n ? -diff : diff, prev);
    const confidence = Math.min(95, 55 + 5 * r.n);
    const base = {
      category: 'revenue' as const,
      confidence,
      timeframe: 'Last 30 days vs the 30 days before',
      actionable: true,
      rule: 'revenue_trend' as const,
    };
    if (diff > 0n)
      return [
        {
          ...base,
          type: 'trend' as const,
          title: `Revenue up ${change}% in ${r.currency}`,
          description: `Paid revenue was ${fmt(cur, r.currency)} in the last 30 days against ${fmt(prev, r.currency)} in the 30 days before.`,
          impact: change >= 25 ? ('high' as const) : ('medium' as const),
          priority: change >= 25 ? 6 : 5,
          estimatedValue: money(diff, r.currency),
          recommendation: 'Find the customers and services behind the growth, and offer them a recurring schedule to keep it.',
        },
      ];
    return [
      {
        ...base,
        type: 'warning' as const,
        title: `Revenue down ${change}% in ${r.currency}`,
        description: `Paid revenue was ${fmt(cur, r.currency)} in the last 30 days against ${fmt(prev, r.currency)} in the 30 days before.`,
        impact: change >= 25 ? ('high' as const) : ('medium' as const),
        priority: change >= 25 ? 8 : 7,
        estimatedValue: money(-diff, r.currency),
        recommendation: 'Send reminders for open invoices and contact last month’s customers about their next order.',
      },
    ];
  });
}

/** Schedules cancelled in the last 90 days, with the monthly revenue they took (weekly × 52/12, quarterly ÷ 3, annually ÷ 12). */
export async function churnedSchedules(q: Query): Promise<DraftInsight[]> {
  const rows = await q<{ currency: string; total: string; frequency: Frequency; name: string | null }>(
    `select currency, total::text as total, frequency, customer_name as name from ai.schedule_facts
      where tenant_id = $1 and not deleted and cancelled_at >= $2::date - 89 order by currency, id`,
  );
  const by = new Map<string, { n: number; monthly: bigint; names: Set<string> }>();
  for (const r of rows) {
    const e = by.get(r.currency) ?? { n: 0, monthly: 0n, names: new Set<string>() };
    const c = toCents(r.total);
    const [num, den] = ({ weekly: [52n, 12n], monthly: [1n, 1n], quarterly: [1n, 3n], annually: [1n, 12n] } as const)[r.frequency];
    e.n += 1;
    e.monthly += divRound(c * num, den);
    if (r.name) e.names.add(r.name);
    by.set(r.currency, e);
  }
  return [...by.entries()].map(([currency, e]) => ({
    rule: 'churned_schedules' as const,
    type: 'warning' as const,
    title: `${e.n} recurring schedule${e.n === 1 ? '' : 's'} cancelled`,
    description: `Cancelled in the last 90 days: ${fmt(e.monthly, currency)} of monthly recurring revenue lost.`,
    impact: e.n >= 2 ? ('high' as const) : ('medium' as const),
    category: 'growth' as const,
    priority: e.n >= 2 ? 7 : 6,
    confidence: 95,
    timeframe: 'Last 90 days',
    estimatedValue: money(e.monthly, currency),
    recommendation: `Ask ${e.names.size ? names([...e.names].slice(0, 3)) : 'the customers who cancelled'} why they left, and offer a yearly plan or a discount to win them back.`,
    actionable: true,
  }));
}
