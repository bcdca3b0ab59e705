import { serviceRegistry, serviceUrlEnv } from '@billpoint/proto/services';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBus, startService, type Bus, type RunningService } from '@billpoint/kit';
import { createTestDatabase, freePort, HttpClient, testEnv, waitFor, type TestDatabase } from '@billpoint/kit/testing';
import { gatewayService } from '../src/app.ts';

/**
 * The gateway tells an upstream outage from its own faults. Down or gone away → 503 with Retry-After;
 * too slow → 504; both with the JSON error body; recovery as soon as the service is back.
 */
let db: TestDatabase;
let bus: Bus;
let gateway: RunningService;
let client: HttpClient;
const servers: Server[] = [];
let downPort: number;

/** A stand-in service on `port` (0: any) that answers with `handler`. */
async function upstream(port: number, handler: Parameters<typeof createServer>[1]): Promise<Server> {
  const s = createServer(handler);
  await new Promise<void>((ok) => s.listen(port, '127.0.0.1', ok));
  servers.push(s);
  return s;
}
/** Every registered service's <NAME>_URL at one address. */
const everyServiceAt = (url: string) => Object.fromEntries(serviceRegistry.map((s) => [serviceUrlEnv(s.name), url]));
const urlOf = (s: Server) => `http://127.0.0.1:${(s.address() as AddressInfo).port}`;

beforeAll(async () => {
  db = await createTestDatabase();
  bus = await createBus({ name: 'test' });
  downPort = await freePort(); // billing: nothing listens here (yet)
  // customers: accepts and never answers.
  const silent = await upstream(0, () => {});
  gateway = await startService(gatewayService, {
    env: testEnv(db, {
      ...everyServiceAt(`http://127.0.0.1:${downPort}`),
      CUSTOMERS_URL: urlOf(silent),
      WEB_DIST: '/nonexistent',
      UPSTREAM_TIMEOUT_MS: '300',
    }),
    bus,
  });
  client = new HttpClient(gateway.url);
  await client.register();
});
afterAll(async () => {
  for (const s of servers) {
    s.closeAllConnections();
    s.close();
  }
  await gateway?.close();
  await bus?.close();
  await db?.drop();
});

const expectBody = (res: Awaited<ReturnType<HttpClient['get']>>, status: number) => {
  expect(res.status).toBe(status);
  expect(res.headers.get('content-type')).toMatch(/^application\/json/);
  expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  expect(res.json).toEqual({ statusCode: status, error: expect.any(String), message: expect.any(String) });
  expect(res.text).not.toMatch(/ECONN|undici|127\.0\.0\.1/);
};

describe('gateway → upstream failures', () => {
  it('an upstream that refuses connections is a 503 with Retry-After, for every one of many concurrent calls', async () => {
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) => (i % 2 ? client.get('/api/invoices') : client.post('/api/invoices', {}))),
    );
    for (const res of answers) {
      expectBody(res, 503);
      expect(res.headers.get('retry-after')).toBe('2');
    }
    expect(answers[0]!.json.message).toBe('The service is temporarily unavailable. Please try again in a moment.');
  });

  it('a body larger than the services take is a 413 at the gateway, never an outage', async () => {
    const res = await client.post('/api/invoices', { notes: 'x'.repeat(3 * 1024 * 1024) });
    expectBody(res, 413);
    expect(res.json.message).toBe('The request body is larger than 2 MiB');
  });

  it('an upstream that does not answer in time is a 504', async () => {
    const started = Date.now();
    const res = await client.get('/api/customers');
    expectBody(res, 504);
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('an upstream that resets the connection mid-request is a 503', async () => {
    const resetting = await upstream(0, (req) => req.socket.destroy());
    const port = (resetting.address() as AddressInfo).port;
    // Point a second gateway at it: the configured one is fixed for the process.
    const gw = await startService(gatewayService, {
      env: testEnv(db, { ...everyServiceAt(`http://127.0.0.1:${port}`), WEB_DIST: '/nonexistent' }),
      bus,
    });
    try {
      const c = new HttpClient(gw.url);
      await c.register();
      expectBody(await c.get('/api/customers'), 503);
      expectBody(await c.post('/api/invoices', { invoice: {} }), 503);
    } finally {
      await gw.close();
    }
  });

  it('recovers as soon as the service is back on its address', async () => {
    expectBody(await client.get('/api/invoices'), 503);
    await upstream(downPort, (_req, res) => res.writeHead(200, { 'content-type': 'application/json' }).end('[]'));
    const ok = await waitFor(async () => {
      const r = await client.get('/api/invoices');
      return r.status === 200 ? r : undefined;
    }, 5_000);
    expect(ok.json).toEqual([]);
  });
});
