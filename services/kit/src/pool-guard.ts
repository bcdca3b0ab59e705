import type pg from 'pg';

export interface PoolStats {
  name: string;
  max: number;
  /** Clients open (idle + checked out). */
  total: number;
  idle: number;
  /** Callers waiting for a client. */
  waiting: number;
  /** Clients destroyed because their connection was lost while checked out. */
  lostWhileCheckedOut: number;
  /** Acquisitions that ran into the acquire timeout. */
  acquireTimeouts: number;
}

type Client = pg.PoolClient & { release: (err?: Error | boolean) => void };
const noop = () => {};

/**
 * Makes a `pg` pool survive lost connections (a failover, `pg_terminate_backend`, a network cut) and tells
 * liveness when it is wedged anyway.
 *
 * Why: MikroORM 7 runs transactions through Kysely, whose `ControlledTransaction` releases its client only
 * after a *successful* COMMIT or ROLLBACK. When the connection dies mid-transaction both fail, the client is
 * never released, and after `max` such transactions every request waits for a slot forever. Here every
 * checked-out client is released as broken (pg-pool then destroys it and frees the slot) the moment its
 * connection ends; later `release()` calls by its holder are no-ops. Every client also gets an `error`
 * listener the moment it is created: pg emits `error` on a checked-out client whose connection dies between
 * queries (or in the very data chunk that completed its connection), and an `error` event without a listener
 * would crash the process.
 */
export class PoolGuard {
  readonly name: string;
  readonly pool: pg.Pool;
  #waiting = 0;
  #lastProgress = Date.now();
  #timedOutSinceProgress = false;
  #lost = 0;
  #timeouts = 0;

  constructor(name: string, pool: pg.Pool) {
    this.name = name;
    this.pool = pool;
    pool.on('error', noop); // an idle client's lost connection: pg-pool has already removed it
    // Synchronously at creation: pg-pool hands a new client out from inside the socket's data handler, and a
    // termination notice in the same chunk is emitted before any awaiting caller could add a listener.
    pool.on('connect', (client) => client.on('error', noop));
    const connect = pool.connect.bind(pool) as () => Promise<pg.PoolClient>;
    pool.connect = ((cb?: (err: Error | undefined, client?: pg.PoolClient, done?: (e?: Error) => void) => void) => {
      const p = this.#acquire(connect);
      if (!cb) return p;
      p.then(
        (c) => cb(undefined, c, (e) => c.release(e)),
        (e: Error) => cb(e),
      );
      return undefined;
    }) as typeof pool.connect;
  }

  async #acquire(connect: () => Promise<pg.PoolClient>): Promise<pg.PoolClient> {
    this.#waiting++;
    let client: pg.PoolClient;
    try {
      client = await connect();
    } catch (err) {
      if (/timeout exceeded when trying to connect/i.test((err as Error).message)) {
        this.#timeouts++;
        this.#timedOutSinceProgress = true;
      }
      throw err;
    } finally {
      this.#waiting--;
    }
    this.#progress();
    this.#guard(client as Client);
    return client;
  }

  #progress() {
    this.#lastProgress = Date.now();
    this.#timedOutSinceProgress = false;
  }

  #guard(client: Client) {
    const release = client.release.bind(client);
    let released = false;
    const finish = (err?: Error | boolean) => {
      if (released) return;
      released = true;
      client.removeListener('end', onEnd);
      this.#progress();
      release(err);
    };
    const onEnd = () => {
      this.#lost++;
      finish(new Error('connection lost while checked out'));
    };
    client.release = finish;
    // Lost before we got here (between the hand-out and this continuation): free the slot now; the holder's
    // first query fails with "not queryable" and its release is a no-op. (`_queryable` is what pg-pool reads too.)
    if ((client as unknown as { _queryable?: boolean })._queryable === false) onEnd();
    else client.once('end', onEnd);
  }

  stats(): PoolStats {
    const p = this.pool;
    return {
      name: this.name,
      max: p.options.max ?? 10,
      total: p.totalCount,
      idle: p.idleCount,
      waiting: p.waitingCount,
      lostWhileCheckedOut: this.#lost,
      acquireTimeouts: this.#timeouts,
    };
  }

  /**
   * Wedged: every slot is checked out, callers are waiting or have timed out, and no client has been handed
   * out or returned for longer than `limitMs`. A pool that is merely busy makes progress; a database that is
   * down fails its connection attempts at once (no slot stays taken). Only a process that can never serve
   * again stays here, so liveness fails and the orchestrator restarts it.
   */
  wedgedForMs(now = Date.now()): number {
    const s = this.stats();
    const allTaken = s.total - s.idle >= s.max;
    if (!allTaken || !(this.#waiting > 0 || this.#timedOutSinceProgress)) return 0;
    return now - this.#lastProgress;
  }
}
