import { sqlMigration } from '@billpoint/kit/migrations';

/**
 * The analytics rollups and the customers' paid figures recomputed from the invoices, net (the tests run it again). An
 * invoice's net amounts: its total less `credited_amount` (the sum of its credit notes, kept on the row by billing's
 * standing function, 0018), and its base-currency figure less the credit notes at its exchange rate, to the cent.
 */
export const netRebuild = [
  `delete from billing.stats_invoices`,
  `delete from billing.stats_customer_currency`,
  `with d as (select *, 1 as sign from billing.invoices),
    c as (
      select x.tenant_id, x.currency, x.issue_date as day, sign as invoice_count, sign * (x.total - x.credited_amount) as invoice_total, sign * (x.total_in_base_currency - round(x.credited_amount * x.exchange_rate, 2)) as invoice_base, case when x.status = 'paid' then sign else 0 end as paid_count, case when x.status = 'paid' then sign * (x.total - x.credited_amount) else 0 end as paid_total, case when x.status = 'paid' then sign * (x.total_in_base_currency - round(x.credited_amount * x.exchange_rate, 2)) else 0 end as paid_base, case when x.status in ('sent', 'viewed', 'overdue') then sign else 0 end as open_count, case when x.status in ('sent', 'viewed', 'overdue') then sign * (x.total - x.credited_amount) else 0 end as open_total, case when x.status in ('sent', 'viewed', 'overdue') then sign * (x.total_in_base_currency - round(x.credited_amount * x.exchange_rate, 2)) else 0 end as open_base, case when x.status = 'overdue' then sign else 0 end as overdue_count, case when x.status = 'overdue' then sign * (x.total - x.credited_amount) else 0 end as overdue_total, case when x.status = 'overdue' then sign * (x.total_in_base_currency - round(x.credited_amount * x.exchange_rate, 2)) else 0 end as overdue_base, case when x.recurring_invoice_id is not null then sign else 0 end as generated_count, 0 as revenue_count, 0 as revenue_total, 0 as revenue_base, 0 as pay_days from d x
      union all
      select x.tenant_id, x.currency, (x.paid_at at time zone 'UTC')::date, 0 as invoice_count, 0 as invoice_total, 0 as invoice_base, 0 as paid_count, 0 as paid_total, 0 as paid_base, 0 as open_count, 0 as open_total, 0 as open_base, 0 as overdue_count, 0 as overdue_total, 0 as overdue_base, 0 as generated_count, sign as revenue_count, sign * (x.total - x.credited_amount) as revenue_total, sign * (x.total_in_base_currency - round(x.credited_amount * x.exchange_rate, 2)) as revenue_base, sign * ((x.paid_at at time zone 'UTC')::date - x.issue_date) as pay_days
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
      pay_days = s.pay_days + excluded.pay_days`,
  `with d as (select *, 1 as sign from billing.invoices)
    insert into billing.stats_customer_currency as s (tenant_id, customer_id, currency, invoice_count, paid_count, paid_total, paid_base)
    select tenant_id, customer_id, currency, sum(sign),
      sum(case when status = 'paid' then sign else 0 end),
      sum(case when status = 'paid' then sign * (total - credited_amount) else 0 end),
      sum(case when status = 'paid' then sign * (total_in_base_currency - round(credited_amount * exchange_rate, 2)) else 0 end)
    from d group by 1, 2, 3
    having sum(sign) <> 0 or sum(case when status = 'paid' then sign else 0 end) <> 0
        or sum(case when status = 'paid' then sign * (total - credited_amount) else 0 end) <> 0
        or sum(case when status = 'paid' then sign * (total_in_base_currency - round(credited_amount * exchange_rate, 2)) else 0 end) <> 0
    order by 1, 2, 3
    on conflict (tenant_id, customer_id, currency) do update set
      invoice_count = s.invoice_count + excluded.invoice_count,
      paid_count = s.paid_count + excluded.paid_count,
      paid_total = s.paid_total + excluded.paid_total,
      paid_base = s.paid_base + excluded.paid_base`,
  `update billing.stats_customer set paid_count = 0, paid_base = 0`,
  `insert into billing.stats_customer as s (tenant_id, customer_id, paid_count, paid_base)
   select tenant_id, customer_id, count(*), sum((total_in_base_currency - round(credited_amount * exchange_rate, 2))) from billing.invoices where status = 'paid' group by 1, 2 order by 1, 2
   on conflict (tenant_id, customer_id) do update set paid_count = excluded.paid_count, paid_base = excluded.paid_base`,
];

