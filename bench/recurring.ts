/**
 * Benchmark: the recurring scheduler. BENCH_WORKERS billing processes (services/billing/src/server.ts, real Postgres,
 * NATS JetStream at 127.0.0.1:4222 under a random BUS_NAMESPACE) run with RECURRING_INTERVAL_MS=200 on an empty
 * schema; then ONE superuser transaction makes BENCH_TENANTS × BENCH_SCHEDULES_PER_TENANT schedules due (start date
 * today in UTC, 3 items each, frequencies mixed, one customer each in billing's read model, an organization row per
 * tenant). The clock starts when that transaction is sent its COMMIT — the moment the work can become visible to
 * the workers — and stops at the first 50 ms poll that sees every invoice committed. Prints the wall time, invoices
 * per second, the time until every invoice.created event is on NATS, each worker's share (from its "recurring
 * invoices generated" log lines) and CPU, and the checks. Figures only, nothing asserted.
 *
 *   npm run bench -- recurring   (BENCH_TENANTS=100 BENCH_SCHEDULES_PER_TENANT=100 BENCH_WORKERS=3 by default;
 *                                 BENCH_BATCH → RECURRING_BATCH_SIZE, service default if unset; BENCH_TIMEOUT_S=120)
 */
import { availableParallelism } from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { connect } from '@nats-io/transport-node';
import { jetstreamManager } from '@nats-io/jetstream';
import { EVENTS_STREAM, InvoiceEvents } from '@billpoint/proto';
import {
  createTestDatabase,
  deleteNatsNamespace,
  freePort,
  randomName,
  spawnScript,
  testEnv,
  waitReady,
  TEST_NATS_URL,
  type ServiceProcess,
  type TestDatabase,
} from '@billpoint/kit/testing';
import { cpuMs } from './cpu.ts';

const tenantCount = Number(process.env.BENCH_TENANTS ?? 100);
const perTenant = Number(process.env.BENCH_SCHEDULES_PER_TENANT ?? 100);
const workerCount = Number(process.env.BENCH_WORKERS ?? 3);
const batch = process.env.BENCH_BATCH;
const timeoutMs = Number(process.env.BENCH_TIMEOUT_S ?? 120) * 1000;
const expected = tenantCount * perTenant;
const GOAL_S = 20;
const POLL_MS = 50;

const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

/** Every tenant's customers, schedules and items; uncommitted until the caller commits `client`. */
async function seed(client: pg.Client, tenants: string[]) {
  await client.query(
    `insert into billing.organizations (tenant_id, name) select t, 'Bench org ' || o from unnest($1::uuid[]) with ordinality u(t, o)`,
    [tenants],
  );
  await client.query(
    `insert into billing.customers (tenant_id, id, name, email)
     select t, c, 'Customer ' || c, 'c' || c || '@bench.test' from unnest($1::uuid[]) t cross join generate_series(1, $2::int) c`,
    [tenants, perTenant],
  );
  await client.query(
    `insert into billing.recurring_invoices (tenant_id, user_id, customer_id, name, frequency, start_date, next_period,
       next_invoice_date, currency)
     select t, 'bench-user', c, 'Plan ' || c, (array['weekly', 'monthly', 'quarterly', 'annually'])[1 + c % 4],
            d, 0, d, 'USD'
     from unnest($1::uuid[]) t cross join generate_series(1, $2::int) c
     cross join (select (now() at time zone 'UTC')::date as d) today`,
    [tenants, perTenant],
  );
  await client.query(
    `insert into billing.recurring_items (tenant_id, recurring_invoice_id, position, description, quantity, unit_price, amount)
     select r.tenant_id, r.id, p, 'Item ' || p || ' of ' || r.name, q, u, q * u
     from billing.recurring_invoices r cross join generate_series(1, 3) p
     cross join lateral (select (1 + (r.customer_id + p) % 3)::numeric as q, (10 + (r.customer_id * 7 + p * 13) % 90 + 0.5)::numeric as u) v`,
  );
  await client.query(
    `update billing.recurring_invoices r set total = i.sum
     from (select recurring_invoice_id, sum(amount) from billing.recurring_items group by 1) i where i.recurring_invoice_id = r.id`,
  );
}

/** invoice.created messages in the namespace's stream. */
async function natsCounter(namespace: string) {
  const nc = await connect({ servers: TEST_NATS_URL });
  const jsm = await jetstreamManager(nc);
  const wire = `${namespace}.${InvoiceEvents.Created}`;
  return {
    count: async () => {
      const info = await jsm.streams.info(`${EVENTS_STREAM}_${namespace}`, { subjects_filter: wire }).catch(() => undefined);
      return info?.state.subjects?.[wire] ?? 0;
    },
    close: () => nc.close(),
  };
}

