import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig, devices } from '@playwright/test';

/**
 * The journeys (issue 3: customers; issue 4: invoices) against the app as `npm start` runs it (web build served by the gateway, every
 * service, embedded Postgres) on a fresh database in a new temp directory. Debian's Chromium, never a
 * downloaded browser. Workers load this file again: the env var keeps one data directory per run.
 */
const PORT = 8095;
if (!process.env.BILLPOINT_E2E_DATA_DIR) {
  const dataDir = mkdtempSync(join(tmpdir(), 'billpoint-e2e-'));
  process.env.BILLPOINT_E2E_DATA_DIR = dataDir;
  // The runner exits after the web server has shut down (gracefulShutdown below), Postgres included.
  process.once('exit', () => rmSync(dataDir, { recursive: true, force: true }));
}

export default defineConfig({
  testDir: './e2e',
  outputDir: './test-results',
  fullyParallel: false,
  workers: 1,
  forbidOnly: !!process.env.CI,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list'], ['html', { open: 'never', outputFolder: './playwright-report' }]] : 'list',
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    colorScheme: 'light',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined } }],
  webServer: {
    // What `npm start` does: build the web app, then the launcher (run by this Node, which is 24 under npx).
    command: `npm run build && "${process.execPath}" ../gateway/src/local.ts`,
    cwd: import.meta.dirname,
    url: `http://127.0.0.1:${PORT}/healthz`,
    reuseExistingServer: false,
    gracefulShutdown: { signal: 'SIGTERM', timeout: 30_000 },
    timeout: 180_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(PORT),
      HOST: '127.0.0.1',
      BILLPOINT_DATA_DIR: process.env.BILLPOINT_E2E_DATA_DIR,
      // Sent invoices as .eml files in this run's directory (no SMTP_URL), not in the repo's .data/outbox.
      MAIL_OUTBOX_DIR: join(process.env.BILLPOINT_E2E_DATA_DIR!, 'outbox'),
      LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
      // The subscriptions journey generates a schedule's due invoice by hand (Generate due invoices) and expects
      // exactly one: the scheduler must not get there first during a run (it still runs once at start).
      RECURRING_INTERVAL_MS: '3600000',
    },
  },
});