/**
 * Analytics net of credit notes. Every amount the analytics rollups (0011) and the customers' paid figures
 * (`stats_customer.paid_base`, 0001) take from an invoice is now its amount net of its credit notes: invoiced totals
 * (currency breakdown, average invoice value, outstanding, overdue) and revenue (paid invoices by the day they were
 * paid, revenue by month, growth, top customers, lifetime value). A credit note changes the invoice's
 * `credited_amount` in its own transaction, and the update triggers move the invoice's figures from the old amount
 * to the new one, so the rollups stay exact. Paid-by-method figures come from payments, already net of refunds.
 * `stats_status` and `stats_month` keep invoice totals (they count invoices).
 *
 * The three trigger functions are replaced (same statements, same lock order, amounts net), then the rollups are
 * rebuilt from the rows (as the owner, FORCE RLS lifted for this transaction only).
 */
export const m0019AnalyticsNetOfCreditNotes = sqlMigration('0019_analytics_net_of_credit_notes', [
  `create or replace function billing.invoices_analytics() returns trigger language plpgsql as $fn$
  declare
    src text := case tg_op
      when 'INSERT' then 'select *, 1 as sign from new_rows'
      when 'DELETE' then 'select *, -1 as sign from old_rows'
      else 'select *, 1 as sign from new_rows union all select *, -1 as sign from old_rows' end;
  begin
    execute format($q$with d as (%s),
    c as (
      select x.tenant_id, x.currency, x.issue_date as day, sign as invoice_count, sign * (x.total - x.credited_amount) as invoice_total, sign * (x.total_in_base_currency - round(x.credited_amount * x.exchange_rate, 2)) as invoice_base, case when x.status = 'paid' then sign else 0 end as paid_count, case when x.status = 'paid' then sign * (x.total - x.credited_amount) else 0 end as paid_total, case when x.status = 'paid' then sign * (x.total_in_base_currency - round(x.credited_amount * x.exchange_rate, 2)) else 0 end as paid_base, case when x.status in ('sent', 'viewed', 'overdue') then sign else 0 end as open_count, case when x.status in ('sent', 'viewed', 'overdue') then sign * (x.total - x.credited_amount) else 0 end as open_total, case when x.status in ('sent', 'viewed', 'overdue') then sign * (x.total_in_base_currency - round(x.credited_amount * x.exchange_rate, 2)) else 0 end as open_base, case when x.status = 'overdue' then sign else 0 end as overdue_count, case when x.status = 'overdue' then sign * (x.total - x.credited_amount) else 0 end as overdue_total, case when x.status = 'overdue' then sign * (x.total_in_base_currency - round(x.credited_amount * x.exchange_rate, 2)) else 0 end as overdue_base, case when x.recurring_invoice_id is not null then sign else 0 end as generated_count, 0 as revenue_count, 0 as revenue_total, 0 as revenue_base, 0 as pay_days from d x
      union all
      select x.tenant_id, x.currency, (x.paid_at at time zone 'UTC')::date, 0 as invoice_count, 0 as invoice_total, 0 as invoice_base, 0 as paid_count, 0 as paid_total, 0 as paid_base, 0 as open_count, 0 as open_total, 0 as open_base, 0 as overdue_count, 0 as overdue_total, 0 as overdue_base, 0 as generated_count, sign as revenue_count, sign * (x.total - x.credited_amount) as revenue_total, sign * (x.total_in_base_currency - round(x.credited_amount * x.exchange_rate, 2)) as revenue_base, sign * ((x.paid_at at time zone 'UTC')::date - x.issue_date) as pay_days
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
      pay_days = s.pay_days + excluded.pay_days$q$, src);
    execute format($q$with d as (%s)
    insert into billing.stats_customer_currency as s (tenant_id, customer_id, currency, invoice_count, paid_count, paid_total, paid_base)
    select tenant_id, customer_id, currency, sum(sign),
      sum(case when status = 'paid' then sign else 0 end),
      sum(case when status = 'paid' then sign * (total - credited_amount) else 0 end),
      sum(case when status = 'paid' then sign * (total_in_base_currency - round(credited_amount * exchange_rate, 2)) else 0 end)
    from d group by 1, 2, 3
    having sum(sign) <> 0 or sum(case when status = 'paid' then sign else 0 end) <> 0
        or sum(case when status = 'paid' then sign * (total - credited_amount) else 0 end) <> 0
        or sum(case when status = 'paid' then sign * (total_in_base_currency - round(credited_amount * exchange_rate, 2)) else 0 end) <> 0
    order by 1, 2, 3
    on conflict (tenant_id, customer_id, currency) do update set
      invoice_count = s.invoice_count + excluded.invoice_count,
      paid_count = s.paid_count + excluded.paid_count,
      paid_total = s.paid_total + excluded.paid_total,
      paid_base = s.paid_base + excluded.paid_base$q$, src);
    execute format($q$with d as (%s)
    insert into billing.stats_customer as s (tenant_id, customer_id, invoice_count)
    select tenant_id, customer_id, sum(sign) from d group by 1, 2 having sum(sign) <> 0 order by 1, 2
    on conflict (tenant_id, customer_id) do update set invoice_count = s.invoice_count + excluded.invoice_count$q$, src);
    return null;
  end $fn$`,
  `create or replace function billing.invoices_summaries_insert() returns trigger language plpgsql as $fn$
  begin
    with d as (select *, 1 as sign from new_rows),
    c as (
      select x.tenant_id, x.currency, x.issue_date as day, sign as invoice_count, sign * (x.total - x.credited_amount) as invoice_total, sign * (x.total_in_base_currency - round(x.credited_amount * x.exchange_rate, 2)) as invoice_base, case when x.status = 'paid' then sign else 0 end as paid_count, case when x.status = 'paid' then sign * (x.total - x.credited_amount) else 0 end as paid_total, case when x.status = 'paid' then sign * (x.total_in_base_currency - round(x.credited_amount * x.exchange_rate, 2)) else 0 end as paid_base, case when x.status in ('sent', 'viewed', 'overdue') then sign else 0 end as open_count, case when x.status in ('sent', 'viewed', 'overdue') then sign * (x.total - x.credited_amount) else 0 end as open_total, case when x.status in ('sent', 'viewed', 'overdue') then sign * (x.total_in_base_currency - round(x.credited_amount * x.exchange_rate, 2)) else 0 end as open_base, case when x.status = 'overdue' then sign else 0 end as overdue_count, case when x.status = 'overdue' then sign * (x.total - x.credited_amount) else 0 end as overdue_total, case when x.status = 'overdue' then sign * (x.total_in_base_currency - round(x.credited_amount * x.exchange_rate, 2)) else 0 end as overdue_base, case when x.recurring_invoice_id is not null then sign else 0 end as generated_count, 0 as revenue_count, 0 as revenue_total, 0 as revenue_base, 0 as pay_days from d x
      union all
      select x.tenant_id, x.currency, (x.paid_at at time zone 'UTC')::date, 0 as invoice_count, 0 as invoice_total, 0 as invoice_base, 0 as paid_count, 0 as paid_total, 0 as paid_base, 0 as open_count, 0 as open_total, 0 as open_base, 0 as overdue_count, 0 as overdue_total, 0 as overdue_base, 0 as generated_count, sign as revenue_count, sign * (x.total - x.credited_amount) as revenue_total, sign * (x.total_in_base_currency - round(x.credited_amount * x.exchange_rate, 2)) as revenue_base, sign * ((x.paid_at at time zone 'UTC')::date - x.issue_date) as pay_days
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
      sum(case when status = 'paid' then sign * (total - credited_amount) else 0 end),
      sum(case when status = 'paid' then sign * (total_in_base_currency - round(credited_amount * exchange_rate, 2)) else 0 end)
    from d group by 1, 2, 3
    having sum(sign) <> 0 or sum(case when status = 'paid' then sign else 0 end) <> 0
        or sum(case when status = 'paid' then sign * (total - credited_amount) else 0 end) <> 0
        or sum(case when status = 'paid' then sign * (total_in_base_currency - round(credited_amount * exchange_rate, 2)) else 0 end) <> 0
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
    select tenant_id, customer_id, sum(sign), sum(sign * (total_in_base_currency - round(credited_amount * exchange_rate, 2)))
    from d where status = 'paid' group by 1, 2
    having sum(sign) <> 0 or sum(sign * (total_in_base_currency - round(credited_amount * exchange_rate, 2))) <> 0
    order by 1, 2
    on conflict (tenant_id, customer_id) do update set
      paid_count = s.paid_count + excluded.paid_count,
      paid_base = s.paid_base + excluded.paid_base;
    return null;
  end $fn$`,
  `create or replace function billing.invoices_stats() returns trigger language plpgsql as $fn$
  declare
    src text := case tg_op
      when 'INSERT' then 'select *, 1 as sign from new_rows'
      when 'DELETE' then 'select *, -1 as sign from old_rows'
      else 'select *, 1 as sign from new_rows union all select *, -1 as sign from old_rows' end;
  begin
    execute format($q$
      with d as (%s)
      insert into billing.stats_status as s (tenant_id, status, currency, invoice_count, total, total_base)
      select tenant_id, status, currency, sum(sign), sum(sign * total), sum(sign * total_in_base_currency)
      from d group by 1, 2, 3
      having sum(sign) <> 0 or sum(sign * total) <> 0 or sum(sign * total_in_base_currency) <> 0
      order by 1, 2, 3
      on conflict (tenant_id, status, currency) do update set
        invoice_count = s.invoice_count + excluded.invoice_count,
        total = s.total + excluded.total,
        total_base = s.total_base + excluded.total_base $q$, src);
    execute format($q$
      with d as (%s)
      insert into billing.stats_month as s (tenant_id, month, paid_count, revenue_base)
      select tenant_id, date_trunc('month', paid_at at time zone 'UTC')::date, sum(sign), sum(sign * total_in_base_currency)
      from d where status = 'paid' and paid_at is not null group by 1, 2
      having sum(sign) <> 0 or sum(sign * total_in_base_currency) <> 0
      order by 1, 2
      on conflict (tenant_id, month) do update set
        paid_count = s.paid_count + excluded.paid_count,
        revenue_base = s.revenue_base + excluded.revenue_base $q$, src);
    execute format($q$
      with d as (%s)
      insert into billing.stats_customer as s (tenant_id, customer_id, paid_count, paid_base)
      select tenant_id, customer_id, sum(sign), sum(sign * (total_in_base_currency - round(credited_amount * exchange_rate, 2)))
      from d where status = 'paid' group by 1, 2
      having sum(sign) <> 0 or sum(sign * (total_in_base_currency - round(credited_amount * exchange_rate, 2))) <> 0
      order by 1, 2
      on conflict (tenant_id, customer_id) do update set
        paid_count = s.paid_count + excluded.paid_count,
        paid_base = s.paid_base + excluded.paid_base $q$, src);
    return null;
  end $fn$`,

  // The rollups from the rows as they are (every tenant).
  `alter table billing.invoices no force row level security`,
  `alter table billing.stats_invoices no force row level security`,
  `alter table billing.stats_customer_currency no force row level security`,
  `alter table billing.stats_customer no force row level security`,
  ...netRebuild,
  `alter table billing.invoices force row level security`,
  `alter table billing.stats_invoices force row level security`,
  `alter table billing.stats_customer_currency force row level security`,
  `alter table billing.stats_customer force row level security`,
]);
