import { afterAll, describe, expect, it } from 'vitest';
import {
  createTestDatabase,
  deleteNatsNamespace,
  freePort,
  HttpClient,
  randomName,
  spawnScript,
  testEnv,
  waitReady,
  TEST_NATS_URL,
  type ServiceProcess,
  type TestDatabase,
} from '@billpoint/kit/testing';
import type { Invoice } from '@billpoint/proto';
import { invoiceBody, makeCustomer } from './support/factories.ts';

const procs: ServiceProcess[] = [];
let db: TestDatabase | undefined;
const namespace = randomName('bl');

afterAll(async () => {
  for (const p of procs) if (p.proc.exitCode === null) p.proc.kill('SIGKILL');
  await db?.drop();
  await deleteNatsNamespace(namespace);
});

describe('cluster topology: billing as its own process over NATS', () => {
  it('invoices a customer created a moment before (request/reply or event), prints the organization, and stops gracefully', async () => {
    db = await createTestDatabase();
    const [custPort, billPort, gwPort] = [await freePort(), await freePort(), await freePort()];
    const base = testEnv(db, { NATS_URL: TEST_NATS_URL, BUS_NAMESPACE: namespace, NODE_ENV: 'production', LOG_LEVEL: 'info' });
    const customers = spawnScript('services/customers/src/server.ts', { ...base, PORT: String(custPort) });
    const billing = spawnScript('services/billing/src/server.ts', { ...base, PORT: String(billPort) });
    procs.push(customers, billing);
    await waitReady(custPort, customers);
    await waitReady(billPort, billing);
    const gateway = spawnScript('gateway/src/server.ts', {
      ...base,
      PORT: String(gwPort),
      CUSTOMERS_URL: `http://127.0.0.1:${custPort}`,
      BILLING_URL: `http://127.0.0.1:${billPort}`,
      WEB_DIST: '/nonexistent',
    });
    procs.push(gateway);
    await waitReady(gwPort, gateway);

    const c = new HttpClient(`http://127.0.0.1:${gwPort}`);
    await c.register({ organizationName: 'Cluster Billing Ltd' });
    const cust = await makeCustomer(c, { name: 'Right Away', email: 'now@x.test' });
    const res = await c.post('/api/invoices', invoiceBody(cust.id));
    expect(res.status).toBe(201);
    expect((res.json as Invoice).customer).toMatchObject({ id: cust.id, name: 'Right Away' });
    expect((await c.get('/api/invoices')).headers.get('x-total-count')).toBe('1');
    expect((await c.get('/api/dashboard/stats')).json).toMatchObject({ totalInvoices: 1, totalCustomers: 1 });
    // organization.created reached billing's read model over NATS.
    await expect
      .poll(async () => (await db!.query(`select name from billing.organizations`)).rows.map((r) => r.name))
      .toEqual(['Cluster Billing Ltd']);

    for (const p of [gateway, billing, customers]) p.proc.kill('SIGTERM');
    expect(await billing.exited()).toBe(0);
    expect(await gateway.exited()).toBe(0);
    expect(await customers.exited()).toBe(0);
    expect(billing.output()).toContain('shutting down');
  }, 90_000);
});
