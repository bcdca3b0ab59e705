import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig, devices } from '@playwright/test';

/**
 * The journeys (customers, invoices and every screen after them) against the app as `npm start` runs it (web build served by the gateway, every
 * service, embedded Postgres) on a fresh database in a new temp directory. Debian's Chromium, never a
 * downloaded browser. Workers load this file again: the env var keeps one data directory per run.
 *
 * The app runs twice: as `npm start` runs it without provider keys (demo payments, project `chromium`), and with
 * Stripe and PayPal keys (project `keyed`: the tests tagged @keyed) whose SDKs talk to local stand-ins of the
 * providers' APIs (a third server). E2E_PORT moves the four ports (app, keyed app, Stripe API, PayPal API).
 */
const PORT = Number(process.env.E2E_PORT ?? 8095);
const KEYED_PORT = PORT + 1;
const STRIPE_API_PORT = PORT + 2;
const PAYPAL_API_PORT = PORT + 3;
// Where the keyed tests send the providers' browser calls (the stand-ins above); workers load this file too.
process.env.E2E_STRIPE_API_URL = `http://127.0.0.1:${STRIPE_API_PORT}`;
process.env.E2E_PAYPAL_API_URL = `http://127.0.0.1:${PAYPAL_API_PORT}`;
/** Billing's reference exchange rates: the ECB document's fixture, served by the provider stand-ins (e2e/stand-ins). */
const FX_RATES_URL = `http://127.0.0.1:${STRIPE_API_PORT}/stats/eurofxref/eurofxref-daily.xml`;
if (!process.env.BILLPOINT_E2E_DATA_DIR) {
  const dataDir = mkdtempSync(join(tmpdir(), 'billpoint-e2e-'));
  process.env.BILLPOINT_E2E_DATA_DIR = dataDir;
  // The runner exits after the web server has shut down (gracefulShutdown below), Postgres included.
  process.once('exit', () => rmSync(dataDir, { recursive: true, force: true }));
}

/** The app as `npm start` runs it on `port`, with its own data directory and mail outbox in this run's directory. */
function app({ port, name, build, env = {} }: { port: number; name: string; build: boolean; env?: Record<string, string> }) {
  const dir = (what: string) => join(process.env.BILLPOINT_E2E_DATA_DIR!, name ? `${name}-${what}` : what);
  return {
    command: `${build ? 'npm run build && ' : ''}"${process.execPath}" ../gateway/src/local.ts`,
    cwd: import.meta.dirname,
    url: `http://127.0.0.1:${port}/healthz`,
    reuseExistingServer: false,
    gracefulShutdown: { signal: 'SIGTERM' as const, timeout: 30_000 },
    timeout: 180_000,
    stdout: 'ignore' as const,
    stderr: 'pipe' as const,
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      BILLPOINT_DATA_DIR: name ? dir('data') : process.env.BILLPOINT_E2E_DATA_DIR!,
      // Mail of every process (billing's invoices, the gateway's invitations) as .eml files in this run's directory
      // (no SMTP_URL), not in the repo's .data/outbox.
      MAIL_OUTBOX_DIR: dir('outbox'),
      // Links in e-mails (the pay page) on the address the browser uses.
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
      // The subscriptions journey generates a schedule's due invoice by hand (Generate due invoices) and expects
      // exactly one: the scheduler must not get there first during a run (it still runs once at start).
      RECURRING_INTERVAL_MS: '3600000',
      // The integrations journey sends webhooks to a receiver on 127.0.0.1 (never set by the chart).
      WEBHOOK_ALLOW_PRIVATE: 'true',
      // Reference exchange rates from the stand-in (started first), never the ECB's site.
      FX_RATES_URL,
      // Every journey signs up and in from 127.0.0.1: the gateway's per-address guess limits are far out of reach.
      SIGN_IN_FAILURES_PER_IP: '1000000',
      SIGN_UPS_PER_IP: '1000000',
      ...env,
    },
  };
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
  projects: [
    { name: 'chromium', grepInvert: /@keyed/, use: { ...devices['Desktop Chrome'], channel: undefined } },
    {
      name: 'keyed',
      grep: /@keyed/,
      use: { ...devices['Desktop Chrome'], channel: undefined, baseURL: `http://127.0.0.1:${KEYED_PORT}` },
    },
  ],
  webServer: [
    {
      // Stripe's and PayPal's HTTP APIs for the keyed app's SDKs (and the providers' browser code, routed there), and the
      // reference exchange rates: first, so that both apps' rates job finds it at start.
      command: `"${process.execPath}" e2e/stand-ins/provider-apis.ts ${STRIPE_API_PORT} ${PAYPAL_API_PORT}`,
      cwd: import.meta.dirname,
      url: `http://127.0.0.1:${STRIPE_API_PORT}/health`,
      reuseExistingServer: false,
      gracefulShutdown: { signal: 'SIGTERM', timeout: 5_000 },
      stdout: 'ignore',
      stderr: 'pipe',
    },
    // What `npm start` does: build the web app, then the launcher (run by this Node, which is 24 under npx).
    app({ port: PORT, name: '', build: true }),
    // The same app with provider keys: card payments through Stripe, PayPal offered. Started after the first (built).
    app({
      port: KEYED_PORT,
      name: 'keyed',
      build: false,
      env: {
        STRIPE_SECRET_KEY: 'sk_test_billpoint_e2e',
        STRIPE_PUBLISHABLE_KEY: 'pk_test_billpoint_e2e',
        STRIPE_WEBHOOK_SECRET: 'whsec_billpoint_e2e',
        STRIPE_API_URL: process.env.E2E_STRIPE_API_URL!,
        PAYPAL_CLIENT_ID: 'billpoint-e2e-paypal-client',
        PAYPAL_CLIENT_SECRET: 'billpoint-e2e-paypal-secret',
        PAYPAL_ENVIRONMENT: 'sandbox',
        PAYPAL_API_URL: process.env.E2E_PAYPAL_API_URL!,
      },
    }),
  ],
});
