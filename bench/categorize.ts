/**
 * `npm run bench -- categorize`: the ai service's local expense categorizer on a labelled data set
 * (bench/data/expenses.json, made by bench/data/make-expenses.ts). The tax and ai services run as their own
 * processes on the real Postgres and NATS; 80 % of the expenses are saved through tax's API (its events train the
 * ai service's model exactly as in production), the other 20 % are categorized through ai's HTTP endpoint. A
 * second tenant with no expenses at all shows the cold start (the prior of category names and keywords only).
 * Printed: top-1/top-3 accuracy, a calibration table, latency, each beside its goal; and the softmax temperature
 * that 5-fold cross-validation over the training split alone would fit (the model's constant came from it).
 */
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createInternalTokenSigner } from '@billpoint/kit';
import { ConfidenceBands, type CategorizeResult, type ExpenseCategory } from '@billpoint/proto';
import {
  createTestDatabase,
  deleteNatsNamespace,
  freePort,
  randomName,
  spawnScript,
  testEnv,
  TEST_NATS_URL,
  TEST_TOKEN_KEY,
  waitFor,
  waitReady,
} from '../services/kit/test/support/index.ts';
import { Params } from '../services/ai/src/modules/categorize/model.ts';
import { accuracy, coldPredictions, crossValidate, fitTemperature, type Labelled } from './categorize-fit.ts';
import { cpuPerUnit } from './cpu.ts';

const rows: Labelled[] = JSON.parse(readFileSync(join(import.meta.dirname, 'data/expenses.json'), 'utf8'));
// The data set is shuffled once when made; the split is its order: the first 80 % train, the rest test.
const cut = Math.floor(rows.length * 0.8);
const train = rows.slice(0, cut);
const test = rows.slice(cut);

