import { afterAll, describe, expect, it } from 'vitest';
import {
  createTestDatabase,
  deleteNatsNamespace,
  HttpClient,
  randomName,
  TEST_NATS_URL,
  type ServiceProcess,
  type TestDatabase,
} from '@billpoint/kit/testing';
import type { Invoice } from '@billpoint/proto';
import { invoiceBody, makeCustomer } from './support/factories.ts';
import { startCluster, type Cluster } from '../../../gateway/test/support/cluster.ts';

let cluster: Cluster | undefined;
let db: TestDatabase | undefined;
const namespace = randomName('bl');

afterAll(async () => {
  cluster?.kill();
  await db?.drop();
  await deleteNatsNamespace(namespace);
});

describe('cluster topology: billing as its own process over NATS', () => {
  it('invoices a customer created a moment before (request/reply or event), prints the organization, and stops gracefully', async () => {
    db = await createTestDatabase();
    cluster = await startCluster({ db, natsUrl: TEST_NATS_URL, namespace, env: { LOG_LEVEL: 'info' } });
    const { customers, billing, gateway } = cluster.procs as Record<'customers' | 'billing' | 'gateway', ServiceProcess>;

    const c = new HttpClient(cluster.url);
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
