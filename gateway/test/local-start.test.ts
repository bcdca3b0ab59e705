import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  dataDirOf,
  DataDirError,
  EmbeddedPostgresError,
  explainStartFailure,
  formatStartFailure,
  outboxDirOf,
} from '../src/local-start.ts';

const LOCAL = resolve(import.meta.dirname, '../src/local.ts');
const dirs: string[] = [];
const tempDir = () => {
  const d = mkdtempSync(join(tmpdir(), 'bp-local-start-'));
  dirs.push(d);
  return d;
};
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

/** Runs `npm start`'s entry (local.ts) as a child process to its end: its exit code and all it printed. */
function runLocal(env: Record<string, string>) {
  const childEnv: NodeJS.ProcessEnv = { ...process.env, LOG_LEVEL: 'silent', HOST: '127.0.0.1', ...env };
  for (const k of ['DATABASE_URL', 'NATS_URL', 'MAIL_OUTBOX_DIR']) if (!(k in env)) delete childEnv[k];
  const child = spawn(process.execPath, [LOCAL], { env: childEnv, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d) => (stdout += d));
  child.stderr.on('data', (d) => (stderr += d));
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((ok) =>
    child.on('close', (code) => ok({ code, stdout, stderr })),
  );
}

const listen = (server: Server) =>
  new Promise<number>((ok) => server.listen(0, '127.0.0.1', () => ok((server.address() as { port: number }).port)));

describe('npm start says why it cannot start', () => {
  it('a port already taken: names the port, how to find who holds it and how to pick another; exits 1 before Postgres', async () => {
    const holder = createServer();
    const port = await listen(holder);
    const dataDir = tempDir();
    try {
      const run = await runLocal({ PORT: String(port), BILLPOINT_DATA_DIR: dataDir });
      expect(run.code).toBe(1);
      expect(run.stderr).toContain(`Billpoint could not start: port ${port} (PORT) on 127.0.0.1 is already in use`);
      expect(run.stderr).toContain(`lsof -i :${port}`);
      expect(run.stderr).toContain(`PORT=${port + 1} npm start`);
    } finally {
      holder.close();
    }
  });

  it('a data directory that cannot be made: names it and BILLPOINT_DATA_DIR; exits 1', async () => {
    const file = join(tempDir(), 'a-file');
    writeFileSync(file, '');
    const dataDir = join(file, 'data');
    const run = await runLocal({ PORT: '0', BILLPOINT_DATA_DIR: dataDir });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(`Billpoint could not start: the data directory ${dataDir} cannot be made`);
    expect(run.stderr).toContain('ENOTDIR');
    expect(run.stderr).toContain('BILLPOINT_DATA_DIR=');
  });

  it('the embedded Postgres refusing its data directory: its own words and the command that fixes it; exits 1', async () => {
    const dataDir = tempDir();
    mkdirSync(join(dataDir, 'pg'));
    // Looks initialised (so no initdb), but is no Postgres data directory: the server stops at once.
    writeFileSync(join(dataDir, 'pg', 'PG_VERSION'), '9\n');
    const run = await runLocal({ PORT: '0', BILLPOINT_DATA_DIR: dataDir });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('The embedded Postgres said:');
    expect(run.stderr).toMatch(/postgres(ql)?\.conf|PG_VERSION|data directory/);
    expect(run.stderr).toContain(`mv ${join(dataDir, 'pg')} ${join(dataDir, 'pg')}.old`);
  }, 90_000);
});

describe('the explanations', () => {
  const ctx = { dataDir: '/srv/bp', port: '8080', host: 'localhost' };
  const errno = (code: string, extra: Record<string, unknown> = {}) => Object.assign(new Error(`${code}: boom`), { code, ...extra });

  it('a data directory without permission: chown it or choose another', () => {
    const x = explainStartFailure(new DataDirError('/srv/bp', errno('EACCES')), ctx);
    expect(x.reason).toBe('the data directory /srv/bp cannot be written (EACCES: permission denied or read-only)');
    expect(x.fix.join('\n')).toContain('chown -R "$(id -un)" /srv/bp');
    expect(x.fix.join('\n')).toContain('BILLPOINT_DATA_DIR=');
  });

  it('a port taken while a service starts (the cause of a wrapped error) and a privileged port', () => {
    const wrapped = new Error('the gateway service could not start', {
      cause: errno('EADDRINUSE', { syscall: 'listen', port: 9000, address: '::1' }),
    });
    expect(explainStartFailure(wrapped, ctx).reason).toBe('port 9000 (PORT) on ::1 is already in use');
    expect(explainStartFailure(errno('EACCES', { syscall: 'listen', port: 80 }), ctx).fix).toEqual(['PORT=8080 npm start']);
  });

  it('another Postgres on the data directory: its pid and how to stop it', () => {
    const e = new EmbeddedPostgresError('the embedded Postgres did not start (it stopped on its own)', {
      pgDir: '/srv/bp/pg',
      logTail: [
        'FATAL:  lock file "postmaster.pid" already exists',
        'HINT:  Is another postmaster (PID 4242) running in data directory "/srv/bp/pg"?',
      ],
    });
    const text = formatStartFailure(explainStartFailure(e, ctx));
    expect(text).toContain('another Postgres is still running on /srv/bp/pg');
    expect(text).toContain('kill 4242');
    expect(text).toContain('HINT:  Is another postmaster (PID 4242)');
  });

  it('an error without anything in it still says something (never a bare "could not start")', () => {
    const text = formatStartFailure(explainStartFailure(undefined, ctx));
    expect(text).toContain('Billpoint could not start: no error was given');
    expect(text).toContain('LOG_LEVEL=debug');
  });
});

describe('what npm start writes follows BILLPOINT_DATA_DIR', () => {
  it('the data directory and the mail outbox (unless MAIL_OUTBOX_DIR says otherwise)', () => {
    expect(dataDirOf({ BILLPOINT_DATA_DIR: '/srv/bp' }, '/checkout')).toBe('/srv/bp');
    expect(dataDirOf({}, '/checkout')).toBe('/checkout/.data');
    expect(outboxDirOf({ BILLPOINT_DATA_DIR: '/srv/bp' }, dataDirOf({ BILLPOINT_DATA_DIR: '/srv/bp' }, '/checkout'))).toBe(
      '/srv/bp/outbox',
    );
    expect(outboxDirOf({}, '/checkout/.data')).toBe('/checkout/.data/outbox');
    expect(outboxDirOf({ MAIL_OUTBOX_DIR: '/var/mail/bp' }, '/srv/bp')).toBe('/var/mail/bp');
  });
});
