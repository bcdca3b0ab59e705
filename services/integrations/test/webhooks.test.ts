import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Webhook as StandardWebhook } from 'standardwebhooks';
import type { AuditLog, Customer, Webhook, WebhookDelivery } from '@billpoint/proto';
import type { ServiceContext } from '@billpoint/kit';
import { waitFor } from '@billpoint/kit/testing';
import { startStack, type Stack } from '../../../gateway/test/support/stack.ts';
import { makeCustomer } from '../../billing/test/support/factories.ts';
import { createSender } from '../src/modules/webhook/webhook.sender.ts';
import { DeliveryWorker, RETRY_DELAYS_S } from '../src/modules/webhook/webhook.worker.ts';
import { makeWebhook, startReceiver } from './support.ts';

let stack: Stack;
const receivers: Awaited<ReturnType<typeof startReceiver>>[] = [];
beforeAll(async () => {
  stack = await startStack();
});
afterAll(async () => {
  for (const r of receivers) await r.close();
  await stack?.close();
});
const receiver = async (...a: Parameters<typeof startReceiver>) => {
  const r = await startReceiver(...a);
  receivers.push(r);
  return r;
};
const deliveriesOf = async (c: ReturnType<Stack['client']>, webhookId: number) =>
  (await c.get(`/api/integrations/webhooks/${webhookId}/deliveries`)).json as WebhookDelivery[];

