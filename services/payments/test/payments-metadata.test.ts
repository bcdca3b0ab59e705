/**
 * Metadata on payments through their own routes: a payment recorded by hand takes the caller's keys, every read
 * answers them (`{}` for a payment taken by a processor), and the lists find them by `metadata[key]=value` within the
 * organization only. The processors' own notes on a payment (its row's internal metadata) never show.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Payment } from '@billpoint/proto';
import type { HttpClient } from '@billpoint/kit/testing';
import { startStack, type Stack } from '../../../gateway/test/support/stack.ts';
import { sentInvoice } from './support/flow.ts';

let stack: Stack;
beforeAll(async () => {
  stack = await startStack();
});
afterAll(() => stack?.close());

const record = (c: HttpClient, invoiceId: number, amount: string, metadata?: unknown) =>
  c.post('/api/payments', { invoiceId, amount, paymentMethod: 'bank_transfer', metadata });
const ids = async (c: HttpClient, path: string) => {
  const res = await c.get(path);
  expect(res.status, res.text).toBe(200);
  return (res.json as Payment[]).map((p) => p.id);
};

describe('metadata on payments', () => {
  it('is written when the payment is recorded, read back, and filtered on the lists of this organization only', async () => {
    const c = stack.client();
    const other = stack.client();
    const { invoice } = await sentInvoice(c, { rate: '100.00' });
    const { invoice: theirs } = await sentInvoice(other, { rate: '100.00' });
    const tagged = await record(c, invoice.id, '10.00', { remittance: 'R-1', bank: 'x' });
    expect(tagged.status, tagged.text).toBe(201);
    expect((tagged.json as Payment).metadata).toEqual({ remittance: 'R-1', bank: 'x' });
    const plain = await record(c, invoice.id, '5.00');
    expect((plain.json as Payment).metadata).toEqual({});
    expect((await record(other, theirs.id, '10.00', { remittance: 'R-1' })).status).toBe(201);
    const id = (tagged.json as Payment).id;

    expect(((await c.get(`/api/payments/${id}`)).json as Payment).metadata).toEqual({ remittance: 'R-1', bank: 'x' });
    expect(await ids(c, '/api/payments?metadata[remittance]=R-1')).toEqual([id]);
    expect(await ids(c, `/api/payments?invoiceId=${invoice.id}&metadata[remittance]=R-1&metadata[bank]=x`)).toEqual([id]);
    expect(await ids(c, '/api/payments?pagination=cursor&metadata[remittance]=R-1')).toEqual([id]);
    expect(await ids(c, '/api/payments?metadata[remittance]=R-2')).toEqual([]);
    expect((await ids(c, `/api/payments?invoiceId=${invoice.id}`)).length).toBe(2);

    const bad = await record(c, invoice.id, '1.00', { remittance: 'x'.repeat(501) });
    expect([bad.status, bad.json.issues?.[0]?.path]).toEqual([400, 'metadata.remittance']);
    expect((await ids(c, `/api/payments?invoiceId=${invoice.id}`)).length).toBe(2); // the refused one wrote nothing
    const filter = await c.get('/api/payments?metadata[]=x');
    expect([filter.status, filter.json.issues?.[0]?.path]).toEqual([400, 'metadata[]']);
  });
});