/** Polls `fn` every POLL_MS until it reaches `target` or `until` passes; answers the last value and when it was read. */
async function pollUntil(fn: () => Promise<number>, target: number, until: number) {
  for (;;) {
    const n = await fn();
    const at = performance.now();
    if (n >= target || at > until) return { n, at };
    await sleep(POLL_MS);
  }
}

/** What a worker's JSON log lines say: invoices it reported generating, runs that did, warnings and errors. */
function workerLog(p: ServiceProcess) {
  let invoices = 0;
  let runs = 0;
  let warn = 0;
  let error = 0;
  let firstError = '';
  for (const line of p.output().split('\n')) {
    if (!line.startsWith('{')) continue;
    let l: Record<string, unknown>;
    try {
      l = JSON.parse(line) as Record<string, unknown>;
    } catch {
      continue;
    }
    if (l.msg === 'recurring invoices generated') {
      runs++;
      invoices += Number(l.generated ?? l.invoices ?? l.count ?? 0);
    }
    const level = Number(l.level);
    if (level === 40) warn++;
    if (level >= 50) {
      error++;
      firstError ||= `${String(l.msg)}${l.err ? `: ${String((l.err as { message?: unknown }).message)}` : ''}`;
    }
  }
  return { invoices, runs, warn, error, firstError };
}

/** CPU ms so far of each Postgres backend on the bench database (the workers' pools, the bench's own polls). */
async function backendCpu(db: TestDatabase): Promise<Map<number, number>> {
  const { rows } = await db.query<{ pid: number }>(`select pid from pg_stat_activity where datname = current_database()`);
  const out = new Map<number, number>();
  for (const { pid } of rows) {
    try {
      out.set(pid, cpuMs(pid));
    } catch {
      // exited meanwhile
    }
  }
  return out;
}

