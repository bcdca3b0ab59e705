/**
 * Fault-injection helpers for cluster-topology tests: a NATS server of the test's own (SIGKILL and restart it
 * with the same store), cutting a database's runtime connections, and reading what reached JetStream.
 * They never touch the machine's shared NATS or another test's database.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { connect as netConnect } from 'node:net';
import { connect } from '@nats-io/transport-node';
import { jetstream } from '@nats-io/jetstream';
import { EVENTS_STREAM } from '@billpoint/proto';
import { waitFor, type TestDatabase } from '@billpoint/kit/testing';

const NATS_SERVER = process.env.NATS_SERVER_BIN ?? '/usr/sbin/nats-server';

const portOpen = (port: number) =>
  new Promise<boolean>((ok) => {
    const s = netConnect(port, '127.0.0.1');
    s.once('connect', () => (s.destroy(), ok(true)));
    s.once('error', () => ok(false));
  });

/** A JetStream-enabled NATS server on `port` with its store in `dir`; `kill()` is a SIGKILL, `start()` restarts it. */
export class OwnNats {
  readonly port: number;
  readonly dir: string;
  #proc: ChildProcess | undefined;
  constructor(port: number, dir: string) {
    this.port = port;
    this.dir = dir;
  }
  get url() {
    return `nats://127.0.0.1:${this.port}`;
  }
  async start() {
    this.#proc = spawn(NATS_SERVER, ['-a', '127.0.0.1', '-p', String(this.port), '-js', '-sd', this.dir], { stdio: 'ignore' });
    await waitFor(() => portOpen(this.port), 10_000, 20);
  }
  async kill() {
    const p = this.#proc;
    if (!p || p.exitCode !== null) return;
    const exited = new Promise((ok) => p.once('exit', ok));
    p.kill('SIGKILL');
    await exited;
  }
}

/** Waits until a runtime backend of the test database is busy (in a query or inside a transaction). */
export const appBackendBusy = (db: TestDatabase) =>
  waitFor(
    async () =>
      Number(
        (
          await db.query<{ n: string }>(
            `select count(*) as n from pg_stat_activity where datname = current_database() and usename like '%\\_app'
              and state in ('active', 'idle in transaction')`,
          )
        ).rows[0]!.n,
      ) > 0,
    5_000,
    1,
  );

/**
 * Terminates every runtime (`<schema>_app`) backend of the test database, as a failover would — once one of them
 * is busy, so the cut lands on queries and transactions in flight. Answers how many it terminated.
 */
export async function terminateAppBackends(db: TestDatabase): Promise<number> {
  await appBackendBusy(db);
  const { rows } = await db.query<{ n: string }>(
    `select count(*) filter (where pg_terminate_backend(pid)) as n from pg_stat_activity
      where datname = current_database() and usename like '%\\_app' and pid <> pg_backend_pid()`,
  );
  return Number(rows[0]!.n);
}

/** The `Nats-Msg-Id` of every message on `subject` in the namespace's stream, read by an ordered consumer. */
export async function streamMessageIds(natsUrl: string, namespace: string, subject: string): Promise<string[]> {
  const nc = await connect({ servers: natsUrl });
  try {
    const js = jetstream(nc);
    const stream = `${EVENTS_STREAM}_${namespace}`;
    const wire = `${namespace}.${subject}`;
    const consumer = await js.consumers.get(stream, { filter_subjects: wire });
    const ids: string[] = [];
    const info = await consumer.info();
    if (info.num_pending === 0) return ids;
    const messages = await consumer.consume();
    for await (const m of messages) {
      ids.push(m.headers?.get('Nats-Msg-Id') ?? '');
      if (m.info.pending === 0) break;
    }
    await messages.close();
    return ids;
  } finally {
    await nc.close();
  }
}
