import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isDatabaseUnavailable, PoolGuard, toErrorBody } from '../src/index.ts';
import { createTestDatabase, waitFor, type TestDatabase } from './support/index.ts';

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(() => db?.drop());

const newPool = (max = 2, acquireTimeoutMs = 300) =>
  new PoolGuard(
    'test',
    new pg.Pool({ connectionString: db.url, max, connectionTimeoutMillis: acquireTimeoutMs, application_name: 'guarded' }),
  );

const terminate = async (pid: number) => (await db.query(`select pg_terminate_backend($1)`, [pid])).rowCount;

describe('PoolGuard', () => {
  it('frees the slot of a client whose connection dies while checked out (inside a transaction), and later releases are no-ops', async () => {
    const g = newPool(1);
    const client = await g.pool.connect();
    await client.query('begin');
    const pid = (await client.query<{ pid: number }>('select pg_backend_pid() as pid')).rows[0]!.pid;
    await terminate(pid);
    await expect(client.query('select 1')).rejects.toThrow();
    // The holder never gets to release it (a failed ROLLBACK), yet the one slot is free again.
    await waitFor(() => g.pool.totalCount === 0);
    expect(g.stats()).toMatchObject({ total: 0, idle: 0, waiting: 0, lostWhileCheckedOut: 1 });
    const next = await g.pool.connect();
    expect((await next.query('select 1 as one')).rows[0]).toEqual({ one: 1 });
    next.release();
    expect(() => client.release()).not.toThrow();
    expect(() => next.release()).not.toThrow(); // twice: no "release called on client which has already been released"
    await g.pool.end();
  });

  it('survives an idle client and a checked-out idle client being terminated (no uncaught error event)', async () => {
    const g = newPool(2);
    const held = await g.pool.connect();
    const idle = await g.pool.connect();
    idle.release();
    await db.query(
      `select pg_terminate_backend(pid) from pg_stat_activity where application_name = 'guarded' and datname = current_database()`,
    );
    await waitFor(() => g.pool.totalCount === 0);
    expect(() => held.release()).not.toThrow();
    expect((await g.pool.query('select 2 as two')).rows[0]).toEqual({ two: 2 });
    await g.pool.end();
  });

  it('reports a pool as wedged only while every slot is taken, callers wait or time out, and nothing moves', async () => {
    const g = newPool(2, 200);
    const a = await g.pool.connect();
    expect(g.wedgedForMs(Date.now() + 60_000)).toBe(0); // a slot is still free
    const b = await g.pool.connect();
    expect(g.wedgedForMs(Date.now() + 60_000)).toBe(0); // busy, but nobody waits
    await expect(g.pool.connect()).rejects.toThrow(/timeout exceeded/);
    expect(g.stats().acquireTimeouts).toBe(1);
    expect(g.wedgedForMs(Date.now() + 60_000)).toBeGreaterThan(59_000);
    a.release(); // progress: no longer wedged
    expect(g.wedgedForMs(Date.now() + 60_000)).toBe(0);
    b.release();
    await g.pool.end();
  });
});

describe('database outages answer 503, not 500', () => {
  it('maps lost connections and acquire timeouts to a retryable 503 and leaves other errors alone', () => {
    const terminated = Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' });
    expect(isDatabaseUnavailable(terminated)).toBe(true);
    expect(isDatabaseUnavailable(new Error('wrapped', { cause: new Error('Connection terminated unexpectedly') }))).toBe(true);
    expect(isDatabaseUnavailable(new Error('timeout exceeded when trying to connect'))).toBe(true);
    expect(isDatabaseUnavailable(Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }))).toBe(true);
    expect(isDatabaseUnavailable(Object.assign(new Error('duplicate key'), { code: '23505' }))).toBe(false);
    expect(toErrorBody(terminated)).toEqual({
      statusCode: 503,
      error: 'Service Unavailable',
      message: 'The service is temporarily unavailable. Please try again in a moment.',
    });
    expect(toErrorBody(new Error('boom')).statusCode).toBe(500);
  });
});
