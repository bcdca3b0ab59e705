import pg from 'pg';
import { PoolGuard } from './pool-guard.ts';
import { statementName } from './prepared.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The tenant a pooled connection's session-level `app.tenant_id` names (set by a prepared read; see below). */
const sessionTenant = new WeakMap<pg.PoolClient, string>();

export interface ReadOptions {
  /**
   * Run `sql` as a named prepared statement (parsed and planned once per connection, then only bound and executed)
   * with real bind parameters instead of inlined literals. For the hottest reads, whose text is FIXED (a constant, never
   * built from input: every distinct text stays prepared on every connection of the pool). Every parameter's type must
   * follow from its context in the statement (a comparison with a column, or an explicit cast).
   */
  prepare?: boolean;
}

/**
 * The hot-path read, in one round trip and under the tenant's row-level security, two ways:
 *
 * - By default `select set_config('app.tenant_id', …, true); <query>` sent to Postgres as ONE simple-protocol batch.
 *   Postgres runs a multi-statement simple query as one implicit transaction, so the transaction-local setting (SET
 *   LOCAL) holds for the query and is gone right after — the same RLS policy as every other query, in one round trip
 *   instead of four (begin, set, query, commit). Parameters (`$1`, `$2`, …) are inlined as escaped literals, since the
 *   simple protocol has no bind parameters. Postgres parses and plans the text every time.
 * - `prepare: true`: a named prepared statement, planned once per connection. A prepared statement runs alone in its
 *   transaction, so the tenant is the connection's SESSION-level `app.tenant_id`, kept in `sessionTenant`. On a
 *   connection that last served another tenant the read runs as a default read that sets the tenant for the session
 *   instead (still one round trip; a tenant's reads that follow on that connection run prepared). The pool is this
 *   reader's alone and every read sets the tenant it needs before it runs (a default read's transaction-local setting
 *   overrides the session's for its own batch and falls back to it after); a connection whose read failed is
 *   destroyed, never reused with a setting in doubt.
 *
 * Use it for single read statements on request paths that must be fast (get by id).
 */
export class TenantReader {
  readonly #pool: pg.Pool;
  /** Frees the slot of a client whose connection died, counts and reports (see PoolGuard). */
  readonly guard: PoolGuard;
  constructor(url: string, o: { max?: number; acquireTimeoutMs?: number } = {}) {
    this.#pool = new pg.Pool({
      connectionString: url,
      max: o.max ?? 10,
      idleTimeoutMillis: 30_000,
      connectionTimeoutMillis: o.acquireTimeoutMs ?? 5_000,
      keepAlive: true,
      // A prepared read is a lookup by key: its generic plan is the one it needs. Without this Postgres may judge the
      // generic plan of an array parameter (`= any($1)`) dearer than a custom one and plan again at every execution.
      // (The default reads' simple-protocol batches are planned with their literals either way.)
      options: '-c plan_cache_mode=force_generic_plan',
    });
    this.guard = new PoolGuard('reader', this.#pool);
  }

  async query<T extends pg.QueryResultRow>(
    tenantId: string,
    sql: string,
    params: readonly unknown[] = [],
    o: ReadOptions = {},
  ): Promise<T[]> {
    if (!UUID.test(tenantId)) throw new Error('tenant id must be a uuid');
    return this.#run(async (client) => {
      if (o.prepare && sessionTenant.get(client) === tenantId)
        return (await client.query<T>({ name: statementName(sql), text: sql, values: params as unknown[] })).rows;
      // A default read, or a prepared one on a connection that last served another tenant: one simple-protocol batch.
      // For the latter it sets the tenant for the SESSION (so this tenant's next prepared reads on this connection run
      // prepared), in the same round trip as the read, which runs with its values inlined this once.
      const local = !o.prepare;
      if (!local) sessionTenant.delete(client);
      const text = `select set_config('app.tenant_id', '${tenantId}', ${local}); ${inline(client, sql, params)}`;
      const results = (await client.query(text)) as unknown as pg.QueryResult<T>[];
      if (!local) sessionTenant.set(client, tenantId);
      return results[1]!.rows;
    });
  }

  /**
   * A prepared read of tables WITHOUT tenant rows (no row-level security: the gateway's sessions and memberships,
   * read to find the tenant in the first place). Fixed text only, as for `prepare: true`.
   */
  async queryUnscoped<T extends pg.QueryResultRow>(sql: string, params: readonly unknown[] = []): Promise<T[]> {
    return this.#run(async (client) => (await client.query<T>({ name: statementName(sql), text: sql, values: params as unknown[] })).rows);
  }

  async #run<R>(fn: (client: pg.PoolClient) => Promise<R>): Promise<R> {
    const client = await this.#pool.connect();
    let failed: Error | undefined;
    try {
      return await fn(client);
    } catch (err) {
      failed = err as Error;
      throw err;
    } finally {
      // A client whose query failed is destroyed, not pooled: its connection may be the reason.
      client.release(failed);
    }
  }

  /** One round trip through this pool (readiness). */
  async ping(): Promise<void> {
    await this.#pool.query('select 1');
  }

  close() {
    return this.#pool.end();
  }
}

function inline(client: pg.PoolClient, sql: string, params: readonly unknown[]): string {
  return sql.replace(/\$(\d+)/g, (_m, n: string) => {
    const v = params[Number(n) - 1];
    if (v === null || v === undefined) return 'null';
    if (typeof v === 'number') {
      if (!Number.isFinite(v)) throw new Error('non-finite number parameter');
      return String(v);
    }
    if (typeof v === 'bigint') return v.toString();
    if (typeof v === 'boolean') return v ? 'true' : 'false';
    if (typeof v === 'string') return client.escapeLiteral(v);
    if (v instanceof Date) return `${client.escapeLiteral(v.toISOString())}::timestamptz`;
    throw new Error(`unsupported parameter type ${typeof v}`);
  });
}
