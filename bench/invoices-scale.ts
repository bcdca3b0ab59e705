/**
 * Benchmark: billing at scale. One tenant with 100,000 invoices, 20,000 payments and 1,000 recurring schedules among
 * 1,000,000 invoices (generated with SQL, not through the API; triggers keep the search text, the summary rows and
 * the analytics rollups exactly as the service does), then the first page of the invoice list with a search term,
 * the unsearched first page, the dashboard stats and the full analytics answer per period (and one in a single
 * currency) — p50/p95 at the service (called directly with an internal token, as the gateway does) and through the
 * gateway (session cookie).
 * Cluster topology: gateway and billing as separate processes, real Postgres and NATS. Prints figures only.
 *
 *   npm run bench -- invoices      (BENCH_REQUESTS=1000 per row; concurrency 1 and BENCH_CONCURRENCY=4)
 */
import { createInternalTokenSigner } from '@billpoint/kit';
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
  TEST_TOKEN_KEY,
  type ServiceProcess,
  serviceUrls,
} from '@billpoint/kit/testing';

const requests = Number(process.env.BENCH_REQUESTS ?? 1000);
const concurrency = Number(process.env.BENCH_CONCURRENCY ?? 4);

const TARGET_INVOICES = 100_000;
const TARGET_PAYMENTS = 20_000;
const TARGET_SCHEDULES = 1_000;
const OTHER_TENANTS = 90;
const OTHER_INVOICES = 10_000; // 90 × 10,000 + 100,000 = 1,000,000

/** `requests` requests, `concurrency` at a time; latencies in ms. */
async function measure(url: string, headers: Record<string, string>, concurrency: number) {
  const once = async () => {
    const t = performance.now();
    const res = await fetch(url, { headers });
    await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`${url}: ${res.status}`);
    return performance.now() - t;
  };
  for (let i = 0; i < 100; i++) await once(); // warm-up
  const times: number[] = [];
  let next = 0;
  const start = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next++ < requests) times.push(await once());
    }),
  );
  const elapsed = (performance.now() - start) / 1000;
  times.sort((a, b) => a - b);
  const pct = (p: number) => times[Math.min(times.length - 1, Math.floor((p / 100) * times.length))]!;
  return { p50: pct(50).toFixed(2), p95: pct(95).toFixed(2), p99: pct(99).toFixed(2), 'req/s': Math.round(times.length / elapsed) };
}

