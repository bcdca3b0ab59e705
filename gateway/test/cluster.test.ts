import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { CustomerEvents } from '@billpoint/proto';
import { NatsBus } from '@billpoint/kit';
import {
  createTestDatabase,
  deleteNatsNamespace,
  HttpClient,
  randomName,
  testEnv,
  waitFor,
  TEST_NATS_URL,
  type TestDatabase,
} from '@billpoint/kit/testing';

const root = resolve(import.meta.dirname, '../..');
const freePort = () =>
  new Promise<number>((ok) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => ok(port));
    });
  });

const procs: ChildProcess[] = [];
let db: TestDatabase | undefined;
let observer: NatsBus | undefined;
let namespace: string | undefined;

function start(script: string, env: Record<string, string | undefined>) {
  const p = spawn(process.execPath, [resolve(root, script)], {
    env: { PATH: process.env.PATH, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  p.stdout!.on('data', (d) => (out += d));
  p.stderr!.on('data', (d) => (out += d));
  procs.push(p);
  return { proc: p, output: () => out };
}
const exited = (p: ChildProcess) =>
  new Promise<number | null>((ok) => (p.exitCode !== null ? ok(p.exitCode) : p.once('exit', (code) => ok(code))));

afterAll(async () => {
  for (const p of procs) if (p.exitCode === null) p.kill('SIGKILL');
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
      CUSTOMERS_URL: `http://127.0.0.1:${custPort}`,
      WEB_DIST: '/nonexistent',
    });
    const ready = async (port: number) => (await fetch(`http://127.0.0.1:${port}/readyz`).catch(() => undefined))?.status === 200;
    await waitFor(() => ready(custPort), 30_000, 100).catch((e) => {
      throw new Error(`${e}\n${customers.output()}`);
    });
    await waitFor(() => ready(gwPort), 30_000, 100).catch((e) => {
      throw new Error(`${e}\n${gateway.output()}`);
    });

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
    expect(await exited(customers.proc)).toBe(0);
    expect(await exited(gateway.proc)).toBe(0);
    expect(customers.output()).toContain('shutting down');
  }, 90_000);
});
