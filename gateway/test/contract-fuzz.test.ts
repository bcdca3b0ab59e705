/**
 * Hostile input generated from the contracts: every route of every registered service that declares a body or
 * query contract gets FUZZ_RUNS cases (default 200) through the gateway, from four tenants at once. What each
 * case must do is in services/kit/test/support/fuzz/run.ts; the routes' fixtures in services/<name>/test/fuzz.matrix.ts.
 */
import { existsSync } from 'node:fs';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiKeyCreated, PUBLIC_API_BASE } from '@billpoint/proto';
import { bodyLimitOf, DEFAULT_BODY_LIMIT, DEFAULT_PUBLIC_BODY_LIMIT, serviceRegistry } from '@billpoint/proto/services';
import {
  countTenantRows,
  fuzzCoverageProblems,
  fuzzedRoutes,
  fuzzRoute,
  REPO_ROOT,
  signUpTenant,
  validValues,
  type FuzzMatrix,
} from '@billpoint/kit/testing';
import { PUBLIC_API_BODY_LIMIT } from '../src/modules/public-api/v1.routes.ts';
import { startStack, type Stack } from './support/stack.ts';
import { runTransportCases, transportCases, truncatedCases, type TransportRoute } from './support/transport-fuzz.ts';

const RUNS = Number(process.env.FUZZ_RUNS ?? 200);
// A fixed default keeps CI reproducible; set FUZZ_SEED (and FUZZ_RUNS) to explore further.
const SEED = Number(process.env.FUZZ_SEED ?? 20261123);
const WORKERS = 4;

let stack: Stack;
beforeAll(async () => {
  stack = await startStack();
});
afterAll(() => stack?.close());

const services = ['gateway', ...serviceRegistry.map((s) => s.name)];
const matrixFile = (name: string) => (name === 'gateway' ? 'gateway/test/fuzz.matrix.ts' : `services/${name}/test/fuzz.matrix.ts`);
const running = (name: string) => (name === 'gateway' ? stack.gateway : stack.services[name]!);
async function matrixOf(name: string): Promise<FuzzMatrix<unknown>> {
  if (!existsSync(`${REPO_ROOT}/${matrixFile(name)}`))
    throw new Error(`${name}: no fuzz matrix — create ${matrixFile(name)} (services/customers/test/fuzz.matrix.ts shows the form)`);
  return ((await import(`${REPO_ROOT}/${matrixFile(name)}`)) as { default: FuzzMatrix<unknown> }).default;
}

describe(`contract fuzzing (FUZZ_RUNS=${RUNS}, FUZZ_SEED=${SEED})`, () => {
  it('has an entry for every route with a body or query contract', async () => {
    const problems: string[] = [];
    for (const name of services) {
      const matrix = await matrixOf(name).catch((err: Error) => (problems.push(err.message), undefined));
      if (matrix) problems.push(...fuzzCoverageProblems(matrix as FuzzMatrix<never>, running(name).app.routeTable));
    }
    expect(problems.join('\n')).toBe('');
  });

  it.each(services)(
    '%s: no 5xx, refusals name the field and change nothing, accepted values read back',
    async (name) => {
      const matrix = await matrixOf(name);
      const svc = running(name);
      const workers = await Promise.all(
        Array.from({ length: WORKERS }, async (_, i) => {
          const tenant = await signUpTenant(stack.client(), `f${i}`);
          return { tenant, ctx: await matrix.setup(tenant, stack.db) };
        }),
      );
      const failures: string[] = [];
      const counts: string[] = [];
      // Routes that change the client's session run last: the others need each tenant's own.
      const routes = fuzzedRoutes(svc.app.routeTable).map((route) => ({ route, entry: matrix.routes[`${route.method} ${route.url}`] }));
      routes.sort((a, b) => Number(!!a.entry?.changesSession) - Number(!!b.entry?.changesSession));
      for (const { route, entry } of routes) {
        if (!entry) continue; // named by the test above
        const started = Date.now();
        const r = await fuzzRoute({
          route,
          entry,
          workers,
          db: stack.db,
          schema: svc.ctx.schema,
          runs: RUNS,
          seed: SEED,
          eventTables: matrix.eventTables,
        });
        counts.push(`${route.method} ${route.url}: ${r.cases} cases, ${r.valid} valid, ${r.accepted} accepted, ${Date.now() - started} ms`);
        failures.push(...r.failures);
        expect(r.cases).toBeGreaterThanOrEqual(RUNS);
        expect(r.valid, `${route.method} ${route.url}: the generator made no value the contract accepts`).toBeGreaterThan(RUNS / 10);
        // A read-back that never ran checks nothing: a route that has one must accept some of the valid values.
        if (entry.readBack) expect(r.accepted, `${route.method} ${route.url}: no valid value was accepted`).toBeGreaterThan(0);
      }
      console.info(`${name}:\n  ${counts.join('\n  ')}`);
      expect(counts.length).toBeGreaterThan(0);
      expect(failures.slice(0, 25).join('\n\n')).toBe('');
    },
    600_000,
  );
});

