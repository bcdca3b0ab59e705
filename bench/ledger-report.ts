/**
 * Benchmark: the ledger's profit & loss report at scale. One tenant with 100,000 journal lines in one year (among
 * two other tenants with 50,000 each), generated with set-based SQL that goes through the ledger's balance trigger
 * like any posting; then POST /api/financial-reports/generate (profit_loss over the whole year, every one of the
 * tenant's lines) at the tax service with an internal token, as the gateway calls it — p50/p95 over BENCH_RUNS
 * (default 20) after 3 warm-ups, beside the goal. Prints figures only.
 *
 *   npm run bench -- ledger
 *
 * `seedLedgerLines` and `timeReport` are exported for other benchmarks (the categorize benchmark seeds a ledger
 * the same way).
 */
import { randomUUID } from 'node:crypto';
import { createInternalTokenSigner, INTERNAL_TOKEN_HEADER, MemoryBus, startService, type RunningService } from '@billpoint/kit';
import { createTestDatabase, testEnv, TEST_TOKEN_KEY, type TestDatabase } from '@billpoint/kit/testing';
import { taxService } from '../services/tax/src/app.ts';
import { ensureChart } from '../services/tax/src/modules/ledger/accounts.ts';

export const GOAL_MS = 200;

/**
 * Seeds `lines` journal lines for `tenantId` in `year` (USD): 70 % in invoice entries of 4 lines (Dr AR; Cr revenue,
 * shipping, tax at one of two rates) and 30 % in expense entries of 3 lines (Dr one of 10 category accounts, Dr input
 * tax; Cr cash). Balanced by construction; the deferred trigger checks every entry at commit.
 */
export async function seedLedgerLines(db: TestDatabase, svc: RunningService, tenantId: string, lines: number, year = 2026) {
  await svc.ctx.tx({ tenantId }, (em) => ensureChart(em, tenantId));
  await db.query(
    `insert into tax.chart_of_accounts (tenant_id, code, name, type, category_id)
     select $1, (5100 + 10 * k)::text, 'Category ' || k, 'expense', 1000 + k from generate_series(0, 9) k on conflict do nothing`,
    [tenantId],
  );
  const invoices = Math.floor((lines * 0.7) / 4);
  const expenses = Math.floor((lines - invoices * 4) / 3);
  const { rows: base } = await db.query<{ n: string }>(
    `select coalesce(max(entry_number), 0)::text as n from tax.journal_entries where tenant_id = $1`,
    [tenantId],
  );
  const n0 = Number(base[0]!.n);
  const acct = `(select id from tax.chart_of_accounts where tenant_id = $1 and code = `;
  // Each statement inserts whole entries with their lines: the deferred balance trigger checks them at its commit.
  {
    await db.query(
      `with e as (
         insert into tax.journal_entries (tenant_id, entry_number, entry_date, description, reference, currency, total_debit, total_credit, source_key)
         select $1, $2 + g, make_date($4, 1, 1) + (g % 365), 'Bench invoice ' || g, 'B-' || g, 'USD',
                a + t + s, a + t + s, 'bench:inv:' || ($2 + g)
           from generate_series(1, $3) g,
                lateral (select ((g * 7919) % 100000 + 1000) / 100.0 as a) x,
                lateral (select round(x.a * (case when g % 2 = 0 then 0.20 else 0.07 end), 2) as t, (g % 5 + 1)::numeric as s) y
         returning id, entry_number, entry_date, total_debit
       )
       insert into tax.journal_entry_lines (tenant_id, entry_id, line_number, account_id, debit_amount, credit_amount, entry_date,
         currency, tax_rate_id, tax_rate_name, tax_type, tax_rate, taxable_amount)
       select $1, e.id, v.n, v.account, v.d, v.c, e.entry_date, 'USD', v.rid, v.rname, v.rtype, v.rate, v.taxable
         from e, lateral (select ((e.entry_number - $2) * 7919 % 100000 + 1000) / 100.0 as a, (e.entry_number - $2) % 2 = 0 as std) x,
         lateral (values
           (1, ${acct}'1100'), e.total_debit, 0::numeric, null::bigint, null::text, null::text, null::numeric, null::numeric),
           (2, ${acct}'4000'), 0, x.a, null, null, null, null, null),
           (3, ${acct}'4100'), 0, ((e.entry_number - $2) % 5 + 1)::numeric, null, null, null, null, null),
           (4, ${acct}'2100'), 0, e.total_debit - x.a - ((e.entry_number - $2) % 5 + 1),
              case when x.std then 1 else 2 end, case when x.std then 'VAT' else 'Sales tax' end,
              case when x.std then 'vat' else 'sales_tax' end, case when x.std then 20 else 7 end, x.a)
         ) as v (n, account, d, c, rid, rname, rtype, rate, taxable)`,
      [tenantId, n0, invoices, year],
    );
    await db.query(
      `with e as (
         insert into tax.journal_entries (tenant_id, entry_number, entry_date, description, reference, currency, total_debit, total_credit, source_key)
         select $1, $2 + g, make_date($4, 1, 1) + (g % 365), 'Bench expense ' || g, null, 'USD', a, a, 'bench:exp:' || ($2 + g)
           from generate_series(1, $3) g, lateral (select ((g * 104729) % 50000 + 500) / 100.0 as a) x
         returning id, entry_number, entry_date, total_debit
       )
       insert into tax.journal_entry_lines (tenant_id, entry_id, line_number, account_id, debit_amount, credit_amount, entry_date,
         currency, taxable_amount)
       select $1, e.id, v.n, v.account, v.d, v.c, e.entry_date, 'USD', v.taxable
         from e, lateral (select round(e.total_debit / 6, 2) as tax) x,
         lateral (values
           (1, ${acct}((5100 + 10 * (e.entry_number % 10))::text)), e.total_debit - x.tax, 0::numeric, null::numeric),
           (2, ${acct}'1200'), x.tax, 0, e.total_debit - x.tax),
           (3, ${acct}'1000'), 0, e.total_debit, null)
         ) as v (n, account, d, c, taxable)`,
      [tenantId, n0 + invoices, expenses, year],
    );
    await db.query(
      `insert into tax.ledger_counters (tenant_id, next_entry) values ($1, $2) on conflict (tenant_id) do update set next_entry = excluded.next_entry`,
      [tenantId, n0 + invoices + expenses + 1],
    );
  }
  const { rows } = await db.query<{ n: string }>(`select count(*)::text as n from tax.journal_entry_lines where tenant_id = $1`, [
    tenantId,
  ]);
  return { lines: Number(rows[0]!.n) };
}

