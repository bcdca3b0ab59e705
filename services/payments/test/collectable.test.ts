import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_SUCCESS_CARD, type CreditNote, type Invoice, type PublicInvoice } from '@billpoint/proto';
import { HttpClient, waitFor } from '@billpoint/kit/testing';
import { startStack, type Stack } from '../../../gateway/test/support/stack.ts';
import { sentInvoice } from './support/flow.ts';

let stack: Stack;
beforeAll(async () => {
  stack = await startStack({ bus: 'nats' });
});
afterAll(() => stack?.close());

const anon = () => new HttpClient(stack.url);
const invoiceOf = async (c: HttpClient, id: number) => (await c.get(`/api/invoices/${id}`)).json as Invoice;
const intent = (token: string, amount: string) => anon().post('/api/create-payment-intent', { invoiceId: token, amount, currency: 'USD' });
const record = (c: HttpClient, invoiceId: number, amount: string) =>
  c.post('/api/payments', { invoiceId, amount, paymentMethod: 'bank_transfer' });

describe('payments are held to what the invoice may still collect (credit notes taken off)', () => {
  it('after a reduce_balance credit note: more than is left is refused on the pay page and as a recorded payment; exactly what is left is accepted', async () => {
    const c = stack.client();
    const { invoice, token } = await sentInvoice(c, { rate: '100.00' });
    const made = await c.post('/api/credit-notes', {
      invoiceId: invoice.id,
      reason: 'Discount agreed after sending',
      resolution: 'reduce_balance',
      amount: '30.00',
    });
    expect(made.status, made.text).toBe(201);
    expect((made.json as CreditNote).total).toBe('30.00');
    expect(await invoiceOf(c, invoice.id)).toMatchObject({ total: '100.00', balanceDue: '70.00' });

    // The pay page (demo): 70.01 is refused naming the amount and what is left; 20.00 goes through.
    const over = await intent(token, '70.01');
    expect([over.status, over.json.message]).toEqual([400, 'Amount cannot be more than the balance due (70.00 USD)']);
    const part = await intent(token, '20.00');
    expect(part.status, part.text).toBe(200);
    const confirmed = await anon().post('/api/confirm-payment', {
      invoiceId: token,
      paymentIntentId: part.json.paymentIntentId,
      cardNumber: DEMO_SUCCESS_CARD,
    });
    expect(confirmed.json).toMatchObject({
      success: true,
      invoice: { total: '100.00', amountPaid: '20.00', balanceDue: '50.00', paid: false },
    });

    // A recorded payment: 50.01 refused, nothing written; exactly 50.00 accepted and the invoice is paid.
    const refused = await record(c, invoice.id, '50.01');
    expect([refused.status, refused.json.message]).toEqual([400, 'Amount cannot be more than the balance due (50.00 USD)']);
    expect(((await c.get(`/api/payments?invoiceId=${invoice.id}`)).json as unknown[]).length).toBe(1);
    expect((await record(c, invoice.id, '50.00')).status).toBe(201);
    await waitFor(async () => (await invoiceOf(c, invoice.id)).status === 'paid');
    expect(await invoiceOf(c, invoice.id)).toMatchObject({ amountPaid: '70.00', balanceDue: '0.00' });
    expect((await anon().get(`/api/invoices/${token}/public`)).json as PublicInvoice).toMatchObject({
      total: '100.00',
      balanceDue: '0.00',
    });

    // Nothing is left: both ways are a 409, and the database holds the rule whoever writes (payments.invoice_totals).
    expect((await intent(token, '0.01')).status).toBe(409);
    expect((await record(c, invoice.id, '0.01')).status).toBe(409);
    const { rows } = await stack.db.query(`select total::text from payments.invoice_totals where invoice_id = $1`, [invoice.id]);
    expect(rows).toEqual([{ total: '70.00' }]);
  });
});
