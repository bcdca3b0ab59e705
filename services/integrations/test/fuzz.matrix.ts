import { defineFuzzMatrix } from '@billpoint/kit/testing';
import type { Webhook } from '@billpoint/proto';
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

/** Hostile input of every integrations route with a contract (run by gateway/test/contract-fuzz.test.ts). */
export default defineFuzzMatrix<Ctx>({
  service: 'integrations',
  file: 'services/integrations/test/fuzz.matrix.ts',
  async setup(t) {
    return { webhookId: (await makeWebhook(t.client, { name: `Fuzz ${t.tag}` })).webhook.id };
  },
  routes: {
    'POST /api/integrations/api-keys': {},
    'POST /api/integrations/test-api-key': {},
    'POST /api/integrations/webhooks': { readBack: ({ parsed, answer, client }) => readWebhook(client, answer.webhook.id, parsed) },
    'PUT /api/integrations/webhooks/:id': {
      path: (ctx) => `/api/integrations/webhooks/${ctx.webhookId}`,
      readBack: ({ parsed, client, ctx }) => readWebhook(client, ctx.webhookId, parsed),
    },
    'GET /api/integrations/webhooks/:id/deliveries': { path: (ctx) => `/api/integrations/webhooks/${ctx.webhookId}/deliveries` },
    'GET /api/integrations/webhook-deliveries': {},
    'GET /api/audit-logs': {},
  },
});
