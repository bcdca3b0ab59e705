import { sqlMigration } from '@billpoint/kit/migrations';

/**
 * The summary rows of an INSERT into invoices (every creation) kept by ONE statement trigger with static SQL,
 * instead of two (`invoices_analytics_insert`, `invoices_stats_insert`) that build each upsert as text and EXECUTE it —
 * parsed and planned again on every statement, the bulk of a creation's time in Postgres, spent while the tenant's
 * numbering and summary rows are locked. PL/pgSQL keeps the plans of static statements (transition tables included).
 * Same upserts, same figures, same order (the analytics tables, then the dashboard's `stats_*`, each in key order), so
 * lock order against the update and delete triggers (unchanged) stays what it was.
 */
export const m0014InvoiceInsertSummaries = sqlMigration('0014_invoice_insert_summaries', [
  `create function billing.invoices_summaries_insert() returns trigger language plpgsql as $fn$
  begin
    with d as (select *, 1 as sign from new_rows),
    c as (
      select x.tenant_id, x.currency, x.issue_date as day, sign as invoice_count, sign * x.total as invoice_total, sign * x.total_in_base_currency as invoice_base, case when x.status = 'paid' then sign else 0 end as paid_count, case when x.status = 'paid' then sign * x.total else 0 end as paid_total, case when x.status = 'paid' then sign * x.total_in_base_currency else 0 end as paid_base, case when x.status in ('sent', 'viewed', 'overdue') then sign else 0 end as open_count, case when x.status in ('sent', 'viewed', 'overdue') then sign * x.total else 0 end as open_total, case when x.status in ('sent', 'viewed', 'overdue') then sign * x.total_in_base_currency else 0 end as open_base, case when x.status = 'overdue' then sign else 0 end as overdue_count, case when x.status = 'overdue' then sign * x.total else 0 end as overdue_total, case when x.status = 'overdue' then sign * x.total_in_base_currency else 0 end as overdue_base, case when x.recurring_invoice_id is not null then sign else 0 end as generated_count, 0 as revenue_count, 0 as revenue_total, 0 as revenue_base, 0 as pay_days from d x
      union all
      select x.tenant_id, x.currency, (x.paid_at at time zone 'UTC')::date, 0 as invoice_count, 0 as invoice_total, 0 as invoice_base, 0 as paid_count, 0 as paid_total, 0 as paid_base, 0 as open_count, 0 as open_total, 0 as open_base, 0 as overdue_count, 0 as overdue_total, 0 as overdue_base, 0 as generated_count, sign as revenue_count, sign * x.total as revenue_total, sign * x.total_in_base_currency as revenue_base, sign * ((x.paid_at at time zone 'UTC')::date - x.issue_date) as pay_days
        from d x where x.status = 'paid' and x.paid_at is not null
    )
    insert into billing.stats_invoices as s (tenant_id, currency, grain, bucket, invoice_count, invoice_total, invoice_base, paid_count, paid_total, paid_base, open_count, open_total, open_base, overdue_count, overdue_total, overdue_base, generated_count, revenue_count, revenue_total, revenue_base, pay_days)
    select c.tenant_id, c.currency, g.grain, case g.grain when 'd' then c.day else date_trunc('month', c.day)::date end,
      sum(invoice_count), sum(invoice_total), sum(invoice_base), sum(paid_count), sum(paid_total), sum(paid_base), sum(open_count), sum(open_total), sum(open_base), sum(overdue_count), sum(overdue_total), sum(overdue_base), sum(generated_count), sum(revenue_count), sum(revenue_total), sum(revenue_base), sum(pay_days)
    from c cross join (values ('d'), ('m')) g(grain)
    group by 1, 2, 3, 4
    having sum(invoice_count) <> 0 or sum(invoice_total) <> 0 or sum(invoice_base) <> 0 or sum(paid_count) <> 0 or sum(paid_total) <> 0 or sum(paid_base) <> 0 or sum(open_count) <> 0 or sum(open_total) <> 0 or sum(open_base) <> 0 or sum(overdue_count) <> 0 or sum(overdue_total) <> 0 or sum(overdue_base) <> 0 or sum(generated_count) <> 0 or sum(revenue_count) <> 0 or sum(revenue_total) <> 0 or sum(revenue_base) <> 0 or sum(pay_days) <> 0
    order by 1, 3, 4, 2
    on conflict (tenant_id, grain, bucket, currency) do update set
      invoice_count = s.invoice_count + excluded.invoice_count,
      invoice_total = s.invoice_total + excluded.invoice_total,
      invoice_base = s.invoice_base + excluded.invoice_base,
      paid_count = s.paid_count + excluded.paid_count,
      paid_total = s.paid_total + excluded.paid_total,
      paid_base = s.paid_base + excluded.paid_base,
      open_count = s.open_count + excluded.open_count,
      open_total = s.open_total + excluded.open_total,
      open_base = s.open_base + excluded.open_base,
      overdue_count = s.overdue_count + excluded.overdue_count,
      overdue_total = s.overdue_total + excluded.overdue_total,
      overdue_base = s.overdue_base + excluded.overdue_base,
      generated_count = s.generated_count + excluded.generated_count,
      revenue_count = s.revenue_count + excluded.revenue_count,
      revenue_total = s.revenue_total + excluded.revenue_total,
      revenue_base = s.revenue_base + excluded.revenue_base,
      pay_days = s.pay_days + excluded.pay_days;
    with d as (select *, 1 as sign from new_rows)
    insert into billing.stats_customer_currency as s (tenant_id, customer_id, currency, invoice_count, paid_count, paid_total, paid_base)
    select tenant_id, customer_id, currency, sum(sign),
      sum(case when status = 'paid' then sign else 0 end),
      sum(case when status = 'paid' then sign * total else 0 end),
      sum(case when status = 'paid' then sign * total_in_base_currency else 0 end)
    from d group by 1, 2, 3
    having sum(sign) <> 0 or sum(case when status = 'paid' then sign else 0 end) <> 0
        or sum(case when status = 'paid' then sign * total else 0 end) <> 0
        or sum(case when status = 'paid' then sign * total_in_base_currency else 0 end) <> 0
    order by 1, 2, 3
    on conflict (tenant_id, customer_id, currency) do update set
      invoice_count = s.invoice_count + excluded.invoice_count,
      paid_count = s.paid_count + excluded.paid_count,
      paid_total = s.paid_total + excluded.paid_total,
      paid_base = s.paid_base + excluded.paid_base;
    with d as (select *, 1 as sign from new_rows)
    insert into billing.stats_customer as s (tenant_id, customer_id, invoice_count)
    select tenant_id, customer_id, sum(sign) from d group by 1, 2 having sum(sign) <> 0 order by 1, 2
    on conflict (tenant_id, customer_id) do update set invoice_count = s.invoice_count + excluded.invoice_count;
    with d as (select *, 1 as sign from new_rows)
    insert into billing.stats_status as s (tenant_id, status, currency, invoice_count, total, total_base)
    select tenant_id, status, currency, sum(sign), sum(sign * total), sum(sign * total_in_base_currency)
    from d group by 1, 2, 3
    having sum(sign) <> 0 or sum(sign * total) <> 0 or sum(sign * total_in_base_currency) <> 0
    order by 1, 2, 3
    on conflict (tenant_id, status, currency) do update set
      invoice_count = s.invoice_count + excluded.invoice_count,
      total = s.total + excluded.total,
      total_base = s.total_base + excluded.total_base;
    with d as (select *, 1 as sign from new_rows)
    insert into billing.stats_month as s (tenant_id, month, paid_count, revenue_base)
    select tenant_id, date_trunc('month', paid_at at time zone 'UTC')::date, sum(sign), sum(sign * total_in_base_currency)
    from d where status = 'paid' and paid_at is not null group by 1, 2
    having sum(sign) <> 0 or sum(sign * total_in_base_currency) <> 0
    order by 1, 2
    on conflict (tenant_id, month) do update set
      paid_count = s.paid_count + excluded.paid_count,
      revenue_base = s.revenue_base + excluded.revenue_base;
    with d as (select *, 1 as sign from new_rows)
    insert into billing.stats_customer as s (tenant_id, customer_id, paid_count, paid_base)
    select tenant_id, customer_id, sum(sign), sum(sign * total_in_base_currency)
    from d where status = 'paid' group by 1, 2
    having sum(sign) <> 0 or sum(sign * total_in_base_currency) <> 0
    order by 1, 2
    on conflict (tenant_id, customer_id) do update set
      paid_count = s.paid_count + excluded.paid_count,
      paid_base = s.paid_base + excluded.paid_base;
    return null;
  end $fn$`,
  `drop trigger invoices_analytics_insert on billing.invoices`,
  `drop trigger invoices_stats_insert on billing.invoices`,
  `create trigger invoices_summaries_insert after insert on billing.invoices
    referencing new table as new_rows for each statement execute function billing.invoices_summaries_insert()`,
]);
