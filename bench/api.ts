/**
 * Benchmark of the public API and the outgoing webhooks, cluster topology: the gateway (with Redis, as
 * replicas share their rate-limit counters), customers and integrations as separate processes, real Postgres, NATS.
 *
 * 1. GET /api/v1/customers/{id} with a bearer key against GET /api/customers/{id} with a session cookie, side by
 *    side (goal: the key path within 10 % of the session path).
 * 2. Webhook fan-out: 10,000 customer.created events to 10 endpoints on a local receiver: deliveries per second and
 *    the time from the event to its delivery, p50/p95 (goal p95 ≤ 1 s while the receiver keeps up).
 *
 *   BENCH_CPU_PROF=/tmp/prof npm run bench -- api   (also writes .cpuprofile files of the processes)
 *   npm run bench -- api        (BENCH_SECONDS=10 BENCH_CONNECTIONS=32 BENCH_EVENTS=10000 BENCH_EVENT_RATE=100 by default)
 */
import autocannon from 'autocannon';
import { createServer } from 'node:http';
import { randomUUID } from 'node:crypto';
import { createBus } from '@billpoint/kit';
import { cpuPerUnit } from './cpu.ts';
import { CustomerEvents, type EventEnvelope } from '@billpoint/proto';
import {
  createTestDatabase,
  deleteNatsNamespace,
  freePort,
  HttpClient,
  randomName,
  serviceUrls,
  spawnScript,
  testEnv,
  waitFor,
  waitReady,
  TEST_NATS_URL,
  type ServiceProcess,
} from '@billpoint/kit/testing';

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 32);
const events = Number(process.env.BENCH_EVENTS ?? 10_000);
/** Events published per second (steady, in 100 ms ticks): the load the p95 is measured under. */
const eventRate = Number(process.env.BENCH_EVENT_RATE ?? 100);
const ENDPOINTS = 10;
const REDIS_URL = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';

const procs: ServiceProcess[] = [];
/** BENCH_CPU_PROF=<dir>: each process writes a .cpuprofile there on exit. */
const profile: Record<string, string> = process.env.BENCH_CPU_PROF
  ? { NODE_OPTIONS: `--cpu-prof --cpu-prof-dir=${process.env.BENCH_CPU_PROF}` }
  : {};
const start = (script: string, env: Record<string, string | undefined>) => {
  const p = spawnScript(script, { ...env, ...profile });
  procs.push(p);
  return p;
};

async function run(title: string, url: string, headers: Record<string, string>, pids: Record<string, number>) {
  await autocannon({ url, connections, duration: 2, headers }); // warm-up
  const { result: r, cpuUs } = await cpuPerUnit(
    pids,
    () => autocannon({ url, connections, duration: seconds, headers }),
    (r) => r.requests.total,
  );
  if (r.non2xx || r.errors) throw new Error(`${title}: ${r.non2xx} non-2xx, ${r.errors} errors`);
  const cpu = Object.entries(cpuUs)
    .map(([k, v]) => `${k} ${v}`)
    .join(', ');
  return { title, rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, cpu };
}

const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;

