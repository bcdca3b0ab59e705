import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CustomersFindByEmailRpc, CustomersPortalUpdateRpc, type Customer } from '@billpoint/proto';
import { rpcCall } from '@billpoint/kit';
import { startStack, type Stack } from '../../../gateway/test/support/stack.ts';

let stack: Stack;
beforeAll(async () => {
  stack = await startStack();
});
afterAll(() => stack?.close());

const make = async (c: ReturnType<Stack['client']>, name: string, email: string) => {
  const res = await c.post('/api/customers', { name, email });
  expect(res.status, res.text).toBe(201);
  return res.json as Customer;
};

describe('the customer portal’s requests to the customers service', () => {
  it('finds a customer of that tenant by e-mail (any case, the earliest of several), never a deleted one or another tenant’s', async () => {
    const a = stack.client();
    const { organization } = await a.register();
    const b = stack.client();
    const other = await b.register();
    const first = await make(a, 'First Buyer', 'Buyer@Example.test');
    await make(a, 'Second Buyer', 'buyer@example.test');
    const gone = await make(a, 'Gone Buyer', 'gone@example.test');
    await make(b, 'Elsewhere', 'elsewhere@example.test');
    expect((await a.delete(`/api/customers/${gone.id}`)).status).toBe(204);
    const find = (tenantId: string, email: string) => rpcCall(stack.bus, CustomersFindByEmailRpc, { tenantId, email });

    expect(await find(organization.id, 'BUYER@example.TEST')).toEqual({ id: first.id, name: 'First Buyer', email: 'Buyer@Example.test' });
    expect(await find(organization.id, 'gone@example.test')).toBeNull();
    expect(await find(organization.id, 'elsewhere@example.test')).toBeNull();
    expect(await find(other.organization.id, 'buyer@example.test')).toBeNull();
    // `%` and `_` are no wildcards here.
    expect(await find(organization.id, 'b_yer@example.test')).toBeNull();
  });

  it('saves the customer’s own profile with customer.updated whose actor is portal:<id>; another tenant’s customer is not found', async () => {
    const a = stack.client();
    const { organization } = await a.register();
    const b = stack.client();
    const other = await b.register();
    const customer = await make(a, 'Old Name', 'me@example.test');
    const profile = {
      name: 'New Name',
      phone: '+1 555',
      company: null,
      address: null,
      street: 'Main St 1',
      postalCode: '10115',
      city: 'Berlin',
      country: 'DE',
      taxId: null,
    };
    const saved = await rpcCall(stack.bus, CustomersPortalUpdateRpc, { tenantId: organization.id, customerId: customer.id, profile });
    expect(saved).toMatchObject({ id: customer.id, name: 'New Name', email: 'me@example.test', city: 'Berlin', country: 'DE' });
    const { rows } = await stack.db.query<{ payload: { actorId: string } }>(
      `select payload from customers.outbox where tenant_id = $1 and subject = 'evt.customers.customer.updated'`,
      [organization.id],
    );
    expect(rows.map((r) => r.payload.actorId)).toEqual([`portal:${customer.id}`]);
    expect(
      await rpcCall(stack.bus, CustomersPortalUpdateRpc, { tenantId: other.organization.id, customerId: customer.id, profile }),
    ).toBeNull();
    expect(((await a.get(`/api/customers/${customer.id}`)).json as Customer).name).toBe('New Name');
  });
});
