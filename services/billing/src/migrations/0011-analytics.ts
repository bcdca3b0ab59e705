import { sqlMigration } from '@billpoint/kit/migrations';

/**
 * Analytics rollups, kept in the transaction of every change like the dashboard's `stats_*` rows, so the
 * analytics answer reads a bounded number of rows however many invoices and payments a tenant has:
 *
 * - `stats_invoices`: per tenant × currency × grain ('d' day, 'm' month) × bucket. The invoice columns are keyed by
 *   the issue date (every invoice in its current status); the `revenue_*` columns and `pay_days` by the day it was
 *   paid (paid invoices with `paid_at`). A period (last 7/30/90/365 days) sums day rows; "all time" sums month rows.
 * - `stats_customer_currency`: per tenant × customer × currency: invoices, paid invoices, amounts paid (retention,
 *   lifetime value, top customers in one currency). `stats_customer` gains `invoice_count` (all currencies).
 * - `stats_payments`: per tenant × currency × grain × bucket × method, by payment date: completed payments (those
 *   refunded later included) and the amount kept (amount − refunded), from billing's copy of each payment, which now
 *   records the method, currency, base amount and date the payment events carry.
 * - `stats_schedules`: per tenant × currency × day: schedules started (created active or resumed) and stopped
 *   (paused, ended, customer deleted, or deleted while active) — churn.
 *
 * Statement-level triggers with transition tables; every upsert groups its deltas and locks rows in key order (one
 * statement per table), so concurrent transactions never deadlock on them. A backfill computes them for the rows
 * that exist (the owner lifts FORCE RLS for the duration of this transaction only). Payments recorded before this
 * migration carry no method: they count as 'other', dated by their last update; schedules stopped before it are
 * dated by their last update.
 */

/**
 * The rollups computed from the rows that exist, into empty rollup tables (the tests check these against the triggers):
 * invoices (and the invoice counts of `stats_customer`), payments, schedules.
 */
export const analyticsBackfill = {
  invoices: [
    `with d as (select *, 1 as sign from billing.invoices),
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
      pay_days = s.pay_days + excluded.pay_days`,
    `with d as (select *, 1 as sign from billing.invoices)
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
      paid_base = s.paid_base + excluded.paid_base`,
    `update billing.stats_customer s set invoice_count = n.count
     from (select tenant_id, customer_id, count(*) as count from billing.invoices group by 1, 2) n
    where s.tenant_id = n.tenant_id and s.customer_id = n.customer_id`,
    `insert into billing.stats_customer (tenant_id, customer_id, invoice_count)
   select tenant_id, customer_id, count(*) from billing.invoices group by 1, 2
   on conflict (tenant_id, customer_id) do nothing`,
  ],
  paymentCopies: [
    `update billing.invoice_payments p set currency = i.currency, payment_date = (p.updated_at at time zone 'UTC')::date,
       amount_base = round(p.amount * i.exchange_rate, 2)
       from billing.invoices i where i.id = p.invoice_id and i.tenant_id = p.tenant_id`,
    `update billing.invoice_payments set currency = 'USD', amount_base = amount where currency is null`,
  ],
  payments: [
    `with d as (select *, 1 as sign from billing.invoice_payments),
    c as (
      select x.tenant_id, x.currency, x.payment_date as day, x.method,
        case when (x.status in ('completed', 'refunded')) then sign else 0 end as payment_count,
        case when (x.status in ('completed', 'refunded')) then sign * (x.amount - x.refunded_amount) else 0 end as amount,
        case when (x.status in ('completed', 'refunded')) then sign * round(x.amount_base * (x.amount - x.refunded_amount) / nullif(x.amount, 0), 2) else 0 end
          as amount_base
      from d x
    )
    insert into billing.stats_payments as s (tenant_id, currency, grain, bucket, method, payment_count, amount, amount_base)
    select c.tenant_id, c.currency, g.grain, case g.grain when 'd' then c.day else date_trunc('month', c.day)::date end, c.method,
      sum(payment_count), sum(coalesce(amount, 0)), sum(coalesce(amount_base, 0))
    from c cross join (values ('d'), ('m')) g(grain)
    group by 1, 2, 3, 4, 5
    having sum(payment_count) <> 0 or sum(coalesce(amount, 0)) <> 0 or sum(coalesce(amount_base, 0)) <> 0
    order by 1, 3, 4, 2, 5
    on conflict (tenant_id, grain, bucket, currency, method) do update set
      payment_count = s.payment_count + excluded.payment_count,
      amount = s.amount + excluded.amount,
      amount_base = s.amount_base + excluded.amount_base`,
  ],
  schedules: [
    `insert into billing.stats_schedules as s (tenant_id, currency, day, started, stopped)
   select tenant_id, currency, day, sum(started), sum(stopped) from (
     select tenant_id, currency, (created_at at time zone 'UTC')::date as day, 1 as started, 0 as stopped from billing.recurring_invoices
     union all
     select tenant_id, currency, (updated_at at time zone 'UTC')::date, 0, 1 from billing.recurring_invoices where not is_active
   ) e group by 1, 2, 3 order by 1, 3, 2`,
  ],
};

