/** Cursor pages on a real table: keyset plans on creation, both directions, stability under inserts, ids in no order. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkCursor, cursorPage, cursorPlan, type CursorParams } from '../src/cursor.ts';
import { createTestDatabase, type TestDatabase } from './support/index.ts';

const TENANT = '00000000-0000-4000-8000-000000000001';
const OTHER = '00000000-0000-4000-8000-000000000002';
let db: TestDatabase;
/** Item n was created at second n; its id is unrelated to that order (as record ids are). */
const idOf = (n: number) => 1_000_000 - ((n * 7919) % 1000) * 1000 - n;
beforeAll(async () => {
  db = await createTestDatabase();
  await db.query('create table items (tenant_id uuid not null, id bigint primary key, n int not null, created_at timestamptz not null)');
  for (let n = 1; n <= 25; n++)
    await db.query(`insert into items values ($1, $2, $3::int, timestamptz '2026-01-01' + make_interval(secs => $3::int))`, [
      TENANT,
      idOf(n),
      n,
    ]);
  // Two created in the same instant: the id decides between them.
  await db.query(`insert into items values ($1, 5, 26, timestamptz '2026-01-01 00:01'), ($1, 7, 27, timestamptz '2026-01-01 00:01')`, [
    TENANT,
  ]);
  await db.query(`insert into items values ($1, 3, 99, timestamptz '2026-01-02')`, [OTHER]);
});
afterAll(() => db?.drop());

async function page(q: CursorParams) {
  const plan = cursorPlan(q, { table: 'items', alias: 'i' }, 2);
  const { rows } = await db.query<{ n: number }>(
    `select n from items i where i.tenant_id = $1 and ${plan.where} order by ${plan.order} limit ${plan.take}`,
    [TENANT, ...plan.params],
  );
  await checkCursor(reader, TENANT, plan, q, rows.length);
  return cursorPage(
    rows.map((r) => r.n),
    q,
  );
}
/** The tenant-scoped read checkCursor makes, over the test table (which has no row-level security of its own). */
const reader = {
  query: async <T extends Record<string, unknown>>(_tenant: string, sql: string, params: readonly unknown[] = []) =>
    (await db.query<T>(sql, [...params])).rows,
};
const starting_after = (n: number) => (n === 26 ? 5 : n === 27 ? 7 : idOf(n));

describe('cursor pages', () => {
  it('walks every item once, newest first by creation, forwards and backwards', async () => {
    const seen: number[] = [];
    let q: CursorParams = { limit: 10 };
    for (;;) {
      const p = await page(q);
      seen.push(...p.items);
      if (!p.hasMore) break;
      q = { limit: 10, starting_after: starting_after(p.items.at(-1)!) };
    }
    expect(seen).toEqual([27, 26, ...Array.from({ length: 25 }, (_, i) => 25 - i)]);
    const back = await page({ limit: 10, ending_before: idOf(5) });
    expect(back).toEqual({ items: [15, 14, 13, 12, 11, 10, 9, 8, 7, 6], hasMore: true });
    expect(await page({ limit: 10, ending_before: idOf(20) })).toEqual({ items: [27, 26, 25, 24, 23, 22, 21], hasMore: false });
  });

  it('is stable when items are created between two pages', async () => {
    const first = await page({ limit: 10 });
    await db.query(`insert into items values ($1, 11, 100, now()), ($1, 12, 101, now())`, [TENANT]);
    const second = await page({ limit: 10, starting_after: starting_after(first.items.at(-1)!) });
    expect(second.items.filter((n) => first.items.includes(n))).toEqual([]);
    expect(second.items[0]).toBe(first.items.at(-1)! - 1);
  });

  it("refuses another tenant's id or an unknown one, naming the parameter, and never shows its neighbours", async () => {
    for (const q of [
      { limit: 10, starting_after: 3 },
      { limit: 10, ending_before: 3 },
      { limit: 10, starting_after: 424242 },
    ]) {
      const refused = await page(q).then(
        () => null,
        (err: { statusCode?: number; issues?: { path: string }[] }) => [err.statusCode, err.issues?.map((i) => i.path)],
      );
      expect(refused).toEqual([400, [Object.keys(q)[1]]]);
    }
  });

  it('an empty page after a known cursor is the end of the list, not an error', async () => {
    expect(await page({ limit: 10, starting_after: idOf(1) })).toEqual({ items: [], hasMore: false });
    // The newest item (made in the test above): nothing is newer.
    expect(await page({ limit: 10, ending_before: 12 })).toEqual({ items: [], hasMore: false });
  });

  it('refuses both cursors at once, naming ending_before', () => {
    expect(() => cursorPlan({ limit: 1, starting_after: 1, ending_before: 2 }, { table: 'items', alias: 'i' }, 1)).toThrow(/not both/);
  });
});
