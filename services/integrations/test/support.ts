import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createInternalTokenSigner } from '@billpoint/kit';
import { TEST_TOKEN_KEY, type HttpClient } from '@billpoint/kit/testing';
import type { ApiKeyCreated, WebhookBody, WebhookCreated } from '@billpoint/proto';

export async function makeApiKey(c: HttpClient, o: Record<string, unknown> = {}): Promise<ApiKeyCreated> {
  const res = await c.post('/api/integrations/api-keys', { name: `Key ${Math.random().toString(36).slice(2, 7)}`, ...o });
  if (res.status !== 201) throw new Error(`api key create failed: ${res.status} ${res.text}`);
  return res.json as ApiKeyCreated;
}

export async function makeWebhook(c: HttpClient, o: Partial<WebhookBody> = {}): Promise<WebhookCreated> {
  const res = await c.post('/api/integrations/webhooks', {
    name: `Hook ${Math.random().toString(36).slice(2, 7)}`,
    url: 'https://hooks.example.com/billpoint',
    events: ['customer.updated'],
    ...o,
  });
  if (res.status !== 201) throw new Error(`webhook create failed: ${res.status} ${res.text}`);
  return res.json as WebhookCreated;
}

/** The internal token of a signed-in user with `role` (the gateway's, as services verify it). */
export const tokenFor = (tenantId: string, role: 'admin' | 'manager' | 'user', userId = 'u-1') =>
  createInternalTokenSigner(TEST_TOKEN_KEY)({ tenantId, userId, role, scopes: [] });

export interface Received {
  headers: IncomingMessage['headers'];
  body: string;
  url: string;
}

/** A local webhook receiver: `answer` decides each response (default 200 "ok"); every request is kept. */
export async function startReceiver(answer?: (req: Received, n: number, res: ServerResponse) => void) {
  const received: Received[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const r = { headers: req.headers, body: Buffer.concat(chunks).toString('utf8'), url: req.url ?? '/' };
      received.push(r);
      if (answer) answer(r, received.length, res);
      else res.end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    received,
    url: `http://127.0.0.1:${port}`,
    port,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