describe('webhook endpoints', () => {
  it('follow the form rules: https:// prefixed, URL is required, at least one event, defaults 3 and 30; edit, rotate, delete', async () => {
    const c = stack.client();
    await c.register();
    const created = await makeWebhook(c, { url: 'hooks.example.com/in', events: ['invoice.paid', 'invoice.paid', 'customer.created'] });
    expect(created.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(created.webhook).toMatchObject({
      url: 'https://hooks.example.com/in',
      events: ['invoice.paid', 'customer.created'],
      isActive: true,
      retryAttempts: 3,
      timeoutSeconds: 30,
      headers: {},
      disabledAt: null,
    });
    expect(JSON.stringify((await c.get('/api/integrations/webhooks')).json)).not.toContain(created.secret);
    const issues = async (body: object) =>
      (await c.post('/api/integrations/webhooks', { name: 'n', url: 'x.example', events: ['invoice.paid'], ...body })).json.issues;
    expect(await issues({ url: '' })).toEqual([{ path: 'url', message: 'URL is required' }]);
    expect(await issues({ url: undefined })).toEqual([{ path: 'url', message: 'URL is required' }]);
    expect(await issues({ events: [] })).toEqual([{ path: 'events', message: 'At least one event must be selected' }]);
    expect((await issues({ events: ['invoice.archived'] }))[0].path).toBe('events.0');
    expect((await issues({ retryAttempts: 11 }))[0].path).toBe('retryAttempts');
    expect((await issues({ url: 'ftp://x.example' }))[0].path).toBe('url');
    expect((await issues({ headers: { 'webhook-signature': 'v1,forged' } }))[0].path).toBe('headers.webhook-signature');
    expect((await c.get('/api/integrations/webhooks')).json.webhooks).toHaveLength(1);

    const put = await c.put(`/api/integrations/webhooks/${created.webhook.id}`, {
      name: 'Renamed',
      url: 'http://hooks.example.com/v2',
      events: ['invoice.overdue'],
      retryAttempts: 10,
      timeoutSeconds: 5,
      headers: { 'X-Receiver-Token': 'abc' },
    });
    expect(put.json).toMatchObject({
      name: 'Renamed',
      url: 'http://hooks.example.com/v2',
      retryAttempts: 10,
      timeoutSeconds: 5,
      headers: { 'X-Receiver-Token': 'abc' },
    });
    const rotated = await c.post(`/api/integrations/webhooks/${created.webhook.id}/rotate-secret`);
    expect(rotated.json.secret).not.toBe(created.secret);
    expect(Date.parse(rotated.json.previousSecretExpiresAt) - Date.now()).toBeGreaterThan(23.9 * 3600_000);
    expect((await c.delete(`/api/integrations/webhooks/${created.webhook.id}`)).status).toBe(204);
    expect((await c.get('/api/integrations/webhooks')).json).toEqual({ webhooks: [] });
    expect(
      (await c.put(`/api/integrations/webhooks/${created.webhook.id}`, { name: 'x', url: 'x.example', events: ['invoice.paid'] })).status,
    ).toBe(404);
  });
});

describe('deliveries', () => {
  it('turns a customer update into one signed delivery per subscribed endpoint (standardwebhooks verifies it), and audits the change with ip and user agent', async () => {
    const c = stack.client();
    const me = await c.register();
    const r = await receiver();
    const hook = await makeWebhook(c, {
      url: `${r.url}/in`,
      events: ['customer.updated', 'customer.deleted'],
      headers: { 'X-Token': 't1' },
    });
    await makeWebhook(c, { url: `${r.url}/other`, events: ['invoice.paid'] }); // not subscribed
    const customer = await makeCustomer(c, { name: 'Ada Lovelace', email: 'ada@example.com' });
    const ua = 'AuditTest/1.0';
    const upd = await c.put(`/api/customers/${customer.id}`, { name: 'Ada King', email: 'ada@example.com' }, { 'user-agent': ua });
    expect(upd.status).toBe(200);

    await waitFor(() => r.received.length >= 1);
    const got = r.received[0]!;
    expect(got.url).toBe('/in');
    const payload = new StandardWebhook(hook.secret).verify(got.body, {
      'webhook-id': String(got.headers['webhook-id']),
      'webhook-timestamp': String(got.headers['webhook-timestamp']),
      'webhook-signature': String(got.headers['webhook-signature']),
    }) as { type: string; data: Customer };
    expect(payload.type).toBe('customer.updated');
    expect(payload.data).toMatchObject({ id: customer.id, name: 'Ada King' });
    expect(got.headers['x-token']).toBe('t1');
    expect(() => new StandardWebhook(`whsec_${Buffer.alloc(32, 1).toString('base64')}`).verify(got.body, got.headers as never)).toThrow();
    const [d] = await waitFor(async () => {
      const l = await deliveriesOf(c, hook.webhook.id);
      return l[0]?.status === 'success' ? l : null;
    });
    expect(d).toMatchObject({
      eventType: 'customer.updated',
      attempts: 1,
      responseStatus: 200,
      responseBody: 'ok',
      messageId: got.headers['webhook-id'],
    });

    const trail = await waitFor(async () => {
      const l = (await c.get(`/api/audit-logs?entityType=customer&entityId=${customer.id}`)).json as AuditLog[];
      return l.length >= 2 ? l : null;
    });
    expect(trail.map((a) => a.action)).toEqual(['updated', 'created']);
    expect(trail[0]).toMatchObject({
      service: 'customers',
      userId: me.id,
      userAgent: ua,
      ipAddress: expect.stringMatching(/127\.0\.0\.1/),
      oldValues: expect.objectContaining({ name: 'Ada Lovelace' }),
      newValues: expect.objectContaining({ name: 'Ada King' }),
    });
    expect((await c.get(`/api/audit-logs?actorId=${me.id}&action=updated`)).json.map((a: AuditLog) => a.entityId)).toContain(
      String(customer.id),
    );
    expect((await c.get('/api/audit-logs?from=2999-01-01')).json).toEqual([]);
    expect((await c.get('/api/audit-logs?from=2020-01-02&to=2020-01-01')).status).toBe(400);
  });

  it('after a rotation signs with both secrets for a day: receivers on either verify', async () => {
    const c = stack.client();
    await c.register();
    const r = await receiver();
    const hook = await makeWebhook(c, { url: r.url, events: ['customer.created'] });
    const rotated = (await c.post(`/api/integrations/webhooks/${hook.webhook.id}/rotate-secret`)).json as { secret: string };
    const sent = (await c.post(`/api/integrations/webhooks/${hook.webhook.id}/test`)).json as WebhookDelivery;
    expect(sent).toMatchObject({ status: 'success', eventType: 'webhook.test', attempts: 1 });
    const got = r.received.at(-1)!;
    expect(String(got.headers['webhook-signature']).split(' ')).toHaveLength(2);
    for (const secret of [hook.secret, rotated.secret])
      expect(new StandardWebhook(secret).verify(got.body, got.headers as never)).toMatchObject({ type: 'webhook.test' });
  });

  it('retries a failing receiver with exponential backoff and jitter under an injected clock, until it succeeds; a 500 is retried, a redirect is not followed', async () => {
    const c = stack.client();
    const me = await c.register();
    // Fails twice (500, then a redirect), then succeeds.
    const r = await receiver((_req, n, res) => {
      if (n === 1) res.writeHead(500).end('boom '.repeat(1000));
      else if (n === 2) res.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data' }).end();
      else res.end('fine');
    });
    const hook = await makeWebhook(c, { url: r.url, events: ['customer.created'], retryAttempts: 3, isActive: false });
    // Deliveries made while active; the stack's own worker is kept out by switching on only under our clock's worker.
    let now = new Date('2030-01-01T00:00:00Z');
    const ctx = stack.services.integrations!.ctx as ServiceContext;
    const sender = createSender({ allowPrivate: true });
    const worker = new DeliveryWorker(ctx, sender, { now: () => now, random: () => 0.5 });
    await ctx.tx({ tenantId: me.organization.id }, (em) =>
      em.execute(
        `insert into integrations.webhook_deliveries (tenant_id, webhook_id, message_id, event_type, event_data, next_retry_at)
         values (?, ?, 'msg_retrytest', 'customer.created', '{"type":"customer.created","timestamp":"t","data":{"id":1}}', ?)`,
        [me.organization.id, hook.webhook.id, now],
      ),
    );
    await ctx.tx({ tenantId: me.organization.id }, (em) =>
      em.execute(`update integrations.webhooks set is_active = true where id = ?`, [hook.webhook.id]),
    );
    const state = async () => (await deliveriesOf(c, hook.webhook.id))[0]!;

    expect(await worker.runOnce()).toBeGreaterThanOrEqual(1);
    let d = await state();
    expect(d).toMatchObject({ status: 'retrying', attempts: 1, responseStatus: 500, errorMessage: 'The endpoint answered 500' });
    expect(d.responseBody).toHaveLength(2048);
    expect(Date.parse(d.nextRetryAt!) - now.getTime()).toBe(RETRY_DELAYS_S[0]! * 1000); // jitter 0.5 → the middle
    // Not due yet: nothing sent.
    now = new Date(now.getTime() + 29_000);
    await worker.runOnce();
    expect(r.received).toHaveLength(1);
    now = new Date(Date.parse(d.nextRetryAt!));
    await worker.runOnce();
    d = await state();
    expect(d).toMatchObject({ status: 'retrying', attempts: 2, responseStatus: 302 });
    expect(d.errorMessage).toContain('not followed');
    expect(Date.parse(d.nextRetryAt!) - now.getTime()).toBe(RETRY_DELAYS_S[1]! * 1000);
    now = new Date(Date.parse(d.nextRetryAt!));
    await worker.runOnce();
    d = await state();
    expect(d).toMatchObject({ status: 'success', attempts: 3, responseStatus: 200, responseBody: 'fine', nextRetryAt: null });
    expect(r.received).toHaveLength(3);
    expect(new Set(r.received.map((x) => x.headers['webhook-id']))).toEqual(new Set(['msg_retrytest']));
    const w = (await c.get('/api/integrations/webhooks')).json.webhooks[0] as Webhook;
    expect(w.failingSince).toBeNull();
    sender.close();
  });

  it('gives up after retryAttempts, times out a hanging receiver, and disables an endpoint failing for 3 days', async () => {
    const c = stack.client();
    const me = await c.register();
    const hanging = await receiver(() => {}); // never answers
    const hook = await makeWebhook(c, {
      url: hanging.url,
      events: ['customer.created'],
      retryAttempts: 1,
      timeoutSeconds: 1,
      isActive: false,
    });
    let now = new Date('2030-02-01T00:00:00Z');
    const ctx = stack.services.integrations!.ctx as ServiceContext;
    const sender = createSender({ allowPrivate: true });
    const worker = new DeliveryWorker(ctx, sender, { now: () => now, random: () => 0 });
    const add = (msg: string) =>
      ctx.tx({ tenantId: me.organization.id }, (em) =>
        em.execute(
          `insert into integrations.webhook_deliveries (tenant_id, webhook_id, message_id, event_type, event_data, next_retry_at)
           values (?, ?, ?, 'customer.created', '{"type":"customer.created","timestamp":"t","data":{}}', ?)`,
          [me.organization.id, hook.webhook.id, msg, now],
        ),
      );
    await add('msg_hang1');
    await ctx.tx({ tenantId: me.organization.id }, (em) =>
      em.execute(`update integrations.webhooks set is_active = true where id = ?`, [hook.webhook.id]),
    );
    const started = Date.now();
    await worker.runOnce();
    expect(Date.now() - started).toBeLessThan(5000);
    let [d] = await deliveriesOf(c, hook.webhook.id);
    expect(d).toMatchObject({ status: 'retrying', attempts: 1, responseStatus: null, errorMessage: 'Timed out after 1 s' });
    expect(Date.parse(d!.nextRetryAt!) - now.getTime()).toBe(RETRY_DELAYS_S[0]! * 800); // jitter 0 → −20 %
    now = new Date(now.getTime() + 3600_000);
    await worker.runOnce();
    [d] = await deliveriesOf(c, hook.webhook.id);
    expect(d).toMatchObject({ status: 'failed', attempts: 2, nextRetryAt: null });
    expect((await c.get('/api/integrations/webhooks')).json.webhooks[0].failingSince).toBe('2030-02-01T00:00:00.000Z');

    // Three days later it still fails: switched off, and the list says why.
    now = new Date(Date.parse('2030-02-04T00:00:01Z'));
    await add('msg_hang2');
    await worker.runOnce();
    const w = (await c.get('/api/integrations/webhooks')).json.webhooks[0] as Webhook;
    expect(w).toMatchObject({ isActive: false, disabledAt: '2030-02-04T00:00:01.000Z' });
    expect(w.disabledReason).toContain('3 days');
    // A manual retry of a failed delivery on a disabled endpoint says so, sending nothing.
    const before = hanging.received.length;
    const retried = await c.post(`/api/integrations/webhooks/deliveries/${d!.id}/retry`);
    expect(retried.json).toMatchObject({ status: 'failed', errorMessage: 'The endpoint is inactive or deleted' });
    expect(hanging.received.length).toBe(before);
    sender.close();
  });
});