/** POSTs the report `runs` times (after 3 warm-ups) at the service; latencies in ms, p50 and p95. */
export async function timeReport(svc: RunningService, tenantId: string, body: Record<string, unknown>, runs = 20) {
  const sign = createInternalTokenSigner(TEST_TOKEN_KEY);
  const once = async () => {
    const t = performance.now();
    const res = await fetch(`${svc.url}/api/financial-reports/generate`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        [INTERNAL_TOKEN_HEADER]: sign({ tenantId, userId: 'bench', role: 'admin', scopes: [] }),
      },
      body: JSON.stringify(body),
    });
    const json = (await res.json()) as { reportData?: { ledgerLines: number } };
    if (res.status !== 201) throw new Error(`generate: ${res.status} ${JSON.stringify(json)}`);
    return { ms: performance.now() - t, ledgerLines: json.reportData!.ledgerLines };
  };
  for (let i = 0; i < 3; i++) await once();
  const times: number[] = [];
  let ledgerLines = 0;
  for (let i = 0; i < runs; i++) {
    const r = await once();
    times.push(r.ms);
    ledgerLines = r.ledgerLines;
  }
  times.sort((a, b) => a - b);
  const pct = (p: number) => times[Math.min(times.length - 1, Math.ceil((p / 100) * times.length) - 1)]!;
  return { p50: pct(50), p95: pct(95), ledgerLines };
}

export default async function main() {
  const runs = Number(process.env.BENCH_RUNS ?? 20);
  const db = await createTestDatabase();
  const bus = new MemoryBus({ logger: { info() {}, warn() {}, error() {}, debug() {} } });
  const svc = await startService(taxService, { env: testEnv(db), bus });
  try {
    const target = randomUUID();
    const t0 = performance.now();
    const seeded = await seedLedgerLines(db, svc, target, 100_000);
    for (let i = 0; i < 2; i++) await seedLedgerLines(db, svc, randomUUID(), 50_000);
    await db.query('analyze tax.journal_entry_lines; analyze tax.journal_entries; analyze tax.chart_of_accounts');
    console.log(
      `seeded ${seeded.lines} lines for the tenant (+100,000 for two others) in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
    );
    const r = await timeReport(
      svc,
      target,
      { type: 'profit_loss', period: 'current-year', startDate: '2026-01-01', endDate: '2026-12-31', currency: 'USD' },
      runs,
    );
    console.table([
      {
        report: 'profit_loss, 2026, one tenant',
        'ledger lines': r.ledgerLines,
        runs,
        'p50 ms': r.p50.toFixed(1),
        'p95 ms': r.p95.toFixed(1),
        'goal ms': `≤ ${GOAL_MS}`,
        met: r.p95 <= GOAL_MS ? 'yes' : 'no',
      },
    ]);
  } finally {
    await svc.close();
    await bus.close();
    await db.drop();
  }
}
