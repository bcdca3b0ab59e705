/**
 * Metadata on billing's other documents through their own routes (a signed-in member, through the gateway): quotes
 * and recurring invoices take it on create and merge it on update; a credit note takes it when issued. Each reads it
 * back, and each list finds it by `metadata[key]=value` within the organization only.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HttpClient } from '@billpoint/kit/testing';
import type { CreditNote, Quote, RecurringInvoice } from '@billpoint/proto';
import { startStack, type Stack } from '../../../gateway/test/support/stack.ts';
import { makeCustomer, makeInvoice } from './support/factories.ts';
import { quoteBody } from './support/quotes.ts';
import { scheduleBody } from './support/recurring.ts';

let stack: Stack;
beforeAll(async () => {
  stack = await startStack();
});
afterAll(() => stack?.close());

const created = async <T>(r: Promise<{ status: number; text: string; json: unknown }>): Promise<T> => {
  const res = await r;
  expect(res.status, res.text).toBe(201);
  return res.json as T;
};
const ids = async (c: HttpClient, path: string) => {
  const res = await c.get(path);
  expect(res.status, res.text).toBe(200);
  return (res.json as { id: number }[]).map((x) => x.id);
};
const member = async () => {
  const c = stack.client();
  await c.register();
  return { c, customer: await makeCustomer(c) };
};

describe('metadata on quotes', () => {
  it('is written on create, read back, merged by PUT and PATCH, and filtered on the list', async () => {
    const { c, customer } = await member();
    const other = await member();
    const q = await created<Quote>(c.post('/api/quotes', quoteBody(customer.id, { quote: { metadata: { order_ref: 'A-17', x: '1' } } })));
    expect(q.metadata).toEqual({ order_ref: 'A-17', x: '1' });
    const plain = await created<Quote>(c.post('/api/quotes', quoteBody(customer.id)));
    expect(plain.metadata).toEqual({});
    await created<Quote>(other.c.post('/api/quotes', quoteBody(other.customer.id, { quote: { metadata: { order_ref: 'A-17' } } })));
    expect(((await c.get(`/api/quotes/${q.id}`)).json as Quote).metadata).toEqual({ order_ref: 'A-17', x: '1' });
    expect(await ids(c, '/api/quotes?metadata[order_ref]=A-17')).toEqual([q.id]);
    expect(await ids(c, '/api/quotes?pagination=cursor&metadata[order_ref]=A-17&metadata[x]=1')).toEqual([q.id]);

    const put = await c.put(`/api/quotes/${q.id}`, quoteBody(customer.id, { quote: { metadata: { x: '', y: '2' } } }));
    expect([put.status, (put.json as Quote).metadata]).toEqual([200, { order_ref: 'A-17', y: '2' }]);
    const kept = await c.put(`/api/quotes/${q.id}`, quoteBody(customer.id, { quote: { notes: 'Kept' } }));
    expect((kept.json as Quote).metadata).toEqual({ order_ref: 'A-17', y: '2' });
    const patched = await c.patch(`/api/quotes/${q.id}`, { metadata: { order_ref: 'A-18' } });
    expect([patched.status, (patched.json as Quote).metadata]).toEqual([200, { order_ref: 'A-18', y: '2' }]);
    expect(await ids(c, '/api/quotes?metadata[order_ref]=A-17')).toEqual([]);
    const bad = await c.patch(`/api/quotes/${q.id}`, { metadata: { y: 'x'.repeat(501) } });
    expect([bad.status, bad.json.issues?.[0]?.path]).toEqual([400, 'metadata.y']);
  });
});

describe('metadata on recurring invoices', () => {
  it('is written on create, read back, merged by PUT, and filtered on the list', async () => {
    const { c, customer } = await member();
    const other = await member();
    const s = await created<RecurringInvoice>(
      c.post('/api/recurring-invoices', scheduleBody(customer.id, { metadata: { plan_ref: 'P-1', seat: '3' } })),
    );
    expect(s.metadata).toEqual({ plan_ref: 'P-1', seat: '3' });
    const plain = await created<RecurringInvoice>(c.post('/api/recurring-invoices', scheduleBody(customer.id)));
    expect(plain.metadata).toEqual({});
    await created(other.c.post('/api/recurring-invoices', scheduleBody(other.customer.id, { metadata: { plan_ref: 'P-1' } })));
    expect(((await c.get(`/api/recurring-invoices/${s.id}`)).json as RecurringInvoice).metadata).toEqual({ plan_ref: 'P-1', seat: '3' });
    expect(await ids(c, '/api/recurring-invoices?metadata[plan_ref]=P-1')).toEqual([s.id]);

    const put = await c.put(`/api/recurring-invoices/${s.id}`, scheduleBody(customer.id, { metadata: { seat: '' } }));
    expect([put.status, (put.json as RecurringInvoice).metadata]).toEqual([200, { plan_ref: 'P-1' }]);
    const renamed = await c.put(`/api/recurring-invoices/${s.id}`, scheduleBody(customer.id, { name: 'Renamed' }));
    expect((renamed.json as RecurringInvoice).metadata).toEqual({ plan_ref: 'P-1' });
    const bad = await c.post('/api/recurring-invoices', scheduleBody(customer.id, { metadata: { ['k'.repeat(41)]: 'v' } }));
    expect(bad.status).toBe(400);
    expect(bad.json.issues?.[0]?.path).toBe(`metadata.${'k'.repeat(41)}`);
    const filter = await c.get(`/api/recurring-invoices?metadata[${'k'.repeat(41)}]=v`);
    expect([filter.status, filter.json.issues?.[0]?.path]).toEqual([400, `metadata[${'k'.repeat(41)}]`]);
  });
});

describe('metadata on credit notes', () => {
  it('is written when the credit note is issued, read back, and filtered on the list', async () => {
    const { c, customer } = await member();
    const other = await member();
    const inv = await makeInvoice(c, customer.id, { status: 'sent', items: [{ description: 'Work', quantity: '1', rate: '100.00' }] });
    const note = await created<CreditNote>(
      c.post('/api/credit-notes', {
        invoiceId: inv.id,
        reason: 'Correction',
        resolution: 'reduce_balance',
        amount: '10.00',
        metadata: { claim: 'C-9' },
      }),
    );
    expect(note.metadata).toEqual({ claim: 'C-9' });
    const plain = await created<CreditNote>(
      c.post('/api/credit-notes', { invoiceId: inv.id, reason: 'Again', resolution: 'reduce_balance', amount: '5.00' }),
    );
    expect(plain.metadata).toEqual({});
    const otherInv = await makeInvoice(other.c, other.customer.id, { status: 'sent' });
    await created(
      other.c.post('/api/credit-notes', {
        invoiceId: otherInv.id,
        reason: 'Theirs',
        resolution: 'reduce_balance',
        amount: '1.00',
        metadata: { claim: 'C-9' },
      }),
    );
    expect(((await c.get(`/api/credit-notes/${note.id}`)).json as CreditNote).metadata).toEqual({ claim: 'C-9' });
    expect(await ids(c, '/api/credit-notes?metadata[claim]=C-9')).toEqual([note.id]);
    expect(await ids(c, `/api/credit-notes?pagination=cursor&invoiceId=${inv.id}&metadata[claim]=C-9`)).toEqual([note.id]);
    const bad = await c.post('/api/credit-notes', {
      invoiceId: inv.id,
      reason: 'Bad',
      resolution: 'reduce_balance',
      amount: '1.00',
      metadata: Object.fromEntries(Array.from({ length: 51 }, (_, i) => [`k${i}`, 'v'])),
    });
    expect([bad.status, bad.json.issues?.[0]?.path]).toEqual([400, 'metadata']);
    expect(await ids(c, '/api/credit-notes')).toHaveLength(2); // the refused one wrote nothing
  });
});
