/**
 * The tenant-isolation matrix: every route a service registers (its `app.routeTable`) must have an entry in the
 * service's `test/isolation.matrix.ts`, and is called with tenant B's session and tenant A's ids through the
 * gateway. Health routes and declared public routes are left out here, by name; everything else needs an entry.
 */
import type { RouteTableEntry } from '../../src/route-table.ts';
import { waitFor, type HttpClient, type TestDatabase } from './index.ts';
import { snapshotTenantRows } from './tenant-rows.ts';

/** A signed-in tenant of the test: its browser, its organization and its user. */
export interface Tenant {
  client: HttpClient;
  tenantId: string;
  userId: string;
  email: string;
  organizationName: string;
  /** Unique per tenant; seeds put it in names and e-mails. */
  tag: string;
}

/** Signs up a new user with a new organization; names and e-mail carry a fresh tag starting with `label`. */
export async function signUpTenant(client: HttpClient, label: string): Promise<Tenant> {
  const tag = `${label}${Math.random().toString(36).slice(2, 9)}`;
  const organizationName = `Org ${tag}`;
  const me = await client.register({ email: `${tag}@tenant.test`, organizationName, firstName: `First ${tag}` });
  return { client, tenantId: me.organization.id, userId: me.id, email: me.email, organizationName, tag };
}

export interface IsolationCall {
  path: string;
  body?: unknown;
  /** Headers of this call (e.g. B's own API key as `authorization`). */
  headers?: Record<string, string>;
  /** This call's statuses, where one route has calls answered differently (B's own invoice with A's customer: 400). */
  status?: number[];
}
type Calls<F> = (a: F, b: F) => IsolationCall | IsolationCall[];

/**
 * What B must get:
 * - `not-found`: 404 (or one of `status`, e.g. 401/403 where the route says so);
 * - `collection`: 200 with B's own view (a list, stats), none of A's data;
 * - `status`: exactly one of these statuses (pages and the gateway's own routes).
 */
export type IsolationEntry<F> =
  | { answers: 'not-found'; call: Calls<F>; status?: number[]; endsSession?: boolean }
  /** `showsOwn`: the answer must also hold B's own tag (B's list is not empty). */
  | { answers: 'collection'; call: Calls<F>; showsOwn?: boolean; endsSession?: boolean }
  | { answers: 'status'; status: number[]; call: Calls<F>; endsSession?: boolean }
  /**
   * A stream that never ends by itself (Server-Sent Events): `check` opens it as B, makes changes as A and then as B,
   * and answers the problems it saw (B's stream carrying anything of A's, or not even B's own).
   */
  | {
      answers: 'stream';
      check: (a: { tenant: Tenant; fixtures: F }, b: { tenant: Tenant; fixtures: F }) => Promise<string[]>;
      endsSession?: boolean;
    }
  | { exclude: string };

export interface IsolationMatrix<F> {
  /** The workload: its name in the registry (or `gateway`). */
  service: string;
  /** Where this matrix lives, for the message naming a route without an entry. */
  file: string;
  /** Makes the tenant's data (called for A and for B); put `t.tag` in names and e-mails. */
  seed(t: Tenant): Promise<F>;
  /** Strings of the tenant's data no other tenant may ever see (names, e-mails, numbers, tokens). */
  secrets(f: F, t: Tenant): string[];
  /** `METHOD /url` exactly as registered (e.g. `POST /api/invoices/:id/send`) → what tenant B gets. */
  routes: Record<string, IsolationEntry<F>>;
  /** Whole groups of routes left out, each with the reason (e.g. the gateway's proxy routes). */
  excludeMatching?: { match(r: RouteTableEntry): boolean; reason: string }[];
  /** True once what the seed started elsewhere has arrived (read models fed by events): A's rows are then at rest. */
  settled?(db: TestDatabase, t: Tenant, f: F): Promise<boolean>;
  /** The tenant's rows that must stay unchanged; default: every tenant table of the service schema. */
  snapshot?(db: TestDatabase, t: Tenant): Promise<unknown>;
}

export const defineIsolationMatrix = <F>(m: IsolationMatrix<F>) => m;

/** Kit routes every workload has; they answer no tenant data. */
export const HEALTH_PATHS = ['/healthz', '/readyz'];

const key = (r: Pick<RouteTableEntry, 'method' | 'url'>) => `${r.method} ${r.url}`;

/** The routes that need an entry: all but health, declared public, and Fastify's own HEAD twins of GET routes. */
export function routesToCover(table: readonly RouteTableEntry[]) {
  return table.filter((r) => !HEALTH_PATHS.includes(r.url) && !r.publicRoute && !r.implicitHead);
}

