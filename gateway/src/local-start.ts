/**
 * What `npm start` needs before anything runs, and what it says when it cannot start: the real reason (a port in use,
 * a data directory it cannot write, the embedded Postgres's own words) and the command that fixes it — never a bare
 * "could not start".
 */
import { accessSync, constants, mkdirSync } from 'node:fs';
import { createServer } from 'node:net';
import { resolve } from 'node:path';

/** Where `npm start` keeps everything it writes: BILLPOINT_DATA_DIR, else the checkout's `.data/`. */
export const dataDirOf = (env: NodeJS.ProcessEnv, root: string) => resolve(env.BILLPOINT_DATA_DIR ?? resolve(root, '.data'));

/** The mail outbox of every process of `npm start` (no SMTP_URL): MAIL_OUTBOX_DIR, else `outbox/` in the data directory. */
export const outboxDirOf = (env: NodeJS.ProcessEnv, dataDir: string) => resolve(env.MAIL_OUTBOX_DIR ?? resolve(dataDir, 'outbox'));

/** The data directory cannot be created or written. */
export class DataDirError extends Error {
  readonly dir: string;
  readonly code: string | undefined;
  constructor(dir: string, cause: unknown) {
    const code = (cause as NodeJS.ErrnoException | undefined)?.code;
    super(`the data directory ${dir} cannot be created or written (${code ?? String(cause)})`, { cause });
    this.name = 'DataDirError';
    this.dir = dir;
    this.code = code;
  }
}

/** Creates the data directory and checks this process may write in it. */
export function prepareDataDir(dir: string) {
  try {
    mkdirSync(dir, { recursive: true });
    accessSync(dir, constants.W_OK | constants.X_OK);
  } catch (err) {
    throw new DataDirError(dir, err);
  }
}

/** Resolves once `port` on `host` can be listened on; rejects with the listen error (EADDRINUSE, EACCES…) otherwise. */
export function checkPortFree(port: number, host: string) {
  return new Promise<void>((ok, fail) => {
    const srv = createServer();
    srv.once('error', fail);
    srv.listen({ port, host, exclusive: true }, () => srv.close(() => ok()));
  });
}

/** The embedded Postgres did not start: its own message and the last lines it logged. */
export class EmbeddedPostgresError extends Error {
  readonly logTail: string[];
  readonly pgDir: string;
  constructor(message: string, o: { logTail: string[]; pgDir: string; cause?: unknown }) {
    super(message, { cause: o.cause });
    this.name = 'EmbeddedPostgresError';
    this.logTail = o.logTail;
    this.pgDir = o.pgDir;
  }
}

/** The last `max` lines of a log, kept as they arrive. */
export function logTail(max = 40) {
  const lines: string[] = [];
  return {
    lines,
    push(chunk: unknown) {
      for (const line of String(chunk).split('\n')) {
        const l = line.replace(/^\[STDERR\] /, '').trimEnd();
        if (!l) continue;
        lines.push(l);
        if (lines.length > max) lines.shift();
      }
    },
  };
}

/** True when the embedded Postgres failed because its port was taken meanwhile (a race worth one more try). */
export const isPortRace = (err: unknown) =>
  err instanceof EmbeddedPostgresError && err.logTail.some((l) => /could not bind|Address already in use/i.test(l));

export interface StartContext {
  dataDir: string;
  port?: string;
  host?: string;
}

export interface Explanation {
  reason: string;
  details: string[];
  fix: string[];
}

const chain = (err: unknown) => {
  const out: unknown[] = [];
  for (let e = err; e !== undefined && e !== null && out.length < 10; e = (e as { cause?: unknown }).cause) out.push(e);
  return out;
};
const messageOf = (e: unknown) => (e instanceof Error ? e.message : e === undefined ? 'no error was given' : String(e));

