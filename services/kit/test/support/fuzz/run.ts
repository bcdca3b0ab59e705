/**
 * The contract fuzzer: for every route that declares a body or query contract (`config.contract`), valid values
 * generated from the proto schema and hostile variants of them, sent through the gateway by several tenants at once.
 * Never a 5xx; every 4xx is the JSON error body; a 400 for input the contract refuses names a field it names; a
 * refusal leaves the tenant's rows exactly as they were; an accepted value reads back as the contract normalises it.
 */
import fc from 'fast-check';
import type { z } from 'zod';
import type { RouteTableEntry } from '../../../src/route-table.ts';
import { zodIssues } from '../../../src/errors.ts';
import { unstorableInput } from '../../../src/input-guard.ts';
import type { HttpClient, TestDatabase } from '../index.ts';
import type { Tenant } from '../isolation.ts';
import { countTenantRows, snapshotTenantRows } from '../tenant-rows.ts';
import { hostile, type WireBody } from './hostile.ts';
import { hostileQuery, parseQs, toQs, type WireQuery } from './query.ts';
import { valid } from './valid.ts';

export interface FuzzRoute<C> {
  /** The concrete path (fill `:id` with a row of this tenant); default: the route url. */
  path?(ctx: C): string;
  /** Makes a generated valid value fit this tenant (its own customer ids, dates in order). */
  fix?(value: any, ctx: C): unknown;
  /** What was stored, read back after a 2xx, against what the contract made of the input (`parsed`). */
  readBack?(o: { parsed: any; answer: any; client: HttpClient; ctx: C }): Promise<{ actual: unknown; expected: unknown }>;
  /** Where a query route's list is in its answer (default: the answer itself, a plain array), e.g. `{ taxRates }`. */
  list?(answer: any): unknown;
  /**
   * A GET with a query contract answers a list (an array, X-Total-Count, at most `limit` rows) unless this says what
   * its 200 answer must be instead: the problems found in it (e.g. the answer against its own contract).
   */
  answer?(json: unknown): string[];
  /**
   * Its accepted cases sign the client in as someone else or out (register, login): it runs after the matrix's other
   * routes, which need the tenant's own session (they would otherwise be refused, unauthorised, every time).
   */
  changesSession?: boolean;
}

export interface FuzzMatrix<C> {
  service: string;
  file: string;
  /** Prepares one tenant (rows the routes refer to); waits for anything that arrives by events. */
  setup(t: Tenant, db: TestDatabase): Promise<C>;
  /** `METHOD /url` of each route with a body or query contract. */
  routes: Record<string, FuzzRoute<C>>;
  /**
   * Tables the service fills only from events (an audit log of the tenant's own earlier changes): their rows arrive
   * while cases run, so they are left out of the before/after comparison. That a refusal writes no event is still
   * checked, on the outbox's count.
   */
  eventTables?: string[];
}
export const defineFuzzMatrix = <C>(m: FuzzMatrix<C>) => m;

const key = (r: RouteTableEntry) => `${r.method} ${r.url}`;
export const fuzzedRoutes = (table: readonly RouteTableEntry[]) =>
  table.filter((r) => !r.publicRoute && !r.implicitHead && (r.contract?.body || r.contract?.query));

export function fuzzCoverageProblems(matrix: FuzzMatrix<never>, table: readonly RouteTableEntry[]) {
  const problems = fuzzedRoutes(table)
    .filter((r) => !matrix.routes[key(r)])
    .map((r) => `${matrix.service}: no fuzz entry for ${key(r)} (it declares a contract) — add it to ${matrix.file}`);
  const known = new Set(fuzzedRoutes(table).map(key));
  for (const k of Object.keys(matrix.routes))
    if (!known.has(k)) problems.push(`${matrix.service}: fuzz entry "${k}" names no route with a contract — remove it from ${matrix.file}`);
  return problems;
}

export interface FuzzReport {
  cases: number;
  /** Cases the contract itself accepts (the generator's valid values and harmless mutations). */
  valid: number;
  /** Cases the service answered 2xx. */
  accepted: number;
  failures: string[];
}

type Answer = { status: number; text: string; json: any; headers: Headers };
async function send(c: HttpClient, method: string, path: string, body?: WireBody): Promise<Answer> {
  const headers: Record<string, string> = { 'x-requested-with': 'XMLHttpRequest' };
  headers.cookie = [...c.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  if (body?.contentType) headers['content-type'] = body.contentType;
  const res = await fetch(new URL(path, c.base), { method, headers, body: body ? new Uint8Array(body.bytes) : undefined });
  const text = await res.text();
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: res.status, text, json, headers: res.headers };
}

