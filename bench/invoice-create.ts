/**
 * Benchmark: sustained invoice creations (POST /api/invoices, three lines each) through the gateway in the cluster
 * topology — gateway, customers and billing as separate processes, real Postgres, NATS JetStream (127.0.0.1:4222,
 * random BUS_NAMESPACE). Open loop: requests are fired at a fixed rate whatever the answers take, for ONE tenant
 * and spread over 50 tenants. Prints the achieved rate, latency percentiles, errors, the invoices actually stored
 * and whether every tenant's numbers are gap-free, with the goals beside. The CPU window runs until every event
 * consumer of the run has caught up (nothing pending or unacknowledged on any durable), so the CPU per creation
 * includes the fan-out the creations caused, and "drained" says how long after the last answer that took.
 * Figures only, nothing asserted.
 *
 *   npm run bench -- create      (BENCH_RATES=100,300,400 BENCH_SECONDS=10 BENCH_TENANTS=50 BENCH_WARMUP_SECONDS=5 by default)
 *   BENCH_CPU_PROF=/tmp/prof npm run bench -- create   (also writes .cpuprofile files of the three processes)
 */
import { execFileSync } from 'node:child_process';
import { setTimeout as sleep } from 'node:timers/promises';
import { connect } from '@nats-io/transport-node';
import { jetstreamManager, type JetStreamManager } from '@nats-io/jetstream';
import { EVENTS_STREAM, type InvoiceCreateBody } from '@billpoint/proto';
import { createTestDatabase, deleteNatsNamespace, HttpClient, randomName, TEST_NATS_URL, type TestDatabase } from '@billpoint/kit/testing';
import { startCluster, type Cluster } from '../gateway/test/support/cluster.ts';
import { cpuPerUnit, postgresCpuMs } from './cpu.ts';

const rates = (process.env.BENCH_RATES ?? '100,300,400').split(',').map(Number);
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const tenantCount = Number(process.env.BENCH_TENANTS ?? 50);
/** The goal: creations 3× faster for a busy tenant than before group commit. */
const GOAL = { oneTenant: 300, tenants: 400, p95: 300 };

interface Tenant {
  cookie: string;
  customerId: number;
}

let cluster: Cluster | undefined;
const dueDate = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
const body = (customerId: number): InvoiceCreateBody => ({
  invoice: { customerId, dueDate },
  items: [
    { description: 'Design work', quantity: '3', rate: '33.33' },
    { description: 'Hosting', quantity: '1', rate: '20.00' },
    { description: 'Support hours', quantity: '2.5', rate: '80.00' },
  ],
});

/** Fires `rate` creations a second for `seconds`, round-robin over `tenants`, without waiting for answers. */
async function fixedRate(base: string, tenants: Tenant[], rate: number, forSeconds = seconds) {
  const total = Math.round(rate * forSeconds);
  const latencies: number[] = [];
  const failures = new Map<string, number>();
  const fail = (why: string) => void failures.set(why, (failures.get(why) ?? 0) + 1);
  const pending: Promise<void>[] = [];
  const start = performance.now();
  for (let i = 0; i < total; i++) {
    const due = start + (i * 1000) / rate;
    const wait = due - performance.now();
    if (wait > 1) await sleep(wait);
    const t = tenants[i % tenants.length]!;
    const sent = performance.now();
    pending.push(
      fetch(`${base}/api/invoices`, {
        method: 'POST',
        headers: { cookie: t.cookie, 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest' },
        body: JSON.stringify(body(t.customerId)),
      }).then(
        async (res) => {
          await res.arrayBuffer();
          if (res.status === 201) latencies.push(performance.now() - sent);
          else fail(String(res.status));
        },
        (err: unknown) => fail((err as { cause?: { code?: string } }).cause?.code ?? 'network'),
      ),
    );
  }
  await Promise.all(pending);
  const elapsed = (performance.now() - start) / 1000;
  latencies.sort((a, b) => a - b);
  const pct = (p: number) => Math.round(latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))] ?? NaN);
  return {
    sent: total,
    achieved: Math.round(latencies.length / elapsed),
    p50: pct(50),
    p95: pct(95),
    p99: pct(99),
    errors: [...failures].map(([k, v]) => `${v}× ${k}`).join(', ') || '0',
  };
}

/**
 * Waits until billing's outbox is published and no durable consumer of the stream has a message pending or
 * unacknowledged; returns the ms it took.
 */
async function drained(jsm: JetStreamManager, stream: string): Promise<number> {
  const start = performance.now();
  for (;;) {
    const { rows } = await db.query<{ n: number }>(`select count(*)::int as n from billing.outbox where published_at is null`);
    let backlog = rows[0]!.n;
    for await (const c of jsm.consumers.list(stream)) backlog += c.num_pending + c.num_ack_pending;
    if (backlog === 0) return Math.round(performance.now() - start);
    if (performance.now() - start > 300_000) throw new Error(`consumers still ${backlog} behind after 300 s`);
    await sleep(100);
  }
}

