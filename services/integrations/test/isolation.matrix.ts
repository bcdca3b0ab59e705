import { defineIsolationMatrix, waitFor } from '@billpoint/kit/testing';
import type { ApiEvent, ApiKeyCreated, WebhookCreated, WebhookDelivery } from '@billpoint/proto';
import { serviceRegistry } from '@billpoint/proto/services';
import { NOT_AUDITED } from '../src/modules/events.consumer.ts';
import { makeApiKey, makeWebhook } from './support.ts';

const OUTBOXES = ['gateway', ...serviceRegistry.map((s) => s.name)]
  .map((schema) => `select id, tenant_id, subject from ${schema}.outbox`)
  .join(' union all ');

type Seed = { key: ApiKeyCreated; hook: WebhookCreated; delivery: WebhookDelivery; event: ApiEvent };

/** Tenant isolation of every integrations route (run by gateway/test/isolation-matrix.test.ts). */
export default defineIsolationMatrix<Seed>({
  service: 'integrations',
  file: 'services/integrations/test/isolation.matrix.ts',
  async seed(t) {
    const key = await makeApiKey(t.client, { name: `Key ${t.tag}`, permissions: ['customers:read'] });
    // A closed local port: the test send fails at once, and with no retries its delivery is final (at rest).
    const hook = await makeWebhook(t.client, {
      name: `Hook ${t.tag}`,
      url: `http://127.0.0.1:9/${t.tag}`,
      events: ['customer.created'],
      retryAttempts: 0,
    });
    const delivery = (await t.client.post(`/api/integrations/webhooks/${hook.webhook.id}/test`)).json as WebhookDelivery;
    // A customer of A's: its customer.created event is in A's events log once the fan-out has run.
    const made = await t.client.post('/api/customers', { name: `Customer ${t.tag}`, email: `c-${t.tag}@example.test` });
    if (made.status !== 201) throw new Error(`customer create failed: ${made.status} ${made.text}`);
    const event = await waitFor(async () => ((await t.client.get('/api/integrations/events?type=customer.created')).json as ApiEvent[])[0]);
    return { key, hook, delivery, event };
  },
  // Every event of A's in any service's outbox (sign-up, trial, key, the tax service's default categories…) has
  // its audit row, and the plan-limits row is there: those arrive by events, after the seed's answers. The tax
  // categories are seeded on the sign-up's event, so their own events are awaited by name too.
  settled: async (db, t) =>
    (
      await db.query(
        `select 1 from integrations.plan_limits p where p.tenant_id = $1
            and (select count(distinct subject) from integrations.audit_logs a where a.tenant_id = $1
                  and a.subject in ('evt.gateway.organization.created', 'evt.payments.plan.changed', 'evt.integrations.api-key.created')) = 3
            and exists (select 1 from tax.expense_categories c where c.tenant_id = $1)
            and not exists (
              select 1 from (${OUTBOXES}) o where o.tenant_id = $1 and o.subject <> all($2::text[])
                and not exists (select 1 from integrations.audit_logs a where a.tenant_id = $1 and a.event_id = o.id))`,
        [t.tenantId, [...NOT_AUDITED]],
      )
    ).rowCount === 1,
  secrets: ({ key, hook }, t) => [t.tag, t.tenantId, key.apiKey.keyPrefix, key.actualKey, hook.secret, hook.webhook.url],
  routes: {
    'GET /api/integrations/api-keys': { answers: 'collection', showsOwn: true, call: () => ({ path: '/api/integrations/api-keys' }) },
    'GET /api/integrations/api-keys/usage-stats': {
      answers: 'collection',
      call: () => ({ path: '/api/integrations/api-keys/usage-stats' }),
    },
    'POST /api/integrations/api-keys': {
      answers: 'status',
      status: [201],
      call: () => ({ path: '/api/integrations/api-keys', body: { name: 'Mine', permissions: ['*'] } }),
    },
    'DELETE /api/integrations/api-keys/:id': {
      answers: 'not-found',
      call: (a) => ({ path: `/api/integrations/api-keys/${a.key.apiKey.id}` }),
    },
    'POST /api/integrations/test-api-key': {
      answers: 'status',
      status: [200], // { success: false }: A's key is unknown to B
      call: (a) => ({ path: '/api/integrations/test-api-key', body: { key: a.key.actualKey } }),
    },
    'GET /api/integrations/webhooks': {
      answers: 'collection',
      showsOwn: true,
      call: () => [{ path: '/api/integrations/webhooks' }, { path: '/api/integrations/webhooks?pagination=cursor&limit=100' }],
    },
    'GET /api/integrations/webhooks/:id': {
      answers: 'not-found',
      call: (a) => ({ path: `/api/integrations/webhooks/${a.hook.webhook.id}` }),
    },
    'POST /api/integrations/webhooks': {
      answers: 'status',
      status: [201],
      call: () => ({ path: '/api/integrations/webhooks', body: { name: 'Mine', url: 'hooks.example.com', events: ['invoice.paid'] } }),
    },
    'PUT /api/integrations/webhooks/:id': {
      answers: 'not-found',
      call: (a) => ({
        path: `/api/integrations/webhooks/${a.hook.webhook.id}`,
        body: { name: 'Hijack', url: 'https://attacker.example', events: ['invoice.paid'] },
      }),
    },
    'PATCH /api/integrations/webhooks/:id': {
      answers: 'not-found',
      call: (a) => ({ path: `/api/integrations/webhooks/${a.hook.webhook.id}`, body: { url: 'https://attacker.example' } }),
    },
    'DELETE /api/integrations/webhooks/:id': {
      answers: 'not-found',
      call: (a) => ({ path: `/api/integrations/webhooks/${a.hook.webhook.id}` }),
    },
    'POST /api/integrations/webhooks/:id/rotate-secret': {
      answers: 'not-found',
      call: (a) => ({ path: `/api/integrations/webhooks/${a.hook.webhook.id}/rotate-secret` }),
    },
    'POST /api/integrations/webhooks/:id/test': {
      answers: 'not-found',
      call: (a) => ({ path: `/api/integrations/webhooks/${a.hook.webhook.id}/test` }),
    },
    'GET /api/integrations/webhooks/:id/deliveries': {
      answers: 'not-found',
      call: (a) => [
        { path: `/api/integrations/webhooks/${a.hook.webhook.id}/deliveries` },
        { path: `/api/integrations/webhooks/${a.hook.webhook.id}/deliveries?pagination=cursor` },
      ],
    },
    'GET /api/integrations/webhook-deliveries': {
      answers: 'collection',
      call: (a) => [
        { path: `/api/integrations/webhook-deliveries?webhookId=${a.hook.webhook.id}` },
        { path: '/api/integrations/webhook-deliveries' },
        { path: `/api/integrations/webhook-deliveries?pagination=cursor&webhookId=${a.hook.webhook.id}` },
        // A cursor of A's (or a neighbour of it) names nothing in B's list: refused as any unknown id, telling nothing.
        { path: `/api/integrations/webhook-deliveries?pagination=cursor&starting_after=${a.delivery.id + 1}`, status: [400] },
        { path: `/api/integrations/webhook-deliveries?pagination=cursor&starting_after=${a.delivery.id}`, status: [400] },
      ],
    },
    'POST /api/integrations/webhooks/deliveries/:id/retry': {
      answers: 'not-found',
      call: (a) => ({ path: `/api/integrations/webhooks/deliveries/${a.delivery.id}/retry` }),
    },
    'GET /api/integrations/events': {
      answers: 'collection',
      call: (a) => [
        { path: '/api/integrations/events' },
        { path: '/api/integrations/events?type=customer.created&limit=100' },
        // A's event as a cursor names nothing in B's list: refused as any unknown id, telling nothing.
        { path: `/api/integrations/events?starting_after=${a.event.id}`, status: [400] },
        { path: `/api/integrations/events?ending_before=${a.event.id}`, status: [400] },
      ],
    },
    'GET /api/integrations/events/:id': {
      answers: 'not-found',
      call: (a) => ({ path: `/api/integrations/events/${a.event.id}` }),
    },
    'GET /api/audit-logs': {
      answers: 'collection',
      call: (a) => [{ path: `/api/audit-logs?entityType=api-key&entityId=${a.key.apiKey.id}` }, { path: '/api/audit-logs?limit=200' }],
    },
  },
});
