import type { HttpClient, IsolationEntry } from '@billpoint/kit/testing';
import type { CreditNote } from '@billpoint/proto';
import { makeInvoice } from './support/factories.ts';

/** A tenant's issued invoice and a credit note of it for the isolation matrix: a random amount, a reason with the tag. */
export async function seedCreditNote(c: HttpClient, customerId: number, tag: string): Promise<CreditNote> {
  const issued = await makeInvoice(c, customerId, {
    items: [{ description: `Credited ${tag}`, quantity: '1', rate: '1000' }],
    status: 'sent',
  });
  const amount = `${100 + Math.floor(Math.random() * 900)}.${10 + Math.floor(Math.random() * 90)}`;
  const res = await c.post('/api/credit-notes', { invoiceId: issued.id, reason: `Reason ${tag}`, resolution: 'reduce_balance', amount });
  if (res.status !== 201) throw new Error(`credit note failed: ${res.status} ${res.text}`);
  return res.json as CreditNote;
}

/** What tenant B gets on each credit note route with A's ids. */
export const creditNoteIsolationRoutes = <F extends { creditNote: CreditNote; tag: string }>(): Record<string, IsolationEntry<F>> => ({
  'POST /api/credit-notes': {
    answers: 'status',
    status: [400], // A's invoice is not B's: "Invoice not found" on invoiceId
    call: (a) => ({
      path: '/api/credit-notes',
      body: { invoiceId: a.creditNote.invoiceId, reason: 'Hijack', resolution: 'reduce_balance', amount: '1' },
    }),
  },
  'GET /api/credit-notes': {
    answers: 'collection',
    call: (a) => [
      { path: '/api/credit-notes' },
      { path: `/api/credit-notes?invoiceId=${a.creditNote.invoiceId}` },
      { path: `/api/credit-notes?customerId=${a.creditNote.customerId}` },
      { path: `/api/credit-notes?search=${a.tag}` },
      // A cursor of A's (or a neighbour of it) names nothing in B's list: refused as any unknown id, telling nothing.
      { path: `/api/credit-notes?pagination=cursor&starting_after=${a.creditNote.id + 1}`, status: [400] },
      { path: `/api/credit-notes?pagination=cursor&starting_after=${a.creditNote.id}`, status: [400] },
    ],
  },
  'GET /api/credit-notes/:id': { answers: 'not-found', call: (a) => ({ path: `/api/credit-notes/${a.creditNote.id}` }) },
  'GET /api/credit-notes/:id/pdf': { answers: 'not-found', call: (a) => ({ path: `/api/credit-notes/${a.creditNote.id}/pdf` }) },
  'GET /api/credit-notes/:id/e-invoice': {
    answers: 'not-found',
    call: (a) => ({ path: `/api/credit-notes/${a.creditNote.id}/e-invoice?format=cii` }),
  },
  'GET /api/invoices/:id/credit-notes': {
    answers: 'not-found',
    call: (a) => ({ path: `/api/invoices/${a.creditNote.invoiceId}/credit-notes` }),
  },
});
