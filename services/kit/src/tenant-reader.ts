import pg from 'pg';
import { PoolGuard } from './pool-guard.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The hot-path read: `select set_config('app.tenant_id', …, true); <query>` sent to Postgres as ONE
 * simple-protocol batch. Postgres runs a multi-statement simple query as one implicit transaction, so the
 * transaction-local setting (SET LOCAL) holds for the query and is gone right after — the same RLS policy as
 * every other query, in one round trip instead of four (begin, set, query, commit). Parameters (`$1`, `$2`, …)
 * are inlined as escaped literals, since the simple protocol has no bind parameters.
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
    });
    this.guard = new PoolGuard('reader', this.#pool);
  }

  async query<T extends pg.QueryResultRow>(tenantId: string, sql: string, params: readonly unknown[] = []): Promise<T[]> {
    if (!UUID.test(tenantId)) throw new Error('tenant id must be a uuid');
    const client = await this.#pool.connect();
    let failed: Error | undefined;
    try {
      const text = `select set_config('app.tenant_id', '${tenantId}', true); ${inline(client, sql, params)}`;
      const results = (await client.query(text)) as unknown as pg.QueryResult<T>[];
      return results[1]!.rows;
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
