import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'node',
          environment: 'node',
          include: [
            'proto/**/*.test.ts',
            'services/*/test/**/*.test.ts',
            'gateway/test/**/*.test.ts',
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
