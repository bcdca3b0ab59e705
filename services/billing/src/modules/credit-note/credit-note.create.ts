import {
  CreditNoteEvents,
  fromMills,
  toMills,
  type CreditNote,
  type CreditNoteCreate,
  type Invoice,
  inStatusGroup,
  IssuedInvoiceStatuses,
} from '@billpoint/proto';
import { addEvent, Conflict, Invalid, storedMetadata, type EntityManager, type Identity, type ServiceContext } from '@billpoint/kit';
import { addCreditEntry, lockCustomerCredit } from '../credit/customer-credit.ts';
import { baseAmount } from '../invoice/invoice.figures.ts';
import { refreshStanding } from '../invoice/standing.ts';
import { creditLines } from './credit-note.lines.ts';
import { insertCreditNote, loadCreditNote } from './credit-note.sql.ts';

const todayUtc = () => new Date().toISOString().slice(0, 10);

/** What the invoice's credit notes and payments leave room for (read under the invoice's row lock). */
async function room(em: EntityManager, tenantId: string, invoice: Invoice) {
  const [r] = await em.execute<{ credited: string; credit_given: string; refunds_pending: string; paid: string }[]>(
    `select
       (select coalesce(sum(total), 0) from billing.credit_notes where tenant_id = ? and invoice_id = ?)::text as credited,
       (select coalesce(sum(total), 0) from billing.credit_notes
         where tenant_id = ? and invoice_id = ? and resolution = 'credit')::text as credit_given,
       (select coalesce(sum(total - refunded_amount), 0) from billing.credit_notes
         where tenant_id = ? and invoice_id = ? and resolution = 'refund' and refund_status = 'pending')::text as refunds_pending,
       (select coalesce(sum(amount - refunded_amount) filter (where status in ('completed', 'refunded')), 0)
          from billing.invoice_payments where tenant_id = ? and invoice_id = ?)::text as paid`,
    [tenantId, invoice.id, tenantId, invoice.id, tenantId, invoice.id, tenantId, invoice.id],
  );
  const left = toMills(invoice.total) - toMills(r!.credited);
  const givable = toMills(r!.paid) - toMills(r!.credit_given) - toMills(r!.refunds_pending);
  return { left, givable: givable > 0n ? givable : 0n };
}

/**
 * POST /api/credit-notes. In one transaction, under the invoice's row lock (so concurrent credit notes of an invoice
 * are checked one after another, each against what the previous ones left):
 * - the invoice must be the tenant's (400 naming invoiceId) and issued — not a draft or cancelled (409);
 * - the lines or the amount (credit-note.lines.ts) must not take the invoice's credit notes above its total (400
 *   "Credit notes cannot exceed the invoice total: X CUR left" naming `items` or `amount`); a reduce_balance note not
 *   above the balance due; a refund or credit note not above the money paid on the invoice that was not given back
 *   yet (P − credit notes turned into credit − refund notes still pending);
 * - the note is numbered CN-0001… (claimed in the INSERT) with its lines, at its invoice's exchange rate (it corrects
 *   that invoice as it was counted: a note crediting it in full takes back exactly its total in base currency);
 *   `credit`: an entry +total in the customer's credit (invoice currency; customer_credit.changed); `refund`: recorded as pending — the payments service refunds
 *   it on the processor and answers with evt.payments.credit_note.refunded;
 * - the invoice's standing follows (refreshStanding: creditedAmount, balance, paid when nothing is left to pay), and
 *   `evt.billing.credit_note.created` carries the note, its lines and tax per rate.
 * The database refuses credit notes above the invoice's total at commit too (deferred constraint trigger, 0018).
 */
export async function createCreditNote(ctx: ServiceContext, id: Identity, input: CreditNoteCreate): Promise<CreditNote> {
  const field = input.items ? 'items' : 'amount';
  return ctx.tx(id, async (em) => {
    const standing = await refreshStanding(em, id.tenantId, input.invoiceId, id.userId); // takes the row lock
    if (!standing) throw new Invalid('Invoice not found', 'invoiceId');
    const invoice = standing.after;
    if (!inStatusGroup(IssuedInvoiceStatuses, invoice.status))
      throw new Conflict(
        `Invoice ${invoice.invoiceNumber} is ${invoice.status === 'draft' ? 'a draft' : 'cancelled'}: only an issued invoice can be credited`,
        'resource_state_invalid',
      );
    const f = creditLines(invoice, input);
    const total = toMills(f.total);
    const { left, givable } = await room(em, id.tenantId, invoice);
    const cur = invoice.currency;
    if (total > left)
      throw new Invalid(`Credit notes cannot exceed the invoice total: ${fromMills(left > 0n ? left : 0n)} ${cur} left`, field);
    if (input.resolution === 'reduce_balance' && total > toMills(invoice.balanceDue))
      throw new Invalid(`A credit note that reduces the balance cannot exceed the balance due: ${invoice.balanceDue} ${cur}`, field);
    if (input.resolution !== 'reduce_balance' && total > givable)
      throw new Invalid(
        `A credit note that ${input.resolution === 'refund' ? 'refunds' : 'becomes customer credit'} cannot exceed the money paid on the invoice and not given back yet: ${fromMills(givable)} ${cur}`,
        field,
      );
    const noteId = await insertCreditNote(em, {
      tenantId: id.tenantId,
      invoiceId: invoice.id,
      customerId: invoice.customerId,
      issueDate: todayUtc(),
      currency: cur,
      reason: input.reason,
      resolution: input.resolution,
      subtotal: f.subtotal,
      taxAmount: f.taxAmount,
      total: f.total,
      exchangeRate: invoice.exchangeRate,
      totalInBaseCurrency: baseAmount(f.total, invoice.exchangeRate),
      createdBy: id.userId,
      metadata: storedMetadata(null, input.metadata),
      lines: f.lines,
    });
    if (input.resolution === 'credit') {
      await lockCustomerCredit(em, id.tenantId, invoice.customerId);
      await addCreditEntry(
        em,
        {
          tenantId: id.tenantId,
          customerId: invoice.customerId,
          currency: cur,
          amount: f.total,
          kind: 'credit_note',
          creditNoteId: noteId,
        },
        id.userId,
      );
    }
    await refreshStanding(em, id.tenantId, invoice.id, id.userId);
    const note = (await loadCreditNote(em, id.tenantId, noteId))!;
    addEvent(em, { subject: CreditNoteEvents.Created, tenantId: id.tenantId, actorId: id.userId, data: note });
    return note;
  });
}