/** The gateway's body limit of a route (as it enforces it): a public route's, the public API's, the registry's. */
function gatewayLimit(method: string, path: string): number {
  for (const s of serviceRegistry)
    for (const r of s.public ?? [])
      if (r.method === method && r.path && new RegExp(`^${r.path.replace(/:[^/]+/g, '[^/]+')}$`).test(path))
        return r.bodyLimit ?? DEFAULT_PUBLIC_BODY_LIMIT;
  if (path.startsWith(`${PUBLIC_API_BASE}/`)) return PUBLIC_API_BODY_LIMIT;
  const owner = serviceRegistry
    .flatMap((s) => s.prefixes.map((prefix) => ({ s, prefix })))
    .filter(({ prefix }) => path === prefix || path.startsWith(`${prefix}/`))
    .sort((a, b) => b.prefix.length - a.prefix.length)[0];
  return owner ? bodyLimitOf(owner.s, path) : DEFAULT_BODY_LIMIT;
}

describe('contract fuzzing, transport level (raw sockets, every route)', () => {
  it('no 5xx for Expect, chunked, cut-short and oversized bodies, duplicate headers, odd methods; a cut-short body writes nothing', async () => {
    const started = Date.now();
    // Every route of every service (reached through the gateway) and the gateway's own, each with a concrete path
    // and, where it declares a body contract, a body it would accept — fitted by the service's fuzz matrix to a
    // tenant of its own (a matrix's setup expects a fresh tenant).
    const routes = new Map<string, { route: TransportRoute; headers: [string, string][] }>();
    const tenants = await Promise.all(
      services.map(async (name) => {
        const tenant = await signUpTenant(stack.client(), `tr${name}`);
        const key = await tenant.client.post('/api/integrations/api-keys', { name: 'Transport', permissions: ['*'] });
        const bearer = `Bearer ${ApiKeyCreated.parse(key.json).actualKey}`;
        const cookie = [...tenant.client.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
        const headersOf = (path: string): [string, string][] =>
          path.startsWith(`${PUBLIC_API_BASE}/`)
            ? [['Authorization', bearer]]
            : [
                ['Cookie', cookie],
                ['X-Requested-With', 'XMLHttpRequest'],
              ];
        const matrix = await matrixOf(name);
        const ctx = await matrix.setup(tenant, stack.db);
        for (const r of running(name).app.routeTable) {
          if (r.implicitHead || !r.url.startsWith('/api') || /logout/.test(r.url)) continue; // logout would end the session
          const entry = matrix.routes[`${r.method} ${r.url}`];
          let path = entry?.path?.(ctx) ?? r.url.replace(/:[A-Za-z]+/g, '1').replace(/\*$/, 'x');
          // The gateway's wildcards (proxied prefixes, the public API) are the services' routes: one call each.
          if (name === 'gateway' && r.url.startsWith(`${PUBLIC_API_BASE}/`)) path = `${PUBLIC_API_BASE}/customers`;
          const value = r.contract?.body ? fc.sample(validValues(r.contract.body), { numRuns: 1, seed: SEED })[0] : undefined;
          const body = r.contract?.body ? Buffer.from(JSON.stringify(entry?.fix ? entry.fix(value, ctx) : value)) : undefined;
          routes.set(`${r.method} ${path}`, {
            route: { method: r.method, path, body, limit: gatewayLimit(r.method, path) },
            headers: headersOf(path),
          });
        }
        return tenant;
      }),
    );
    const host = new URL(stack.url).host;
    const schemas = ['gateway', ...serviceRegistry.map((s) => running(s.name).ctx.schema)];
    const counts = async () =>
      JSON.stringify(
        await Promise.all(tenants.flatMap((t) => schemas.map(async (sc) => [sc, await countTenantRows(stack.db, sc, t.tenantId)]))),
      );
    // The tenant's rows once what its sign-up and setup set off by events has arrived (two equal reads in a row).
    const settled = async () => {
      let last = await counts();
      for (let i = 0; i < 40; i++) {
        await new Promise((ok) => setTimeout(ok, 250));
        const now = await counts();
        if (now === last) return now;
        last = now;
      }
      return last;
    };

    const before = await settled();
    const cut = await runTransportCases(
      stack.url,
      [...routes.values()].map(({ route, headers }) => ({ route, cases: truncatedCases(route, headers) })),
    );
    const afterCut = await settled();
    const answered = await runTransportCases(
      stack.url,
      [...routes.values()].map(({ route, headers }) => ({ route, cases: transportCases(route, headers, host) })),
    );
    console.info(
      `transport: ${routes.size} routes, ${cut.cases} cut-short cases, ${answered.cases} answered cases (${answered.answered} answers), ${Date.now() - started} ms`,
    );
    expect(routes.size).toBeGreaterThan(50);
    expect(afterCut, 'a body the client cut short changed the tenant rows').toBe(before);
    expect([...cut.failures, ...answered.failures].slice(0, 40).join('\n')).toBe('');
  }, 120_000);
});
