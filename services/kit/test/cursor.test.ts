/** Cursor pages on a real table: keyset plans, both directions, and stability under inserts between pages. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cursorPage, cursorPlan, type CursorParams } from '../src/cursor.ts';
import { createTestDatabase, type TestDatabase } from './support/index.ts';

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase();
  await db.query('create table items (id bigserial primary key, n int not null)');
  await db.query('insert into items (n) select g from generate_series(1, 25) g');
});
afterAll(() => db?.drop());

async function page(q: CursorParams) {
  const plan = cursorPlan(q, 'id', 1);
  const { rows } = await db.query<{ id: string }>(
    `select id from items where ${plan.where} order by id ${plan.direction} limit ${plan.take}`,
    plan.params,
  );
  const p = cursorPage(
    rows.map((r) => Number(r.id)),
    q,
  );
  return p;
}

describe('cursor pages', () => {
  it('walks every item once, newest first, forwards and backwards', async () => {
    const seen: number[] = [];
    let q: CursorParams = { limit: 10 };
    for (;;) {
      const p = await page(q);
      seen.push(...p.items);
      if (!p.hasMore) break;
      q = { limit: 10, starting_after: p.items.at(-1)! };
    }
    expect(seen).toEqual(Array.from({ length: 25 }, (_, i) => 25 - i));
    const back = await page({ limit: 10, ending_before: 5 });
    expect(back).toEqual({ items: [15, 14, 13, 12, 11, 10, 9, 8, 7, 6], hasMore: true });
    expect(await page({ limit: 10, ending_before: 20 })).toEqual({ items: [25, 24, 23, 22, 21], hasMore: false });
  });

  it('is stable when items are created between two pages', async () => {
    const first = await page({ limit: 10 });
    await db.query('insert into items (n) values (100), (101)');
    const second = await page({ limit: 10, starting_after: first.items.at(-1)! });
    expect(second.items.filter((id) => first.items.includes(id))).toEqual([]);
    expect(second.items[0]).toBe(first.items.at(-1)! - 1);
  });

  it('refuses both cursors at once, naming ending_before', () => {
    expect(() => cursorPlan({ limit: 1, starting_after: 1, ending_before: 2 }, 'id', 1)).toThrow(/not both/);
  });
});
