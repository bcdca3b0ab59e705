import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditLog } from '@billpoint/proto';
import { waitFor } from '@billpoint/kit/testing';
import { startStack, type Stack } from '../../../gateway/test/support/stack.ts';
import { makeCustomer } from '../../billing/test/support/factories.ts';
import { sentQuote } from '../../billing/test/support/quotes.ts';
import { makeWebhook, startReceiver } from './support.ts';

let stack: Stack;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
beforeAll(async () => {
  stack = await startStack();
  receiver = await startReceiver();
});
afterAll(async () => {
  await receiver?.close();
  await stack?.close();
});

describe('quote events', () => {
  it('become quote.* webhook deliveries for subscribed endpoints and audit log entries', async () => {
    const c = stack.client();
    await c.register();
    await makeWebhook(c, {
      url: `${receiver.url}/quotes`,
      events: ['quote.created', 'quote.sent', 'quote.accepted', 'quote.converted', 'quote.deleted'],
    });
    const cust = await makeCustomer(c);
    const q = await sentQuote(c, cust.id);
    expect((await stack.client().post(`/api/quotes/${q.publicToken}/accept`, { name: 'Buyer' })).status).toBe(200);
    expect((await c.post(`/api/quotes/${q.id}/convert`)).status).toBe(200);

    const types = ['quote.created', 'quote.sent', 'quote.accepted', 'quote.converted'];
    const got = await waitFor(() => {
      const bodies = receiver.received.map((r) => JSON.parse(r.body) as { type: string; data: { id: number; status: string } });
      return types.every((t) => bodies.some((b) => b.type === t)) ? bodies : null;
    });
    expect(got.find((b) => b.type === 'quote.accepted')!.data).toMatchObject({ id: q.id, status: 'accepted' });
    expect(got.find((b) => b.type === 'quote.converted')!.data).toMatchObject({ id: q.id, status: 'converted' });
    expect(got.some((b) => JSON.stringify(b).includes(q.publicToken!))).toBe(false);

    const trail = await waitFor(async () => {
      const l = (await c.get(`/api/audit-logs?entityType=quote&entityId=${q.id}`)).json as AuditLog[];
      return l.length >= 4 ? l : null;
    });
    expect(trail.map((a) => a.action)).toEqual(['converted', 'accepted', 'sent', 'created']);
    expect(trail[0]).toMatchObject({
      service: 'billing',
      entityType: 'quote',
      newValues: expect.objectContaining({ status: 'converted' }),
    });
  });
});
