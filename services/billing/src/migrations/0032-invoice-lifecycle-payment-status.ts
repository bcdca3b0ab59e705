import { sqlMigration } from '@billpoint/kit/migrations';

/**
 * An invoice's lifecycle (draft, issued, void) and its payment state (unpaid, partial, paid, refunded, credited) as
 * columns of their own, filled from the status and the money each invoice holds today: a draft stays a draft, a
 * cancelled invoice is void, every other one is issued; paid, refunded and credited say their payment state, else
 * money received makes it partial and none unpaid. From here on billing writes these two and derives `status`.
 * sent_at and viewed_at exist since the first migration.
 *
 * A writer that still sets only the legacy status (older SQL, a backfill, a script) keeps the two in step through a
 * trigger: when a row is inserted, or its status changes while lifecycle and payment state stay as they were, both
 * are mapped from the status as above (a cancelled invoice keeps the payment state it had).
 */
export const m0032InvoiceLifecyclePaymentStatus = sqlMigration('0032_invoice_lifecycle_payment_status', [
  `alter table billing.invoices
     add column lifecycle text not null default 'draft' check (lifecycle in ('draft', 'issued', 'void')),
     add column payment_status text not null default 'unpaid'
       check (payment_status in ('unpaid', 'partial', 'paid', 'refunded', 'credited'))`,
  `update billing.invoices set
     lifecycle = case status when 'draft' then 'draft' when 'cancelled' then 'void' else 'issued' end,
     payment_status = case when status in ('paid', 'refunded', 'credited') then status
                           when amount_paid > 0 then 'partial' else 'unpaid' end`,
  `create function billing.invoice_state_from_status() returns trigger language plpgsql as $fn$
   begin
     if tg_op = 'UPDATE' and (new.status is not distinct from old.status
         or new.lifecycle is distinct from old.lifecycle or new.payment_status is distinct from old.payment_status) then
       return new;
     end if;
     new.lifecycle := case new.status when 'draft' then 'draft' when 'cancelled' then 'void' else 'issued' end;
     new.payment_status := case
       when new.status in ('paid', 'refunded', 'credited') then new.status
       when new.status = 'cancelled' and tg_op = 'UPDATE' then old.payment_status
       when new.amount_paid > 0 then 'partial' else 'unpaid' end;
     return new;
   end $fn$`,
  `create trigger invoices_state_from_status before insert or update of status on billing.invoices
     for each row execute function billing.invoice_state_from_status()`,
]);
