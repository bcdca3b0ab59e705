/**
 * The webhook routes the public API forwards to: one endpoint, PATCH, cursor pages of endpoints and of
 * deliveries, the test send's answer, and reads guarded by webhooks.read apart from writes (webhooks.manage).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HAS_MORE_HEADER, INTERNAL_TOKEN_HEADER, Webhook, WebhookDelivery } from '@billpoint/proto';
import { createInternalTokenSigner, type ServiceContext } from '@billpoint/kit';
import { TEST_TOKEN_KEY } from '@billpoint/kit/testing';
import { startStack, type Stack } from '../../../gateway/test/support/stack.ts';
import { createSender } from '../src/modules/webhook/webhook.sender.ts';
import { WebhookService } from '../src/modules/webhook/webhook.service.ts';
import { DeliveryWorker } from '../src/modules/webhook/webhook.worker.ts';
import { makeWebhook, startReceiver } from './support.ts';

let stack: Stack;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
beforeAll(async () => {
  stack = await startStack();
  // Answers 200 to a request whose path ends in /ok, 500 to any other.
  receiver = await startReceiver((r, _n, res) => void (r.url.endsWith('/ok') ? res.end('ok') : res.writeHead(500).end('no')));
});
afterAll(async () => {
  await receiver?.close();
  await stack?.close();
});

type Client = ReturnType<Stack['client']>;
const paths = (res: { json: { issues?: { path: string }[] } }) => (res.json.issues ?? []).map((i) => i.path);
const cursorList = async (c: Client, url: string) => {
  const res = await c.get(url);
  expect(res.status, res.text).toBe(200);
  expect(Array.isArray(res.json), res.text).toBe(true);
  return { ids: (res.json as { id: number }[]).map((x) => x.id), hasMore: res.headers.get(HAS_MORE_HEADER), json: res.json as unknown[] };
};

describe('GET /api/integrations/webhooks/:id', () => {
  it('answers one endpoint as a Webhook (never its secret); another tenant’s or a deleted one is a 404', async () => {
    const c = stack.client();
    await c.register();
    const made = await makeWebhook(c, { name: 'One', headers: { 'X-Token': 't' } });
    const res = await c.get(`/api/integrations/webhooks/${made.webhook.id}`);
    expect(res.status).toBe(200);
    expect(Webhook.strict().parse(res.json)).toEqual(made.webhook);
    expect(res.text).not.toContain(made.secret);

    const other = stack.client();
    await other.register();
    expect((await other.get(`/api/integrations/webhooks/${made.webhook.id}`)).status).toBe(404);
    expect(paths(await c.get('/api/integrations/webhooks/abc'))).toEqual(['id']);
    expect((await c.delete(`/api/integrations/webhooks/${made.webhook.id}`)).status).toBe(204);
    expect((await c.get(`/api/integrations/webhooks/${made.webhook.id}`)).status).toBe(404);
  });
});

describe('PATCH /api/integrations/webhooks/:id', () => {
  it('changes only the fields sent, with PUT’s rules (https:// added, events deduplicated, headers sorted)', async () => {
    const c = stack.client();
    await c.register();
    const { webhook } = await makeWebhook(c, {
      name: 'Before',
      events: ['invoice.paid', 'customer.created'],
      retryAttempts: 5,
      headers: { 'X-Token': 'a' },
    });
    const res = await c.patch(`/api/integrations/webhooks/${webhook.id}`, { name: 'After', url: 'hooks.example.com/v2' });
    expect(res.status, res.text).toBe(200);
    const { updatedAt: _u, ...rest } = webhook;
    expect(res.json).toMatchObject({ ...rest, name: 'After', url: 'https://hooks.example.com/v2' });
    expect((await c.get(`/api/integrations/webhooks/${webhook.id}`)).json).toEqual(res.json);

    const more = await c.patch(`/api/integrations/webhooks/${webhook.id}`, {
      events: ['invoice.overdue', 'invoice.overdue'],
      headers: { 'X-Z': 'z', 'X-A': 'a' },
    });
    expect(more.json).toMatchObject({
      name: 'After',
      retryAttempts: 5,
      events: ['invoice.overdue'],
      headers: { 'X-A': 'a', 'X-Z': 'z' },
    });
    expect(Object.keys(more.json.headers)).toEqual(['X-A', 'X-Z']);
    expect((await c.patch(`/api/integrations/webhooks/${webhook.id}`, {})).json).toEqual(more.json);
  });

  it('refuses bad and unknown fields naming them and writes nothing; another tenant’s id is a 404', async () => {
    const c = stack.client();
    await c.register();
    const { webhook } = await makeWebhook(c, { name: 'Strict' });
    const cases: [object, string][] = [
      [{ url: '' }, 'url'],
      [{ url: 'ftp://x.example' }, 'url'],
      [{ url: 'https://user:pw@x.example' }, 'url'],
      [{ events: [] }, 'events'],
      [{ events: ['invoice.archived'] }, 'events.0'],
      [{ retryAttempts: 11 }, 'retryAttempts'],
      [{ timeoutSeconds: 0 }, 'timeoutSeconds'],
      [{ isActive: 'yes' }, 'isActive'],
      [{ headers: { 'webhook-signature': 'v1,forged' } }, 'headers.webhook-signature'],
      [{ name: 'Fine', secret: 'mine' }, 'secret'],
    ];
    for (const [body, field] of cases) {
      const res = await c.patch(`/api/integrations/webhooks/${webhook.id}`, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(paths(res)).toContain(field);
    }
    expect((await c.get(`/api/integrations/webhooks/${webhook.id}`)).json).toEqual(webhook);

    const other = stack.client();
    await other.register();
    expect((await other.patch(`/api/integrations/webhooks/${webhook.id}`, { url: 'https://attacker.example' })).status).toBe(404);
    expect((await other.patch(`/api/integrations/webhooks/${webhook.id}`, {})).status).toBe(404);
    expect((await c.get(`/api/integrations/webhooks/${webhook.id}`)).json).toEqual(webhook);
  });

  it('refuses a private address as PUT does (without WEBHOOK_ALLOW_PRIVATE), and switching on clears a 3-day disable', async () => {
    const c = stack.client();
    const me = await c.register();
    const { webhook } = await makeWebhook(c, { name: 'Guarded' });
    const ctx = stack.services.integrations!.ctx as ServiceContext;
    const sender = createSender({ allowPrivate: false });
    const guarded = new WebhookService(ctx, new DeliveryWorker(ctx, sender), { allowPrivate: false });
    const identity = { tenantId: me.organization.id, userId: me.id, role: 'admin' as const, scopes: [] };
    await expect(guarded.patch(identity, webhook.id, { url: 'http://169.254.169.254/latest' })).rejects.toMatchObject({
      statusCode: 400,
      issues: [{ path: 'url', message: 'URL must be a public address: 169.254.169.254 is a linkLocal address' }],
    });
    expect((await guarded.patch(identity, webhook.id, { name: 'Still guarded' })).name).toBe('Still guarded');
    sender.close();

    // Switched off by 3 days of failures: a PATCH that does not send isActive leaves it so; isActive true clears it.
    await ctx.tx({ tenantId: me.organization.id }, (em) =>
      em.execute(
        `update integrations.webhooks set is_active = false, disabled_at = now(), disabled_reason = 'failing for 3 days', failing_since = now()
          where id = ?`,
        [webhook.id],
      ),
    );
    const renamed = await c.patch(`/api/integrations/webhooks/${webhook.id}`, { name: 'Renamed' });
    expect(renamed.json).toMatchObject({ name: 'Renamed', isActive: false, disabledReason: 'failing for 3 days' });
    const on = await c.patch(`/api/integrations/webhooks/${webhook.id}`, { isActive: true });
    expect(on.json).toMatchObject({ name: 'Renamed', isActive: true, disabledAt: null, disabledReason: null, failingSince: null });
  });
});

describe('GET /api/integrations/webhooks?pagination=cursor', () => {
  it('answers a plain array of Webhook and x-has-more, walks every endpoint once; without it the { webhooks } list', async () => {
    const c = stack.client();
    await c.register();
    const made: number[] = [];
    for (let n = 1; n <= 5; n++) made.push((await makeWebhook(c, { name: `Walker ${n}` })).webhook.id);
    const newestFirst = [...made].reverse();

    const first = await cursorList(c, '/api/integrations/webhooks?pagination=cursor&limit=2');
    expect([first.ids, first.hasMore]).toEqual([newestFirst.slice(0, 2), 'true']);
    for (const w of first.json) Webhook.strict().parse(w);
    const late = (await makeWebhook(c, { name: 'Late' })).webhook.id;
    const second = await cursorList(c, `/api/integrations/webhooks?pagination=cursor&limit=2&starting_after=${first.ids.at(-1)}`);
    const third = await cursorList(c, `/api/integrations/webhooks?pagination=cursor&limit=2&starting_after=${second.ids.at(-1)}`);
    expect([...first.ids, ...second.ids, ...third.ids]).toEqual(newestFirst);
    expect([second.hasMore, third.hasMore]).toEqual(['true', 'false']);
    const back = await cursorList(c, `/api/integrations/webhooks?pagination=cursor&ending_before=${newestFirst[1]}`);
    expect([back.ids, back.hasMore]).toEqual([[late, newestFirst[0]], 'false']);
    expect((await cursorList(c, '/api/integrations/webhooks?pagination=cursor')).ids).toEqual([late, ...newestFirst]);

    const plain = await c.get('/api/integrations/webhooks?limit=1');
    expect(plain.json.webhooks.map((w: Webhook) => w.id)).toEqual([late, ...newestFirst]);
    expect(plain.headers.get(HAS_MORE_HEADER)).toBeNull();

    const both = await c.get(`/api/integrations/webhooks?pagination=cursor&starting_after=${late}&ending_before=${made[0]}`);
    expect([both.status, paths(both)]).toEqual([400, ['ending_before']]);
    expect(paths(await c.get('/api/integrations/webhooks?pagination=cursor&limit=101'))).toEqual(['limit']);
    const other = stack.client();
    await other.register();
    expect(await cursorList(other, '/api/integrations/webhooks?pagination=cursor')).toMatchObject({ ids: [], hasMore: 'false' });
  });
});

describe('deliveries', () => {
  it('POST …/test answers a WebhookDelivery; …/deliveries?pagination=cursor pages them by id, filtered by status', async () => {
    const c = stack.client();
    await c.register();
    const ok = (await makeWebhook(c, { url: `${receiver.url}/ok`, retryAttempts: 0 })).webhook;
    const failing = (await makeWebhook(c, { url: `${receiver.url}/fail`, retryAttempts: 0 })).webhook;
    const sent: WebhookDelivery[] = [];
    for (const hook of [ok, failing, ok, failing, ok]) {
      const res = await c.post(`/api/integrations/webhooks/${hook.id}/test`);
      expect(res.status).toBe(200);
      sent.push(WebhookDelivery.strict().parse(res.json));
    }
    expect(sent.map((d) => d.status)).toEqual(['success', 'failed', 'success', 'failed', 'success']);
    const okIds = sent.filter((d) => d.webhookId === ok.id).map((d) => d.id);

    const url = (hook: number, q: string) => `/api/integrations/webhooks/${hook}/deliveries?pagination=cursor&${q}`;
    const first = await cursorList(c, url(ok.id, 'limit=2'));
    expect([first.ids, first.hasMore]).toEqual([[okIds[2], okIds[1]], 'true']);
    for (const d of first.json) WebhookDelivery.strict().parse(d);
    await c.post(`/api/integrations/webhooks/${ok.id}/test`); // a newer one: not on a later page
    const second = await cursorList(c, url(ok.id, `limit=2&starting_after=${first.ids.at(-1)}`));
    expect([second.ids, second.hasMore]).toEqual([[okIds[0]], 'false']);

    const failed = await cursorList(c, url(failing.id, 'status=failed'));
    expect(failed.ids).toEqual(
      sent
        .filter((d) => d.webhookId === failing.id)
        .map((d) => d.id)
        .reverse(),
    );
    expect((await cursorList(c, url(failing.id, 'status=success'))).ids).toEqual([]);
    const both = await c.get(url(ok.id, `starting_after=${okIds[2]}&ending_before=${okIds[0]}`));
    expect([both.status, paths(both)]).toEqual([400, ['ending_before']]);
    expect(paths(await c.get(url(ok.id, 'status=lost')))).toEqual(['status']);

    // Offset paging as before: the total in x-total-count.
    const offset = await c.get(`/api/integrations/webhooks/${ok.id}/deliveries?limit=1`);
    expect([offset.headers.get('x-total-count'), offset.json.length]).toEqual(['4', 1]);

    const other = stack.client();
    await other.register();
    expect((await other.get(url(ok.id, ''))).status).toBe(404);
  });
});

describe('permissions', () => {
  it('lets a key with webhooks:read read endpoints and deliveries but not change them (scope_missing)', async () => {
    const c = stack.client();
    const me = await c.register();
    const { webhook } = await makeWebhook(c);
    const app = stack.services.integrations!.app;
    const sign = createInternalTokenSigner(TEST_TOKEN_KEY);
    const as = (scopes: string[]) => ({
      [INTERNAL_TOKEN_HEADER]: sign({ tenantId: me.organization.id, userId: 'api-key:1', role: 'admin', scopes }),
    });
    for (const url of [
      '/api/integrations/webhooks',
      '/api/integrations/webhooks?pagination=cursor',
      `/api/integrations/webhooks/${webhook.id}`,
      `/api/integrations/webhooks/${webhook.id}/deliveries?pagination=cursor`,
    ])
      expect([url, (await app.inject({ method: 'GET', url, headers: as(['webhooks:read']) })).statusCode]).toEqual([url, 200]);
    const patch = (scopes: string[]) =>
      app.inject({ method: 'PATCH', url: `/api/integrations/webhooks/${webhook.id}`, headers: as(scopes), payload: { name: 'x' } });
    const refused = await patch(['webhooks:read']);
    expect([refused.statusCode, refused.json().code, refused.json().permission]).toEqual([403, 'scope_missing', 'webhooks.manage']);
    expect((await patch(['webhooks:write'])).statusCode).toBe(200);
    const unscoped = await app.inject({ method: 'GET', url: `/api/integrations/webhooks/${webhook.id}`, headers: as(['customers:read']) });
    expect([unscoped.statusCode, unscoped.json().permission]).toEqual([403, 'webhooks.read']);
  });
});
