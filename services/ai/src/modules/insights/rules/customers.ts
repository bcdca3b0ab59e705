/** Customer rules: customers paying later and later, and dependence on one customer. */
import { toMills } from '@billpoint/proto';
import { money, OPEN, pct, type DraftInsight, type Formats, type Query } from './common.ts';

/** A customer paying later and later: the days from issue to payment rose over their last three paid invoices, by 7 or more. */
export async function slowingPayers(q: Query): Promise<DraftInsight[]> {
  const rows = await q<{ name: string | null; days: number[]; open: { currency: string; amount: string }[] | null }>(
    `with p as (
       select customer_id, max(customer_name) as name,
              (array_agg((paid_at at time zone 'UTC')::date - issue_date order by paid_at desc, id desc))[1:3] as days
         from ${q.invoices}
        where tenant_id = $1 and not deleted and status = 'paid' and paid_at is not null and customer_id is not null
        group by customer_id having count(*) >= 3),
     o as materialized (
       select customer_id, currency, sum(balance_due) as s,
              row_number() over (partition by customer_id order by sum(balance_due) desc, currency) as rank
         from ${q.invoices}
        where tenant_id = $1 and not deleted and ${OPEN} and customer_id in (select customer_id from p)
        group by customer_id, currency)
     select p.name, p.days,
            (select json_agg(json_build_object('currency', o.currency, 'amount', o.s::text))
               from o where o.customer_id = p.customer_id and o.rank = 1) as open
       from p order by p.customer_id`,
  );
  return rows.flatMap((r) => {
    const [d3, d2, d1] = r.days; // newest first
    if (d1 === undefined || d2 === undefined || d3 === undefined || !(d1 < d2 && d2 < d3) || d3 - d1 < 7) return [];
    const open = r.open?.[0];
    const who = r.name ?? 'A customer';
    return [
      {
        rule: 'slowing_payer' as const,
        type: 'pattern' as const,
        title: `${who} is paying later and later`,
        description: `Their last three invoices were paid ${d1}, ${d2} and ${d3} days after issue.`,
        impact: 'medium' as const,
        category: 'customers' as const,
        priority: d3 - d1 >= 30 ? 7 : 6,
        confidence: 70,
        timeframe: 'Last 3 paid invoices',
        estimatedValue: open ? { amount: open.amount, currency: open.currency } : null,
        recommendation: `Remind ${who} before the due date, offer a card payment link, and consider shorter terms for them.`,
        actionable: true,
      },
    ];
  });
}

/** One customer holds 50 % or more of the paid revenue of the last 12 months (a currency with 3+ paid invoices). */
export async function customerDependency(q: Query, f: Formats): Promise<DraftInsight[]> {
  const rows = await q<{ currency: string; name: string | null; top: string; total: string; n: number }>(
    `with c as (
       select currency, customer_id, max(customer_name) as name, sum(total) as amount, count(*) as n
         from ${q.invoices}
        where tenant_id = $1 and not deleted and status = 'paid' and paid_at >= $2::date - 364
        group by currency, customer_id),
     r as (select *, row_number() over (partition by currency order by amount desc, customer_id) as rank,
                  sum(amount) over (partition by currency) as total, sum(n) over (partition by currency) as all_n from c)
     select currency, name, amount::text as top, total::text as total, all_n::int as n from r where rank = 1 order by currency`,
  );
  return rows.flatMap((r) => {
    const top = toMills(r.top);
    const total = toMills(r.total);
    if (r.n < 3 || total <= 0n || top * 2n < total) return [];
    const share = pct(top, total);
    const who = r.name ?? 'One customer';
    return [
      {
        rule: 'customer_dependency' as const,
        type: 'warning' as const,
        title: `${who} brings ${f.percent(share)} of your ${r.currency} revenue`,
        description: `${f.money(top, r.currency)} of ${f.money(total, r.currency)} paid in the last 12 months came from ${who}.`,
        impact: share >= 70 ? ('high' as const) : ('medium' as const),
        category: 'customers' as const,
        priority: share >= 70 ? 7 : 6,
        confidence: 95,
        timeframe: 'Last 12 months',
        estimatedValue: money(top, r.currency),
        recommendation: `Agree a longer contract with ${who}, and win two or three new customers so no single one holds half your revenue.`,
        actionable: true,
      },
    ];
  });
}