const sign = createInternalTokenSigner(TEST_TOKEN_KEY);
const headers = (tenantId: string) => ({
  'content-type': 'application/json',
  'x-billpoint-internal-token': sign({ tenantId, userId: 'bench', role: 'admin', scopes: [] }),
});
async function call(url: string, tenantId: string, method: string, body?: unknown) {
  const res = await fetch(url, { method, headers: headers(tenantId), body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${text}`);
  return JSON.parse(text) as unknown;
}

interface Outcome {
  rank: number;
  confidence: number;
  correct: boolean;
  ms: number;
}

async function evaluate(aiUrl: string, tenantId: string, set: readonly Labelled[]): Promise<Outcome[]> {
  const out: Outcome[] = [];
  for (const r of set) {
    const t0 = performance.now();
    const res = (await call(`${aiUrl}/api/expenses/categorize`, tenantId, 'POST', {
      description: r.description,
      amount: r.amount,
      vendor: r.vendor,
      date: '2026-05-02',
    })) as CategorizeResult;
    const ms = performance.now() - t0;
    const names = [res.suggested.categoryName, ...res.alternatives.map((a) => a.categoryName)];
    const rank = names.indexOf(r.category) + 1;
    out.push({ rank: rank || 99, confidence: res.suggested.confidence, correct: rank === 1, ms });
  }
  return out;
}

const pct = (x: number) => `${(x * 100).toFixed(1)} %`;
const quantile = (xs: number[], q: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(q * xs.length))]!;

function calibration(outcomes: readonly Outcome[]) {
  const edges = [0, 0.2, 0.4, ConfidenceBands.medium, ConfidenceBands.high, 0.9, 0.95, 1.0001];
  return edges.slice(0, -1).map((lo, i) => {
    const hi = edges[i + 1]!;
    const inBand = outcomes.filter((o) => o.confidence >= lo && o.confidence < hi);
    const mean = inBand.reduce((a, o) => a + o.confidence, 0) / (inBand.length || 1);
    return {
      confidence: `${lo.toFixed(2)}–${Math.min(hi, 1).toFixed(2)}`,
      count: inBand.length,
      'mean confidence': inBand.length ? pct(mean) : '',
      'observed accuracy': inBand.length ? pct(inBand.filter((o) => o.correct).length / inBand.length) : '',
    };
  });
}

/** Expected calibration error: the count-weighted gap between confidence and accuracy over ten equal bins. */
function ece(outcomes: readonly Outcome[]) {
  let sum = 0;
  for (let b = 0; b < 10; b++) {
    const bin = outcomes.filter((o) => Math.min(9, Math.floor(o.confidence * 10)) === b);
    if (!bin.length) continue;
    const conf = bin.reduce((a, o) => a + o.confidence, 0) / bin.length;
    const acc = bin.filter((o) => o.correct).length / bin.length;
    sum += (bin.length / outcomes.length) * Math.abs(conf - acc);
  }
  return sum;
}

const db = await createTestDatabase();
const namespace = randomName('bench');
const procs: ReturnType<typeof spawnScript>[] = [];
try {
  const [taxPort, aiPort] = [await freePort(), await freePort()];
  const env = testEnv(db, {
    NATS_URL: TEST_NATS_URL,
    BUS_NAMESPACE: namespace,
    LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'warn',
    NODE_ENV: 'production',
  });
  const tax = spawnScript('services/tax/src/server.ts', { ...env, PORT: String(taxPort) });
  procs.push(tax);
  await waitReady(taxPort, tax);
  const ai = spawnScript('services/ai/src/server.ts', { ...env, PORT: String(aiPort), OPENAI_API_KEY: '' });
  procs.push(ai);
  await waitReady(aiPort, ai);
  const taxUrl = `http://127.0.0.1:${taxPort}`;
  const aiUrl = `http://127.0.0.1:${aiPort}`;

  // The trained tenant: its categories as tax seeds them; the training split saved as the user's own choices.
  const tenant = randomUUID();
  const categories = (await call(`${taxUrl}/api/expense-categories`, tenant, 'GET')) as ExpenseCategory[];
  const idOf = new Map(categories.map((c) => [c.name, c.id]));
  const t0 = performance.now();
  for (const r of train) {
    await call(`${taxUrl}/api/expenses`, tenant, 'POST', {
      description: r.description,
      amount: r.amount,
      vendor: r.vendor,
      date: '2026-04-15',
      categoryId: idOf.get(r.category),
    });
  }
  await waitFor(
    async () => {
      const { rows: n } = await db.query<{ n: number }>(
        `select count(*)::int as n from ai.expense_category_training where tenant_id = $1`,
        [tenant],
      );
      return n[0]!.n === train.length;
    },
    120_000,
    100,
  );
  const trainedMs = performance.now() - t0;

  const cold = randomUUID();
  await call(`${taxUrl}/api/expense-categories`, cold, 'GET'); // seeded, nothing else
  // One call each first: the tenant's category list is read from tax once (then kept by events).
  await evaluate(aiUrl, tenant, test.slice(0, 1));
  await evaluate(aiUrl, cold, test.slice(0, 1));
  const { result: warm, cpuUs } = await cpuPerUnit(
    { ai: ai.proc.pid! },
    () => evaluate(aiUrl, tenant, test),
    (r) => r.length,
  );
  const coldOut = await evaluate(aiUrl, cold, test);

  // The calibration fit, on the training split alone (5-fold held-out predictions, in memory, same model code).
  const cv = crossValidate(train, 5, { ...Params, temperature: 1 });
  const fitted = fitTemperature(cv);
  const fittedCold = fitTemperature(coldPredictions(train, { ...Params, coldTemperature: 1 }));

  const summary = (o: Outcome[]) => accuracy(o.map((x) => ({ rank: x.rank })));
  const w = summary(warm);
  const c = summary(coldOut);
  const lat = warm.map((o) => o.ms);
  console.log(
    `\nExpense categorization: ${rows.length} labelled expenses over ${new Set(rows.map((r) => r.category)).size} categories; ` +
      `trained on ${train.length} (saved through tax, ${Math.round(trainedMs)} ms until all reached ai), tested on ${test.length} through POST /api/expenses/categorize, ${new Date().toISOString()}`,
  );
  console.table([
    { measure: 'top-1 accuracy', trained: pct(w.top1), 'cold start': pct(c.top1), goal: '≥ 85 %', met: w.top1 >= 0.85 ? 'yes' : 'NO' },
    { measure: 'top-3 accuracy', trained: pct(w.top3), 'cold start': pct(c.top3), goal: '≥ 97 %', met: w.top3 >= 0.97 ? 'yes' : 'NO' },
    {
      measure: 'p50 latency',
      trained: `${quantile(lat, 0.5).toFixed(1)} ms`,
      'cold start': `${quantile(
        coldOut.map((o) => o.ms),
        0.5,
      ).toFixed(1)} ms`,
      goal: '',
      met: '',
    },
    {
      measure: 'p95 latency',
      trained: `${quantile(lat, 0.95).toFixed(1)} ms`,
      'cold start': `${quantile(
        coldOut.map((o) => o.ms),
        0.95,
      ).toFixed(1)} ms`,
      goal: '≤ 20 ms',
      met: quantile(lat, 0.95) <= 20 ? 'yes' : 'NO',
    },
    { measure: 'ai process CPU per call', trained: `${(cpuUs.ai! / 1000).toFixed(2)} ms`, 'cold start': '', goal: '', met: '' },
    { measure: 'calibration error (ECE)', trained: pct(ece(warm)), 'cold start': pct(ece(coldOut)), goal: 'small', met: '' },
  ]);
  console.log(`Calibration of the suggestion's confidence, trained tenant (temperature ${Params.temperature}):`);
  console.table(calibration(warm));
  console.log(`Calibration, cold-start tenant (temperature ${Params.coldTemperature}):`);
  console.table(calibration(coldOut));
  const cvAcc = accuracy(cv);
  console.log(
    `Temperature fitted by 5-fold cross-validation on the training split: ${fitted.toFixed(2)} (the model uses ${Params.temperature}); ` +
      `held-out top-1 ${pct(cvAcc.top1)}, top-3 ${pct(cvAcc.top3)}. ` +
      `Cold (prior only) temperature fitted on the training split: ${fittedCold.toFixed(2)} (the model uses ${Params.coldTemperature}).`,
  );
  console.log(
    `Load average while it ran: ${(await import('node:os'))
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(', ')} (latency is wall time on a shared machine).`,
  );
} finally {
  for (const p of procs) p.proc.kill('SIGTERM');
  await Promise.all(procs.map((p) => p.exited()));
  await db.drop();
  await deleteNatsNamespace(namespace);
}

// The second figure of this benchmark: a profit-and-loss report over 100,000 ledger lines (bench/ledger-report.ts).
console.log('\n### Profit & loss over 100,000 ledger lines');
await (await import('./ledger-report.ts')).default();
