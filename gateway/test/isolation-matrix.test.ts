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
