import { sqlMigration } from '@billpoint/kit';
import { customersUpsert, GROSS, invoicesUpsert, type InvoiceAmounts } from './0011-analytics.ts';

/** The inserted invoices, each with sign 1, as the summary upserts of 0001 and 0011 read them. */
const INSERTED = 'select *, 1 as sign from new_rows';

/**
 * The function behind `invoices_summaries_insert`, reading invoice amounts as `a` says (0019: net of credit notes, for
 * the analytics rollups and the customers' paid figures; `stats_status` and `stats_month` keep the totals).
 */
export const summariesInsertFunction = (a: InvoiceAmounts) =>
  `create function billing.invoices_summaries_insert() returns trigger language plpgsql as $fn$
  begin
    ${[invoicesUpsert(INSERTED, a), ...customersUpsert(INSERTED, a)].join(';\n    ')};
    with d as (${INSERTED})
    insert into billing.stats_status as s (tenant_id, status, currency, invoice_count, total, total_base)
    select tenant_id, status, currency, sum(sign), sum(sign * total), sum(sign * total_in_base_currency)
    from d group by 1, 2, 3
    having sum(sign) <> 0 or sum(sign * total) <> 0 or sum(sign * total_in_base_currency) <> 0
    order by 1, 2, 3
    on conflict (tenant_id, status, currency) do update set
      invoice_count = s.invoice_count + excluded.invoice_count,
      total = s.total + excluded.total,
      total_base = s.total_base + excluded.total_base;
    with d as (${INSERTED})
    insert into billing.stats_month as s (tenant_id, month, paid_count, revenue_base)
    select tenant_id, date_trunc('month', paid_at at time zone 'UTC')::date, sum(sign), sum(sign * total_in_base_currency)
    from d where status = 'paid' and paid_at is not null group by 1, 2
    having sum(sign) <> 0 or sum(sign * total_in_base_currency) <> 0
    order by 1, 2
    on conflict (tenant_id, month) do update set
      paid_count = s.paid_count + excluded.paid_count,
      revenue_base = s.revenue_base + excluded.revenue_base;
    with d as (${INSERTED})
    insert into billing.stats_customer as s (tenant_id, customer_id, paid_count, paid_base)
    select tenant_id, customer_id, sum(sign), sum(sign * ${a.base('')})
    from d where status = 'paid' group by 1, 2
    having sum(sign) <> 0 or sum(sign * ${a.base('')}) <> 0
    order by 1, 2
    on conflict (tenant_id, customer_id) do update set
      paid_count = s.paid_count + excluded.paid_count,
      paid_base = s.paid_base + excluded.paid_base;
    return null;
  end $fn$`;

/**
 * Issue 23: the summary rows of an INSERT into invoices (every creation) kept by ONE statement trigger with static SQL,
 * instead of two (`invoices_analytics_insert`, `invoices_stats_insert`) that build each upsert as text and EXECUTE it —
 * parsed and planned again on every statement, the bulk of a creation's time in Postgres, spent while the tenant's
 * numbering and summary rows are locked. PL/pgSQL keeps the plans of static statements (transition tables included).
 * Same upserts, same figures, same order (the analytics tables, then the dashboard's `stats_*`, each in key order), so
 * lock order against the update and delete triggers (unchanged) stays what it was.
 */
export const m0014InvoiceInsertSummaries = sqlMigration('0014_invoice_insert_summaries', [
  summariesInsertFunction(GROSS),
  `drop trigger invoices_analytics_insert on billing.invoices`,
  `drop trigger invoices_stats_insert on billing.invoices`,
  `create trigger invoices_summaries_insert after insert on billing.invoices
    referencing new table as new_rows for each statement execute function billing.invoices_summaries_insert()`,
]);
