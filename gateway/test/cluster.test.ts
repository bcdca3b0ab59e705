import { afterAll, describe, expect, it } from 'vitest';
import { CustomerEvents } from '@billpoint/proto';
import { NatsBus } from '@billpoint/kit';
import {
  createTestDatabase,
  deleteNatsNamespace,
  freePort,
  HttpClient,
  randomName,
  spawnScript,
  testEnv,
  waitFor,
  waitReady,
  TEST_NATS_URL,
  type ServiceProcess,
  type TestDatabase,
  serviceUrls,
} from '@billpoint/kit/testing';

const procs: ServiceProcess[] = [];
let db: TestDatabase | undefined;
let observer: NatsBus | undefined;
let namespace: string | undefined;

function start(script: string, env: Record<string, string | undefined>) {
  const p = spawnScript(script, env);
  procs.push(p);
  return p;
}

afterAll(async () => {
  for (const p of procs) if (p.proc.exitCode === null) p.proc.kill('SIGKILL');
  await observer?.close();
  await db?.drop();
  if (namespace) await deleteNatsNamespace(namespace);
});

describe('cluster topology: gateway and customers as separate processes over NATS and Postgres', () => {
  it('registers, creates a customer, and customer.created arrives on a NATS subscriber; both stop gracefully', async () => {
    db = await createTestDatabase();
    namespace = randomName('cl');
    const [custPort, gwPort] = [await freePort(), await freePort()];
    const base = testEnv(db, { NATS_URL: TEST_NATS_URL, BUS_NAMESPACE: namespace, LOG_LEVEL: 'info', NODE_ENV: 'production' });

    const customers = start('services/customers/src/server.ts', { ...base, PORT: String(custPort) });
    const gateway = start('gateway/src/server.ts', {
      ...base,
      PORT: String(gwPort),
      ...serviceUrls({ CUSTOMERS_URL: `http://127.0.0.1:${custPort}` }), // the others are not called here
      WEB_DIST: '/nonexistent',
    });
    await waitReady(custPort, customers);
    await waitReady(gwPort, gateway);

    observer = await NatsBus.connect({ url: TEST_NATS_URL, name: 'observer', namespace });
    const seen: { subject: string; data: any; headers: Record<string, string> }[] = [];
    await observer.subscribe({ durable: 'observer', subject: 'evt.customers.>' }, async (m) => {
      seen.push({ subject: m.subject, data: m.data, headers: m.headers });
    });

    const c = new HttpClient(`http://127.0.0.1:${gwPort}`);
    const me = await c.register();
    const created = await c.post('/api/customers', { name: 'Cluster Co', email: 'cluster@co.test' });
    expect(created.status).toBe(201);

    const evt = await waitFor(() => seen.find((e) => e.subject === CustomerEvents.Created), 15_000);
    expect(evt.data).toMatchObject({
      type: CustomerEvents.Created,
      tenantId: me.organization.id,
      data: { id: created.json.id, name: 'Cluster Co' },
    });
    expect(evt.headers['bp-tenant']).toBe(me.organization.id);

    customers.proc.kill('SIGTERM');
    gateway.proc.kill('SIGTERM');
    expect(await customers.exited()).toBe(0);
    expect(await gateway.exited()).toBe(0);
    expect(customers.output()).toContain('shutting down');
  }, 90_000);
});
