import { existsSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '@billpoint/kit/testing';
import { serviceRegistry } from '@billpoint/proto/services';
import { startStack, type Stack } from './support/stack.ts';
import { gatewayIsolation } from './isolation.matrix.ts';
import { callAsOtherTenant, coveredRoutes, matrixProblems, tenantRows, type IsolationMatrix } from './support/isolation-matrix.ts';

/**
 * Issue 8 §1: for the gateway and every registered service, every registered route is called by tenant B with
 * tenant A's ids. A service joins by having services/<name>/test/isolation.matrix.ts export `<name>Isolation`.
 */
let stack: Stack;
beforeAll(async () => {
  stack = await startStack();
});
afterAll(() => stack?.close());

async function matrixOf(name: string): Promise<IsolationMatrix> {
  const file = `services/${name}/test/isolation.matrix.ts`;
  const exportName = `${name.replace(/-([a-z])/g, (_m, c: string) => c.toUpperCase())}Isolation`;
  if (!existsSync(`${REPO_ROOT}/${file}`))
    throw new Error(
      `${name}: no isolation matrix — add ${file} exporting ${exportName} (copy services/customers/test/isolation.matrix.ts)`,
    );
  const mod = (await import(`../../${file}`)) as Record<string, IsolationMatrix | undefined>;
  const m = mod[exportName];
  if (!m) throw new Error(`${file} must export ${exportName}`);
  return m;
}

const proxied = (url: string) => {
  const owner = serviceRegistry.find((s) =>
    [...s.prefixes, ...(s.public ?? []).map((p) => p.path ?? p.prefix)].some((p) => url === p || url.startsWith(`${p}/`)),
  );
  return owner ? `proxied to ${owner.name}: covered by its matrix` : undefined;
};
const publicRoute = (name: string) => (url: string) => {
  const entry = serviceRegistry.find((s) => s.name === name);
  return entry?.public?.some((p) => url === p.path || (p.prefix && (url === p.prefix || url.startsWith(`${p.prefix}/`))))
    ? 'a public route (no session, no tenant): covered by its own tests'
    : undefined;
};

describe('isolation matrix: every route, tenant B with tenant A ids', () => {
  const targets = [{ name: 'gateway', schema: 'gateway' }, ...serviceRegistry.map((s) => ({ name: s.name, schema: s.name }))];

  for (const t of targets)
    it(`${t.name}: 404 or B's own data on every route, no byte of A's data, A's rows unchanged`, async () => {
      const matrix = t.name === 'gateway' ? gatewayIsolation : await matrixOf(t.name);
      const app = t.name === 'gateway' ? stack.gateway.app : stack.services[t.name]!.app;
      const { keys, excluded } = coveredRoutes(app, t.name === 'gateway' ? proxied : publicRoute(t.name));
      expect(matrixProblems(matrix, keys)).toEqual([]);

      const a = stack.client();
      const b = stack.client();
      const me = await a.register({ organizationName: `Tenant A of ${t.name}` });
      await b.register({ organizationName: `Tenant B of ${t.name}` });
      const seed = await matrix.seed(a);
      const before = await tenantRows(stack.db, t.schema, me.organization.id);

      const calls = await callAsOtherTenant(b, matrix, keys, seed);
      expect(calls.flatMap((c) => (c.problem ? [c.problem] : []))).toEqual([]);
      // Every effect B might have had on A shows here: A's rows, in every tenant table of the schema.
      expect(await tenantRows(stack.db, t.schema, me.organization.id)).toEqual(before);
      console.info(
        `isolation ${t.name}: ${calls.filter((c) => c.expect !== 'skip').length} routes called, ` +
          `${calls.filter((c) => c.expect === 'skip').length} skipped with a reason, ${excluded.length} covered elsewhere`,
      );
    });
});
