/**
 * Benchmark of the web app's first load, compressed and not: the app as `npm start` runs it (the web build served by
 * the gateway, every service in one process, a test database), once with COMPRESSION=off and once with it on. A signed-in
 * user opens the dashboard in Debian's Chromium (Playwright), a fresh browser cache each time, in three profiles:
 * unthrottled, the CPU slowed 4× (CDP Emulation.setCPUThrottlingRate), and 4× CPU on a slow network (CDP
 * Network.emulateNetworkConditions). Figures per profile and mode, medians of BENCH_RUNS loads: Largest Contentful
 * Paint, the time until the dashboard's heading shows, the main script's bytes on the wire (headers included) and its
 * time from request to last byte, and the bytes on the wire of all JavaScript and of everything.
 *
 *   npm run bench -- web        (BENCH_RUNS=5 by default; BENCH_SKIP_BUILD=1 keeps the current web/dist)
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium, type Browser } from '@playwright/test';
import {
  createTestDatabase,
  freePort,
  HttpClient,
  spawnScript,
  testEnv,
  waitFor,
  type ServiceProcess,
  type TestDatabase,
} from '@billpoint/kit/testing';

const runs = Number(process.env.BENCH_RUNS ?? 5);
const root = resolve(import.meta.dirname, '..');

/** Slow network as Lighthouse's mobile preset has it: 150 ms round trip, 1.6 Mbit/s down, 750 kbit/s up. */
const SLOW_NETWORK = { offline: false, latency: 150, downloadThroughput: (1.6 * 1024 * 1024) / 8, uploadThroughput: (750 * 1024) / 8 };
const profiles = [
  { name: 'unthrottled', cpu: 1, network: undefined },
  { name: '4× CPU', cpu: 4, network: undefined },
  { name: '4× CPU, slow network', cpu: 4, network: SLOW_NETWORK },
] as const;
type Profile = (typeof profiles)[number];

interface Load {
  lcpMs: number;
  dashboardMs: number;
  mainBytes: number;
  mainEncoding: string;
  /** From the main script's request to its last byte. */
  mainMs: number;
  jsBytes: number;
  allBytes: number;
}

/** One load of the dashboard, signed in, on an empty cache: what the browser saw. */
async function loadDashboard(browser: Browser, base: string, cookies: Map<string, string>, profile: Profile): Promise<Load> {
  const context = await browser.newContext({ baseURL: base, viewport: { width: 1280, height: 800 } });
  try {
    await context.addCookies([...cookies].map(([name, value]) => ({ name, value, url: base })));
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: profile.cpu });
    if (profile.network) await cdp.send('Network.emulateNetworkConditions', profile.network);
    const requests = new Map<string, { url: string; type: string; encoding: string }>();
    const bytes = new Map<string, number>();
    const sent = new Map<string, number>();
    const finished = new Map<string, number>();
    cdp.on('Network.requestWillBeSent', (e) => sent.set(e.requestId, e.timestamp));
    cdp.on('Network.responseReceived', (e) =>
      requests.set(e.requestId, {
        url: e.response.url,
        type: e.type,
        encoding: String(Object.entries(e.response.headers).find(([k]) => k.toLowerCase() === 'content-encoding')?.[1] ?? 'none'),
      }),
    );
    cdp.on('Network.loadingFinished', (e) => {
      bytes.set(e.requestId, e.encodedDataLength);
      finished.set(e.requestId, e.timestamp);
    });

    const t0 = Date.now();
    await page.goto('/');
    await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor({ timeout: 120_000 });
    const dashboardMs = Date.now() - t0;
    await page.waitForLoadState('networkidle');
    // The last Largest Contentful Paint candidate (the page's own code, as a string: the bench has no DOM types).
    const lcpMs = await page.evaluate<number>(`new Promise((done) => new PerformanceObserver((list) => {
      const entries = list.getEntries();
      done(entries[entries.length - 1].startTime);
    }).observe({ type: 'largest-contentful-paint', buffered: true }))`);
    // The main script: the module script index.html loads (the entry chunk).
    const mainSrc = new URL((await page.locator('script[type="module"][src]').first().getAttribute('src'))!, base).href;
    let mainBytes = NaN;
    let mainEncoding = '?';
    let mainMs = NaN;
    let jsBytes = 0;
    let allBytes = 0;
    for (const [id, r] of requests) {
      const n = bytes.get(id) ?? 0;
      allBytes += n;
      if (r.type === 'Script') jsBytes += n;
      if (r.url === mainSrc)
        [mainBytes, mainEncoding, mainMs] = [n, r.encoding, ((finished.get(id) ?? NaN) - (sent.get(id) ?? NaN)) * 1000];
    }
    return { lcpMs, dashboardMs, mainBytes, mainEncoding, mainMs, jsBytes, allBytes };
  } finally {
    await context.close();
  }
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};
const kb = (n: number) => `${(n / 1000).toFixed(1)} kB`;

