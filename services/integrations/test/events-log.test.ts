/**
 * The events log (GET /api/v1/events): every change a webhook reports is kept, with the id its webhook payload
 * carries, so a receiver that missed deliveries catches up by paging it; per organization only, 30 days.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { Webhook as StandardWebhook } from 'standardwebhooks';
import { ApiEvent, EVENT_RETENTION_DAYS, type EventEnvelope, type WebhookDelivery } from '@billpoint/proto';
import type { ServiceContext } from '@billpoint/kit';
import { waitFor } from '@billpoint/kit/testing';
import { startStack, type Stack } from '../../../gateway/test/support/stack.ts';
import { apiClient, organization } from '../../../gateway/test/support/public-api.ts';
import { enqueueWebhooks } from '../src/modules/events.consumer.ts';
import { EventService, RETENTION_BATCH } from '../src/modules/event/events.service.ts';
import { INVOICE_SENT_BACKFILL } from '../src/migrations/0003-events.ts';
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

type Api = ReturnType<typeof apiClient>;
const ctx = () => stack.services.integrations!.ctx as ServiceContext;
const dueDate = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);

/** An organization with a key that may do everything (the actions) and one that may only read events. */
async function tenant() {
  const o = await organization(stack);
  const api = apiClient(stack, (await o.makeKey({ permissions: ['*'] })).actualKey);
  const events = apiClient(stack, (await o.makeKey({ permissions: ['events:read'] })).actualKey);
  return { ...o, api, events };
}

const ok = (r: { status: number; json: any }, what: string) => {
  expect(r.status, `${what}: ${JSON.stringify(r.json)}`).toBeLessThan(300);
  return r.json;
};

/** Every event of the organization of `types` (one page of 100 is enough here), newest first. */
const listed = async (events: Api, types: string) => {
  const res = await events.get(`/api/v1/events?type=${types}&limit=100`);
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  return (res.json.data as unknown[]).map((e) => ApiEvent.strict().parse(e));
};
/** Waits until the log holds an event of `type` about the object `id`. */
const eventOf = (events: Api, type: string, id: number) => waitFor(async () => (await listed(events, type)).find((e) => e.data.id === id));