const db = await createTestDatabase();
const namespace = randomName('bench');
const received: number[] = [];
const receiver = createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', () => {
    const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { data?: { createdAt?: string; name?: string } };
    const sent = Number(/^sent:(\d+)$/.exec(body.data?.name ?? '')?.[1]);
    if (Number.isFinite(sent)) received.push(Date.now() - sent);
    res.writeHead(204).end();
  });
});
try {
  const [custPort, intPort, gwPort, recvPort] = [await freePort(), await freePort(), await freePort(), await freePort()];
  await new Promise<void>((r) => receiver.listen(recvPort, '127.0.0.1', r));
  const env = testEnv(db, {
    NATS_URL: TEST_NATS_URL,
    BUS_NAMESPACE: namespace,
    LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'warn',
    NODE_ENV: 'production',
    DATABASE_POOL_MAX: '10',
  });
  const customers = start('services/customers/src/server.ts', { ...env, PORT: String(custPort) });
  const integrations = start('services/integrations/src/server.ts', { ...env, PORT: String(intPort), WEBHOOK_ALLOW_PRIVATE: 'true' });
  await waitReady(custPort, customers);
  await waitReady(intPort, integrations);
  const gateway = start('gateway/src/server.ts', {
    ...env,
    PORT: String(gwPort),
    REDIS_URL,
    ...serviceUrls({ CUSTOMERS_URL: `http://127.0.0.1:${custPort}`, INTEGRATIONS_URL: `http://127.0.0.1:${intPort}` }),
    WEB_DIST: '/nonexistent',
  });
  await waitReady(gwPort, gateway);

  const client = new HttpClient(`http://127.0.0.1:${gwPort}`);
  const { organization } = await client.register();
  for (let i = 0; i < 50; i++) await client.post('/api/customers', { name: `Customer ${i}`, email: `c${i}@bench.test` });
  const id = ((await client.get('/api/customers?limit=1')).json as { id: number }[])[0]!.id;
  const cookie = [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  const made = await client.post('/api/integrations/api-keys', { name: 'Bench', permissions: ['customers:read'], rateLimit: 1_000_000 });
  if (made.status !== 201) throw new Error(`key: ${made.status} ${made.text}`);
  const key = made.json.actualKey as string;

  // CPU per request of the gateway and the customers service (µs; less sensitive to a busy machine than the rates).
  const pids = { gateway: gateway.proc.pid!, customers: customers.proc.pid! };
  const session = await run('session cookie: GET /api/customers/{id}', `http://127.0.0.1:${gwPort}/api/customers/${id}`, { cookie }, pids);
  const bearer = await run(
    'API key: GET /api/v1/customers/{id}',
    `http://127.0.0.1:${gwPort}/api/v1/customers/${id}`,
    { authorization: `Bearer ${key}` },
    pids,
  );
  console.log(`\nGET a customer through the gateway, ${connections} connections, ${seconds} s each, ${new Date().toISOString()}`);
  console.table(
    [session, bearer].map((r) => ({
      path: r.title,
      'req/s': Math.round(r.rps),
      'p50 ms': r.p50,
      'p99 ms': r.p99,
      'CPU µs/request': r.cpu,
    })),
  );
  const slower = (1 - bearer.rps / session.rps) * 100;
  console.log(
    `key path vs session path: ${slower >= 0 ? `${slower.toFixed(1)} % slower` : `${(-slower).toFixed(1)} % faster`} (goal: within 10 %)`,
  );

  // Webhook fan-out: 10 endpoints subscribed to customer.created, then `events` events published on the bus.
  for (let i = 0; i < ENDPOINTS; i++) {
    const w = await client.post('/api/integrations/webhooks', {
      name: `Endpoint ${i}`,
      url: `http://127.0.0.1:${recvPort}/hook/${i}`,
      events: ['customer.created'],
    });
    if (w.status !== 201) throw new Error(`webhook: ${w.status} ${w.text}`);
  }
  const bus = await createBus({ natsUrl: TEST_NATS_URL, name: 'bench-events', namespace });
  const t0 = Date.now();
  for (let i = 0; i < events; i++) {
    // Pace: event i leaves at t0 + i / rate.
    const due = t0 + (i * 1000) / eventRate;
    if (due > Date.now()) await new Promise((r) => setTimeout(r, due - Date.now()));
    const now = Date.now();
    const envelope: EventEnvelope = {
      id: randomUUID(),
      type: CustomerEvents.Created,
      occurredAt: new Date(now).toISOString(),
      tenantId: organization.id,
      actorId: null,
      data: { id: 1_000_000 + i, name: `sent:${now}`, email: `e${i}@bench.test`, createdAt: new Date(now).toISOString() },
    };
    await bus.publish(CustomerEvents.Created, envelope, { msgId: envelope.id });
  }
  const published = Date.now();
  await waitFor(() => received.length >= events * ENDPOINTS, 600_000, 100);
  const done = Date.now();
  await bus.close();
  const lat = [...received].sort((a, b) => a - b);
  console.log(`\nWebhook fan-out: ${events} events at ${eventRate}/s × ${ENDPOINTS} endpoints = ${received.length} deliveries`);
  console.table([
    {
      'events published in s': ((published - t0) / 1000).toFixed(1),
      'all delivered after s': ((done - t0) / 1000).toFixed(1),
      'deliveries/s': Math.round(received.length / ((done - t0) / 1000)),
      'event → delivery p50 ms': pct(lat, 50),
      'p95 ms': pct(lat, 95),
      'p99 ms': pct(lat, 99),
    },
  ]);
  console.log(`p95 event → delivery: ${pct(lat, 95)} ms (goal ≤ 1000 ms while the receiver keeps up)`);
} finally {
  for (const p of procs) p.proc.kill('SIGTERM');
  await Promise.all(procs.map((p) => p.exited()));
  receiver.close();
  await db.drop();
  await deleteNatsNamespace(namespace);
}