const db = await createTestDatabase();
const namespace = randomName('bench');
const procs: ServiceProcess[] = [];
try {
  const [billingPort, gwPort] = [await freePort(), await freePort()];
  const env = testEnv(db, {
    NATS_URL: TEST_NATS_URL,
    BUS_NAMESPACE: namespace,
    LOG_LEVEL: 'warn',
    NODE_ENV: 'production',
    DATABASE_POOL_MAX: '10',
  });
  const billing = spawnScript('services/billing/src/server.ts', { ...env, PORT: String(billingPort), OVERDUE_INTERVAL_MS: '3600000' });
  procs.push(billing);
  await waitReady(billingPort, billing);
  const gateway = spawnScript('gateway/src/server.ts', {
    ...env,
    PORT: String(gwPort),
    ...serviceUrls({ BILLING_URL: `http://127.0.0.1:${billingPort}` }), // the others are not called here
    WEB_DIST: '/nonexistent',
  });
  procs.push(gateway);
  await waitReady(gwPort, gateway);

  const client = new HttpClient(`http://127.0.0.1:${gwPort}`);
  const me = await client.register();
  const tenant = me.organization.id;

  console.log(`generating ${TARGET_INVOICES + OTHER_TENANTS * OTHER_INVOICES} invoices…`);
  const t0 = performance.now();
  // Customers (billing's read model): 1,000 for the tenant, 100 for each other tenant; random-looking names.
  const tenants = [
    { id: tenant, invoices: TARGET_INVOICES, customers: 1000 },
    ...Array.from({ length: OTHER_TENANTS }, () => ({ id: crypto.randomUUID(), invoices: OTHER_INVOICES, customers: 100 })),
  ];
  for (const t of tenants) {
    await db.query(
      `insert into billing.customers (tenant_id, id, name, email, company)
       select $1::uuid, c, 'Customer ' || substr(md5($1::text || c), 1, 10), 'billing-' || substr(md5($1::text || c), 11, 8) || '@example.test', 'Company ' || c
       from generate_series(1, $2::int) c`,
      [t.id, t.customers],
    );
    // Invoices spread over two years; statuses and currencies mixed; the triggers fill search text and stats.
    await db.query(
      `insert into billing.invoices (tenant_id, customer_id, invoice_number, status, issue_date, due_date, currency, exchange_rate,
         subtotal, total, total_in_base_currency, paid_at, public_token, created_at, updated_at)
       select $1::uuid, 1 + (g % $3::int), 'INV-' || lpad(g::text, 6, '0'), s.status, d::date, d::date + 30, s.cur, s.rate,
         s.amount, s.amount, round(s.amount * s.rate, 2), case when s.status = 'paid' then d + interval '12 days' end,
         md5($1::text || g) || md5(g || $1::text), d, d
       from generate_series(1, $2::int) g
       cross join lateral (select now() - make_interval(mins => ($2::int - g) * (1051200 / $2::int)) as d) t
       cross join lateral (select (array['draft', 'sent', 'paid', 'paid', 'paid', 'overdue', 'viewed'])[1 + g % 7] as status,
                                  (array['USD', 'USD', 'USD', 'EUR', 'GBP'])[1 + g % 5] as cur,
                                  (array[1, 1, 1, 1.08, 1.27])[1 + g % 5]::numeric(15,6) as rate,
                                  round((10 + (g * 7919) % 500000 / 100.0)::numeric, 2) as amount) s`,
      [t.id, t.invoices, t.customers],
    );
    await db.query(`insert into billing.numbering (tenant_id, next_seq) values ($1, $2)`, [t.id, t.invoices + 1]);
  }
  // The tenant's payments (billing's copies, as the payments consumer writes them; the trigger keeps their rollup):
  // one per paid invoice of the first 20,000, methods mixed, a tenth refunded in part.
  await db.query(
    `insert into billing.invoice_payments (tenant_id, payment_id, invoice_id, amount, refunded_amount, status, method, currency,
       amount_base, payment_date)
     select i.tenant_id, row_number() over (order by i.id), i.id, i.total,
       case when i.id % 10 = 0 then round(i.total / 4, 2) else 0 end, case when i.id % 10 = 0 then 'refunded' else 'completed' end,
       (array['credit_card', 'bank_transfer', 'paypal', 'stripe', 'cash', 'check', 'other'])[1 + i.id % 7], i.currency,
       i.total_in_base_currency, (i.paid_at at time zone 'UTC')::date
     from billing.invoices i where i.tenant_id = $1 and i.status = 'paid' order by i.id limit $2`,
    [tenant, TARGET_PAYMENTS],
  );
  // 1,000 schedules (a fifth paused: the trigger records them as started and stopped today).
  await db.query(
    `insert into billing.recurring_invoices (tenant_id, customer_id, name, frequency, start_date, next_invoice_date, currency, total, is_active)
     select $1, 1 + s % 1000, 'Plan ' || s, (array['weekly', 'monthly', 'quarterly', 'annually'])[1 + s % 4], current_date,
       current_date + 1, (array['USD', 'USD', 'EUR', 'GBP'])[1 + s % 4], 10 + s, true
     from generate_series(1, $2::int) s`,
    [tenant, TARGET_SCHEDULES],
  );
  await db.query(`update billing.recurring_invoices set is_active = false where tenant_id = $1 and id % 5 = 0`, [tenant]);
  await db.query('vacuum analyze billing.invoices');
  await db.query('analyze');
  console.log(`generated in ${((performance.now() - t0) / 1000).toFixed(0)} s`);

  // A term that finds one customer's invoices (about 100 of the tenant's 100,000).
  const [{ name }] = (await db.query<{ name: string }>(`select name from billing.customers where tenant_id = $1 and id = 421`, [tenant]))
    .rows as [{ name: string }];
  const term = encodeURIComponent(name.slice(-7));
  const first = await client.get(`/api/invoices?search=${term}&limit=20`);
  console.log(
    `search "${decodeURIComponent(term)}": ${first.headers.get('x-total-count')} matches; unsearched total ${(await client.get('/api/invoices?limit=1')).headers.get('x-total-count')}`,
  );

  const sign = createInternalTokenSigner(TEST_TOKEN_KEY);
  const viaGateway = { cookie: [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; ') };
  const rows = [];
  for (const c of [1, concurrency]) {
    for (const [what, path] of [
      ['list, searched, first page', `/api/invoices?search=${term}&limit=20`],
      ['list, first page', `/api/invoices?limit=20`],
      ['dashboard stats', `/api/dashboard/stats`],
      ['analytics, last 7 days', `/api/dashboard/stats?period=7d`],
      ['analytics, last 30 days', `/api/dashboard/stats?period=30d`],
      ['analytics, last 90 days', `/api/dashboard/stats?period=90d`],
      ['analytics, last year', `/api/dashboard/stats?period=1y`],
      ['analytics, last year, EUR', `/api/dashboard/stats?period=1y&currency=EUR`],
      ['analytics, all time, EUR', `/api/dashboard/stats?currency=EUR`],
    ] as const) {
      // A fresh internal token per measurement: it lives 60 s, like the gateway's.
      const direct = { 'x-billpoint-internal-token': sign({ tenantId: tenant, userId: me.id, role: 'admin', scopes: [] }) };
      rows.push({
        call: what,
        at: 'billing service',
        concurrency: c,
        ...(await measure(`http://127.0.0.1:${billingPort}${path}`, direct, c)),
      });
      rows.push({
        call: what,
        at: 'through gateway',
        concurrency: c,
        ...(await measure(`http://127.0.0.1:${gwPort}${path}`, viaGateway, c)),
      });
    }
  }
  const sizes = await db.query<{ invoices: string; payments: string; schedules: string; all: string; rollup: string }>(
    `select (select count(*) from billing.invoices where tenant_id = $1) as invoices,
            (select count(*) from billing.invoice_payments where tenant_id = $1) as payments,
            (select count(*) from billing.recurring_invoices where tenant_id = $1) as schedules,
            (select count(*) from billing.invoices) as all,
            (select count(*) from billing.stats_invoices where tenant_id = $1) as rollup`,
    [tenant],
  );
  const z = sizes.rows[0]!;
  console.log(
    `\n1 tenant with ${z.invoices} invoices, ${z.payments} payments, ${z.schedules} schedules (${z.rollup} rollup rows) among ${z.all} invoices; ` +
      `${requests} requests per row; ms; ${new Date().toISOString()}`,
  );
  console.table(rows);
  console.log('goals at the service: list p95 ≤ 10 ms, dashboard stats p95 ≤ 10 ms, analytics (each period) p95 ≤ 15 ms');
} finally {
  for (const p of procs) p.proc.kill('SIGTERM');
  await Promise.all(procs.map((p) => p.exited()));
  await db.drop();
  await deleteNatsNamespace(namespace);
}
