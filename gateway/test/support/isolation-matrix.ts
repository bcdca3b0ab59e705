/**
 * The isolation matrix: every route of every service (and the gateway), called by tenant B with tenant A's ids.
 * Routes come from the services' route tables (Fastify onRoute, see `routeTable`), so a route added later
 * without an entry in its service's matrix fails the suite with a message saying what to add and where.
 */
import type { FastifyInstance } from 'fastify';
import { routeTable } from '@billpoint/kit';
import type { HttpClient, TestDatabase } from '@billpoint/kit/testing';

export interface Seed {
  /** Tenant A's ids by path parameter name (`:id` → ids.id), for routes without an explicit `path`. */
  ids: Record<string, string | number>;
  /** Text of A's data that no answer to B may contain: names, e-mails, notes, tokens — unique strings only. */
  secrets: string[];
}

/**
 * What tenant B gets on a route when it uses A's ids:
 * - `not-found`: 404 (the default for routes with a path parameter);
 * - `refused`: a 4xx that names no data of A's (a create or action referring to A's records);
 * - `own`: 2xx with B's own data only (lists, stats, the next number);
 * - `skip`: not tenant data at all; the reason is required and shows in the suite's output.
 */
export type Expectation =
  { expect: 'not-found' | 'refused' | 'own'; path?: (s: Seed) => string; body?: (s: Seed) => unknown } | { expect: 'skip'; reason: string };

export interface IsolationMatrix {
  /** The service (registry name) or 'gateway'. */
  service: string;
  /** Where the matrix lives, for the "add an entry" message. */
  file: string;
  /** Creates tenant A's data (signed in as A) and says how to recognise it. */
  seed(a: HttpClient): Promise<Seed>;
  /** One entry per route, keyed `METHOD /url` exactly as registered (`GET /api/invoices/:id`). */
  routes: Record<string, Expectation>;
}

const ALWAYS_OPEN = new Set(['/healthz', '/readyz']);

/** The routes of `app` the matrix must cover, as `METHOD /url` (health and the given exclusions aside). */
export function coveredRoutes(app: FastifyInstance, exclude: (url: string) => string | undefined = () => undefined) {
  const keys: string[] = [];
  const excluded: string[] = [];
  for (const r of routeTable(app)) {
    if (ALWAYS_OPEN.has(r.url) || r.method === 'OPTIONS') continue;
    const why = exclude(r.url);
    if (why) excluded.push(`${r.method} ${r.url}: ${why}`);
    else keys.push(`${r.method} ${r.url}`);
  }
  return { keys: [...new Set(keys)], excluded };
}

/** Entries the matrix lacks (each with where to add it) and entries for routes that no longer exist. */
export function matrixProblems(matrix: IsolationMatrix, keys: string[]): string[] {
  const missing = keys
    .filter((k) => !(k in matrix.routes))
    .map((k) => `${matrix.service}: no isolation entry for ${k} — add it to ${matrix.file}`);
  const stale = Object.keys(matrix.routes)
    .filter((k) => !keys.includes(k))
    .map((k) => `${matrix.service}: ${matrix.file} has an entry for ${k}, which is not a route (any more)`);
  return [...missing, ...stale];
}

const fill = (url: string, s: Seed) =>
  url.replace(/:([A-Za-z_]+)/g, (_m, name: string) => {
    if (!(name in s.ids)) throw new Error(`the seed has no id "${name}" for ${url}: give the entry a path`);
    return encodeURIComponent(String(s.ids[name]));
  });

export interface Call {
  key: string;
  expect: Expectation['expect'];
  status: number;
  problem?: string;
}

/** Calls every covered route as B with A's ids; answers one Call per route with the problem found, if any. */
export async function callAsOtherTenant(b: HttpClient, matrix: IsolationMatrix, keys: string[], seed: Seed): Promise<Call[]> {
  const calls: Call[] = [];
  for (const key of keys) {
    const entry = matrix.routes[key]!;
    if (entry.expect === 'skip') {
      calls.push({ key, expect: 'skip', status: 0 });
      continue;
    }
    const [method, url] = key.split(' ') as [string, string];
    const path = entry.path ? entry.path(seed) : fill(url, seed);
    const res = await b.request(method, path, entry.body?.(seed) ?? (['POST', 'PUT', 'PATCH'].includes(method) ? {} : undefined));
    const leaked = seed.secrets.filter((secret) => res.text.includes(secret));
    let problem: string | undefined;
    if (leaked.length) problem = `answer ${res.status} contains tenant A's ${leaked.join(', ')}`;
    else if (entry.expect === 'not-found' && res.status !== 404) problem = `expected 404, got ${res.status}`;
    else if (entry.expect === 'refused' && (res.status < 400 || res.status >= 500)) problem = `expected a 4xx, got ${res.status}`;
    else if (entry.expect === 'own' && (res.status < 200 || res.status >= 300)) problem = `expected B's own data (2xx), got ${res.status}`;
    calls.push({
      key,
      expect: entry.expect,
      status: res.status,
      ...(problem ? { problem: `${matrix.service}: ${key} → ${problem}` } : {}),
    });
  }
  return calls;
}

/** Every row of every tenant table of `schema` that belongs to `tenantId`, as the owner sees it. */
export async function tenantRows(db: TestDatabase, schema: string, tenantId: string): Promise<Record<string, unknown[]>> {
  const { rows: tables } = await db.query<{ table_name: string }>(
    `select table_name from information_schema.columns where table_schema = $1 and column_name = 'tenant_id' order by 1`,
    [schema],
  );
  const out: Record<string, unknown[]> = {};
  for (const { table_name: t } of tables) {
    if (t === 'outbox' || t === 'processed_messages') continue; // logs of what happened, not A's data
    out[t] = (await db.query(`select * from "${schema}"."${t}" where tenant_id = $1 order by 1, 2`, [tenantId])).rows;
  }
  return out;
}