/** The app as `npm start` runs it, on `port`, with COMPRESSION as given; resolves once it answers /healthz. */
async function startApp(db: TestDatabase, compression: 'on' | 'off') {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'bp-bench-web-'));
  const proc: ServiceProcess = spawnScript('gateway/src/local.ts', {
    ...testEnv(db, {
      PORT: String(port),
      NODE_ENV: 'production',
      LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'warn',
      BILLPOINT_DATA_DIR: dataDir,
      MAIL_OUTBOX_DIR: join(dataDir, 'outbox'),
      SIGN_UPS_PER_IP: '1000000',
      SIGN_IN_FAILURES_PER_IP: '1000000',
      COMPRESSION: compression,
    }),
  });
  const base = `http://127.0.0.1:${port}`;
  await waitFor(async () => (await fetch(`${base}/healthz`).catch(() => undefined))?.status === 200, 180_000, 200).catch((err: unknown) => {
    throw new Error(`${String(err)}\n${proc.output()}`);
  });
  return {
    base,
    async stop() {
      proc.proc.kill('SIGTERM');
      await proc.exited();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export default async function main() {
  if (!process.env.BENCH_SKIP_BUILD)
    execFileSync('npm', ['run', 'build', '-w', 'web'], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });
  const db = await createTestDatabase();
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'],
  });
  const rows: Record<string, string | number>[] = [];
  const results = new Map<string, Load>();
  try {
    for (const compression of ['off', 'on'] as const) {
      const app = await startApp(db, compression);
      try {
        const client = new HttpClient(app.base);
        await client.register();
        await loadDashboard(browser, app.base, client.cookies, profiles[0]); // warm-up: the server's first answers
        for (const profile of profiles) {
          const loads: Load[] = [];
          for (let i = 0; i < runs; i++) loads.push(await loadDashboard(browser, app.base, client.cookies, profile));
          const m: Load = {
            lcpMs: median(loads.map((l) => l.lcpMs)),
            dashboardMs: median(loads.map((l) => l.dashboardMs)),
            mainBytes: median(loads.map((l) => l.mainBytes)),
            mainEncoding: [...new Set(loads.map((l) => l.mainEncoding))].join('/'),
            mainMs: median(loads.map((l) => l.mainMs)),
            jsBytes: median(loads.map((l) => l.jsBytes)),
            allBytes: median(loads.map((l) => l.allBytes)),
          };
          results.set(`${profile.name}|${compression}`, m);
          rows.push({
            profile: profile.name,
            COMPRESSION: compression,
            'LCP ms': Math.round(m.lcpMs),
            'dashboard shown ms': m.dashboardMs,
            'main script on the wire': `${kb(m.mainBytes)} (${m.mainEncoding})`,
            'main script ms': Math.round(m.mainMs),
            'all JS on the wire': kb(m.jsBytes),
            'everything on the wire': kb(m.allBytes),
          });
        }
      } finally {
        await app.stop();
      }
    }
  } finally {
    await browser.close();
    await db.drop();
  }
  // The machine's load beside the figures: the timings mean little on a busy machine, the bytes are exact.
  const load = loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');
  console.log(
    `\nThe dashboard's first load, signed in, empty cache, median of ${runs} loads, ${new Date().toISOString()}, load average ${load}`,
  );
  console.table(rows);
  for (const profile of profiles) {
    const off = results.get(`${profile.name}|off`)!;
    const on = results.get(`${profile.name}|on`)!;
    console.log(
      `${profile.name}: LCP ${Math.round(off.lcpMs)} → ${Math.round(on.lcpMs)} ms, main script ${kb(off.mainBytes)} → ${kb(on.mainBytes)} ` +
        `(${(off.mainBytes / on.mainBytes).toFixed(1)}× smaller)`,
    );
  }
}
