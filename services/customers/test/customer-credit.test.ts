import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CustomerCreditEvents, type Customer, type CustomerCreditChangedData } from '@billpoint/proto';
import { waitFor } from '@billpoint/kit/testing';
import { startStack, type Stack } from '../../../gateway/test/support/stack.ts';
import { makeInvoice } from '../../billing/test/support/factories.ts';

let stack: Stack;
beforeAll(async () => {
  stack = await startStack({ bus: 'nats' });
});
afterAll(() => stack?.close());

/** Billing's announcement of a customer's credit, as its outbox relay publishes it; resolves once the consumer committed it. */
async function announce(tenantId: string, data: CustomerCreditChangedData, id = randomUUID()) {
  const envelope = { id, type: CustomerCreditEvents.Changed, occurredAt: new Date().toISOString(), tenantId, actorId: null, data };
  await stack.bus.publish(CustomerCreditEvents.Changed, envelope, { msgId: `${id}-${randomUUID()}`, headers: { 'bp-tenant': tenantId } });
  await waitFor(
    async () =>
      (await stack.db.query(`select 1 from customers.processed_messages where consumer = 'customers-credit' and message_id = $1`, [id]))
        .rowCount,
  );
  return id;
}

describe("the customer's credit balance", () => {
  it('keeps the balance with the highest seq per currency (redelivered and late changes ignored); shown on the customer and in lists', async () => {
    const c = stack.client();
    const { organization } = await c.register();
    const t = organization.id;
    const made = await c.post('/api/customers', { name: 'Credit Co', email: 'credit@example.test', currency: 'EUR' });
    expect(made.status, made.text).toBe(201);
    const customer = made.json as Customer;
    const one = async () => (await c.get(`/api/customers/${customer.id}`)).json as Customer;
    expect(await one()).toMatchObject({ creditBalance: '0.00', creditBalances: [] });

    const first = await announce(t, { customerId: customer.id, currency: 'EUR', balance: '55.00', seq: 1 });
    expect(await one()).toMatchObject({ creditBalance: '55.00', creditBalances: [{ currency: 'EUR', amount: '55.00' }] });
    // Applied to the next invoice (seq 3) before a credit in USD (seq 2) arrives; then seq 1 again (redelivered, and re-sent).
    await announce(t, { customerId: customer.id, currency: 'EUR', balance: '20.00', seq: 3 });
    await announce(t, { customerId: customer.id, currency: 'USD', balance: '12.50', seq: 2 });
    await announce(t, { customerId: customer.id, currency: 'EUR', balance: '55.00', seq: 1 }, first);
    await announce(t, { customerId: customer.id, currency: 'EUR', balance: '55.00', seq: 1 });
    expect(await one()).toMatchObject({
      creditBalance: '20.00',
      creditBalances: [
        { currency: 'EUR', amount: '20.00' },
        { currency: 'USD', amount: '12.50' },
      ],
    });
    const listed = ((await c.get('/api/customers')).json as Customer[]).find((x) => x.id === customer.id);
    expect(listed).toMatchObject({ creditBalance: '20.00', creditBalances: [{ currency: 'EUR' }, { currency: 'USD' }] });
    const page = (await c.get('/api/customers?pagination=cursor')).json as Customer[];
    expect(page.find((x) => x.id === customer.id)).toMatchObject({ creditBalance: '20.00' });

    // Used up in EUR: no longer listed among the balances, its own currency's balance is 0.00.
    await announce(t, { customerId: customer.id, currency: 'EUR', balance: '0.00', seq: 4 });
    expect(await one()).toMatchObject({ creditBalance: '0.00', creditBalances: [{ currency: 'USD', amount: '12.50' }] });

    // Another tenant's event for the same customer id changes nothing here.
    await announce(randomUUID(), { customerId: customer.id, currency: 'USD', balance: '999.00', seq: 9 });
    expect((await one()).creditBalances).toEqual([{ currency: 'USD', amount: '12.50' }]);
  });

  it('end to end: a credit note that becomes customer credit shows on the customer, and is used up by its next issued invoice', async () => {
    const c = stack.client();
    await c.register();
    const customer = (await c.post('/api/customers', { name: 'Repeat Buyer', email: 'repeat@example.test' })).json as Customer;
    const one = async () => (await c.get(`/api/customers/${customer.id}`)).json as Customer;
    const items = [{ description: 'Work', quantity: '1', rate: '100.00' }];
    const first = await makeInvoice(c, customer.id, { items, status: 'sent' });
    expect((await c.post('/api/payments', { invoiceId: first.id, amount: '100.00', paymentMethod: 'cash' })).status).toBe(201);
    await waitFor(async () => ((await c.get(`/api/invoices/${first.id}`)).json as { status: string }).status === 'paid');
    const made = await c.post('/api/credit-notes', { invoiceId: first.id, reason: 'Goodwill', resolution: 'credit', amount: '40.00' });
    expect(made.status, made.text).toBe(201);
    await waitFor(async () => (await one()).creditBalance === '40.00');
    expect((await one()).creditBalances).toEqual([{ currency: 'USD', amount: '40.00' }]);

    // The next invoice of 100.00 is issued: 40.00 of credit applied, none left.
    await makeInvoice(c, customer.id, { items, status: 'sent' });
    await waitFor(async () => (await one()).creditBalance === '0.00');
    expect((await one()).creditBalances).toEqual([]);
  });
});
