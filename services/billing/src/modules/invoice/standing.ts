import {
  InvoiceEvents,
  type Invoice,
  legacyInvoiceStatusSql,
  InvoicePaymentStatuses,
  OpenInvoicePaymentStatuses,
  type InvoicePaymentStatus,
} from '@billpoint/proto';
import { addEvent, type EntityManager, sqlList } from '@billpoint/kit';
import { loadInvoice } from './invoice.send.ts';
import { eventData } from './invoice.sql.ts';

/**
 * The moment an invoice became paid: the day of the latest payment it keeps when that day is already past (money
 * received in November and entered in December was paid in November; midnight UTC of that day, as receipts date
 * it), else now — paid today, by a payment of today or by a credit note or credit that left nothing to pay.
 */
/** Payment states that close an invoice's money: nothing more is expected. */
const CLOSED_PAYMENT_STATES: readonly InvoicePaymentStatus[] = InvoicePaymentStatuses.filter(
  (s) => !OpenInvoicePaymentStatuses.includes(s),
);

const PAID_ON = `case when s.last_paid < (now() at time zone 'UTC')::date then s.last_paid::timestamp at time zone 'UTC' else now() end`;

/**
 * Where an invoice stands — the money model of credit notes, in ONE place. For an invoice:
 *   T = total; C = Σ credit notes = C_reduce + C_refund + C_credit (by resolution);
 *   P = paid net (completed − refunded payments, billing's copy in invoice_payments);
 *   A = customer credit applied to it (ledger entries of the invoice: −applied, +returned).
 * - balanceDue = max(T − C_reduce − C_refund − A − P, 0) (computed by INVOICE_COLUMNS from the columns set here);
 *   a refund credit note lowers it at once, and P falls by the same amount once the money went back.
 * - What payments may still collect on it = T − C_reduce − C_refund − A (`credit_lowering` = C_reduce + C_refund).
 * - Payment state: a void invoice keeps its own; with T > 0, credit notes of the whole total (C ≥ T, whatever their
 *   resolution and whatever was paid) make it `credited` — there is no sale left to be paid; else everything paid
 *   given back (P = 0 after refunds) is `refunded`; else a balance of 0 is `paid` (paidAt set: the day of its latest
 *   payment, PAID_ON) — by payments, by a reduce_balance credit note or by credit applied; else `partial` with money
 *   received and `unpaid` without. A draft that money settles becomes issued. The status is derived from lifecycle,
 *   payment state and facts (legacyInvoiceStatusSql): an invoice owed again after being settled is overdue by its due
 *   date, any other keeps the overdue mark it had.
 *
 * Recomputes amount_paid, credited_amount, credit_lowering and credit_applied from their sources and the status,
 * under the invoice's row lock (taken here); when anything changed, emits invoice.updated (and invoice.paid when it
 * became paid) in the caller's transaction. Used by the payments consumer, credit notes and customer credit.
 * Answers the invoice before and after, or null when the tenant has no such invoice (deleted meanwhile).
 */
export async function refreshStanding(
  em: EntityManager,
  tenantId: string,
  invoiceId: number,
  actorId: string | null = null,
): Promise<{ before: Invoice; after: Invoice } | null> {
  const before = await loadInvoice(em, tenantId, invoiceId, true);
  if (!before) return null;
  // Sums of nothing are 0.00, so a figure written from them reads "0.00" as every stored amount does.
  const changed = await em.execute<{ id: string }[]>(
    `with p as (
       select coalesce(sum(amount - refunded_amount) filter (where status in ('completed', 'refunded')), 0.00) as paid,
              coalesce(bool_or(refunded_amount > 0), false) as refunded,
              max(payment_date) filter (where status in ('completed', 'refunded') and amount > refunded_amount) as last_paid
         from billing.invoice_payments where tenant_id = ? and invoice_id = ?
     ), cn as (
       select coalesce(sum(total), 0.00) as credited,
              coalesce(sum(total) filter (where resolution in ('reduce_balance', 'refund')), 0.00) as lowering
         from billing.credit_notes where tenant_id = ? and invoice_id = ?
     ), cc as (
       select coalesce(-sum(amount), 0.00) as applied from billing.customer_credits
        where tenant_id = ? and invoice_id = ? and kind in ('applied', 'returned')
     ), m as (
       select p.paid, cn.credited, cn.lowering, cc.applied, p.last_paid,
              case
                when i.lifecycle = 'void' then i.payment_status
                when i.total > 0 and cn.credited >= i.total then 'credited'
                when i.total > 0 and p.paid = 0 and p.refunded then 'refunded'
                when i.total > 0 and i.total - cn.lowering - cc.applied - p.paid <= 0 then 'paid'
                when p.paid > 0 then 'partial'
                else 'unpaid' end as payment_status,
              -- Money owed again after being settled: overdue by the due date; else as marked.
              case when i.payment_status in (${sqlList(CLOSED_PAYMENT_STATES)}) then i.due_date < current_date
                   else i.status = 'overdue' end as overdue
         from p, cn, cc, billing.invoices i where i.id = ? and i.tenant_id = ?
     ), s as (
       select m.*, l.lifecycle, ${legacyInvoiceStatusSql({
         lifecycle: 'l.lifecycle',
         paymentStatus: 'm.payment_status',
         overdue: 'm.overdue',
         viewed: 'i.viewed_at is not null',
       })} as status
         from m, billing.invoices i
         -- A draft that money settles is issued by it (it takes its legal number on the move).
         cross join lateral (select case when i.lifecycle = 'draft' and m.payment_status in (${sqlList(CLOSED_PAYMENT_STATES)})
                                         then 'issued' else i.lifecycle end as lifecycle) l
        where i.id = ? and i.tenant_id = ?
     )
     update billing.invoices i set
       amount_paid = s.paid, credited_amount = s.credited, credit_lowering = s.lowering, credit_applied = s.applied,
       lifecycle = s.lifecycle, payment_status = s.payment_status, status = s.status,
       paid_at = case when s.status = 'paid' then coalesce(i.paid_at, ${PAID_ON}) else null end,
       updated_at = now()
     from s
     where i.id = ? and i.tenant_id = ?
       and (i.amount_paid, i.credited_amount, i.credit_lowering, i.credit_applied, i.lifecycle, i.payment_status, i.status)
           is distinct from (s.paid, s.credited, s.lowering, s.applied, s.lifecycle, s.payment_status, s.status)
     returning i.id::text as id`,
    [tenantId, invoiceId, tenantId, invoiceId, tenantId, invoiceId, invoiceId, tenantId, invoiceId, tenantId, invoiceId, tenantId],
  );
  if (!changed.length) return { before, after: before };
  const after = (await loadInvoice(em, tenantId, invoiceId))!;
  const data = eventData(after);
  addEvent(em, { subject: InvoiceEvents.Updated, tenantId, actorId, data });
  if (after.status === 'paid' && before.status !== 'paid') addEvent(em, { subject: InvoiceEvents.Paid, tenantId, actorId, data });
  return { before, after };
}