const db = await createTestDatabase();
const namespace = randomName('bench');
const workers: ServiceProcess[] = [];
const nats = await natsCounter(namespace);
try {
  const env = testEnv(db, {
    NATS_URL: TEST_NATS_URL,
    BUS_NAMESPACE: namespace,
    NODE_ENV: 'production',
    LOG_LEVEL: 'info', // the job's "recurring invoices generated" lines give each worker's share
    DATABASE_POOL_MAX: '10',
    RECURRING_INTERVAL_MS: '200',
    ...(batch ? { RECURRING_BATCH_SIZE: batch } : {}),
  });
  const ports = await Promise.all(Array.from({ length: workerCount }, () => freePort()));
  for (const port of ports) workers.push(spawnScript('services/billing/src/server.ts', { ...env, PORT: String(port) }));
  await Promise.all(ports.map((port, i) => waitReady(port, workers[i])));

  const tenants = Array.from({ length: tenantCount }, () => crypto.randomUUID());
  const client = new pg.Client({ connectionString: db.url });
  await client.connect();
  const seedStart = performance.now();
  await client.query('begin');
  await seed(client, tenants);
  const cpuBefore = workers.map((w) => cpuMs(w.proc.pid!));
  const pgBefore = await backendCpu(db);
  const t0 = performance.now();
  await client.query('commit');
  const commitMs = performance.now() - t0;
  await client.end();

  const recurringCount = async () =>
    Number((await db.query<{ n: string }>(`select count(*) as n from billing.invoices where recurring_invoice_id is not null`)).rows[0]!.n);
  const done = await pollUntil(recurringCount, expected, t0 + timeoutMs);
  const cpuAfter = workers.map((w) => cpuMs(w.proc.pid!));
  // A backend that connected during the window counts whole; one that closed during it is missed (pools keep theirs).
  const pgMs = [...(await backendCpu(db))].reduce((sum, [pid, ms]) => sum + ms - (pgBefore.get(pid) ?? 0), 0);
  const wallMs = done.at - t0;
  const events = await pollUntil(nats.count, done.n, done.at + 30_000);

  console.log(
    `\n${expected} due schedules over ${tenantCount} tenants, ${workerCount} workers, RECURRING_BATCH_SIZE ${batch ?? 'default'}, ` +
      `polled every ${POLL_MS} ms; seeded in ${s(t0 - seedStart)} (commit ${commitMs.toFixed(0)} ms, inside the window); ${new Date().toISOString()}`,
  );
  const reached = done.n >= expected;
  console.table([
    {
      figure: `wall time, COMMIT → ${reached ? `${expected}th invoice committed` : `timeout with ${done.n} of ${expected}`}`,
      value: s(wallMs),
      goal: `≤ ${GOAL_S} s`,
    },
    { figure: 'invoices per second', value: Math.round(done.n / (wallMs / 1000)), goal: `≥ ${Math.ceil(expected / GOAL_S)}` },
    {
      figure: `invoice.created on NATS: ${events.n}`,
      value: events.n >= done.n ? `${done.n} at ${s(events.at - t0)}` : `not ${done.n} within 30 s more`,
      goal: '',
    },
  ]);

  // The checks, as the postgres superuser (bypasses RLS).
  const q = async (sql: string, params: unknown[] = []) => Number((await db.query<{ n: string }>(sql, params)).rows[0]!.n);
  const checks = [
    {
      check: 'invoices with a schedule',
      value: await q(`select count(*) as n from billing.invoices where recurring_invoice_id is not null`),
      expected,
    },
    {
      check: '(schedule, period) pairs invoiced twice or more',
      value: await q(`select count(*) as n from (select 1 from billing.invoices where recurring_invoice_id is not null
                        group by recurring_invoice_id, recurring_period having count(*) > 1) d`),
      expected: 0,
    },
    {
      check: `tenants whose numbers are not exactly INV-0001…INV-${String(perTenant).padStart(4, '0')}`,
      value: await q(
        `with e as (select tenant_id, 'INV-' || case when g < 1000 then lpad(g::text, 4, '0') else g::text end as num
                      from unnest($1::uuid[]) tenant_id cross join generate_series(1, $2::int) g),
              a as (select tenant_id, invoice_number as num from billing.invoices where tenant_id = any($1::uuid[]))
         select count(distinct tenant_id) as n from ((table e except all table a) union all (table a except all table e)) d`,
        [tenants, perTenant],
      ),
      expected: 0,
    },
    {
      check: 'schedules advanced (next_period 1, 1 generated, next date = period 1)',
      value: await q(`select count(*) as n from billing.recurring_invoices
                       where next_period = 1 and total_invoices_generated = 1
                         and next_invoice_date = case frequency when 'weekly' then start_date + 7
                           else (start_date + make_interval(months => case frequency when 'monthly' then 1 when 'quarterly' then 3 else 12 end))::date end`),
      expected,
    },
    {
      check: 'invoices matching their schedule (period 0, customer, issue date, total, 3 items)',
      value: await q(`select count(*) as n from billing.invoices i
                        join billing.recurring_invoices r on r.id = i.recurring_invoice_id and r.tenant_id = i.tenant_id
                        cross join lateral (select count(*) as items, sum(amount) as sum from billing.invoice_items it where it.invoice_id = i.id) it
                       where i.recurring_period = 0 and i.customer_id = r.customer_id and i.issue_date = r.start_date
                         and i.total = r.total and it.items = 3 and it.sum = r.total`),
      expected,
    },
    {
      check: 'outbox rows invoice.created',
      value: await q(`select count(*) as n from billing.outbox where subject = $1`, [InvoiceEvents.Created]),
      expected,
    },
    { check: 'invoice.created messages on NATS', value: await nats.count(), expected },
  ];
  console.table(checks.map((c) => ({ ...c, ok: c.value === c.expected ? 'yes' : 'NO' })));

  // Graceful stop first: the logs are complete once the processes have exited.
  for (const w of workers) w.proc.kill('SIGTERM');
  const codes = await Promise.all(workers.map((w) => w.exited()));
  console.table(
    workers.map((w, i) => {
      const l = workerLog(w);
      return {
        worker: i + 1,
        'invoices (its logs)': l.invoices,
        'runs that generated': l.runs,
        'CPU in window': s(cpuAfter[i]! - cpuBefore[i]!),
        'warn / error lines': `${l.warn} / ${l.error}`,
        'first error': l.firstError.slice(0, 80),
        exit: codes[i],
      };
    }),
  );
  const cores = availableParallelism();
  const workersMs = cpuAfter.reduce((sum, ms, i) => sum + ms - cpuBefore[i]!, 0);
  console.log(
    `CPU in the window: workers ${s(workersMs)}, Postgres backends of the database ${s(pgMs)}, of ${s(cores * wallMs)} on ${cores} cores`,
  );
  console.log(`goal: all ${expected} in ≤ ${GOAL_S} s on this ${cores}-core machine`);
} finally {
  for (const w of workers) if (w.proc.exitCode === null) w.proc.kill('SIGTERM');
  await Promise.all(workers.map((w) => w.exited()));
  await nats.close();
  await db.drop();
  await deleteNatsNamespace(namespace);
}
