import type { HttpClient } from '@billpoint/kit/testing';
import { waitFor } from '@billpoint/kit/testing';
import type { CreditNote, CreditNoteCreateBody, Invoice, InvoiceCreateBody } from '@billpoint/proto';
import { makeInvoice } from './factories.ts';

/** An issued invoice (sent through PUT, as the edit form's "Pending" does) of the signed-in tenant. */
export async function issuedInvoice(
  c: HttpClient,
  customerId: number,
  o: { invoice?: Partial<InvoiceCreateBody['invoice']>; items?: InvoiceCreateBody['items'] } = {},
): Promise<Invoice> {
  return makeInvoice(c, customerId, { ...o, status: 'sent' });
}

export const getInvoice = async (c: HttpClient, id: number) => (await c.get(`/api/invoices/${id}`)).json as Invoice;

/** A manual payment of `amount` on the invoice, and billing's copy of it once its event has arrived. */
export async function pay(c: HttpClient, invoiceId: number, amount: string): Promise<Invoice> {
  const before = await getInvoice(c, invoiceId);
  const res = await c.post('/api/payments', { invoiceId, amount, paymentMethod: 'cash' });
  if (res.status !== 201) throw new Error(`payment failed: ${res.status} ${res.text}`);
  return waitFor(async () => {
    const inv = await getInvoice(c, invoiceId);
    return inv.amountPaid !== before.amountPaid && inv;
  });
}

/** POST /api/credit-notes; the raw answer. */
export const postCreditNote = (c: HttpClient, body: Partial<CreditNoteCreateBody> & Record<string, unknown>) =>
  c.post('/api/credit-notes', body);

/** A credit note that must be created (201). */
export async function makeCreditNote(c: HttpClient, body: CreditNoteCreateBody): Promise<CreditNote> {
  const res = await postCreditNote(c, body);
  if (res.status !== 201) throw new Error(`credit note failed: ${res.status} ${res.text}`);
  return res.json as CreditNote;
}