/** Invoices stored for these tenants, and whether each tenant's numbers are exactly INV-0001…INV-n. */
async function stored(db: TestDatabase) {
  const { rows } = await db.query<{ n: string; gapFree: boolean }>(
    `select coalesce(sum(n), 0)::text as n, coalesce(bool_and(gap_free), true) as "gapFree" from (
       select tenant_id, count(*) as n, count(*) = max(substring(invoice_number from 5)::int)
                     and count(distinct invoice_number) = count(*) as gap_free
       from billing.invoices group by tenant_id) t`,
  );
  return { count: Number(rows[0]?.n ?? 0), gapFree: rows[0]?.gapFree ?? true };
}

const db = await createTestDatabase();
const namespace = randomName('bench');
try {
  const profile: Record<string, string> = process.env.BENCH_CPU_PROF
    ? { NODE_OPTIONS: `--cpu-prof --cpu-prof-dir=${process.env.BENCH_CPU_PROF}` }
    : {};
  cluster = await startCluster({
    db,
    natsUrl: TEST_NATS_URL,
    namespace,
    env: { LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'warn', DATABASE_POOL_MAX: '10', ...profile },
  });
  const base = cluster.url;
  const nc = await connect({ servers: TEST_NATS_URL });
  const jsm = await jetstreamManager(nc);
  const stream = `${EVENTS_STREAM}_${namespace}`;

  // 50 tenants (the first is also the one-tenant case), each with a customer and one invoice as a warm-up.
  const tenants: Tenant[] = [];
  for (let i = 0; i < tenantCount; i++) {
    const c = new HttpClient(base);
    await c.register({ organizationName: `Bench ${i}` });
    const cust = await c.post('/api/customers', { name: `Customer ${i}`, email: `c${i}@bench.test` });
    const customerId = (cust.json as { id: number }).id;
    const warm = await c.post('/api/invoices', body(customerId));
    if (warm.status !== 201) throw new Error(`warm-up create failed: ${warm.status} ${warm.text}`);
    tenants.push({ cookie: [...c.cookies].map(([k, v]) => `${k}=${v}`).join('; '), customerId });
  }
  // Warm-up, not counted: every process compiles its hot paths (V8) and fills its pools before the first measured run,
  // which otherwise pays for it alone. The sign-ups' fan-out and the warm-up's drain before anything is measured.
  const warmSeconds = Number(process.env.BENCH_WARMUP_SECONDS ?? 5);
  if (warmSeconds > 0) await fixedRate(base, tenants, 100, warmSeconds);
  await drained(jsm, stream);

  // Every process the creations cost CPU in: the cluster's, the Postgres server (backends that exit included), NATS
  // and the load generator itself.
  const nats = execFileSync('pgrep', ['-x', 'nats-server'], { encoding: 'utf8' }).trim().split('\n').map(Number).filter(Boolean);
  const pids: Record<string, number | number[] | (() => number)> = {
    ...Object.fromEntries(Object.entries(cluster.procs).map(([k, p]) => [k, p.proc.pid!])),
    postgres: postgresCpuMs,
    nats,
    bench: process.pid,
  };
  const rows: Record<string, string | number>[] = [];
  const cpuRows: Record<string, string | number>[] = [];
  for (const [label, set] of [
    ['one tenant', tenants.slice(0, 1)],
    [`${tenantCount} tenants`, tenants],
  ] as const) {
    for (const rate of rates) {
      const before = await stored(db);
      const { result: r, cpuUs } = await cpuPerUnit(
        pids,
        async () => ({ ...(await fixedRate(base, [...set], rate)), drainMs: await drained(jsm, stream) }),
        (r) => r.sent,
      );
      const after = await stored(db);
      cpuRows.push({ tenants: label, 'target/s': rate, ...cpuUs, all: Object.values(cpuUs).reduce((a, b) => a + b, 0) });
      rows.push({
        tenants: label,
        'target/s': rate,
        'achieved/s': r.achieved,
        'p50 ms': r.p50,
        'p95 ms': r.p95,
        'p99 ms': r.p99,
        errors: r.errors,
        stored: after.count - before.count,
        'gap-free': after.gapFree ? 'yes' : 'NO',
        'drained s': (r.drainMs / 1000).toFixed(1),
        'CPU µs/create': Object.values(cpuUs).reduce((a, b) => a + b, 0),
      });
    }
  }
  console.log(`\nPOST /api/invoices at fixed rates, ${seconds} s each, ${new Date().toISOString()}`);
  console.table(rows);
  console.log('CPU µs per creation until the consumers drained, by process (Postgres: the whole server)');
  console.table(cpuRows);
  console.log(
    `goals: ≥ ${GOAL.oneTenant}/s for one tenant and ≥ ${GOAL.tenants}/s over ${tenantCount} tenants, each with p95 < ${GOAL.p95} ms, ` +
      `0 errors and every tenant's numbers gap-free`,
  );
  await nc.close();
} finally {
  await cluster?.stop();
  await db.drop();
  await deleteNatsNamespace(namespace);
}