export const m0011Analytics = sqlMigration('0011_analytics', [
  `create table billing.stats_invoices (
    tenant_id uuid not null,
    currency char(3) not null,
    grain char(1) not null check (grain in ('d', 'm')),
    bucket date not null,
    invoice_count bigint not null default 0,
    invoice_total numeric(20,2) not null default 0,
    invoice_base numeric(20,2) not null default 0,
    paid_count bigint not null default 0,
    paid_total numeric(20,2) not null default 0,
    paid_base numeric(20,2) not null default 0,
    open_count bigint not null default 0,
    open_total numeric(20,2) not null default 0,
    open_base numeric(20,2) not null default 0,
    overdue_count bigint not null default 0,
    overdue_total numeric(20,2) not null default 0,
    overdue_base numeric(20,2) not null default 0,
    generated_count bigint not null default 0,
    revenue_count bigint not null default 0,
    revenue_total numeric(20,2) not null default 0,
    revenue_base numeric(20,2) not null default 0,
    pay_days bigint not null default 0,
    primary key (tenant_id, grain, bucket, currency)
  )`,
  `alter table "billing"."stats_invoices" enable row level security`,
  `alter table "billing"."stats_invoices" force row level security`,
  `create policy tenant_isolation on "billing"."stats_invoices" using (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid) with check (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid)`,

  `create table billing.stats_customer_currency (
    tenant_id uuid not null,
    customer_id bigint not null,
    currency char(3) not null,
    invoice_count bigint not null default 0,
    paid_count bigint not null default 0,
    paid_total numeric(20,2) not null default 0,
    paid_base numeric(20,2) not null default 0,
    primary key (tenant_id, customer_id, currency)
  )`,
  `create index stats_customer_currency_top on billing.stats_customer_currency (tenant_id, currency, paid_total desc, customer_id)`,
  `alter table "billing"."stats_customer_currency" enable row level security`,
  `alter table "billing"."stats_customer_currency" force row level security`,
  `create policy tenant_isolation on "billing"."stats_customer_currency" using (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid) with check (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid)`,
  `alter table billing.stats_customer add column invoice_count bigint not null default 0`,

  // Billing's copy of a payment records what the analytics group by (events carry them).
  `alter table billing.invoice_payments
     add column method text not null default 'other',
     add column currency char(3),
     add column amount_base numeric(15,2),
     add column payment_date date not null default current_date`,
  `create table billing.stats_payments (
    tenant_id uuid not null,
    currency char(3) not null,
    grain char(1) not null check (grain in ('d', 'm')),
    bucket date not null,
    method text not null,
    payment_count bigint not null default 0,
    amount numeric(20,2) not null default 0,
    amount_base numeric(20,2) not null default 0,
    primary key (tenant_id, grain, bucket, currency, method)
  )`,
  `alter table "billing"."stats_payments" enable row level security`,
  `alter table "billing"."stats_payments" force row level security`,
  `create policy tenant_isolation on "billing"."stats_payments" using (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid) with check (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid)`,

  `create table billing.stats_schedules (
    tenant_id uuid not null,
    currency char(3) not null,
    day date not null,
    started bigint not null default 0,
    stopped bigint not null default 0,
    primary key (tenant_id, day, currency)
  )`,
  `alter table "billing"."stats_schedules" enable row level security`,
  `alter table "billing"."stats_schedules" force row level security`,
  `create policy tenant_isolation on "billing"."stats_schedules" using (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid) with check (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid)`,

  // Recent invoices of one currency, or issued within a period (with or without a currency), read by index.
  `create index invoices_tenant_currency_recent on billing.invoices (tenant_id, currency, created_at desc, id desc)`,
  `create index invoices_tenant_issued on billing.invoices (tenant_id, issue_date desc, created_at desc, id desc)`,
  `create index invoices_tenant_currency_issued on billing.invoices (tenant_id, currency, issue_date desc, created_at desc, id desc)`,

  `create function billing.invoices_analytics() returns trigger language plpgsql as $fn$
  declare
    src text := case tg_op
      when 'INSERT' then 'select *, 1 as sign from new_rows'
      when 'DELETE' then 'select *, -1 as sign from old_rows'
      else 'select *, 1 as sign from new_rows union all select *, -1 as sign from old_rows' end;
  begin
    execute format($q$with d as (%s),
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
      pay_days = s.pay_days + excluded.pay_days$q$, src);
    execute format($q$with d as (%s)
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
      paid_base = s.paid_base + excluded.paid_base$q$, src);
    execute format($q$with d as (%s)
    insert into billing.stats_customer as s (tenant_id, customer_id, invoice_count)
    select tenant_id, customer_id, sum(sign) from d group by 1, 2 having sum(sign) <> 0 order by 1, 2
    on conflict (tenant_id, customer_id) do update set invoice_count = s.invoice_count + excluded.invoice_count$q$, src);
    return null;
  end $fn$`,
  `create trigger invoices_analytics_insert after insert on billing.invoices
    referencing new table as new_rows for each statement execute function billing.invoices_analytics()`,
  `create trigger invoices_analytics_update after update on billing.invoices
    referencing old table as old_rows new table as new_rows for each statement execute function billing.invoices_analytics()`,
  `create trigger invoices_analytics_delete after delete on billing.invoices
    referencing old table as old_rows for each statement execute function billing.invoices_analytics()`,
  `create function billing.payments_analytics() returns trigger language plpgsql as $fn$
  declare
    src text := case tg_op
      when 'INSERT' then 'select *, 1 as sign from new_rows'
      when 'DELETE' then 'select *, -1 as sign from old_rows'
      else 'select *, 1 as sign from new_rows union all select *, -1 as sign from old_rows' end;
  begin
    execute format($q$with d as (%s),
    c as (
      select x.tenant_id, x.currency, x.payment_date as day, x.method,
        case when (x.status in ('completed', 'refunded')) then sign else 0 end as payment_count,
        case when (x.status in ('completed', 'refunded')) then sign * (x.amount - x.refunded_amount) else 0 end as amount,
        case when (x.status in ('completed', 'refunded')) then sign * round(x.amount_base * (x.amount - x.refunded_amount) / nullif(x.amount, 0), 2) else 0 end
          as amount_base
      from d x
    )
    insert into billing.stats_payments as s (tenant_id, currency, grain, bucket, method, payment_count, amount, amount_base)
    select c.tenant_id, c.currency, g.grain, case g.grain when 'd' then c.day else date_trunc('month', c.day)::date end, c.method,
      sum(payment_count), sum(coalesce(amount, 0)), sum(coalesce(amount_base, 0))
    from c cross join (values ('d'), ('m')) g(grain)
    group by 1, 2, 3, 4, 5
    having sum(payment_count) <> 0 or sum(coalesce(amount, 0)) <> 0 or sum(coalesce(amount_base, 0)) <> 0
    order by 1, 3, 4, 2, 5
    on conflict (tenant_id, grain, bucket, currency, method) do update set
      payment_count = s.payment_count + excluded.payment_count,
      amount = s.amount + excluded.amount,
      amount_base = s.amount_base + excluded.amount_base$q$, src);
    return null;
  end $fn$`,
  `create trigger payments_analytics_insert after insert on billing.invoice_payments
    referencing new table as new_rows for each statement execute function billing.payments_analytics()`,
  `create trigger payments_analytics_update after update on billing.invoice_payments
    referencing old table as old_rows new table as new_rows for each statement execute function billing.payments_analytics()`,
  `create trigger payments_analytics_delete after delete on billing.invoice_payments
    referencing old table as old_rows for each statement execute function billing.payments_analytics()`,

  // Row-level: a schedule's start and stop (and a change of currency while active: stopped in one, started in the other).
  `create function billing.schedules_analytics() returns trigger language plpgsql as $fn$
  declare
    was boolean := tg_op <> 'INSERT' and old.is_active;
    now_active boolean := tg_op <> 'DELETE' and new.is_active;
  begin
    if was and (not now_active or old.currency is distinct from new.currency) then
      insert into billing.stats_schedules as s (tenant_id, currency, day, stopped) values (old.tenant_id, old.currency, (now() at time zone 'UTC')::date, 1)
        on conflict (tenant_id, day, currency) do update set stopped = s.stopped + 1;
    end if;
    if now_active and (not was or old.currency is distinct from new.currency) then
      insert into billing.stats_schedules as s (tenant_id, currency, day, started) values (new.tenant_id, new.currency, (now() at time zone 'UTC')::date, 1)
        on conflict (tenant_id, day, currency) do update set started = s.started + 1;
    end if;
    return null;
  end $fn$`,
  `create trigger schedules_analytics after insert or delete or update of is_active, currency on billing.recurring_invoices
    for each row execute function billing.schedules_analytics()`,

  // Backfill from the rows that exist (as the owner, every tenant).
  `alter table billing.invoices no force row level security`,
  `alter table billing.invoice_payments no force row level security`,
  `alter table billing.recurring_invoices no force row level security`,
  `alter table billing.stats_invoices no force row level security`,
  `alter table billing.stats_customer no force row level security`,
  `alter table billing.stats_customer_currency no force row level security`,
  `alter table billing.stats_payments no force row level security`,
  `alter table billing.stats_schedules no force row level security`,
  ...analyticsBackfill.invoices,
  ...analyticsBackfill.paymentCopies,
  ...analyticsBackfill.payments,
  ...analyticsBackfill.schedules,
  `alter table billing.invoices force row level security`,
  `alter table billing.invoice_payments force row level security`,
  `alter table billing.recurring_invoices force row level security`,
  `alter table billing.stats_invoices force row level security`,
  `alter table billing.stats_customer force row level security`,
  `alter table billing.stats_customer_currency force row level security`,
  `alter table billing.stats_payments force row level security`,
  `alter table billing.stats_schedules force row level security`,
  `alter table billing.invoice_payments alter column currency set not null, alter column amount_base set not null`,
]);
