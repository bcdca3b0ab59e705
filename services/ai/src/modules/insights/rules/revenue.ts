/** Revenue rules: the paid revenue's trend, and subscription churn with the recurring revenue it lost. */
import { ALL_TIME_COMPARE_DAYS, churnRate, divRound, toMills, type Frequency } from '@billpoint/proto';
import { money, names, parts, pct, type DraftInsight, type Formats, type Part, type Query } from './common.ts';

/** Revenue of paid invoices in the last 30 days against the 30 before, per currency; a change of 10 % or more. */
export async function revenueTrend(q: Query, f: Formats): Promise<DraftInsight[]> {
  const rows = await q<{ currency: string; cur: string; prev: string; n: number; parts: Part[] | null }>(
    `with x as (
       select currency, own_currency, coalesce(sum(total) filter (where paid_at >= $2::date - 29), 0) as cur,
              coalesce(sum(own_total) filter (where paid_at >= $2::date - 29), 0) as own_cur,
              coalesce(sum(total) filter (where paid_at < $2::date - 29), 0) as prev, count(*) as n
         from ${q.invoices}
        where tenant_id = $1 and not deleted and status = 'paid' and paid_at >= $2::date - 59 and paid_at < $2::date + 1
        group by currency, own_currency)
     select currency, sum(cur)::text as cur, sum(prev)::text as prev, sum(n)::int as n,
            json_agg(json_build_object('currency', own_currency, 'own', own_cur::text, 'inBase', cur::text) order by own_currency)
              filter (where own_cur <> 0) as parts
       from x group by currency order by currency`,
  );
  return rows.flatMap((r): DraftInsight[] => {
    const cur = toMills(r.cur);
    const prev = toMills(r.prev);
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
          title: `Revenue up ${f.percent(change)} in ${r.currency}`,
          description: `Paid revenue was ${f.money(cur, r.currency)}${parts(f, r.currency, r.parts ?? [])} in the last 30 days against ${f.money(prev, r.currency)} in the 30 days before.`,
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
        title: `Revenue down ${f.percent(change)} in ${r.currency}`,
        description: `Paid revenue was ${f.money(cur, r.currency)}${parts(f, r.currency, r.parts ?? [])} in the last 30 days against ${f.money(prev, r.currency)} in the 30 days before.`,
        impact: change >= 25 ? ('high' as const) : ('medium' as const),
        priority: change >= 25 ? 8 : 7,
        estimatedValue: money(-diff, r.currency),
        recommendation: 'Send reminders for open invoices and contact last month’s customers about their next order.',
      },
    ];
  });
}

/**
 * Churn as the analytics counts it (proto `churnRate`, the window of the dashboard's all time: the last 30 days, today
 * included): schedules stopped in it (paused, ended, customer deleted, or cancelled while active) ÷ schedules active in
 * it (active now + stopped in it), every currency together; with the monthly revenue the schedules still stopped took
 * (weekly × 52/12, quarterly ÷ 3, annually ÷ 12), per currency.
 */
export async function churnedSchedules(q: Query, f: Formats): Promise<DraftInsight[]> {
  const [counts] = await q<{ stopped: string; active: string }>(
    `select (select coalesce(sum(stopped), 0) from ai.schedule_stops
              where tenant_id = $1 and day > $2::date - ${ALL_TIME_COMPARE_DAYS} and day <= $2::date)::text as stopped,
            (select count(*) from ai.schedule_facts where tenant_id = $1 and not deleted and cancelled_at is null and is_active)::text as active`,
  );
  const stopped = BigInt(counts?.stopped ?? 0);
  const rate = churnRate(stopped, BigInt(counts?.active ?? 0));
  if (stopped === 0n || rate === null) return [];
  const rows = await q<{ currency: string; total: string; frequency: Frequency; name: string | null }>(
    `select currency, total::text as total, frequency, customer_name as name from ai.schedule_facts
      where tenant_id = $1 and not deleted and stopped_at >= $2::date - ${ALL_TIME_COMPARE_DAYS - 1} order by currency, id`,
  );
  const lost = new Map<string, bigint>();
  const who = new Set<string>();
  for (const r of rows) {
    const [num, den] = ({ weekly: [52n, 12n], monthly: [1n, 1n], quarterly: [1n, 3n], annually: [1n, 12n] } as const)[r.frequency];
    lost.set(r.currency, (lost.get(r.currency) ?? 0n) + divRound(toMills(r.total) * num, den));
    if (r.name) who.add(r.name);
  }
  const amounts = [...lost].filter(([, c]) => c > 0n);
  const n = Number(stopped);
  const active = Number(BigInt(counts?.active ?? 0) + stopped);
  const subscriptions = (k: number) => `${k} subscription${k === 1 ? '' : 's'}`;
  return [
    {
      rule: 'churned_schedules' as const,
      type: 'warning' as const,
      title: `Subscription churn at ${f.percent(rate)}`,
      description:
        `${n} of ${subscriptions(active)} active in the last 30 days ${n === 1 ? 'was' : 'were'} paused, ended or cancelled` +
        (amounts.length ? `: ${names(amounts.map(([c, m]) => f.money(m, c)))} of monthly recurring revenue lost.` : '.'),
      impact: n >= 2 || rate >= 25 ? ('high' as const) : ('medium' as const),
      category: 'growth' as const,
      priority: n >= 2 || rate >= 25 ? 7 : 6,
      confidence: 95,
      timeframe: 'Last 30 days',
      estimatedValue: amounts.length === 1 ? money(amounts[0]![1], amounts[0]![0]) : null,
      recommendation: `Ask ${who.size ? names([...who].slice(0, 3)) : 'the customers who stopped'} why they left, and offer a yearly plan or a discount to win them back.`,
      actionable: true,
    },
  ];
}
