import { divRound, fromCents, periodDate, toCents, type AiInsight, type Frequency } from '@billpoint/proto';

/** An insight as a rule makes it (the store adds id and createdAt). */
export type DraftInsight = Omit<AiInsight, 'id' | 'createdAt'>;

/** Runs one tenant-scoped statement ($1 = tenant id, $2 = today as YYYY-MM-DD). */
export type Query = <R>(sql: string) => Promise<R[]>;

const OPEN = `status in ('sent', 'viewed', 'overdue') and balance_due > 0`;
const money = (c: bigint, currency: string) => ({ amount: fromCents(c), currency });
/** a / b as a whole percent (display only; the decisions compare cents). */
const pct = (a: bigint, b: bigint) => (b === 0n ? 0 : Number(divRound(a * 100n, b)));
const fmt = (c: bigint, currency: string) => `${fromCents(c)} ${currency}`;
const addDays = (day: string, n: number) => new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
const names = (list: string[]) => (list.length <= 1 ? (list[0] ?? '') : `${list.slice(0, -1).join(', ')} and ${list.at(-1)}`);

/** Revenue of paid invoices in the last 30 days against the 30 before, per currency; a change of 10 % or more. */
async function revenueTrend(q: Query): Promise<DraftInsight[]> {
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

/** Overdue money (open invoices past due) held by a few customers: 2+ overdue invoices, the top 3 customers hold ≥ 80 %. */
async function overdueConcentration(q: Query): Promise<DraftInsight[]> {
  const rows = await q<{ currency: string; customers: { name: string | null; amount: string; n: number }[] }>(
    `with o as (
       select currency, customer_id, max(customer_name) as name, sum(balance_due) as amount, count(*)::int as n
         from ai.invoice_facts
        where tenant_id = $1 and not deleted and ${OPEN} and (status = 'overdue' or due_date < $2::date)
        group by currency, customer_id)
     select currency, json_agg(json_build_object('name', name, 'amount', amount::text, 'n', n) order by amount desc, customer_id) as customers
       from o group by currency order by currency`,
  );
  return rows.flatMap((r) => {
    const invoices = r.customers.reduce((s, c) => s + c.n, 0);
    const total = r.customers.reduce((s, c) => s + toCents(c.amount), 0n);
    const top = r.customers.slice(0, 3);
    const topSum = top.reduce((s, c) => s + toCents(c.amount), 0n);
    if (invoices < 2 || total <= 0n || topSum * 100n < total * 80n) return [];
    const who = names(top.map((c) => c.name ?? 'a customer'));
    return [
      {
        rule: 'overdue_concentration' as const,
        type: 'warning' as const,
        title: `${pct(topSum, total)}% of overdue ${r.currency} is owed by ${top.length === 1 ? 'one customer' : `${top.length} customers`}`,
        description: `${invoices} overdue invoices total ${fmt(total, r.currency)}; ${who} owe ${fmt(topSum, r.currency)} of it.`,
        impact: 'high' as const,
        category: 'cash_flow' as const,
        priority: 8,
        confidence: 90,
        timeframe: 'Now',
        estimatedValue: money(topSum, r.currency),
        recommendation: `Call ${who} this week for a payment date, and ask for a deposit or shorter terms on their next invoices.`,
        actionable: true,
      },
    ];
  });
}

/** A customer paying later and later: the days from issue to payment rose over their last three paid invoices, by 7 or more. */
async function slowingPayers(q: Query): Promise<DraftInsight[]> {
  const rows = await q<{ name: string | null; days: number[]; open: { currency: string; amount: string }[] | null }>(
    `with p as (
       select customer_id, max(customer_name) as name,
              (array_agg((paid_at at time zone 'UTC')::date - issue_date order by paid_at desc, id desc))[1:3] as days
         from ai.invoice_facts
        where tenant_id = $1 and not deleted and status = 'paid' and paid_at is not null and customer_id is not null
        group by customer_id having count(*) >= 3),
     o as materialized (
       select customer_id, currency, sum(balance_due) as s,
              row_number() over (partition by customer_id order by sum(balance_due) desc, currency) as rank
         from ai.invoice_facts
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
async function customerDependency(q: Query): Promise<DraftInsight[]> {
  const rows = await q<{ currency: string; name: string | null; top: string; total: string; n: number }>(
    `with c as (
       select currency, customer_id, max(customer_name) as name, sum(total) as amount, count(*) as n
         from ai.invoice_facts
        where tenant_id = $1 and not deleted and status = 'paid' and paid_at >= $2::date - 364
        group by currency, customer_id),
     r as (select *, row_number() over (partition by currency order by amount desc, customer_id) as rank,
                  sum(amount) over (partition by currency) as total, sum(n) over (partition by currency) as all_n from c)
     select currency, name, amount::text as top, total::text as total, all_n::int as n from r where rank = 1 order by currency`,
  );
  return rows.flatMap((r) => {
    const top = toCents(r.top);
    const total = toCents(r.total);
    if (r.n < 3 || total <= 0n || top * 2n < total) return [];
    const share = pct(top, total);
    const who = r.name ?? 'One customer';
    return [
      {
        rule: 'customer_dependency' as const,
        type: 'warning' as const,
        title: `${who} brings ${share}% of your ${r.currency} revenue`,
        description: `${fmt(top, r.currency)} of ${fmt(total, r.currency)} paid in the last 12 months came from ${who}.`,
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

/** An expense category up 50 % or more in the last 30 days against the 30 before (per currency). */
async function expenseSpikes(q: Query): Promise<DraftInsight[]> {
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
    const cur = toCents(r.cur);
    const prev = toCents(r.prev);
    if (prev <= 0n || cur * 2n < prev * 3n) return [];
    const what = r.name ?? 'Uncategorized';
    return [
      {
        rule: 'expense_spike' as const,
        type: 'warning' as const,
        title: `${what} expenses up ${pct(cur - prev, prev)}%`,
        description: `${fmt(cur, r.currency)} in the last 30 days against ${fmt(prev, r.currency)} in the 30 days before.`,
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

/** Money expected in the next 30 days: open invoices due then, and the runs of active schedules (per currency). */
async function cashFlowForecast(q: Query, today: string): Promise<DraftInsight[]> {
  const end = addDays(today, 30);
  const due = await q<{ currency: string; amount: string; n: number }>(
    `select currency, sum(balance_due)::text as amount, count(*)::int as n from ai.invoice_facts
      where tenant_id = $1 and not deleted and ${OPEN} and due_date >= $2::date and due_date <= $2::date + 30
      group by currency`,
  );
  const schedules = await q<{ currency: string; total: string; frequency: Frequency; next: string }>(
    `select currency, total::text as total, frequency, to_char(next_invoice_date, 'YYYY-MM-DD') as next from ai.schedule_facts
      where tenant_id = $1 and not deleted and cancelled_at is null and is_active and next_invoice_date <= $2::date + 30`,
  );
  const by = new Map<string, { invoices: bigint; n: number; runs: bigint; r: number }>();
  const of = (c: string) => by.get(c) ?? (by.set(c, { invoices: 0n, n: 0, runs: 0n, r: 0 }), by.get(c)!);
  for (const d of due) Object.assign(of(d.currency), { invoices: toCents(d.amount), n: d.n });
  for (const s of schedules) {
    const e = of(s.currency);
    // Each run from the next date (or today, if a run is late) to 30 days from now.
    for (let k = 0, day = s.next; day <= end && k < 60; k++, day = periodDate(s.next, s.frequency, k)) {
      if (day < today) continue;
      e.runs += toCents(s.total);
      e.r += 1;
    }
  }
  return [...by.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .flatMap(([currency, e]) => {
      const total = e.invoices + e.runs;
      if (total <= 0n) return [];
      return [
        {
          rule: 'cash_flow_forecast' as const,
          type: 'trend' as const,
          title: `${fmt(total, currency)} expected in the next 30 days`,
          description: `${e.n} open invoice${e.n === 1 ? '' : 's'} due by ${end} (${fmt(e.invoices, currency)}) and ${e.r} scheduled invoice${e.r === 1 ? '' : 's'} (${fmt(e.runs, currency)}).`,
          impact: 'medium' as const,
          category: 'cash_flow' as const,
          priority: 5,
          // Scheduled runs are surer than open invoices' payment on the due date.
          confidence: e.runs >= e.invoices ? 80 : 70,
          timeframe: 'Next 30 days',
          estimatedValue: money(total, currency),
          recommendation: 'Send reminders a few days before these due dates, and plan larger spending after the money arrives.',
          actionable: true,
        },
      ];
    });
}

/** Schedules cancelled in the last 90 days, with the monthly revenue they took (weekly × 52/12, quarterly ÷ 3, annually ÷ 12). */
async function churnedSchedules(q: Query): Promise<DraftInsight[]> {
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

/**
 * Sales tax on the current quarter's invoices (issued, not drafts or cancelled), due by the end of the month after
 * the quarter (UTC calendar quarters): the tax service has no summary over the bus, so the invoices' own tax is used.
 */
async function taxDue(q: Query, today: string): Promise<DraftInsight[]> {
  const [y, m] = today.split('-').map(Number) as [number, number];
  const qStart = `${y}-${String(Math.floor((m - 1) / 3) * 3 + 1).padStart(2, '0')}-01`;
  const dueDate = new Date(Date.UTC(y, Math.floor((m - 1) / 3) * 3 + 5, 0)).toISOString().slice(0, 10); // last day of month after quarter
  const days = Math.round((Date.parse(dueDate) - Date.parse(today)) / 86_400_000);
  const rows = await q<{ currency: string; tax: string }>(
    `select currency, sum(tax_amount)::text as tax from ai.invoice_facts
      where tenant_id = $1 and not deleted and status not in ('draft', 'cancelled') and issue_date >= '${qStart}'::date and issue_date <= $2::date
      group by currency having sum(tax_amount) > 0 order by currency`,
  );
  return rows.map((r) => ({
    rule: 'tax_due' as const,
    type: 'recommendation' as const,
    title: `Set aside ${fmt(toCents(r.tax), r.currency)} for sales tax`,
    description: `Tax on this quarter’s invoices so far; it is due by ${dueDate} (${days} days).`,
    impact: days <= 30 ? ('high' as const) : ('medium' as const),
    category: 'cash_flow' as const,
    priority: days <= 30 ? 8 : days <= 60 ? 6 : 4,
    confidence: 85,
    timeframe: `Due ${dueDate}`,
    estimatedValue: money(toCents(r.tax), r.currency),
    recommendation: `Move ${fmt(toCents(r.tax), r.currency)} to a tax reserve now and check the Tax summary before filing.`,
    actionable: true,
  }));
}

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
