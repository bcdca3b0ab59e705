import { defineFuzzMatrix } from '@billpoint/kit/testing';
import type { z } from 'zod';
import { ApiEvent, Webhook, WebhookDelivery } from '@billpoint/proto';
import { makeWebhook } from './support.ts';

type Ctx = { webhookId: number };
const KEYS = ['name', 'url', 'events', 'isActive', 'retryAttempts', 'timeoutSeconds', 'headers'] as const;

/** The stored endpoint beside what the contract made of the input. */
async function readWebhook(client: { get(p: string): Promise<{ json: any }> }, id: number, parsed: Record<string, any>) {
  const got = ((await client.get('/api/integrations/webhooks')).json.webhooks as Webhook[]).find((w) => w.id === id)!;
  return {
    actual: Object.fromEntries(KEYS.map((k) => [k, got?.[k]])),
    expected: Object.fromEntries(KEYS.map((k) => [k, parsed[k]])),
  };
}

/** The endpoint after a PATCH: the fields sent, as the contract made them. */
async function readPatched(client: { get(p: string): Promise<{ json: any }> }, id: number, parsed: Record<string, any>) {
  const got = (await client.get(`/api/integrations/webhooks/${id}`)).json as Webhook;
  const keys = KEYS.filter((k) => parsed[k] !== undefined);
  return {
    actual: Object.fromEntries(keys.map((k) => [k, got[k]])),
    expected: Object.fromEntries(keys.map((k) => [k, parsed[k]])),
  };
}

/** Problems of a list's items against their contract. */
const items = (schema: z.ZodType, list: unknown) =>
  !Array.isArray(list)
    ? ['a list answer that is not an array']
    : list.flatMap((x, i) => (schema.safeParse(x).success ? [] : [`item ${i} does not match its contract`]));
/**
 * Lists answer x-has-more instead of X-Total-Count in cursor mode, which the fuzzer's default list check requires:
 * their answers are checked against the contract here. The endpoints' list is `{ webhooks }` without cursor mode.
 */
const webhookList = (json: unknown) => items(Webhook, Array.isArray(json) ? json : (json as { webhooks?: unknown })?.webhooks);
const deliveryList = (json: unknown) => items(WebhookDelivery, json);
const eventList = (json: unknown) => items(ApiEvent, json);

/** Hostile input of every integrations route with a contract (run by gateway/test/contract-fuzz.test.ts). */
export default defineFuzzMatrix<Ctx>({
  service: 'integrations',
  file: 'services/integrations/test/fuzz.matrix.ts',
  async setup(t) {
    return { webhookId: (await makeWebhook(t.client, { name: `Fuzz ${t.tag}` })).webhook.id };
  },
  // Audit rows and the events log of the tenant's own accepted changes arrive by events while later cases run.
  eventTables: ['audit_logs', 'events'],
  routes: {
    'POST /api/integrations/api-keys': {},
    'POST /api/integrations/test-api-key': {},
    'POST /api/integrations/webhooks': { readBack: ({ parsed, answer, client }) => readWebhook(client, answer.webhook.id, parsed) },
    'PUT /api/integrations/webhooks/:id': {
      path: (ctx) => `/api/integrations/webhooks/${ctx.webhookId}`,
      readBack: ({ parsed, client, ctx }) => readWebhook(client, ctx.webhookId, parsed),
    },
    'PATCH /api/integrations/webhooks/:id': {
      path: (ctx) => `/api/integrations/webhooks/${ctx.webhookId}`,
      readBack: ({ parsed, client, ctx }) => readPatched(client, ctx.webhookId, parsed),
    },
    'GET /api/integrations/webhooks': { answer: webhookList },
    'GET /api/integrations/webhooks/:id/deliveries': {
      path: (ctx) => `/api/integrations/webhooks/${ctx.webhookId}/deliveries`,
      answer: deliveryList,
    },
    'GET /api/integrations/webhook-deliveries': { answer: deliveryList },
    'GET /api/integrations/events': { answer: eventList },
    'GET /api/audit-logs': {},
  },
});
