import type { FuzzRoute, Tenant } from '@billpoint/kit/testing';
import type { CreditNote, Invoice } from '@billpoint/proto';
import { makeCustomer, makeInvoice } from './support/factories.ts';

/** What the credit note routes need of a fuzzing tenant: an issued invoice with room for many credit notes. */
export type CreditNoteFuzzCtx = { creditInvoiceId: number; creditLineId: number; creditNoteId: number };

/** Ten lines of 99,999,999,999.00 untaxed: 999,999,999,990.00 to credit, more than any generated amount takes at once. */
export async function creditNoteFuzzSetup(t: Tenant): Promise<CreditNoteFuzzCtx> {
  const customer = await makeCustomer(t.client);
  const items = Array.from({ length: 10 }, (_, i) => ({ description: `Line ${i}`, quantity: '1', rate: '99999999999' }));
  const invoice: Invoice = await makeInvoice(t.client, customer.id, { items, status: 'sent' });
  const note = await t.client.post('/api/credit-notes', {
    invoiceId: invoice.id,
    reason: 'Fuzz',
    resolution: 'reduce_balance',
    amount: '1.00',
  });
  if (note.status !== 201) throw new Error(`credit note failed: ${note.status} ${note.text}`);
  return { creditInvoiceId: invoice.id, creditLineId: invoice.items![0]!.id, creditNoteId: (note.json as CreditNote).id };
}

/** A generated credit note made to fit the tenant: its issued invoice, lines of it (or typed at its tax), no product. */
function fit(v: any, ctx: CreditNoteFuzzCtx) {
  if (!v || typeof v !== 'object') return v;
  const items = Array.isArray(v.items)
    ? v.items.map((it: any) =>
        it && typeof it === 'object'
          ? {
              ...it,
              invoiceItemId: typeof it.invoiceItemId === 'number' ? ctx.creditLineId : null,
              productId: null,
              taxRateId: null,
              taxRate: null,
            }
          : it,
      )
    : v.items;
  return { ...v, invoiceId: ctx.creditInvoiceId, ...(v.items !== undefined ? { items } : {}) };
}

/** The stored note beside what the contract made of the input. */
async function readNote(client: { get(p: string): Promise<{ json: any }> }, id: number, parsed: any) {
  const got = (await client.get(`/api/credit-notes/${id}`)).json as CreditNote;
  const line = (it: any) => [it.invoiceItemId ?? null, it.description, it.quantity, it.rate];
  return {
    actual: {
      invoiceId: got.invoiceId,
      reason: got.reason,
      resolution: got.resolution,
      ...(parsed.amount !== undefined ? { total: got.total } : { items: (got.items ?? []).map(line) }),
    },
    expected: {
      invoiceId: parsed.invoiceId,
      reason: parsed.reason,
      resolution: parsed.resolution,
      ...(parsed.amount !== undefined ? { total: parsed.amount } : { items: parsed.items.map(line) }),
    },
  };
}

/** A list answer of either paging mode: an array of at most 500 rows. */
const listAnswer = (json: unknown) =>
  !Array.isArray(json) ? ['a list answer that is not an array'] : json.length > 500 ? [`${json.length} rows`] : [];

export const creditNoteFuzzRoutes = <C extends CreditNoteFuzzCtx>(): Record<string, FuzzRoute<C>> => ({
  'POST /api/credit-notes': {
    fix: (v, ctx) => fit(v, ctx),
    readBack: ({ parsed, answer, client }) => readNote(client, answer.id, parsed),
  },
  'GET /api/credit-notes': { answer: listAnswer },
  // A download (XML or PDF), or a 422 naming what the format misses: no list, nothing to check in a 200's body here.
  'GET /api/credit-notes/:id/e-invoice': { path: (ctx) => `/api/credit-notes/${ctx.creditNoteId}/e-invoice`, answer: () => [] },
});
