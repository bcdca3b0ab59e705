import { sqlMigration, tenantRlsSql } from '@billpoint/kit';

/**
 * Analytics rollups (issue 13), kept in the transaction of every change like the dashboard's `stats_*` rows, so the
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

/** How an invoice row's amounts are read (`x`: 'x.' or ''): its total as shipped here; 0019 nets credit notes. */
export type InvoiceAmounts = Record<'total' | 'base', (x: string) => string>;
export const GROSS: InvoiceAmounts = { total: (x) => `${x}total`, base: (x) => `${x}total_in_base_currency` };

/** Figures of one invoice row `x` with sign `sign` in the issue-date bucket, then in the paid-date bucket. */
const invoiceColumns = (a: InvoiceAmounts) =>
  [
    ['invoice_count', 'sign'],
    ['invoice_total', `sign * ${a.total('x.')}`],
    ['invoice_base', `sign * ${a.base('x.')}`],
    ['paid_count', `case when x.status = 'paid' then sign else 0 end`],
    ['paid_total', `case when x.status = 'paid' then sign * ${a.total('x.')} else 0 end`],
    ['paid_base', `case when x.status = 'paid' then sign * ${a.base('x.')} else 0 end`],
    ['open_count', `case when x.status in ('sent', 'viewed', 'overdue') then sign else 0 end`],
    ['open_total', `case when x.status in ('sent', 'viewed', 'overdue') then sign * ${a.total('x.')} else 0 end`],
    ['open_base', `case when x.status in ('sent', 'viewed', 'overdue') then sign * ${a.base('x.')} else 0 end`],
    ['overdue_count', `case when x.status = 'overdue' then sign else 0 end`],
    ['overdue_total', `case when x.status = 'overdue' then sign * ${a.total('x.')} else 0 end`],
    ['overdue_base', `case when x.status = 'overdue' then sign * ${a.base('x.')} else 0 end`],
    ['generated_count', `case when x.recurring_invoice_id is not null then sign else 0 end`],
  ] as const;
const revenueColumns = (a: InvoiceAmounts) =>
  [
    ['revenue_count', 'sign'],
    ['revenue_total', `sign * ${a.total('x.')}`],
    ['revenue_base', `sign * ${a.base('x.')}`],
    ['pay_days', `sign * ((x.paid_at at time zone 'UTC')::date - x.issue_date)`],
  ] as const;
const ALL = [...invoiceColumns(GROSS), ...revenueColumns(GROSS)].map(([c]) => c);
const isCount = (c: string) => c.endsWith('_count') || c === 'pay_days';

const invoicesTable = `create table billing.stats_invoices (
    tenant_id uuid not null,
    currency char(3) not null,
    grain char(1) not null check (grain in ('d', 'm')),
    bucket date not null,
    ${ALL.map((c) => `${c} ${isCount(c) ? 'bigint' : 'numeric(20,2)'} not null default 0`).join(',\n    ')},
    primary key (tenant_id, grain, bucket, currency)
  )`;

/** The upsert of `stats_invoices` from a set `d` of (invoice row, sign): one statement, rows in key order. */
export function invoicesUpsert(d: string, a: InvoiceAmounts = GROSS): string {
  const [issued, paid] = [invoiceColumns(a), revenueColumns(a)];
  const zero = (cols: readonly (readonly [string, string])[]) => cols.map(([c]) => `0 as ${c}`).join(', ');
  const expr = (cols: readonly (readonly [string, string])[]) => cols.map(([c, e]) => `${e} as ${c}`).join(', ');
  return `with d as (${d}),
    c as (
      select x.tenant_id, x.currency, x.issue_date as day, ${expr(issued)}, ${zero(paid)} from d x
      union all
      select x.tenant_id, x.currency, (x.paid_at at time zone 'UTC')::date, ${zero(issued)}, ${expr(paid)}
        from d x where x.status = 'paid' and x.paid_at is not null
    )
    insert into billing.stats_invoices as s (tenant_id, currency, grain, bucket, ${ALL.join(', ')})
    select c.tenant_id, c.currency, g.grain, case g.grain when 'd' then c.day else date_trunc('month', c.day)::date end,
      ${ALL.map((col) => `sum(${col})`).join(', ')}
    from c cross join (values ('d'), ('m')) g(grain)
    group by 1, 2, 3, 4
    having ${ALL.map((col) => `sum(${col}) <> 0`).join(' or ')}
    order by 1, 3, 4, 2
    on conflict (tenant_id, grain, bucket, currency) do update set
      ${ALL.map((col) => `${col} = s.${col} + excluded.${col}`).join(',\n      ')}`;
}