const parseJson = (b: WireBody): { ok: true; value: unknown } | { ok: false } => {
  if (!b.contentType?.startsWith('application/json')) return { ok: false };
  try {
    return { ok: true, value: JSON.parse(b.bytes.toString('utf8')) };
  } catch {
    return { ok: false };
  }
};
const poisoned = (b: WireBody) => /"__proto__"\s*:|"constructor"\s*:\s*\{\s*"prototype"/.test(b.bytes.toString('utf8'));

/** Checks one answer against the contract's verdict on what was sent; returns the problems. */
function judge(res: Answer, verdict: { refusedPaths?: string[] | 'any' }): string[] {
  const p: string[] = [];
  if (res.status >= 500) return [`answered ${res.status}: ${res.text.slice(0, 300)}`];
  if (res.status >= 400) {
    const b = res.json;
    if (!b || typeof b.message !== 'string' || b.statusCode !== res.status || typeof b.error !== 'string')
      p.push(`a ${res.status} without the JSON error body: ${res.text.slice(0, 200)}`);
  }
  const refused = verdict.refusedPaths;
  if (refused === undefined) return p;
  if (res.status < 400 || res.status >= 500)
    return [...p, `accepted (${res.status}) what the contract refuses at ${[refused].flat().join(', ')}`];
  if (res.status === 400 && refused !== 'any') {
    const named = ((res.json?.issues ?? []) as { path: string }[]).map((i) => i.path);
    const fits = named.some((n) =>
      refused.some((r) => r === n || r.startsWith(`${n}.`) || n.startsWith(`${r}.`) || (r === '' && n !== '')),
    );
    if (!fits && !refused.some((r) => r && String(res.json?.message).includes(r)))
      p.push(`400 names ${JSON.stringify(named)}, the contract refuses ${JSON.stringify(refused)}`);
  }
  return p;
}

/** What the service makes of a parsed value: the kit's input guard first (as on the server), then the contract. */
function verdictOf(schema: z.ZodType, value: unknown): { parsed?: unknown; refusedPaths?: string[] } {
  const guarded = unstorableInput(value);
  if (guarded) return { refusedPaths: [guarded.path] };
  const r = schema.safeParse(value);
  if (r.success) return { parsed: r.data };
  return { refusedPaths: zodIssues(r.error).map((i) => i.path) };
}

export async function fuzzRoute<C>(o: {
  route: RouteTableEntry;
  entry: FuzzRoute<C>;
  workers: { tenant: Tenant; ctx: C }[];
  db: TestDatabase;
  schema: string;
  runs: number;
  seed: number;
  /** The matrix's `eventTables`. */
  eventTables?: string[];
}): Promise<FuzzReport> {
  const { route, entry } = o;
  const report: FuzzReport = { cases: 0, valid: 0, accepted: 0, failures: [] };
  const per = Math.ceil(o.runs / o.workers.length);
  await Promise.all(
    o.workers.map(async ({ tenant, ctx }, w) => {
      const path = entry.path?.(ctx) ?? route.url;
      const seed = o.seed + w;
      const fail = (label: string, problems: string[]) =>
        problems.length && report.failures.push(`${key(route)} [seed ${seed}] ${label}: ${problems.join('; ')}`);
      const except = ['outbox', ...(o.eventTables ?? [])];
      const state = () =>
        Promise.all([
          snapshotTenantRows(o.db, o.schema, tenant.tenantId, except),
          countTenantRows(o.db, o.schema, tenant.tenantId, o.eventTables),
        ]);
      if (route.contract?.body) {
        const schema = route.contract.body;
        const base = valid(schema).map((v) => (entry.fix ? entry.fix(v, ctx) : v) as Record<string, unknown>);
        const cases = fc.sample(
          fc.oneof(
            {
              weight: 1,
              arbitrary: base.map((v) => ({
                label: `valid ${JSON.stringify(v).slice(0, 300)}`,
                bytes: Buffer.from(JSON.stringify(v)),
                contentType: 'application/json',
              })),
            },
            { weight: 3, arbitrary: base.chain((v) => hostile(v)) },
          ),
          { numRuns: per, seed },
        );
        for (const c of cases) {
          report.cases++;
          const before = await state();
          const res = await send(tenant.client, route.method, path, c);
          const decoded = parseJson(c);
          const verdict = !decoded.ok || poisoned(c) ? { refusedPaths: 'any' as const } : verdictOf(schema, decoded.value);
          const problems = judge(res, verdict);
          if ('parsed' in verdict) report.valid++;
          if (res.status >= 400 || res.status < 200) {
            const after = await state();
            if (JSON.stringify(after) !== JSON.stringify(before)) problems.push(`refused (${res.status}) but the tenant's rows changed`);
          } else if ('parsed' in verdict && entry.readBack) {
            report.accepted++;
            const { actual, expected } = await entry.readBack({ parsed: verdict.parsed, answer: res.json, client: tenant.client, ctx });
            if (JSON.stringify(actual) !== JSON.stringify(expected))
              problems.push(`read back ${JSON.stringify(actual).slice(0, 400)}, expected ${JSON.stringify(expected).slice(0, 400)}`);
          } else report.accepted++;
          fail(`${c.label.slice(0, 200)} (${c.bytes.length} bytes)`, problems);
        }
      }
      if (route.contract?.query) {
        const schema = route.contract.query;
        const base = valid(schema).map((v) => v as Record<string, unknown>);
        const cases = fc.sample(
          fc.oneof(
            { weight: 1, arbitrary: base.map((v): WireQuery => ({ label: `valid ${toQs(v)}`, qs: toQs(v), decodable: true })) },
            { weight: 3, arbitrary: base.chain((v) => hostileQuery(v)) },
          ),
          { numRuns: per, seed },
        );
        for (const c of cases) {
          report.cases++;
          const res = await send(tenant.client, route.method, `${path}?${c.qs}`);
          const verdict = c.decodable ? verdictOf(schema, parseQs(c.qs)) : {};
          const problems = judge(res, verdict);
          if ('parsed' in verdict) report.valid++;
          if (res.status === 200) {
            report.accepted++;
            const limit = (verdict.parsed as { limit?: number } | undefined)?.limit;
            if (entry.answer) problems.push(...entry.answer(res.json));
            else {
              const rows: unknown = entry.list ? entry.list(res.json) : res.json;
              if (!Array.isArray(rows)) problems.push('a list answer that is not an array');
              else if (limit !== undefined && rows.length > limit) problems.push(`${rows.length} rows for limit ${limit}`);
              if (!/^\d+$/.test(res.headers.get('x-total-count') ?? '')) problems.push('no X-Total-Count');
            }
          }
          fail(`${c.label.slice(0, 200)}`, problems);
        }
      }
    }),
  );
  return report;
}