describe('each state change makes its event, listed through an API key with events:read', () => {
  it('invoices: sent, voided (and updated), a draft deleted; a payment refunded', async () => {
    const t = await tenant();
    const customer = ok(await t.api.post('/api/v1/customers', { name: 'Ada', email: 'ada@example.com' }), 'customer');
    const body = { invoice: { customerId: customer.id, dueDate }, items: [{ description: 'Work', quantity: '2', rate: '50.00' }] };
    const toVoid = ok(await t.api.post('/api/v1/invoices', body), 'invoice');
    ok(await t.api.post(`/api/v1/invoices/${toVoid.id}/send`), 'send');
    const sent = await eventOf(t.events, 'invoice.sent', toVoid.id);
    expect(sent.data).toMatchObject({ id: toVoid.id, status: 'sent' });
    // The internal parts of the bus event stay inside.
    for (const k of ['productLines', 'taxLines', 'lines', 'publicToken']) expect(sent.data).not.toHaveProperty(k);

    ok(await t.api.post(`/api/v1/invoices/${toVoid.id}/void`), 'void');
    const voided = await eventOf(t.events, 'invoice.voided', toVoid.id);
    expect(voided.data).toMatchObject({ id: toVoid.id, lifecycle: 'void' });
    const updated = await waitFor(async () =>
      (await listed(t.events, 'invoice.updated')).find((e) => e.data.id === toVoid.id && e.data.lifecycle === 'void'),
    );
    expect(updated.id).not.toBe(voided.id);

    const draft = ok(await t.api.post('/api/v1/invoices', body), 'draft');
    expect((await t.api.delete(`/api/v1/invoices/${draft.id}`)).status).toBe(204);
    expect((await eventOf(t.events, 'invoice.deleted', draft.id)).data).toMatchObject({ id: draft.id, status: 'draft' });

    const paid = ok(await t.api.post('/api/v1/invoices', body), 'invoice to pay');
    ok(await t.api.post(`/api/v1/invoices/${paid.id}/send`), 'send');
    const payment = ok(
      await t.api.post('/api/v1/payments', { invoiceId: paid.id, amount: '30.00', paymentMethod: 'bank_transfer' }),
      'payment',
    );
    ok(await t.api.post(`/api/v1/payments/${payment.id}/refund`, { amount: '10.00' }), 'refund');
    const refunded = await eventOf(t.events, 'payment.refunded', payment.id);
    expect(refunded.data).toMatchObject({ id: payment.id, invoiceId: paid.id, refundedAmount: '10.00' });

    // Several types at once, each event once, newest first.
    const both = await listed(t.events, 'invoice.sent,invoice.voided');
    expect(new Set(both.map((e) => e.type))).toEqual(new Set(['invoice.sent', 'invoice.voided']));
    expect(both.map((e) => e.id)).toEqual([...new Set(both.map((e) => e.id))]);
    const times = both.map((e) => Date.parse(e.createdAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    // One by id, as listed.
    expect((await t.events.get(`/api/v1/events/${voided.id}`)).json).toEqual(voided);
  });

  it('products and tax rates: created, updated, deleted', async () => {
    const t = await tenant();
    const product = ok(await t.api.post('/api/v1/products', { name: 'Widget', price: '10.00' }), 'product');
    ok(await t.api.patch(`/api/v1/products/${product.id}`, { price: '12.00' }), 'product update');
    expect((await t.api.delete(`/api/v1/products/${product.id}`)).status).toBe(204);
    expect((await eventOf(t.events, 'product.created', product.id)).data).toMatchObject({ name: 'Widget', price: '10.00' });
    expect((await eventOf(t.events, 'product.updated', product.id)).data).toMatchObject({ price: '12.00' });
    expect((await eventOf(t.events, 'product.deleted', product.id)).data).toEqual({ id: product.id });

    const rateBody = { name: 'VAT', jurisdiction: 'DE', rate: '19', type: 'vat', startDate: '2026-01-01' };
    const rate = ok(await t.api.post('/api/v1/tax-rates', rateBody), 'tax rate');
    ok(await t.admin.put(`/api/tax-rates/${rate.id}`, { ...rateBody, name: 'VAT reduced', rate: '7' }), 'tax rate update');
    expect((await t.api.delete(`/api/v1/tax-rates/${rate.id}`)).status).toBe(204);
    expect((await eventOf(t.events, 'tax_rate.created', rate.id)).data).toMatchObject({ name: 'VAT' });
    expect((await eventOf(t.events, 'tax_rate.updated', rate.id)).data).toMatchObject({ name: 'VAT reduced' });
    expect((await eventOf(t.events, 'tax_rate.deleted', rate.id)).data).toMatchObject({ id: rate.id });
  });
});

describe('a receiver down for two hours catches up', () => {
  it('pages the log from the last id it saw and ends with every event exactly once; webhook ids are the log ids', async () => {
    const t = await tenant();
    // Up for the first two deliveries, then down: every later attempt is refused, and without retries they fail for good.
    const r = await startReceiver((_req, n, res) => void (n <= 2 ? res.end('ok') : res.writeHead(503).end('down')));
    receivers.push(r);
    const hook = await makeWebhook(t.admin, { url: `${r.url}/in`, events: ['customer.created'], retryAttempts: 0 });
    const made: number[] = [];
    const create = async (i: number) =>
      made.push(ok(await t.api.post('/api/v1/customers', { name: `C${i}`, email: `c${i}@example.com` }), 'customer').id);
    await create(1);
    await create(2);
    await waitFor(() => r.received.length >= 2);
    for (let i = 3; i <= 7; i++) await create(i);
    const deliveries = async () =>
      (await t.admin.get(`/api/integrations/webhooks/${hook.webhook.id}/deliveries`)).json as WebhookDelivery[];
    await waitFor(async () => {
      const l = await deliveries();
      return l.length === 7 && l.filter((d) => d.status === 'failed').length === 5;
    });
    // The outage was two hours ago: the events and their deliveries are moved back by the time it lasted.
    const moved = await stack.db.query(`update integrations.events set created_at = created_at - interval '2 hours' where tenant_id = $1`, [
      t.tenantId,
    ]);
    expect(moved.rowCount).toBe(7);
    await stack.db.query(
      `update integrations.webhook_deliveries set created_at = created_at - interval '2 hours', last_attempt_at = last_attempt_at - interval '2 hours'
        where tenant_id = $1`,
      [t.tenantId],
    );

    // What the receiver got, verified as Standard Webhooks; its payload ids are the log's.
    const got = r.received.slice(0, 2).map(
      (x) =>
        new StandardWebhook(hook.secret).verify(x.body, {
          'webhook-id': String(x.headers['webhook-id']),
          'webhook-timestamp': String(x.headers['webhook-timestamp']),
          'webhook-signature': String(x.headers['webhook-signature']),
        }) as { id: number; type: string; data: { id: number } },
    );
    for (const p of got) {
      const logged = (await t.events.get(`/api/v1/events/${p.id}`)).json;
      expect(logged).toMatchObject({ id: p.id, object: 'event', type: 'customer.created', data: { id: p.data.id } });
    }
    // Every delivery carries the id of its event, the failed ones too.
    const byDelivery = new Set((await deliveries()).map((d) => (d.eventData as { id: number }).id));
    expect(byDelivery.size).toBe(7);

    // Catching up: newer than the last id seen, two at a time (ending_before walks towards the newest).
    const seen = new Set(got.map((p) => p.id));
    const lastSeen = got.find((p) => p.data.id === made[1])!.id;
    const since = new Date(Date.now() - 3 * 3600_000).toISOString();
    // Nothing of the outage is in the last hour any more: the log is read by when the events happened.
    expect((await t.events.get(`/api/v1/events?created[gte]=${new Date(Date.now() - 3600_000).toISOString()}`)).json.data).toEqual([]);
    const fetched: number[] = [];
    let cursor = lastSeen;
    for (let pages = 0; ; pages++) {
      expect(pages).toBeLessThan(10);
      const res = await t.events.get(`/api/v1/events?type=customer.created&limit=2&ending_before=${cursor}&created[gte]=${since}`);
      expect(res.status, JSON.stringify(res.json)).toBe(200);
      const ids = (res.json.data as ApiEvent[]).map((e) => e.id);
      fetched.push(...ids);
      if (!res.json.has_more) break;
      cursor = ids[0]!; // the newest of this page
    }
    expect(fetched).toHaveLength(5);
    const all = [...seen, ...fetched];
    expect(new Set(all).size).toBe(7); // each once
    expect(new Set(all)).toEqual(byDelivery);
    // The log's events are the customers made, each once.
    const logged = await listed(t.events, 'customer.created');
    expect(logged.map((e) => e.data.id as number).sort()).toEqual([...made].sort());
    expect(new Set(logged.map((e) => e.id))).toEqual(new Set(all));
  });
});

describe('the log', () => {
  it('keeps one row for a redelivered bus event, and one delivery per endpoint', async () => {
    const t = await tenant();
    await makeWebhook(t.admin, { events: ['customer.updated'], isActive: false });
    const hook = await makeWebhook(t.admin, { url: 'https://hooks.example.com/a', events: ['customer.updated'] });
    const event: EventEnvelope = {
      id: randomUUID(),
      type: 'evt.customers.customer.updated',
      tenantId: t.tenantId,
      actorId: null,
      occurredAt: new Date().toISOString(),
      data: { id: 424242, name: 'Twice' },
    };
    for (let i = 0; i < 2; i++) await ctx().tx({ tenantId: t.tenantId }, (em) => enqueueWebhooks(em, event));
    const rows = await stack.db.query(`select id::float8 as id from integrations.events where tenant_id = $1 and source_event_id = $2`, [
      t.tenantId,
      event.id,
    ]);
    expect(rows.rows).toHaveLength(1);
    const deliveries = await stack.db.query(
      `select webhook_id::float8 as webhook_id, event_data from integrations.webhook_deliveries where tenant_id = $1 and source_event_id = $2`,
      [t.tenantId, event.id],
    );
    expect(deliveries.rows).toEqual([
      {
        webhook_id: hook.webhook.id,
        event_data: { id: rows.rows[0]!.id, type: 'customer.updated', timestamp: event.occurredAt, data: event.data },
      },
    ]);
    expect((await t.events.get(`/api/v1/events/${rows.rows[0]!.id}`)).json).toMatchObject({ type: 'customer.updated', data: event.data });
  });

  it('never lists or answers another organization’s events', async () => {
    const [a, b] = [await tenant(), await tenant()];
    const customer = ok(await a.api.post('/api/v1/customers', { name: 'Secret Corp', email: 'secret@example.com' }), 'customer');
    const ev = await eventOf(a.events, 'customer.created', customer.id);
    ok(await b.api.post('/api/v1/customers', { name: 'Own', email: 'own@example.com' }), 'customer of b');
    await waitFor(async () => (await listed(b.events, 'customer.created')).length === 1);
    const res = await b.events.get(`/api/v1/events/${ev.id}`);
    expect([res.status, res.json.code]).toEqual([404, 'resource_missing']);
    expect(JSON.stringify((await b.events.get('/api/v1/events?limit=100')).json)).not.toContain('Secret Corp');
    // A's id as B's cursor names nothing in B's list.
    const cur = await b.events.get(`/api/v1/events?starting_after=${ev.id}`);
    expect([cur.status, cur.json.param]).toEqual([400, 'starting_after']);
  });

  it('answers a bad cursor, type or date with a 400 naming the parameter', async () => {
    const t = await tenant();
    const cases: [string, string][] = [
      ['starting_after=abc', 'starting_after'],
      ['ending_before=999999999', 'ending_before'],
      ['type=invoice.archived', 'type'],
      ['type=invoice.paid,nope', 'type'],
      ['type=', 'type'],
      ['created[gte]=yesterday', 'created[gte]'],
      ['created[lte]=2026-13-01T00:00:00Z', 'created[lte]'],
      ['created[gte]=2026-02-01T00:00:00Z&created[lte]=2026-01-01T00:00:00Z', 'created[lte]'],
      ['created=2026-01-01', 'created'],
      ['limit=0', 'limit'],
    ];
    for (const [q, param] of cases) {
      const res = await t.events.get(`/api/v1/events?${q}`);
      expect([q, res.status, res.json.param]).toEqual([q, 400, param]);
    }
    // The app's own route says the same.
    const own = await t.admin.get('/api/integrations/events?type=nope');
    expect([own.status, own.json.issues?.[0]?.path]).toEqual([400, 'type']);
    expect((await t.admin.get('/api/integrations/events/abc')).status).toBe(400);
    // Without the scope: refused.
    const other = apiClient(stack, (await t.makeKey({ permissions: ['webhooks:read'] })).actualKey);
    expect((await other.get('/api/v1/events')).json.code).toBe('scope_missing');
  });

  it('deletes events older than 30 days in batches and keeps the newer ones', async () => {
    const t = await tenant();
    const now = new Date('2031-06-01T00:00:00Z');
    const day = 86_400_000;
    const at = (days: number) => new Date(now.getTime() - days * day);
    await ctx().tx({ tenantId: t.tenantId }, (em) =>
      em.execute(
        `insert into integrations.events (tenant_id, type, data, source_event_id, created_at)
         select ?::uuid, 'customer.created', jsonb_build_object('id', n), gen_random_uuid(),
                case when n <= ? then ?::timestamptz else ?::timestamptz end
           from generate_series(1, ?) n`,
        [t.tenantId, RETENTION_BATCH + 5, at(EVENT_RETENTION_DAYS + 1), at(EVENT_RETENTION_DAYS - 1), RETENTION_BATCH + 8],
      ),
    );
    const deleted = await new EventService(ctx(), { now: () => now }).prune();
    expect(deleted).toBeGreaterThanOrEqual(RETENTION_BATCH + 5);
    const left = await stack.db.query(`select (data->>'id')::int as n from integrations.events where tenant_id = $1 order by 1`, [
      t.tenantId,
    ]);
    expect(left.rows.map((r) => r.n)).toEqual([RETENTION_BATCH + 6, RETENTION_BATCH + 7, RETENTION_BATCH + 8]);
  });

  it('migration 0003 subscribes every endpoint that listed invoice.updated to invoice.sent, once', async () => {
    const t = await tenant();
    const updated = await makeWebhook(t.admin, { events: ['invoice.updated', 'invoice.paid'] });
    const both = await makeWebhook(t.admin, { events: ['invoice.sent', 'invoice.updated'] });
    const other = await makeWebhook(t.admin, { events: ['invoice.paid'] });
    for (let i = 0; i < 2; i++) await stack.db.query(INVOICE_SENT_BACKFILL);
    const events = async (id: number) => ((await t.admin.get(`/api/integrations/webhooks/${id}`)).json as { events: string[] }).events;
    expect(await events(updated.webhook.id)).toEqual(['invoice.updated', 'invoice.paid', 'invoice.sent']);
    expect(await events(both.webhook.id)).toEqual(['invoice.sent', 'invoice.updated']);
    expect(await events(other.webhook.id)).toEqual(['invoice.paid']);
  });
});
