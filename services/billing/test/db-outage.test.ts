import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitFor, type HttpClient } from '@billpoint/kit/testing';
import type { Invoice } from '@billpoint/proto';
import { startStack, type Stack } from '../../../gateway/test/support/stack.ts';
import { terminateAppBackends } from '../../../gateway/test/support/faults.ts';
import { invoiceBody, makeCustomer, makeInvoice } from './support/factories.ts';

/**
 * A service whose Postgres connections are terminated mid-flight (a failover, an operator's
 * pg_terminate_backend) recovers by itself within seconds, leaks no pool slot and leaves nothing half-written.
 */
let stack: Stack;
beforeAll(async () => {
  stack = await startStack({ env: { DATABASE_POOL_MAX: '4', DATABASE_ACQUIRE_TIMEOUT_MS: '1000', HEALTH_WEDGED_AFTER_MS: '1000' } });
});
afterAll(() => stack?.close());

interface Readiness {
  status: string;
  checks: { db: { ok: boolean; pools: { total: number; idle: number; waiting: number }[] } };
}
const readiness = async (url: string) => (await (await fetch(`${url}/readyz`)).json()) as Readiness;
/** Every pool of the service has no client checked out and nobody waiting. */
const poolsIdle = async (url: string) => {
  const r = await readiness(url);
  return r.checks.db.pools.every((p) => p.total === p.idle && p.waiting === 0) ? r : undefined;
};

async function storedInvoices(tenantId: string) {
  const { rows } = await stack.db.query<{ id: number; invoice_number: string; items: string }>(
    `select i.id, i.invoice_number, (select count(*) from billing.invoice_items t where t.invoice_id = i.id) as items
       from billing.invoices i where i.tenant_id = $1 order by i.invoice_number`,
    [tenantId],
  );
  return rows;
}

describe('Postgres connections terminated under load', () => {
  it('in-flight creations, updates and sends fail cleanly, new requests succeed within 5 s, no slot leaks, nothing half-written', async () => {
    const c = stack.client();
    const me = await c.register();
    const cust = await makeCustomer(c, { email: 'outage@example.test' });
    const existing: Invoice[] = [];
    for (let i = 0; i < 6; i++) existing.push(await makeInvoice(c, cust.id));

    const results: { kind: string; status: number; body?: Invoice }[] = [];
    const fire = (kind: string, p: ReturnType<HttpClient['post']>) =>
      p.then((r) => results.push({ kind, status: r.status, body: r.json as Invoice }));
    const inFlight = [
      ...Array.from({ length: 20 }, () => fire('create', c.post('/api/invoices', invoiceBody(cust.id)))),
      ...existing.slice(0, 3).map((inv) =>
        fire(
          'update',
          c.put(`/api/invoices/${inv.id}`, {
            customerId: cust.id,
            notes: 'changed',
            items: [{ description: 'Changed', quantity: '1', rate: '5' }],
          }),
        ),
      ),
      ...existing.slice(3).map((inv) => fire('send', c.post(`/api/invoices/${inv.id}/send`))),
    ];
    const terminated = await terminateAppBackends(stack.db);
    expect(terminated).toBeGreaterThan(0);
    await Promise.all(inFlight);
    const cut = Date.now();

    // Nobody gets an answer that blames our code for the database going away.
    for (const r of results) expect([200, 201, 503], `${r.kind}: ${r.status} ${JSON.stringify(r.body)}`).toContain(r.status);

    // New requests succeed within 5 s of the cut, without a restart.
    await waitFor(async () => (await c.post('/api/invoices', invoiceBody(cust.id))).status === 201, 5_000, 50);
    const recoveredMs = Date.now() - cut;
    console.info(`billing recovered ${recoveredMs} ms after the connections were cut (${terminated} backends terminated)`);
    expect(recoveredMs).toBeLessThan(5_000);

    // Every pool is back to idle: no client was leaked by a failed query, commit or rollback.
    for (const svc of [stack.billing, stack.customers]) await waitFor(() => poolsIdle(svc.url), 5_000, 50);

    // Nothing half-written: every 201 is stored with its items, every invoice has items, numbers are gap-free.
    const stored = await storedInvoices(me.organization.id);
    for (const r of results.filter((x) => x.kind === 'create' && x.status === 201))
      expect(stored.map((s) => Number(s.id))).toContain(r.body!.id);
    for (const s of stored) expect(Number(s.items)).toBeGreaterThan(0);
    // Issued invoices hold legal numbers, gap-free from INV-0001; drafts hold distinct draft references.
    const legal = stored.map((s) => s.invoice_number).filter((n) => n.startsWith('INV-'));
    const drafts = stored.map((s) => s.invoice_number).filter((n) => !n.startsWith('INV-'));
    expect(legal).toEqual(legal.map((_, i) => `INV-${String(i + 1).padStart(4, '0')}`));
    for (const d of drafts) expect(d).toMatch(/^DRAFT-\d{4,}$/);
    expect(new Set(drafts).size).toBe(drafts.length);
    const sent = results.filter((x) => x.kind === 'send' && x.status === 200).length;
    expect(legal.length).toBeGreaterThanOrEqual(sent);
    // The outbox has one invoice.created per stored invoice, and the relay drains it.
    await waitFor(
      async () =>
        Number((await stack.db.query<{ n: string }>(`select count(*) as n from billing.outbox where published_at is null`)).rows[0]!.n) ===
        0,
      5_000,
      50,
    );
    const created = await stack.db.query<{ n: string }>(
      `select count(*) as n from billing.outbox where subject like '%invoice.created' and tenant_id = $1`,
      [me.organization.id],
    );
    expect(Number(created.rows[0]!.n)).toBe(stored.length);
  });

  it('readiness answers within its bound and names its checks; liveness stays ok while the service works', async () => {
    const r = await readiness(stack.billing.url);
    expect(r).toMatchObject({ status: 'ready', checks: { db: { ok: true }, bus: { ok: true } } });
    const h = await fetch(`${stack.billing.url}/healthz`);
    expect(h.status).toBe(200);
  });

  it('a wedged pool answers 503 within the acquire timeout, fails liveness after the limit, and recovers when freed', async () => {
    const c = stack.client();
    await c.register();
    const orm = stack.billing.ctx.pools().find((g) => g.name === 'orm')!;
    // Simulate clients leaked by a bug: every slot taken and never given back.
    const taken = await Promise.all(Array.from({ length: orm.stats().max }, () => orm.pool.connect()));
    try {
      const started = Date.now();
      const cust = await makeCustomer(c); // another service: unaffected
      const res = await c.post('/api/invoices', invoiceBody(cust.id));
      expect(res.status).toBe(503);
      expect(res.headers.get('retry-after')).toBe('2');
      expect(res.json).toMatchObject({ statusCode: 503, error: 'Service Unavailable' });
      expect(Date.now() - started).toBeLessThan(5_000);
      const ready = await fetch(`${stack.billing.url}/readyz`);
      expect(ready.status).toBe(503);
      expect(((await ready.json()) as Readiness).checks.db.ok).toBe(false);
      await waitFor(async () => (await fetch(`${stack.billing.url}/healthz`)).status === 503, 5_000, 100);
    } finally {
      for (const t of taken) t.release();
    }
    expect((await fetch(`${stack.billing.url}/healthz`)).status).toBe(200);
    const cust = await makeCustomer(c);
    expect((await c.post('/api/invoices', invoiceBody(cust.id))).status).toBe(201);
  });
});
