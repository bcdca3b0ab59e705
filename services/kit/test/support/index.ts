/**
 * Test helpers shared by every workspace (`@billpoint/kit/testing`): a fresh database per test file on the
 * real Postgres, a random NATS namespace, an HTTP client with a cookie jar, and the gateway + services
 * started in-process the way `npm start` starts them.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { createServer as createNetServer } from 'node:net';
import { resolve as resolvePath } from 'node:path';
import pg from 'pg';
import { serviceRegistry, serviceUrlEnv } from '@billpoint/proto/services';

export const TEST_PG_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
export const TEST_NATS_URL = process.env.NATS_URL ?? 'nats://127.0.0.1:4222';
export const TEST_TOKEN_KEY = 'test-internal-token-key-0123456789abcdef';

export const randomName = (prefix: string) => `${prefix}_${randomBytes(5).toString('hex')}`;

export interface TestDatabase {
  name: string;
  /** Owner (superuser) URL of the new database. */
  url: string;
  /** Runs SQL as the owner. */
  query<T extends pg.QueryResultRow = pg.QueryResultRow>(sql: string, params?: unknown[]): Promise<pg.QueryResult<T>>;
  drop(): Promise<void>;
}

/** A new, empty database on the test Postgres; `drop()` removes it. */
export async function createTestDatabase(): Promise<TestDatabase> {
  const name = randomName('bp_test');
  const admin = new pg.Client({ connectionString: TEST_PG_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const u = new URL(TEST_PG_URL);
  u.pathname = `/${name}`;
  const url = u.toString();
  const pool = new pg.Pool({ connectionString: url, max: 2 });
  // pool.end() resolves before its connections have closed; a connection the forced drop below terminates
  // while closing would surface as an uncaught 'error'. So drop() also waits until every client is gone.
  let open = 0;
  let allClosed: (() => void) | undefined;
  pool.on('connect', (client) => {
    open++;
    client.on('error', () => {});
  });
  pool.on('remove', () => {
    if (--open === 0) allClosed?.();
  });
  return {
    name,
    url,
    query: (sql, params) => pool.query(sql, params as unknown[]),
    async drop() {
      const closed = open === 0 ? Promise.resolve() : new Promise<void>((ok) => (allClosed = ok));
      await pool.end();
      await closed;
      const c = new pg.Client({ connectionString: TEST_PG_URL });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

/** The environment every service needs, pointed at a test database. */
/**
 * A gateway's `<NAME>_URL` for every registered service: `url` for all (a closed port when a test calls none of
 * them), then the given overrides, so a newly registered service needs no edit here.
 */
export const serviceUrls = (overrides: Record<string, string> = {}, url = 'http://127.0.0.1:9') => ({
  ...Object.fromEntries(serviceRegistry.map((s) => [serviceUrlEnv(s.name), url])),
  ...overrides,
});

export function testEnv(db: TestDatabase, extra: Record<string, string | undefined> = {}): Record<string, string | undefined> {
  return {
    NODE_ENV: 'test',
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
    DATABASE_URL: db.url,
    INTERNAL_TOKEN_KEY: TEST_TOKEN_KEY,
    HOST: '127.0.0.1',
    PORT: '0',
    DATABASE_POOL_MAX: '4',
    // Test receivers of outgoing webhooks listen on 127.0.0.1 (the SSRF tests turn this off for themselves).
    WEBHOOK_ALLOW_PRIVATE: 'true',
    // Never the internet: billing's reference-rates job is off unless a test serves its own document.
    FX_RATES_URL: 'off',
    ...extra,
  };
}

/** A tiny browser: a cookie jar, `X-Requested-With` on every call (the web client's CSRF header). */
export class HttpClient {
  readonly base: string;
  readonly cookies = new Map<string, string>();
  lastSetCookie: string[] = [];
  constructor(base: string) {
    this.base = base;
  }

  async request(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
    const h: Record<string, string> = { ...headers };
    let payload: string | undefined;
    if (body !== undefined) {
      h['content-type'] ??= 'application/json';
      payload = typeof body === 'string' ? body : JSON.stringify(body);
    }
    return this.raw(method, path, payload, h);
  }

  /** Sends `body` exactly as given (bytes, any content type or none), with the cookies and the CSRF header. */
  async raw(method: string, path: string, body?: string | Uint8Array, headers: Record<string, string> = {}) {
    const h: Record<string, string> = { 'x-requested-with': 'XMLHttpRequest', ...headers };
    if (this.cookies.size) h.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const res = await fetch(new URL(path, this.base), { method, headers: h, body, redirect: 'manual' });
    this.lastSetCookie = res.headers.getSetCookie();
    for (const c of this.lastSetCookie) {
      const [pair, ...attrs] = c.split(';');
      const [k, ...v] = pair!.split('=');
      const expired = attrs.some((a) => /max-age=0\b/i.test(a.trim()) || /expires=thu, 01 jan 1970/i.test(a.trim()));
      if (expired || v.join('=') === '') this.cookies.delete(k!.trim());
      else this.cookies.set(k!.trim(), v.join('='));
    }
    const text = await res.text();
    let json: unknown;
    try {
      json = text ? JSON.parse(text) : undefined;
    } catch {
      json = undefined;
    }
    return { status: res.status, headers: res.headers, text, json: json as any };
  }
  get = (path: string, headers?: Record<string, string>) => this.request('GET', path, undefined, headers);
  post = (path: string, body?: unknown, headers?: Record<string, string>) => this.request('POST', path, body, headers);
  put = (path: string, body?: unknown, headers?: Record<string, string>) => this.request('PUT', path, body, headers);
  patch = (path: string, body?: unknown, headers?: Record<string, string>) => this.request('PATCH', path, body, headers);
  delete = (path: string, headers?: Record<string, string>) => this.request('DELETE', path, undefined, headers);

  /** Registers a new user with a new organization (and signs in). */
  async register(
    overrides: Partial<{
      email: string;
      password: string;
      firstName: string;
      lastName: string;
      organizationName: string;
      timezone: unknown;
    }> = {},
  ) {
    const email = overrides.email ?? `${randomUUID().slice(0, 8)}@example.test`;
    const res = await this.post('/api/auth/register', {
      email,
      password: 'correct horse battery',
      firstName: 'Test',
      lastName: 'User',
      organizationName: 'Test Org',
      ...overrides,
    });
    if (res.status !== 201) throw new Error(`register failed: ${res.status} ${res.text}`);
    return res.json as { id: string; email: string; organization: { id: string; name: string } };
  }
}

/** Polls until `fn` returns a truthy value (or throws after `timeoutMs`). */
export async function waitFor<T>(
  fn: () => Promise<T | undefined | null | false> | T | undefined | null | false,
  timeoutMs = 10_000,
  stepMs = 25,
): Promise<T> {
  const until = Date.now() + timeoutMs;
  let lastErr: unknown;
  for (;;) {
    try {
      const v = await fn();
      if (v) return v;
    } catch (err) {
      lastErr = err;
    }
    if (Date.now() > until) throw new Error(`condition not met within ${timeoutMs} ms${lastErr ? `: ${String(lastErr)}` : ''}`);
    await new Promise((r) => setTimeout(r, stepMs));
  }
}

/** Removes the JetStream stream of a test namespace (parallel test files each use their own). */
export async function deleteNatsNamespace(namespace: string, url = TEST_NATS_URL) {
  const { connect } = await import('@nats-io/transport-node');
  const { jetstreamManager } = await import('@nats-io/jetstream');
  const { EVENTS_STREAM } = await import('@billpoint/proto');
  const nc = await connect({ servers: url });
  try {
    const jsm = await jetstreamManager(nc);
    await jsm.streams.delete(`${EVENTS_STREAM}_${namespace}`).catch(() => false);
  } finally {
    await nc.close();
  }
}

/** A free TCP port on 127.0.0.1. */
export function freePort(): Promise<number> {
  return new Promise((ok, fail) => {
    const s = createNetServer();
    s.once('error', fail);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => ok(port));
    });
  });
}

export const REPO_ROOT = resolvePath(import.meta.dirname, '../../../..');

export interface ServiceProcess {
  proc: ChildProcess;
  /** Everything it printed so far. */
  output(): string;
  /** Resolves with the exit code. */
  exited(): Promise<number | null>;
}

/** Runs a repo script (e.g. `services/customers/src/server.ts`) as its own Node process, as the cluster does. */
export function spawnScript(script: string, env: Record<string, string | undefined>, o: { inheritOutput?: boolean } = {}): ServiceProcess {
  const proc = spawn(process.execPath, [resolvePath(REPO_ROOT, script)], {
    env: { PATH: process.env.PATH, ...env },
    stdio: ['ignore', o.inheritOutput ? 'inherit' : 'pipe', o.inheritOutput ? 'inherit' : 'pipe'],
  });
  let out = '';
  proc.stdout?.on('data', (d) => (out += d));
  proc.stderr?.on('data', (d) => (out += d));
  return {
    proc,
    output: () => out,
    exited: () => new Promise((ok) => (proc.exitCode !== null ? ok(proc.exitCode) : proc.once('exit', (code) => ok(code)))),
  };
}

/** Waits until http://127.0.0.1:port/readyz answers 200; fails with the process output otherwise. */
export async function waitReady(port: number, p?: ServiceProcess, timeoutMs = 30_000) {
  const ready = async () => (await fetch(`http://127.0.0.1:${port}/readyz`).catch(() => undefined))?.status === 200;
  await waitFor(ready, timeoutMs, 100).catch((err: unknown) => {
    throw new Error(`${String(err)}${p ? `\n${p.output()}` : ''}`);
  });
}

export * from './isolation.ts';
export * from './tenant-rows.ts';
export * from './fuzz/run.ts';
export { valid as validValues } from './fuzz/valid.ts';
