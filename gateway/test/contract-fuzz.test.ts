/**
 * Hostile input generated from the contracts: every route of every registered service that declares a body or
 * query contract gets FUZZ_RUNS cases (default 200) through the gateway, from four tenants at once. What each
 * case must do is in services/kit/test/support/fuzz/run.ts; the routes' fixtures in services/<name>/test/fuzz.matrix.ts.
 */
import { existsSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serviceRegistry } from '@billpoint/proto/services';
import { fuzzCoverageProblems, fuzzedRoutes, fuzzRoute, REPO_ROOT, signUpTenant, type FuzzMatrix } from '@billpoint/kit/testing';
import { startStack, type Stack } from './support/stack.ts';

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
    300_000,
  );
});
