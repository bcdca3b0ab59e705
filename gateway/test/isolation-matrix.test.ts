/**
 * Tenant isolation generated from the route tables: every route of the gateway and of every registered service
 * is called with tenant B's session and tenant A's ids (entries in each workload's `isolation.matrix.ts`); a
 * route without an entry fails the first test, naming the file to add it to.
 */
import { existsSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serviceRegistry } from '@billpoint/proto/services';
import { coverageProblems, REPO_ROOT, runIsolationMatrix, signUpTenant, type IsolationMatrix } from '@billpoint/kit/testing';
import type { RunningService } from '@billpoint/kit';
import { startStack, type Stack } from './support/stack.ts';
import gatewayMatrix from './isolation.matrix.ts';
import {
  portalOnOthersDocuments,
  portalOnStaffRoutes,
  portalWorld,
  staffOnPortalRoutes,
  type PortalWorld,
} from './support/portal-matrix.ts';

let stack: Stack;
beforeAll(async () => {
  stack = await startStack();
});
afterAll(() => stack?.close());

const workloads = ['gateway', ...serviceRegistry.map((s) => s.name)];
const matrixFile = (name: string) =>
  name === 'gateway' ? 'gateway/test/isolation.matrix.ts' : `services/${name}/test/isolation.matrix.ts`;

async function matrixOf(name: string): Promise<IsolationMatrix<unknown>> {
  if (name === 'gateway') return gatewayMatrix as IsolationMatrix<unknown>;
  const file = matrixFile(name);
  if (!existsSync(`${REPO_ROOT}/${file}`))
    throw new Error(`${name}: no isolation matrix — create ${file} (services/customers/test/isolation.matrix.ts shows the form)`);
  return ((await import(`${REPO_ROOT}/${file}`)) as { default: IsolationMatrix<unknown> }).default;
}
const running = (name: string): RunningService => (name === 'gateway' ? stack.gateway : stack.services[name]!);

const tenant = (label: string) => signUpTenant(stack.client(), label);

describe('the isolation matrix', () => {
  it('has an entry for every route of every workload', async () => {
    const problems: string[] = [];
    for (const name of workloads) {
      const matrix = await matrixOf(name).catch((err: Error) => (problems.push(err.message), undefined));
      if (matrix) problems.push(...coverageProblems(matrix, running(name).app.routeTable));
    }
    expect(problems.join('\n')).toBe('');
  });

  it.each(workloads)('%s: tenant B gets none of A’s data on any route, and A’s rows stay as they were', async (name) => {
    const matrix = await matrixOf(name);
    const svc = running(name);
    const a = await tenant('a');
    const b = await tenant('b');
    const { outcomes, before, after } = await runIsolationMatrix({
      matrix,
      table: svc.app.routeTable,
      schema: svc.ctx.schema,
      db: stack.db,
      a,
      b,
    });
    expect(outcomes.filter((o) => o.problems.length).map((o) => `${o.route}: ${o.problems.join('; ')}`)).toEqual([]);
    expect(outcomes.length).toBeGreaterThan(0);
    expect(after).toEqual(before);
  });
});

/**
 * The third kind of caller: a customer signed in to the portal. Generic over every workload's route table,
 * so each `permission: 'portal'` route a service adds is covered by existing.
 */
describe('portal sessions in the isolation matrix', () => {
  let world: PortalWorld;
  beforeAll(async () => {
    world = await portalWorld({
      client: () => stack.client(),
      outbox: stack.gatewayEnv.MAIL_OUTBOX_DIR!,
      register: async (c, name) => {
        await c.register({ organizationName: name });
        return { slug: (await c.get('/api/organization-settings')).json.portalSlug as string };
      },
    });
  });
  const allRoutes = () => workloads.flatMap((name) => running(name).app.routeTable);

  it('there are portal routes to check (the gateway’s own at least)', () => {
    expect(allRoutes().filter((r) => r.permission === 'portal').length).toBeGreaterThanOrEqual(2);
  });
  it.each(workloads)('%s: a staff session and no session get 401/403 on every portal route', async (name) => {
    expect(await staffOnPortalRoutes(world, running(name).app.routeTable)).toEqual([]);
  });
  it.each(workloads)('%s: a portal session gets 401/403 on every staff route', async (name) => {
    expect(await portalOnStaffRoutes(world, running(name).app.routeTable)).toEqual([]);
  });
  // The gateway's forwarding routes (`/api/portal/invoices/*`, …) are each service's routes seen through it: the
  // services' own portal routes are called instead, at their real paths, through the gateway.
  const forwarding = new Set(serviceRegistry.flatMap((s) => (s.portalPrefixes ?? []).flatMap((p) => [p, `${p}/*`])));
  it.each(workloads)('%s: a portal session reaches none of another customer’s or another tenant’s documents', async (name) => {
    const table = running(name).app.routeTable.filter((r) => !(name === 'gateway' && forwarding.has(r.url)));
    expect(await portalOnOthersDocuments(world, table)).toEqual([]);
    expect((await world.portal.get('/api/portal/me')).status).toBe(200);
  });
});
