import { sqlList } from '@billpoint/kit';
import { PendingInvoiceStatuses } from '@billpoint/proto';
import type { Frequency } from '@billpoint/proto';
import { CUSTOMER_JOIN, INVOICE_COLUMNS, type InvoiceRow } from '../invoice/invoice.sql.ts';

/**
 * The statement behind GET /api/dashboard/stats: one round trip over the rollups (migration 0011 and the `stats_*`
 * rows of 0001), the customer count, the schedules (MRR, churn), the open invoices due within 7 days (a range on a
 * partial index) and 5 recent invoices (an index range). Parameters (inlined by the tenant reader, so each call is
 * planned with its values): $1 tenant, $2 currency or null, $3 grain ('m' all time, 'd' a period), $4 first day of
 * the period ('-infinity' for all time), $5 first day of the growth/churn window, $6 first day of the window before it,
 * $7 the first instant of the current calendar month (UTC; customers created since are new this month).
 * What it reads grows with days × currencies (at most a year and the one before it) and with customers and schedules,
 * never with invoices or payments.
 */
export function statsSql(recent: 'created' | 'currency-created' | 'issued'): string {
  const recentWhere =
    recent === 'created'
      ? `i.tenant_id = $1 order by i.created_at desc, i.id desc`
      : recent === 'currency-created'
        ? `i.tenant_id = $1 and i.currency = $2 order by i.created_at desc, i.id desc`
        : `i.tenant_id = $1 and i.issue_date >= $4::date and ($2::text is null or i.currency = $2)
           order by i.issue_date desc, i.created_at desc, i.id desc`;
  const money = (base: string, total: string) => `case when $2::text is null then ${base} else ${total} end`;
  return `select
  (select coalesce((select default_currency from billing.organizations where tenant_id = $1), 'USD')) as base,
  (select coalesce(json_agg(t), '[]'::json) from (
     select currency, sum(invoice_count)::bigint as invoice_count, sum(invoice_total)::text as invoice_total,
       sum(invoice_base)::text as invoice_base, sum(paid_count)::bigint as paid_count, sum(paid_total)::text as paid_total,
       sum(paid_base)::text as paid_base, sum(open_count)::bigint as open_count, sum(open_total)::text as open_total,
       sum(open_base)::text as open_base, sum(overdue_count)::bigint as overdue_count,
       sum(overdue_total)::text as overdue_total, sum(overdue_base)::text as overdue_base,
       sum(generated_count)::bigint as generated_count, sum(revenue_count)::bigint as revenue_count,
       sum(revenue_total)::text as revenue_total, sum(revenue_base)::text as revenue_base, sum(pay_days)::bigint as pay_days
       from billing.stats_invoices where tenant_id = $1 and grain = $3 and bucket >= $4::date
      group by currency) t) as by_currency,
  (select coalesce(json_agg(json_build_object('month', m, 'revenue', r::text) order by m), '[]'::json) from (
     select to_char(bucket, 'YYYY-MM') as m, sum(${money('revenue_base', 'revenue_total')}) as r
       from billing.stats_invoices where tenant_id = $1 and grain = $3 and bucket >= $4::date
        and ($2::text is null or currency = $2)
      group by 1 having sum(revenue_count) <> 0) x) as by_month,
  (select json_build_object('current', coalesce(sum(r) filter (where bucket >= $5::date), 0)::text,
                            'previous', coalesce(sum(r) filter (where bucket < $5::date), 0)::text)
     from (select bucket, ${money('revenue_base', 'revenue_total')} as r from billing.stats_invoices
            where tenant_id = $1 and grain = 'd' and bucket >= $6::date and ($2::text is null or currency = $2)) g) as growth,
  (select coalesce(json_agg(t), '[]'::json) from (
     select method, sum(payment_count)::bigint as count, sum(${money('amount_base', 'amount')})::text as amount
       from billing.stats_payments where tenant_id = $1 and grain = $3 and bucket >= $4::date
        and ($2::text is null or currency = $2)
      group by method having sum(payment_count) <> 0 or sum(${money('amount_base', 'amount')}) <> 0) t) as payments,
  (select count(*) from billing.customers where tenant_id = $1 and not deleted)::int as customers,
  (select count(*) from billing.customers where tenant_id = $1 and not deleted and created_at >= $7::timestamptz)::int as new_customers,
  (select json_build_object('invoiced', count(*) filter (where invoice_count > 0), 'repeat', count(*) filter (where invoice_count > 1),
                            'paid', coalesce(sum(paid), 0)::text)
     from (select invoice_count, paid_base as paid from billing.stats_customer where tenant_id = $1 and $2::text is null
           union all
           select invoice_count, paid_total from billing.stats_customer_currency where tenant_id = $1 and currency = $2) c) as customer_figures,
  (select count(*) from billing.invoices where tenant_id = $1 and status in (${sqlList(PendingInvoiceStatuses)})
      and due_date between (now() at time zone 'UTC')::date and (now() at time zone 'UTC')::date + 7
      and ($2::text is null or currency = $2))::int as due_soon,
  (select coalesce(json_agg(json_build_object('id', s.id, 'name', c.name, 'company', c.company, 'totalSpent', s.spent::text)
                            order by s.spent desc, s.id), '[]'::json) from (
     (select customer_id as id, paid_base as spent from billing.stats_customer
       where tenant_id = $1 and $2::text is null and paid_base > 0 order by paid_base desc, customer_id limit 5)
     union all
     (select customer_id, paid_total from billing.stats_customer_currency
       where tenant_id = $1 and currency = $2 and paid_total > 0 order by paid_total desc, customer_id limit 5)) s
     join billing.customers c on c.tenant_id = $1 and c.id = s.id) as top_customers,
  (select coalesce(json_agg(json_build_object('currency', currency, 'frequency', frequency, 'total', total::text, 'count', n)), '[]'::json)
     from (select currency, frequency, sum(total) as total, count(*)::int as n from billing.recurring_invoices
            where tenant_id = $1 and is_active and ($2::text is null or currency = $2) group by currency, frequency) m) as recurring,
  (select json_build_object('started', coalesce(sum(started), 0), 'stopped', coalesce(sum(stopped), 0))
     from billing.stats_schedules where tenant_id = $1 and day >= $5::date and ($2::text is null or currency = $2)) as schedules,
  (select coalesce(json_agg(r), '[]'::json) from (
     select ${INVOICE_COLUMNS} from billing.invoices i ${CUSTOMER_JOIN}
      where ${recentWhere} limit 5) r) as recent`;
}

export interface CurrencyFigures {
  currency: string;
  invoice_count: number;
  invoice_total: string;
  invoice_base: string;
  paid_count: number;
  paid_total: string;
  paid_base: string;
  open_count: number;
  open_total: string;
  open_base: string;
  overdue_count: number;
  overdue_total: string;
  overdue_base: string;
  generated_count: number;
  revenue_count: number;
  revenue_total: string;
  revenue_base: string;
  pay_days: number;
}

export interface StatsRow {
  base: string;
  by_currency: CurrencyFigures[];
  by_month: { month: string; revenue: string }[];
  growth: { current: string; previous: string };
  payments: { method: string; count: number; amount: string }[];
  customers: number;
  new_customers: number;
  customer_figures: { invoiced: number; repeat: number; paid: string };
  due_soon: number;
  top_customers: { id: number | string; name: string; company: string | null; totalSpent: string }[];
  recurring: { currency: string; frequency: Frequency; total: string; count: number }[];
  schedules: { started: number; stopped: number };
  recent: InvoiceRow[];
}
