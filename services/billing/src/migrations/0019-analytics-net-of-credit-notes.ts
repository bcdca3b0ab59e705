import { sqlMigration } from '@billpoint/kit';
import { customersUpsert, invoicesUpsert, statementTrigger, type InvoiceAmounts } from './0011-analytics.ts';
import { summariesInsertFunction } from './0014-invoice-insert-summaries.ts';

/**
 * An invoice's amounts net of its credit notes (issue 25): its total less `credited_amount` (Σ of its credit notes,
 * whatever their resolution, kept on the row by billing's standing function — 0018), and the base-currency figure
 * less the credit notes at the invoice's exchange rate, to the cent. Exact per invoice, so sums of them are too.
 */
export const NET_OF_CREDIT_NOTES: InvoiceAmounts = {
  total: (x) => `(${x}total - ${x}credited_amount)`,
  base: (x) => `(${x}total_in_base_currency - round(${x}credited_amount * ${x}exchange_rate, 2))`,
};
const NET_BASE = NET_OF_CREDIT_NOTES.base('');

/** The analytics rollups and the customers' paid figures recomputed from the invoices, net (the tests run it again). */
export const netRebuild = [
  `delete from billing.stats_invoices`,
  `delete from billing.stats_customer_currency`,
  invoicesUpsert('select *, 1 as sign from billing.invoices', NET_OF_CREDIT_NOTES),
  customersUpsert('select *, 1 as sign from billing.invoices', NET_OF_CREDIT_NOTES)[0]!,
  `update billing.stats_customer set paid_count = 0, paid_base = 0`,
  `insert into billing.stats_customer as s (tenant_id, customer_id, paid_count, paid_base)
   select tenant_id, customer_id, count(*), sum(${NET_BASE}) from billing.invoices where status = 'paid' group by 1, 2 order by 1, 2
   on conflict (tenant_id, customer_id) do update set paid_count = excluded.paid_count, paid_base = excluded.paid_base`,
];

const ROLLUPS = ['invoices', 'stats_invoices', 'stats_customer_currency', 'stats_customer'];

/**
 * Analytics net of credit notes (issue 25). Every amount the analytics rollups (0011) and the customers' paid figures
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
  statementTrigger('invoices_analytics', (d) => [
    invoicesUpsert(d, NET_OF_CREDIT_NOTES),
    ...customersUpsert(d, NET_OF_CREDIT_NOTES),
  ]).replace('create function', 'create or replace function'),
  summariesInsertFunction(NET_OF_CREDIT_NOTES).replace('create function', 'create or replace function'),
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
      select tenant_id, customer_id, sum(sign), sum(sign * ${NET_BASE})
      from d where status = 'paid' group by 1, 2
      having sum(sign) <> 0 or sum(sign * ${NET_BASE}) <> 0
      order by 1, 2
      on conflict (tenant_id, customer_id) do update set
        paid_count = s.paid_count + excluded.paid_count,
        paid_base = s.paid_base + excluded.paid_base $q$, src);
    return null;
  end $fn$`,

  // The rollups from the rows as they are (every tenant).
  ...ROLLUPS.map((t) => `alter table billing.${t} no force row level security`),
  ...netRebuild,
  ...ROLLUPS.map((t) => `alter table billing.${t} force row level security`),
]);
