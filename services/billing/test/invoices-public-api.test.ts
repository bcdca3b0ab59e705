import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Invoice } from '@billpoint/proto';
import { waitFor, type HttpClient } from '@billpoint/kit/testing';
import { startStack, type Stack } from '../../../gateway/test/support/stack.ts';
import { makeCustomer, makeInvoice } from './support/factories.ts';

let stack: Stack;
beforeAll(async () => {
  stack = await startStack({ bus: 'nats' });
});
afterAll(() => stack?.close());

const signedIn = async () => {
  const c = stack.client();
  await c.register();
  return c;
};
const getInvoice = async (c: HttpClient, id: number) => (await c.get(`/api/invoices/${id}`)).json as Invoice;
const ids = (r: { json: unknown }) => (r.json as Invoice[]).map((i) => i.id);
const issuePaths = (r: { json: any }) => ((r.json?.issues ?? []) as { path: string }[]).map((i) => i.path);

describe('PATCH /api/invoices/:id', () => {
  it('changes only the fields sent on a draft, keeps or replaces the lines, recomputes the totals', async () => {
    const c = await signedIn();
    const customer = await makeCustomer(c);
    const draft = await makeInvoice(c, customer.id, {
      invoice: { notes: 'Keep me', terms: 'Net 30', taxRate: '10' },
      items: [
        { description: 'Design', quantity: '2', rate: '50' },
        { description: 'Own rate', quantity: '1', rate: '10', taxRate: '0' },
      ],
    });
    expect(draft.total).toBe('120.00'); // 100 + 10, 10% on the first line only

    const r = await c.patch(`/api/invoices/${draft.id}`, { notes: 'Changed', taxRate: '20', discountAmount: '5' });
    expect(r.status, r.text).toBe(200);
    const after = await getInvoice(c, draft.id);
    expect(after).toMatchObject({ status: 'draft', notes: 'Changed', terms: 'Net 30', taxRate: '20.00', discountAmount: '5.00' });
    // The lines stay (same ids); the line at the invoice's percentage follows it, the one with its own keeps 0%.
    expect(after.items!.map((i) => [i.id, i.description, i.taxRate])).toEqual([
      [draft.items![0]!.id, 'Design', '20.00'],
      [draft.items![1]!.id, 'Own rate', '0.00'],
    ]);
    // The 5.00 discount shared by amount (4.55 and 0.45): 20 % of 95.45 = 19.09.
    expect(after).toMatchObject({ subtotal: '110.00', taxAmount: '19.09', total: '124.09' });

    const replaced = await c.patch(`/api/invoices/${draft.id}`, {
      discountAmount: '0',
      items: [{ description: 'Only line', quantity: '3', rate: '1.10' }],
    });
    expect(replaced.status, replaced.text).toBe(200);
    expect(replaced.json).toMatchObject({ notes: 'Changed', subtotal: '3.30', taxAmount: '0.66', total: '3.96' });
    expect((replaced.json as Invoice).items!.map((i) => i.description)).toEqual(['Only line']);
    expect((await c.patch(`/api/invoices/${draft.id}`, { notes: null })).json).toMatchObject({ notes: null, terms: 'Net 30' });
  });

  it('400 naming the field, 400 for an unknown field, 409 for a sent invoice, 404 for another tenant’s', async () => {
    const c = await signedIn();
    const customer = await makeCustomer(c);
    const draft = await makeInvoice(c, customer.id);
    const bad = await c.patch(`/api/invoices/${draft.id}`, { dueDate: 'soon' });
    expect(bad.status).toBe(400);
    expect(issuePaths(bad)).toContain('dueDate');
    const unknown = await c.patch(`/api/invoices/${draft.id}`, { status: 'paid' });
    expect(unknown.status).toBe(400);
    expect(JSON.stringify(unknown.json)).toContain('status');
    const badLine = await c.patch(`/api/invoices/${draft.id}`, { items: [{ description: '', quantity: '1', rate: '1' }] });
    expect(badLine.status).toBe(400);
    expect(issuePaths(badLine)).toContain('items.0.description');
    expect(await getInvoice(c, draft.id)).toEqual(draft);

    const sent = await makeInvoice(c, customer.id, { status: 'sent' });
    const refused = await c.patch(`/api/invoices/${sent.id}`, { notes: 'Sneaky' });
    expect(refused.status).toBe(409);
    expect(refused.json).toMatchObject({ code: 'resource_state_invalid' });
    expect(refused.json.message).toContain('only a draft can be edited');
    expect((await getInvoice(c, sent.id)).notes).toBe(sent.notes);

    const other = await signedIn();
    expect((await other.patch(`/api/invoices/${draft.id}`, { notes: 'Hijack' })).status).toBe(404);
    expect((await getInvoice(c, draft.id)).notes).toBe(draft.notes);
  });
});