function explainPostgres(e: EmbeddedPostgresError, ctx: StartContext): Explanation {
  const log = e.logTail.join('\n');
  const details = [e.message, ...(e.logTail.length ? ['The embedded Postgres said:', ...e.logTail.map((l) => `  ${l}`)] : [])];
  const other = /another postmaster \(PID (\d+)\)/i.exec(log) ?? (/lock file "postmaster\.pid" already exists/i.test(log) ? [''] : null);
  if (other)
    return {
      reason: `another Postgres is still running on ${e.pgDir} (an earlier npm start that did not stop?)`,
      details,
      fix: other[1]
        ? [`ps -p ${other[1]} -o pid,cmd    # see it`, `kill ${other[1]}    # stop it, then run npm start again`]
        : [`ps aux | grep "postgres -D ${e.pgDir}"    # find its pid`, 'kill <pid>    # stop it, then run npm start again'],
    };
  if (/wrong ownership|must be owned|permission denied|invalid permissions|Operation not permitted/i.test(log + e.message))
    return {
      reason: `the embedded Postgres may not use its data directory ${e.pgDir}`,
      details,
      fix: [
        `ls -ld ${ctx.dataDir} ${e.pgDir}    # who owns them`,
        process.getuid?.() === 0
          ? `chown -R postgres ${e.pgDir}    # running as root, Postgres runs as the postgres user`
          : `chown -R "$(id -un)" ${ctx.dataDir}`,
        `or start with a fresh one: BILLPOINT_DATA_DIR=/some/empty/dir npm start`,
      ],
    };
  if (
    /incompatible with server|initialized by PostgreSQL version|is not a valid data directory|could not access the server configuration file/i.test(
      log,
    )
  )
    return {
      reason: `${e.pgDir} was not made by this Postgres version, or is not a Postgres data directory`,
      details,
      fix: [`mv ${e.pgDir} ${e.pgDir}.old    # keep it aside; npm start then makes a new, empty database`],
    };
  if (/No space left on device|could not (create|resize) shared memory/i.test(log))
    return { reason: 'the embedded Postgres found no room (disk or shared memory)', details, fix: [`df -h ${ctx.dataDir} /dev/shm`] };
  if (/could not bind|Address already in use/i.test(log))
    return {
      reason: 'the embedded Postgres could not bind its port (taken by another process meanwhile, even after retrying)',
      details,
      fix: ['run npm start again (a free port is picked each time)'],
    };
  return {
    reason: e.message,
    details,
    fix: [
      'run npm start again; if it keeps failing:',
      `mv ${e.pgDir} ${e.pgDir}.old    # start with an empty database`,
      'or use a Postgres of your own: DATABASE_URL=postgres://user:password@host:5432/db npm start',
    ],
  };
}

/** Why `npm start` failed, in words, with the command(s) that fix it. */
export function explainStartFailure(err: unknown, ctx: StartContext): Explanation {
  const errors = chain(err);
  const details = errors.map(messageOf);
  for (const e of errors) {
    if (e instanceof EmbeddedPostgresError) return explainPostgres(e, ctx);
    if (e instanceof DataDirError) {
      const notDir = e.code === 'ENOTDIR' || e.code === 'EEXIST';
      return {
        reason: notDir
          ? `the data directory ${e.dir} cannot be made: part of that path is a file, not a directory`
          : `the data directory ${e.dir} cannot be written (${e.code}: permission denied or read-only)`,
        details,
        fix: [
          `ls -ld ${e.dir}    # see what is there and who owns it`,
          ...(notDir ? [] : [`chown -R "$(id -un)" ${e.dir}    # make it yours`]),
          `or choose another directory: BILLPOINT_DATA_DIR=/a/directory/you/own npm start`,
        ],
      };
    }
    const x = e as NodeJS.ErrnoException & { port?: number; address?: string };
    if (x?.code === 'EADDRINUSE' || x?.code === 'EACCES' || x?.code === 'EADDRNOTAVAIL') {
      if (x.syscall !== 'listen' && x.syscall !== 'bind' && x.code !== 'EADDRINUSE') continue;
      const port = String(x.port ?? ctx.port ?? '8080');
      const host = x.address ?? ctx.host ?? 'localhost';
      const next = Number(port) + 1;
      if (x.code === 'EADDRINUSE')
        return {
          reason: `port ${port} (PORT) on ${host} is already in use`,
          details,
          fix: [
            `lsof -i :${port}    # which process holds it (or: ss -ltnp 'sport = :${port}')`,
            'stop that process (an earlier npm start still running?), or start on another port:',
            `PORT=${next} npm start`,
          ],
        };
      if (x.code === 'EACCES')
        return {
          reason: `port ${port} (PORT) on ${host} may not be used by this user (ports below 1024 need root)`,
          details,
          fix: [`PORT=8080 npm start`],
        };
      return {
        reason: `${host} (HOST) is not an address of this machine`,
        details,
        fix: ['HOST=localhost npm start'],
      };
    }
    if (x?.code === 'ECONNREFUSED' || x?.code === 'ENOTFOUND' || x?.code === '28P01' || x?.code === '3D000')
      return {
        reason: `the database at DATABASE_URL cannot be used (${messageOf(x)})`,
        details,
        fix: ['pg_isready -d "$DATABASE_URL"    # is it running and reachable?', 'or unset DATABASE_URL to use the embedded Postgres'],
      };
  }
  return {
    reason: messageOf(errors[0] ?? err),
    details: details.slice(1),
    fix: ['the stack trace is in the log above; LOG_LEVEL=debug npm start shows more'],
  };
}

/** The explanation as the lines `npm start` prints last. */
export function formatStartFailure(x: Explanation): string {
  const lines = [`Billpoint could not start: ${x.reason}`];
  const details = x.details.filter((d) => d && !x.reason.includes(d));
  if (details.length) lines.push('', ...details.map((d) => `  ${d}`));
  lines.push('', 'To fix it:', ...x.fix.map((f) => `  ${f}`));
  return `${lines.join('\n')}\n`;
}
