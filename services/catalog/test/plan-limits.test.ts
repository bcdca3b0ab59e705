import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitFor } from '@billpoint/kit/testing';
import type { Product, UserSubscription } from '@billpoint/proto';
import { startStack, type Stack } from '../../../gateway/test/support/stack.ts';
import { choosePlan } from '../../payments/test/support/plans.ts';
import { makeProduct } from './support.ts';

let stack: Stack;
beforeAll(async () => {
  stack = await startStack();
});
afterAll(() => stack?.close());

const stored = async (tenantId: string) =>
  Number(
    (
      await stack.db.query<{ n: string }>(`select count(*) as n from catalog.products where tenant_id = $1 and deleted_at is null`, [
        tenantId,
      ])
    ).rows[0]!.n,
  );

describe('the plan’s product limit', () => {
  it('allows the 10th product on Starter, refuses the 11th with a 403 naming the limit and the plan; usage counts them', async () => {
    const c = stack.client();
    const { organization } = await c.register();
    await choosePlan(stack.db, c, organization.id, 'starter');
    const made: Product[] = [];
    for (let n = 1; n <= 10; n++) made.push(await makeProduct(c, { name: `Product ${n}` }));
    const eleventh = await c.post('/api/products', { name: 'Product 11', price: '1.00' });
    expect(eleventh.status).toBe(403);
    expect(eleventh.json).toEqual({
      statusCode: 403,
      error: 'Forbidden',
      message: 'Your Starter plan allows 10 products. Upgrade your plan to add more.',
      code: 'plan_limit_reached',
    });
    expect(await stored(organization.id)).toBe(10);
    await waitFor(async () => ((await c.get('/api/user-subscription')).json as UserSubscription).usage.productCount === 10);

    expect((await c.delete(`/api/products/${made[0]!.id}`)).status).toBe(204);
    expect((await c.post('/api/products', { name: 'Product 12', price: '1.00' })).status).toBe(201);
    await waitFor(async () => ((await c.get('/api/user-subscription')).json as UserSubscription).usage.productCount === 10);
  });
});
