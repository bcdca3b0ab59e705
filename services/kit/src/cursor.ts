import type { FastifyReply } from 'fastify';
import { HAS_MORE_HEADER } from '@billpoint/proto';
import { Invalid } from './errors.ts';

/** A cursor page asked for (proto CursorFields): `limit` items after `starting_after` or before `ending_before`. */
export interface CursorParams {
  limit: number;
  starting_after?: number | undefined;
  ending_before?: number | undefined;
}

/** What one list query needs to read a cursor page: the keyset condition, the order and one row more than asked. */
export interface CursorPlan {
  /** Rows after (or before) the cursor's row in creation order, else `true`. */
  where: string;
  params: number[];
  /** The ORDER BY list: newest first, oldest first when paging backwards (the rows are turned round by `cursorPage`). */
  order: string;
  /** `desc` (newest first), `asc` when paging backwards. */
  direction: 'asc' | 'desc';
  /** limit + 1: the extra row tells whether more follow. */
  take: number;
  /** The listed table, where checkCursor looks the cursor up. */
  table: string;
}

/** The listed table and the alias the list query gives it: its rows have `id`, `tenant_id` and `created_at`. */
export interface CursorTable {
  table: string;
  alias: string;
}

/**
 * The keyset of a cursor page: newest first by `created_at`, the id breaking ties (ids carry no order of their own,
 * see record-ids.ts), so an item created while a client pages is never on two pages and none is skipped (an offset
 * would shift). The cursor is an item's id; its place is read from its row, in the caller's tenant only, so another
 * organization's id, or one that no longer exists, finds no rows (checkCursor then answers 400). `nextParam` is the number of the first `$n`
 * placeholder the plan may use.
 */
export function cursorPlan(q: CursorParams, on: CursorTable, nextParam: number): CursorPlan {
  if (q.starting_after !== undefined && q.ending_before !== undefined)
    throw new Invalid('Send starting_after or ending_before, not both', 'ending_before');
  const a = on.alias;
  const key = `(${a}.created_at, ${a}.id)`;
  const at = (n: number) => `(select k.created_at, k.id from ${on.table} k where k.id = $${n} and k.tenant_id = ${a}.tenant_id)`;
  const order = (d: 'asc' | 'desc') => `${a}.created_at ${d}, ${a}.id ${d}`;
  if (q.starting_after !== undefined)
    return {
      where: `${key} < ${at(nextParam)}`,
      params: [q.starting_after],
      order: order('desc'),
      direction: 'desc',
      take: q.limit + 1,
      table: on.table,
    };
  if (q.ending_before !== undefined)
    return {
      where: `${key} > ${at(nextParam)}`,
      params: [q.ending_before],
      order: order('asc'),
      direction: 'asc',
      take: q.limit + 1,
      table: on.table,
    };
  return { where: 'true', params: [], order: order('desc'), direction: 'desc', take: q.limit + 1, table: on.table };
}

/** The rows read with a plan as a page: at most `limit`, newest first, and whether more follow in the paging's direction. */
export function cursorPage<T>(rows: readonly T[], q: CursorParams): { items: T[]; hasMore: boolean } {
  const hasMore = rows.length > q.limit;
  const items = rows.slice(0, q.limit);
  if (q.ending_before !== undefined) items.reverse();
  return { items, hasMore };
}

/** How the cursor's row is looked up: a tenant-scoped read (the kit's TenantReader has this shape). */
export interface CursorReader {
  query<T extends Record<string, unknown>>(tenantId: string, sql: string, params?: readonly unknown[]): Promise<T[]>;
}

/**
 * A cursor must name an item of the list: an id the caller's organization does not have (never had, removed, or
 * another organization's — all answered alike) is a 400 naming the parameter, as Stripe answers, instead of an empty
 * page a client would take for the end of the list. Only an empty page is checked: a page with rows proves its
 * cursor, so a normal page costs no extra read.
 */
export async function checkCursor(reader: CursorReader, tenantId: string, plan: CursorPlan, q: CursorParams, found: number): Promise<void> {
  const param = q.starting_after !== undefined ? 'starting_after' : q.ending_before !== undefined ? 'ending_before' : null;
  if (param === null || found > 0) return;
  const id = q.starting_after ?? q.ending_before;
  const rows = await reader.query(tenantId, `select 1 as found from ${plan.table} where id = $1 and tenant_id = $2`, [id, tenantId]);
  if (rows.length === 0) throw new Invalid(`No such item: ${param} ${id} is not in this list`, param);
}

/** Answers a cursor page as the services do: the items, and `x-has-more` for the gateway's list envelope. */
export const sendCursorPage = <T>(reply: FastifyReply, page: { items: T[]; hasMore: boolean }) =>
  reply.header(HAS_MORE_HEADER, String(page.hasMore)).send(page.items);