/** Lines naming each route without an entry (and each entry without a route); empty when the matrix covers the table. */
export function coverageProblems(
  matrix: Pick<IsolationMatrix<unknown>, 'service' | 'file' | 'excludeMatching'> & { routes: Record<string, unknown> },
  table: readonly RouteTableEntry[],
): string[] {
  const problems: string[] = [];
  const routes = routesToCover(table).filter((r) => !matrix.excludeMatching?.some((x) => x.match(r)));
  for (const r of routes) {
    if (!matrix.routes[key(r)]) problems.push(`${matrix.service}: no isolation entry for ${key(r)} — add it to ${matrix.file}`);
  }
  const registered = new Set(routes.map(key));
  for (const k of Object.keys(matrix.routes)) {
    if (!registered.has(k))
      problems.push(`${matrix.service}: isolation entry "${k}" names no registered route — remove it from ${matrix.file}`);
  }
  return problems;
}

export interface IsolationOutcome {
  route: string;
  status: number;
  problems: string[];
}

/**
 * Runs every entry of the matrix as tenant B with A's data and checks each answer; returns one outcome per
 * request (implicit HEAD twins included) and whether A's rows stayed as they were.
 */
export async function runIsolationMatrix<F>(o: {
  matrix: IsolationMatrix<F>;
  table: readonly RouteTableEntry[];
  schema: string;
  db: TestDatabase;
  a: Tenant;
  b: Tenant;
}): Promise<{ outcomes: IsolationOutcome[]; before: unknown; after: unknown }> {
  const { matrix, a, b } = o;
  const fa = await matrix.seed(a);
  const fb = await matrix.seed(b);
  const secrets = [...new Set(matrix.secrets(fa, a).filter((s) => s.length >= 4))];
  // The outbox is left out: a log, whose relay marks rows published at any moment.
  const snapshot = () => (matrix.snapshot ? matrix.snapshot(o.db, a) : snapshotTenantRows(o.db, o.schema, a.tenantId, ['outbox']));
  if (matrix.settled) await waitFor(() => matrix.settled!(o.db, a, fa));
  const before = await snapshot();

  const covered = routesToCover(o.table).filter((r) => !matrix.excludeMatching?.some((x) => x.match(r)));
  const withHead = (r: RouteTableEntry) =>
    r.method === 'GET' && o.table.some((h) => h.implicitHead && h.url === r.url) ? [r.method, 'HEAD'] : [r.method];
  const runs = covered.flatMap((r) => {
    const entry = matrix.routes[key(r)];
    if (!entry || 'exclude' in entry) return [];
    return withHead(r).map((method) => ({ route: `${method} ${r.url}`, method, entry }));
  });
  runs.sort((x, y) => Number(!!x.entry.endsSession) - Number(!!y.entry.endsSession));

  const outcomes: IsolationOutcome[] = [];
  for (const run of runs) {
    const { entry } = run;
    if (entry.answers === 'stream') {
      const problems = await entry.check({ tenant: a, fixtures: fa }, { tenant: b, fixtures: fb });
      outcomes.push({ route: run.route, status: 200, problems });
      continue;
    }
    for (const call of [entry.call(fa, fb)].flat()) outcomes.push(await check(run, call as IsolationCall, entry));
  }
  return { outcomes, before, after: await snapshot() };

  async function check(
    run: (typeof runs)[number],
    call: IsolationCall,
    entry: Exclude<IsolationEntry<F>, { exclude: string } | { answers: 'stream' }>,
  ): Promise<IsolationOutcome> {
    const res = await b.client.request(run.method, call.path, call.body, call.headers);
    const problems: string[] = [];
    const expected =
      call.status ?? (entry.answers === 'collection' ? [200] : entry.answers === 'status' ? entry.status : (entry.status ?? [404]));
    if (entry.answers === 'collection' && entry.showsOwn && run.method !== 'HEAD' && !res.text.includes(b.tag))
      problems.push(`B's own data is missing`);
    if (!expected.includes(res.status))
      problems.push(`answered ${res.status}, expected ${expected.join(' or ')}: ${res.text.slice(0, 200)}`);
    const leaked = secrets.filter((s) => res.text.includes(s) || [...res.headers.values()].some((v) => v.includes(s)));
    if (leaked.length) problems.push(`the answer holds A's data: ${leaked.join(', ')}`);
    if (run.method === 'HEAD' && res.text !== '') problems.push('a HEAD answer has a body');
    if (res.status >= 400 && run.method !== 'HEAD' && !(res.json && typeof res.json.message === 'string'))
      problems.push(`a ${res.status} without the JSON error body: ${res.text.slice(0, 200)}`);
    return { route: `${run.route} → ${call.path}`, status: res.status, problems };
  }
}