/** The upserts of the customer rollups from `d`. */
export function customersUpsert(d: string, a: InvoiceAmounts = GROSS): string[] {
  const [total, base] = [a.total(''), a.base('')];
  return [
    `with d as (${d})
    insert into billing.stats_customer_currency as s (tenant_id, customer_id, currency, invoice_count, paid_count, paid_total, paid_base)
    select tenant_id, customer_id, currency, sum(sign),
      sum(case when status = 'paid' then sign else 0 end),
      sum(case when status = 'paid' then sign * ${total} else 0 end),
      sum(case when status = 'paid' then sign * ${base} else 0 end)
    from d group by 1, 2, 3
    having sum(sign) <> 0 or sum(case when status = 'paid' then sign else 0 end) <> 0
        or sum(case when status = 'paid' then sign * ${total} else 0 end) <> 0
        or sum(case when status = 'paid' then sign * ${base} else 0 end) <> 0
    order by 1, 2, 3
    on conflict (tenant_id, customer_id, currency) do update set
      invoice_count = s.invoice_count + excluded.invoice_count,
      paid_count = s.paid_count + excluded.paid_count,
      paid_total = s.paid_total + excluded.paid_total,
      paid_base = s.paid_base + excluded.paid_base`,
    // All currencies: the invoice count (the paid figures stay kept by invoices_stats()).
    `with d as (${d})
    insert into billing.stats_customer as s (tenant_id, customer_id, invoice_count)
    select tenant_id, customer_id, sum(sign) from d group by 1, 2 having sum(sign) <> 0 order by 1, 2
    on conflict (tenant_id, customer_id) do update set invoice_count = s.invoice_count + excluded.invoice_count`,
  ];
}

/** What one billing copy of a payment contributes: counted once completed; the amount kept after refunds. */
const PAYMENT_KEPT = `(x.status in ('completed', 'refunded'))`;
function paymentsUpsert(d: string): string {
  return `with d as (${d}),
    c as (
      select x.tenant_id, x.currency, x.payment_date as day, x.method,
        case when ${PAYMENT_KEPT} then sign else 0 end as payment_count,
        case when ${PAYMENT_KEPT} then sign * (x.amount - x.refunded_amount) else 0 end as amount,
        case when ${PAYMENT_KEPT} then sign * round(x.amount_base * (x.amount - x.refunded_amount) / nullif(x.amount, 0), 2) else 0 end
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
      amount_base = s.amount_base + excluded.amount_base`;
}

/** A statement-level trigger function over transition tables `new_rows`/`old_rows` running `body(src)`. */
export function statementTrigger(name: string, statements: (d: string) => string[]): string {
  return `create function billing.${name}() returns trigger language plpgsql as $fn$
  declare
    src text := case tg_op
      when 'INSERT' then 'select *, 1 as sign from new_rows'
      when 'DELETE' then 'select *, -1 as sign from old_rows'
      else 'select *, 1 as sign from new_rows union all select *, -1 as sign from old_rows' end;
  begin
    ${statements('%s')
      .map((s) => `execute format($q$${s}$q$, src);`)
      .join('\n    ')}
    return null;
  end $fn$`;
}

const triggersOn = (table: string, fn: string) => [
  `create trigger ${fn}_insert after insert on billing.${table}
    referencing new table as new_rows for each statement execute function billing.${fn}()`,
  `create trigger ${fn}_update after update on billing.${table}
    referencing old table as old_rows new table as new_rows for each statement execute function billing.${fn}()`,
  `create trigger ${fn}_delete after delete on billing.${table}
    referencing old table as old_rows for each statement execute function billing.${fn}()`,
];

const today = `(now() at time zone 'UTC')::date`;
const BACKFILL_TABLES = [
  'invoices',
  'invoice_payments',
  'recurring_invoices',
  'stats_invoices',
  'stats_customer',
  'stats_customer_currency',
  'stats_payments',
  'stats_schedules',
];

/**
 * The rollups computed from the rows that exist, into empty rollup tables (the tests check these against the triggers):
 * invoices (and the invoice counts of `stats_customer`), payments, schedules.
 */
