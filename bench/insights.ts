/**
 * `npm run bench -- insights`: AI insight generation (POST /api/ai/insights/refresh: every rule, the store, the
 * template summary) for a tenant with 100,000 invoices, 1,000 schedules and 5,000 expenses in the ai service's read
 * models, among 300,000 invoices of other tenants. The ai service runs as its own process on the real Postgres and
 * NATS; the read models are filled with SQL (the consumers that fill them are exercised by services/ai/test).
 * Goal: generation ≤ 2 s.
 */
import { randomUUID } from 'node:crypto';
import { createInternalTokenSigner } from '@billpoint/kit';
import type { InsightList } from '@billpoint/proto';
import { runRules } from '../services/ai/src/modules/insights/rules.ts';
import { invoiceFacts } from '../services/ai/src/modules/insights/rules/common.ts';
import { formatsFor } from '../services/ai/src/modules/insights/format.ts';
import {
  createTestDatabase,
  deleteNatsNamespace,
  freePort,
  randomName,
  spawnScript,
  testEnv,
  TEST_NATS_URL,
  TEST_TOKEN_KEY,
  waitReady,
} from '../services/kit/test/support/index.ts';

const INVOICES = 100_000;
const OTHERS = 300_000;
const sign = createInternalTokenSigner(TEST_TOKEN_KEY);
const headers = (tenantId: string) => ({
  'content-type': 'application/json',
  'x-billpoint-internal-token': sign({ tenantId, userId: 'bench', role: 'admin', scopes: [] }),
});
const pctl = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((xs.length * p) / 100))]!;

const db = await createTestDatabase();
const namespace = randomName('bench');
const procs: ReturnType<typeof spawnScript>[] = [];
try {
  const port = await freePort();
  const env = testEnv(db, {
    NATS_URL: TEST_NATS_URL,
    BUS_NAMESPACE: namespace,
    LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'warn',
    NODE_ENV: 'production',
  });
  const ai = spawnScript('services/ai/src/server.ts', { ...env, PORT: String(port), OPENAI_API_KEY: '' });
  procs.push(ai);
  await waitReady(port, ai);
  const url = `http://127.0.0.1:${port}`;

  const tenant = randomUUID();
  const t0 = performance.now();
  // Invoices over the last 400 days: 200 customers (a few large), statuses mixed, some taxed.
  const fill = (t: string, n: number) =>
    db.query(
      `insert into ai.invoice_facts (tenant_id, id, customer_id, customer_name, status, currency, total, balance_due, tax_amount,
         issue_date, due_date, paid_at, version)
       select $1::uuid, g, 1 + (g * 7919) % 200, 'Customer ' || (1 + (g * 7919) % 200),
              s.status, case when g % 10 = 0 then 'EUR' else 'USD' end, t.total,
              case when s.status = 'paid' then 0 else t.total end, case when g % 3 = 0 then round(t.total * 0.1, 2) else 0 end,
              current_date - (g % 400), current_date - (g % 400) + 30,
              case when s.status = 'paid' then current_date - (g % 400) + (g % 45) end, now()
         from generate_series(1, $2::int) g
         cross join lateral (select (10 + (g * 31) % 5000)::numeric(15,2) + 0.25 as total) t
         cross join lateral (select (array['paid','paid','paid','sent','viewed','overdue','draft','cancelled'])[1 + g % 8] as status) s`,
      [t, n],
    );
  await fill(tenant, INVOICES);
  for (let i = 0; i < OTHERS / 100_000; i++) await fill(randomUUID(), 100_000);
  await db.query(
    `insert into ai.schedule_facts (tenant_id, id, customer_id, customer_name, is_active, frequency, next_invoice_date, currency, total,
       cancelled_at, version)
     select $1::uuid, g, g % 200, 'Customer ' || g % 200, g % 10 <> 0,
            (array['weekly','monthly','quarterly','annually'])[1 + g % 4], current_date + (g % 40), 'USD', 100 + g % 900,
            case when g % 10 = 0 then now() - make_interval(days => g % 120) end, now()
       from generate_series(1, 1000) g`,
    [tenant],
  );
  await db.query(
    `insert into ai.expense_facts (tenant_id, id, category_id, amount, currency, date, version)
     select $1::uuid, g, 1 + g % 12, 5 + (g * 13) % 900, 'USD', current_date - (g % 60), now() from generate_series(1, 5000) g`,
    [tenant],
  );
  await db.query(`insert into ai.insight_runs (tenant_id) values ($1)`, [tenant]);
  await db.query(`analyze ai.invoice_facts; analyze ai.schedule_facts; analyze ai.expense_facts`);
  console.log(
    `Filled ${INVOICES.toLocaleString()} invoices (+${OTHERS.toLocaleString()} of other tenants), 1,000 schedules, 5,000 expenses in ${((performance.now() - t0) / 1000).toFixed(1)} s.`,
  );

  // Each rule's statement on its own (sequentially, as the database owner: the same plans, without RLS).
  const today = new Date().toISOString().slice(0, 10);
  const perRule: string[] = [];
  await runRules(
    Object.assign(
      async (sql: string) => {
        const s = performance.now();
        const params = sql.includes('$2') ? [tenant, today] : [tenant];
        const r = await db.query(sql, params);
        perRule.push(`${(performance.now() - s).toFixed(0)} ms ${sql.replace(/\s+/g, ' ').slice(0, 60)}…`);
        return r.rows as never[];
      },
      { invoices: invoiceFacts('USD') },
    ),
    today,
    formatsFor('en'),
  );
  console.log(`Per statement:\n  ${perRule.join('\n  ')}`);

  const times: number[] = [];
  let last: InsightList | null = null;
  for (let i = 0; i < 7; i++) {
    const s = performance.now();
    const res = await fetch(`${url}/api/ai/insights/refresh`, { method: 'POST', headers: headers(tenant), body: '{}' });
    if (!res.ok) throw new Error(`refresh: ${res.status} ${await res.text()}`);
    last = (await res.json()) as InsightList;
    times.push(performance.now() - s);
  }
  const reads: number[] = [];
  for (let i = 0; i < 50; i++) {
    const s = performance.now();
    const res = await fetch(`${url}/api/ai/insights`, { headers: headers(tenant) });
    if (!res.ok) throw new Error(`list: ${res.status}`);
    await res.arrayBuffer();
    reads.push(performance.now() - s);
  }
  const p50 = pctl(times, 50);
  const worst = Math.max(...times);
  console.log(
    `Insight generation (POST /api/ai/insights/refresh, ${last!.insights.length} insights: ${[...new Set(last!.insights.map((i) => i.rule))].join(', ')}): ` +
      `p50 ${p50.toFixed(0)} ms, max ${worst.toFixed(0)} ms over ${times.length} runs — goal ≤ 2000 ms: ${worst <= 2000 ? 'met' : 'NOT met'}.`,
  );
  console.log(
    `GET /api/ai/insights: p50 ${pctl(reads, 50).toFixed(1)} ms, p95 ${pctl(reads, 95).toFixed(1)} ms over ${reads.length} reads.`,
  );
  console.log(
    `Load average while it ran: ${(await import('node:os'))
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(', ')} (wall time on a shared machine).`,
  );
} finally {
  for (const p of procs) p.proc.kill('SIGTERM');
  await Promise.all(procs.map((p) => p.exited()));
  await db.drop();
  await deleteNatsNamespace(namespace);
}
