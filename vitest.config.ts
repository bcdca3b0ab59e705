import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The files that take longest (the contract fuzzer alone runs minutes; each of the others starts a whole stack or a
 * cluster of processes), started first so they never form the tail of the run; the rest in vitest's own order.
 */
const HEAVY = [
  'gateway/test/contract-fuzz.test.ts',
  'gateway/test/isolation-matrix.test.ts',
  'services/payments/test/over-collection.property.test.ts',
  'services/payments/test/over-collection.test.ts',
  'gateway/test/faults.test.ts',
  'gateway/test/role-matrix.test.ts',
  'services/billing/test/cluster.test.ts',
  'gateway/test/cluster.test.ts',
];
const rank = (spec: TestSpecification) => {
  const i = HEAVY.findIndex((f) => spec.moduleId.endsWith(f));
  return i === -1 ? HEAVY.length : i;
};
class HeavyFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]) {
    const sorted = await super.sort(files);
    return sorted
      .map((spec, i) => ({ spec, i }))
      .sort((a, b) => rank(a.spec) - rank(b.spec) || a.i - b.i)
      .map(({ spec }) => spec);
  }
}

export default defineConfig({
  test: {
    // Most files wait on Postgres, NATS or a stack's start more than they compute, and one test process uses one
    // core: vitest's default on a 2-core machine (cores − 1 = 1 worker) leaves a core idle. VITEST_MAX_WORKERS overrides.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    sequence: { sequencer: HeavyFirst },
    projects: [
      {
        test: {
          name: 'node',
          environment: 'node',
          include: [
            'proto/**/*.test.ts',
            'services/*/test/**/*.test.ts',
            'gateway/test/**/*.test.ts',
            'sdk/test/**/*.test.ts',
            'charts/test/**/*.test.ts',
            'scripts/test/**/*.test.ts',
          ],
          testTimeout: 30_000,
          hookTimeout: 120_000,
          env: { OTEL_SDK_DISABLED: 'true', LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn' },
        },
      },
      'web/vitest.config.ts',
    ],
  },
});