describe('DELETE /api/invoices/:id?draftOnly=true and typed numbers', () => {
  it('refuses a sent invoice with or without draftOnly (409, kept); deletes a draft', async () => {
    const c = await signedIn();
    const customer = await makeCustomer(c);
    const sent = await makeInvoice(c, customer.id, { status: 'sent' });
    const refused = await c.delete(`/api/invoices/${sent.id}?draftOnly=true`);
    expect(refused.status).toBe(409);
    expect(refused.json).toMatchObject({ code: 'resource_state_invalid' });
    expect((await c.get(`/api/invoices/${sent.id}`)).status).toBe(200);
    expect((await c.delete(`/api/invoices/${sent.id}?draftOnly=maybe`)).status).toBe(400);
    expect((await c.get(`/api/invoices/${sent.id}`)).status).toBe(200);

    const draft = await makeInvoice(c, customer.id);
    const other = await signedIn();
    expect((await other.delete(`/api/invoices/${draft.id}?draftOnly=true`)).status).toBe(404);
    expect((await c.delete(`/api/invoices/${draft.id}?draftOnly=true`)).status).toBe(204);
    expect((await c.get(`/api/invoices/${draft.id}`)).status).toBe(404);
    const plain = await c.delete(`/api/invoices/${sent.id}`);
    expect(plain.json).toMatchObject({
      code: 'resource_state_invalid',
      message: 'An issued invoice cannot be deleted; cancel it or issue a credit note instead',
    });
    expect(plain.status).toBe(409);
    expect(await getInvoice(c, sent.id)).toMatchObject({ invoiceNumber: sent.invoiceNumber, status: 'sent' });
  });

  it('a typed number must be the next of the sequence: anything else, a used one included, is a 400 naming it', async () => {
    const c = await signedIn();
    const customer = await makeCustomer(c);
    const body = (invoiceNumber: string) => ({
      invoice: { customerId: customer.id, invoiceNumber, dueDate: '2030-01-01' },
      items: [{ description: 'X', quantity: '1', rate: '1' }],
    });
    const own = await c.post('/api/invoices', body('DUP-1'));
    expect(own.status).toBe(400);
    expect(own.json.message).toBe('Invoice number must be INV-0001, the next in the sequence');
    expect(issuePaths(own)).toEqual(['invoice.invoiceNumber']);
    const first = await makeInvoice(c, customer.id, { invoice: { invoiceNumber: 'INV-0001' }, status: 'sent' });
    expect(first.invoiceNumber).toBe('INV-0001');
    const again = await c.post('/api/invoices', body('INV-0001'));
    expect(again.status).toBe(400);
    expect(again.json.message).toBe('Invoice number must be INV-0002, the next in the sequence');
  });
});

describe('POST /api/invoices/:id/void', () => {
  it('voids a sent or overdue invoice without payments; refuses drafts, paid, cancelled and partly paid ones', async () => {
    const c = await signedIn();
    const customer = await makeCustomer(c);
    const sent = await makeInvoice(c, customer.id, { status: 'sent' });
    const voided = await c.post(`/api/invoices/${sent.id}/void`);
    expect(voided.status, voided.text).toBe(200);
    expect(voided.json).toMatchObject({ id: sent.id, status: 'cancelled' });
    expect((await getInvoice(c, sent.id)).status).toBe('cancelled');
    // No longer payable.
    expect((await c.post('/api/payments', { invoiceId: sent.id, amount: '1.00', paymentMethod: 'cash' })).status).toBe(400);
    const twice = await c.post(`/api/invoices/${sent.id}/void`);
    expect([twice.status, twice.json.code]).toEqual([409, 'resource_state_invalid']);
    // A cancelled invoice is not e-mailed again (the mail would ask for money): 409, and nothing recorded as sent.
    const before = await getInvoice(c, sent.id);
    const resend = await c.post(`/api/invoices/${sent.id}/send`);
    expect([resend.status, resend.json.code]).toEqual([409, 'resource_state_invalid']);
    expect(resend.json.message).toContain('cancelled');
    const after = await getInvoice(c, sent.id);
    expect([after.status, after.remindersSent, after.updatedAt]).toEqual([before.status, before.remindersSent, before.updatedAt]);

    const overdue = await makeInvoice(c, customer.id, { status: 'overdue' });
    expect((await c.post(`/api/invoices/${overdue.id}/void`)).json).toMatchObject({ status: 'cancelled' });

    const draft = await makeInvoice(c, customer.id);
    const d = await c.post(`/api/invoices/${draft.id}/void`);
    expect([d.status, d.json.code]).toEqual([409, 'resource_state_invalid']);
    expect(d.json.message).toContain('delete it instead');

    const partly = await makeInvoice(c, customer.id, { status: 'sent', items: [{ description: 'W', quantity: '1', rate: '100' }] });
    expect((await c.post('/api/payments', { invoiceId: partly.id, amount: '10.00', paymentMethod: 'cash' })).status).toBe(201);
    const p = await c.post(`/api/invoices/${partly.id}/void`);
    expect([p.status, p.json.code]).toEqual([409, 'resource_state_invalid']);
    expect(p.json.message).toContain('refund them');
    await waitFor(async () => (await getInvoice(c, partly.id)).amountPaid === '10.00');
    expect((await c.post(`/api/invoices/${partly.id}/void`)).status).toBe(409);
    expect((await getInvoice(c, partly.id)).status).toBe('sent');

    const paid = await makeInvoice(c, customer.id, { status: 'paid' });
    expect((await c.post(`/api/invoices/${paid.id}/void`)).status).toBe(409);

    const other = await signedIn();
    const mine = await makeInvoice(c, customer.id, { status: 'sent' });
    expect((await other.post(`/api/invoices/${mine.id}/void`)).status).toBe(404);
    expect((await getInvoice(c, mine.id)).status).toBe('sent');
  });
});

