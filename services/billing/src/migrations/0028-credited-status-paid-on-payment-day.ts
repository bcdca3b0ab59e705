import { sqlMigration } from '@billpoint/kit/migrations';

/** The stored rows brought to where they stand (the tests run it again on rows made to look as before). */
export const STANDING_BACKFILL = [
  `update billing.invoices i set status = 'credited', paid_at = null
     from (select tenant_id, invoice_id, sum(total) as credited from billing.credit_notes group by 1, 2) cn
    where cn.tenant_id = i.tenant_id and cn.invoice_id = i.id and i.total > 0 and cn.credited >= i.total
      and i.status in ('sent', 'viewed', 'overdue', 'paid', 'refunded')`,
  `update billing.invoices i set paid_at = p.last_paid::timestamp at time zone 'UTC'
     from (select tenant_id, invoice_id, max(payment_date) as last_paid from billing.invoice_payments
            where status in ('completed', 'refunded') and amount > refunded_amount group by 1, 2) p
    where p.tenant_id = i.tenant_id and p.invoice_id = i.id and i.status = 'paid' and i.paid_at is not null
      and p.last_paid < (i.paid_at at time zone 'UTC')::date`,
];

/**
 * Two corrections of where an invoice stands, for the rows that exist (billing's standing function does both from now on):
 *
 * - `credited`: an invoice whose credit notes take back its whole total owes nothing and is no sale any more; it was
 *   shown as paid (or refunded). The status list of the CHECK constraint gains it (written out here, as it stands
 *   now), and every issued invoice credited in full takes it, its paid moment cleared.
 * - A paid invoice was paid when its latest kept payment was made, not when that payment was entered: its `paid_at`
 *   moves back to midnight UTC of that payment's day when the day is earlier than the one it was stamped with.
 *
 * The update triggers move the invoices' figures between the rollups' buckets (revenue by the paid day, counts by
 * status) in the same statements, so the dashboard follows at once. `updated_at` is left alone: no event is sent,
 * and the ledger books a credited or paid invoice as the same sale either way.
 */
export const m0028CreditedStatusPaidOnPaymentDay = sqlMigration('0028_credited_status_paid_on_payment_day', [
  `alter table billing.invoices drop constraint invoices_status_check`,
  `alter table billing.invoices add constraint invoices_status_check
     check (status in ('draft', 'sent', 'viewed', 'paid', 'overdue', 'cancelled', 'refunded', 'credited'))`,
  `alter table billing.invoices no force row level security`,
  `alter table billing.invoice_payments no force row level security`,
  `alter table billing.credit_notes no force row level security`,
  `alter table billing.stats_invoices no force row level security`,
  `alter table billing.stats_customer_currency no force row level security`,
  `alter table billing.stats_customer no force row level security`,
  `alter table billing.stats_status no force row level security`,
  `alter table billing.stats_month no force row level security`,
  ...STANDING_BACKFILL,
  `alter table billing.invoices force row level security`,
  `alter table billing.invoice_payments force row level security`,
  `alter table billing.credit_notes force row level security`,
  `alter table billing.stats_invoices force row level security`,
  `alter table billing.stats_customer_currency force row level security`,
  `alter table billing.stats_customer force row level security`,
  `alter table billing.stats_status force row level security`,
  `alter table billing.stats_month force row level security`,
]);