export const analyticsBackfill = {
  invoices: [
    invoicesUpsert('select *, 1 as sign from billing.invoices'),
    customersUpsert('select *, 1 as sign from billing.invoices')[0]!,
    `update billing.stats_customer s set invoice_count = n.count
     from (select tenant_id, customer_id, count(*) as count from billing.invoices group by 1, 2) n
    where s.tenant_id = n.tenant_id and s.customer_id = n.customer_id`,
    `insert into billing.stats_customer (tenant_id, customer_id, invoice_count)
   select tenant_id, customer_id, count(*) from billing.invoices group by 1, 2
   on conflict (tenant_id, customer_id) do nothing`,
  ],
  /** Billing's copies of payments recorded before this migration: their invoice's currency, dated by their last update. */
  paymentCopies: [
    `update billing.invoice_payments p set currency = i.currency, payment_date = (p.updated_at at time zone 'UTC')::date,
       amount_base = round(p.amount * i.exchange_rate, 2)
       from billing.invoices i where i.id = p.invoice_id and i.tenant_id = p.tenant_id`,
    `update billing.invoice_payments set currency = 'USD', amount_base = amount where currency is null`,
  ],
  payments: [paymentsUpsert('select *, 1 as sign from billing.invoice_payments')],
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
  invoicesTable,
  ...tenantRlsSql('billing', 'stats_invoices'),

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
  ...tenantRlsSql('billing', 'stats_customer_currency'),
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
  ...tenantRlsSql('billing', 'stats_payments'),

  `create table billing.stats_schedules (
    tenant_id uuid not null,
    currency char(3) not null,
    day date not null,
    started bigint not null default 0,
    stopped bigint not null default 0,
    primary key (tenant_id, day, currency)
  )`,
  ...tenantRlsSql('billing', 'stats_schedules'),

  // Recent invoices of one currency, or issued within a period (with or without a currency), read by index.
  `create index invoices_tenant_currency_recent on billing.invoices (tenant_id, currency, created_at desc, id desc)`,
  `create index invoices_tenant_issued on billing.invoices (tenant_id, issue_date desc, created_at desc, id desc)`,
  `create index invoices_tenant_currency_issued on billing.invoices (tenant_id, currency, issue_date desc, created_at desc, id desc)`,

  statementTrigger('invoices_analytics', (d) => [invoicesUpsert(d), ...customersUpsert(d)]),
  ...triggersOn('invoices', 'invoices_analytics'),
  statementTrigger('payments_analytics', (d) => [paymentsUpsert(d)]),
  ...triggersOn('invoice_payments', 'payments_analytics'),

  // Row-level: a schedule's start and stop (and a change of currency while active: stopped in one, started in the other).
  `create function billing.schedules_analytics() returns trigger language plpgsql as $fn$
  declare
    was boolean := tg_op <> 'INSERT' and old.is_active;
    now_active boolean := tg_op <> 'DELETE' and new.is_active;
  begin
    if was and (not now_active or old.currency is distinct from new.currency) then
      insert into billing.stats_schedules as s (tenant_id, currency, day, stopped) values (old.tenant_id, old.currency, ${today}, 1)
        on conflict (tenant_id, day, currency) do update set stopped = s.stopped + 1;
    end if;
    if now_active and (not was or old.currency is distinct from new.currency) then
      insert into billing.stats_schedules as s (tenant_id, currency, day, started) values (new.tenant_id, new.currency, ${today}, 1)
        on conflict (tenant_id, day, currency) do update set started = s.started + 1;
    end if;
    return null;
  end $fn$`,
  `create trigger schedules_analytics after insert or delete or update of is_active, currency on billing.recurring_invoices
    for each row execute function billing.schedules_analytics()`,

  // Backfill from the rows that exist (as the owner, every tenant).
  ...BACKFILL_TABLES.map((t) => `alter table billing.${t} no force row level security`),
  ...analyticsBackfill.invoices,
  ...analyticsBackfill.paymentCopies,
  ...analyticsBackfill.payments,
  ...analyticsBackfill.schedules,
  ...BACKFILL_TABLES.map((t) => `alter table billing.${t} force row level security`),
  `alter table billing.invoice_payments alter column currency set not null, alter column amount_base set not null`,
]);
