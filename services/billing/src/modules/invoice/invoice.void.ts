import {
  InvoiceEvents,
  PaymentsPaidRpc,
  toMills,
  type Invoice,
  type InvoiceStatus,
  OpenInvoiceStatuses,
  legacyInvoiceStatus,
} from '@billpoint/proto';
import { addEvent, Conflict, NotFound, rpcCall, type Identity, type ServiceContext } from '@billpoint/kit';
import { loadInvoice } from './invoice.send.ts';
import { returnCustomerCredit } from '../credit/customer-credit.ts';
import { refreshStanding } from './standing.ts';
import { eventData } from './invoice.sql.ts';

/** What can be voided: an invoice issued to its customer and not paid (or paid only by credit, see voidable). */
const VOIDABLE: readonly InvoiceStatus[] = OpenInvoiceStatuses;
/**
 * A paid invoice that took no money — settled by customer credit or reduce_balance credit notes (its balance is 0
 * without any payment), not one marked paid by hand — can be voided too.
 */
const voidable = (inv: Invoice, legalNumber: boolean) =>
  VOIDABLE.includes(inv.status) ||
  // A draft that already holds a legal number (numbered at creation, before numbers moved to issue) cannot be
  // deleted without leaving a gap: cancelling it keeps its number in the sequence.
  (inv.status === 'draft' && legalNumber) ||
  (inv.status === 'paid' && toMills(inv.amountPaid) === 0n && toMills(inv.balanceDue) === 0n && toMills(inv.total) > 0n);

/**
 * POST /api/invoices/:id/void (the public API): a sent, viewed or overdue invoice that has taken no money becomes
 * cancelled — billing then answers payments that it is no longer payable, and the payments consumer keeps it
 * cancelled. Its number stays (the sequence keeps no gap) and the updated event carries it with its tax lines, from
 * which the ledger reverses the sale. A draft without a legal number (delete it instead), a paid, cancelled or refunded invoice, or one with any payment (even a
 * partial one: refund it first) is a 409 resource_state_invalid. Customer credit applied to it is given back (an entry
 * +A in the customer's credit, returnCustomerCredit), in the same transaction. Payments' own ledger is asked too, for a payment
 * whose event has not reached billing yet; billing's copy is checked under the invoice's row lock.
 */
export async function voidInvoice(ctx: ServiceContext, id: Identity, invoiceId: number): Promise<Invoice> {
  const [exists] = await ctx.reader.query<{ legal_number: boolean }>(
    id.tenantId,
    `select legal_number from billing.invoices where id = $1 and tenant_id = $2`,
    [invoiceId, id.tenantId],
  );
  if (!exists) throw new NotFound('Invoice not found');
  const { amountPaid } = await rpcCall(ctx.bus, PaymentsPaidRpc, { tenantId: id.tenantId, invoiceId });
  return ctx.tx(id, async (em) => {
    const current = await loadInvoice(em, id.tenantId, invoiceId, true);
    if (!current) throw new NotFound('Invoice not found');
    if (!voidable(current, exists.legal_number))
      throw new Conflict(
        current.status === 'draft'
          ? `Invoice ${current.invoiceNumber} is a draft: delete it instead of voiding it`
          : `Invoice ${current.invoiceNumber} is ${current.status}: only a sent, viewed or overdue invoice can be voided`,
        'resource_state_invalid',
      );
    const [taken] = await em.execute<{ n: number }[]>(
      `select count(*)::int as n from billing.invoice_payments
        where tenant_id = ? and invoice_id = ? and status in ('completed', 'refunded')`,
      [id.tenantId, invoiceId],
    );
    if (taken!.n > 0 || toMills(current.amountPaid) > 0n || toMills(amountPaid) > 0n)
      throw new Conflict(`Invoice ${current.invoiceNumber} has payments: refund them before voiding it`, 'resource_state_invalid');
    // Void is a lifecycle: the payment state stays what money made it, the status follows from both.
    const status = legacyInvoiceStatus({
      lifecycle: 'void',
      paymentStatus: current.paymentStatus,
      overdue: false,
      viewed: current.viewedAt != null,
    });
    await em.execute(`update billing.invoices set lifecycle = 'void', status = ?, updated_at = now() where id = ? and tenant_id = ?`, [
      status,
      invoiceId,
      id.tenantId,
    ]);
    if (await returnCustomerCredit(em, id.tenantId, current, id.userId)) await refreshStanding(em, id.tenantId, invoiceId, id.userId);
    const updated = (await loadInvoice(em, id.tenantId, invoiceId))!;
    // Updated keeps the read models of other services following the invoice; Voided names the change for receivers.
    const data = eventData(updated);
    addEvent(em, { subject: InvoiceEvents.Updated, tenantId: id.tenantId, actorId: id.userId, data });
    addEvent(em, { subject: InvoiceEvents.Voided, tenantId: id.tenantId, actorId: id.userId, data });
    return updated;
  });
}