describe('GET /api/invoices filters and cursor paging', () => {
  it('filters by customer and creation time in offset and cursor mode, with search; cursor pages are stable under inserts', async () => {
    const c = await signedIn();
    const [ann, bob] = [await makeCustomer(c, { name: 'Ann Filter' }), await makeCustomer(c, { name: 'Bob Filter' })];
    const made: Invoice[] = [];
    for (let i = 0; i < 6; i++) made.push(await makeInvoice(c, (i % 2 ? bob : ann).id));
    const newestFirst = [...made].reverse().map((i) => i.id);
    const annIds = newestFirst.filter((id) => made.find((m) => m.id === id)!.customerId === ann.id);

    const all = await c.get('/api/invoices');
    expect(ids(all)).toEqual(newestFirst);
    expect(all.headers.get('x-total-count')).toBe('6');
    const ofAnn = await c.get(`/api/invoices?customerId=${ann.id}&limit=2`);
    expect(ids(ofAnn)).toEqual(annIds.slice(0, 2));
    expect(ofAnn.headers.get('x-total-count')).toBe('3');
    const from = made[2]!.createdAt;
    const to = made[4]!.createdAt;
    const window = await c.get(`/api/invoices?createdFrom=${encodeURIComponent(from)}&createdTo=${encodeURIComponent(to)}`);
    expect(ids(window)).toEqual([made[3]!.id, made[2]!.id]); // from inclusive, to exclusive
    expect(window.headers.get('x-total-count')).toBe('2');
    const searched = await c.get(`/api/invoices?search=ann%20filter&createdFrom=${encodeURIComponent(from)}`);
    expect(ids(searched)).toEqual([made[4]!.id, made[2]!.id]);
    expect((await c.get('/api/invoices?createdFrom=yesterday')).status).toBe(400);
    // The year 0000 is a valid ISO date-time but no Postgres year: before every invoice.
    expect(ids(await c.get('/api/invoices?createdFrom=0000-01-01T00:00:00Z'))).toEqual(newestFirst);
    expect(ids(await c.get('/api/invoices?pagination=cursor&createdTo=0000-06-01T00:00:00Z'))).toEqual([]);

    const p1 = await c.get('/api/invoices?pagination=cursor&limit=4');
    expect(ids(p1)).toEqual(newestFirst.slice(0, 4));
    expect(p1.headers.get('x-has-more')).toBe('true');
    expect(p1.headers.get('x-total-count')).toBeNull();
    const inserted = await makeInvoice(c, ann.id); // created while paging: on no later page
    const p2 = await c.get(`/api/invoices?pagination=cursor&limit=4&starting_after=${newestFirst[3]}`);
    expect(ids(p2)).toEqual(newestFirst.slice(4));
    expect(p2.headers.get('x-has-more')).toBe('false');
    const back = await c.get(`/api/invoices?pagination=cursor&limit=4&ending_before=${newestFirst[0]}`);
    expect(ids(back)).toEqual([inserted.id]);
    const annCursor = await c.get(`/api/invoices?pagination=cursor&limit=10&customerId=${ann.id}&search=ann`);
    expect(ids(annCursor)).toEqual([inserted.id, ...annIds]);
    const windowCursor = await c.get(
      `/api/invoices?pagination=cursor&createdFrom=${encodeURIComponent(from)}&createdTo=${encodeURIComponent(to)}`,
    );
    expect(ids(windowCursor)).toEqual([made[3]!.id, made[2]!.id]);

    const other = await signedIn();
    expect((await other.get(`/api/invoices?pagination=cursor&customerId=${ann.id}`)).json).toEqual([]);
    expect((await other.get(`/api/invoices?customerId=${ann.id}`)).headers.get('x-total-count')).toBe('0');
  });
});
