import { sqlMigration } from '@billpoint/kit/migrations';

/**
 * Money is never over-collected, by construction: the database itself refuses completed payments of an invoice
 * above its total, whatever path (pay page, webhook, PayPal, manual, a future portal or API, psql) writes them.
 *
 * - `payments.invoice_totals`: what payments knows of each invoice's total, refreshed from billing's answer
 *   (`rpc.billing.invoice.payable`) every time an attempt is opened or completed, under the invoice's lock.
 * - `payments_within_invoice_total`: a constraint trigger, deferred to commit, that takes the same per-invoice
 *   advisory lock as the Ledger (so two transactions cannot both pass on a balance only one of them fits) and
 *   refuses a commit where sum(amount − refunded_amount) of the invoice's completed and refunded payments exceeds
 *   its total (or where the total is unknown). A change that only lowers a payment's contribution (a refund) is
 *   never refused, even if the invoice's total was lowered meanwhile.
 * - statuses `cancelled` (refused before money was taken, or expired unused) and `overpaid` (money a processor took
 *   beyond the balance, never counted, refunded).
 *
 * Hand-written SQL: the ORM knows neither triggers nor advisory locks, and the rule has to hold for every writer of
 * the table, not only for code that goes through the ORM or the Ledger.
 *
 * Backfill: billing's totals cannot be read from here (a service never reads another's schema), so each invoice that
 * has payments gets what it has collected so far as a provisional total (`provisional`): the rows that exist satisfy
 * the rule, and the first attempt or completion afterwards replaces it with billing's answer.
 */
/** Each invoice with payments and no known total: what it has collected so far, provisional (tests run it again). */
export const invoiceTotalsBackfill = `insert into payments.invoice_totals (tenant_id, invoice_id, total, currency, provisional)
   select tenant_id, invoice_id,
          coalesce(sum(amount - refunded_amount) filter (where status in ('completed', 'refunded')), 0), min(currency), true
     from payments.payments group by tenant_id, invoice_id
   on conflict (tenant_id, invoice_id) do nothing`;

export const m0003NeverOverCollected = sqlMigration('0003_never_over_collected', [
  `create table payments.invoice_totals (
    tenant_id uuid not null,
    invoice_id bigint not null,
    total numeric(15,2) not null check (total >= 0),
    currency char(3) not null,
    provisional boolean not null default false,
    updated_at timestamptz not null default now(),
    primary key (tenant_id, invoice_id)
  )`,
  `alter table "payments"."invoice_totals" enable row level security`,
  `alter table "payments"."invoice_totals" force row level security`,
  `create policy tenant_isolation on "payments"."invoice_totals" using (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid) with check (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid)`,

  `alter table payments.payments drop constraint payments_status_check`,
  `alter table payments.payments add constraint payments_status_check check (status in ('pending', 'completed', 'failed', 'refunded', 'cancelled', 'overpaid'))`,
  // The expiry job's search: pending attempts by age.
  `create index payments_pending on payments.payments (tenant_id, created_at) where status = 'pending'`,

  // Backfill, as the owner across every tenant (FORCE lifted for this transaction only).
  `alter table payments.payments no force row level security`,
  `alter table payments.invoice_totals no force row level security`,
  invoiceTotalsBackfill,
  `alter table payments.payments force row level security`,
  `alter table payments.invoice_totals force row level security`,

  `create function payments.refuse_over_collection() returns trigger language plpgsql as $$
   declare
     v_total numeric(15,2);
     v_paid numeric(15,2);
   begin
     if new.status not in ('completed', 'refunded') then return null; end if;
     if tg_op = 'UPDATE' and old.status in ('completed', 'refunded') and old.tenant_id = new.tenant_id
        and old.invoice_id = new.invoice_id and new.amount - new.refunded_amount <= old.amount - old.refunded_amount then
       return null;
     end if;
     -- The Ledger's lock of this invoice (ledger-sql.ts invoiceLockKey): concurrent commits are checked one at a time.
     perform pg_advisory_xact_lock(hashtext('payments:' || new.tenant_id::text || ':' || new.invoice_id::text));
     select total into v_total from payments.invoice_totals where tenant_id = new.tenant_id and invoice_id = new.invoice_id;
     select coalesce(sum(amount - refunded_amount), 0) into v_paid from payments.payments
      where tenant_id = new.tenant_id and invoice_id = new.invoice_id and status in ('completed', 'refunded');
     if v_total is null or v_paid > v_total then
       raise exception 'completed payments of invoice % (%) would exceed its total (%)', new.invoice_id, v_paid, coalesce(v_total::text, 'unknown')
         using errcode = 'check_violation', constraint = 'payments_within_invoice_total';
     end if;
     return null;
   end $$`,
  `create constraint trigger payments_within_invoice_total
     after insert or update on payments.payments
     deferrable initially deferred
     for each row execute function payments.refuse_over_collection()`,
]);
