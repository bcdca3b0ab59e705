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
  /** `id < $n` after a cursor, `id > $n` before one, else `true`. */
  where: string;
  params: number[];
  /** `desc` (newest first), `asc` when paging backwards (the rows are turned round by `cursorPage`). */
  direction: 'asc' | 'desc';
  /** limit + 1: the extra row tells whether more follow. */
  take: number;
}

/**
 * The keyset of a cursor page on an id column (issue 23): newest first, so an item created while a client pages is
 * never on two pages and none is skipped (an offset would shift). `nextParam` is the number of the first `$n`
 * placeholder the plan may use.
 */
export function cursorPlan(q: CursorParams, column: string, nextParam: number): CursorPlan {
  if (q.starting_after !== undefined && q.ending_before !== undefined)
    throw new Invalid('Send starting_after or ending_before, not both', 'ending_before');
  if (q.starting_after !== undefined)
    return { where: `${column} < $${nextParam}`, params: [q.starting_after], direction: 'desc', take: q.limit + 1 };
  if (q.ending_before !== undefined)
    return { where: `${column} > $${nextParam}`, params: [q.ending_before], direction: 'asc', take: q.limit + 1 };
  return { where: 'true', params: [], direction: 'desc', take: q.limit + 1 };
}

/** The rows read with a plan as a page: at most `limit`, newest first, and whether more follow in the paging's direction. */
export function cursorPage<T>(rows: readonly T[], q: CursorParams): { items: T[]; hasMore: boolean } {
  const hasMore = rows.length > q.limit;
  const items = rows.slice(0, q.limit);
  if (q.ending_before !== undefined) items.reverse();
  return { items, hasMore };
}

/** Answers a cursor page as the services do: the items, and `x-has-more` for the gateway's list envelope. */
export const sendCursorPage = <T>(reply: FastifyReply, page: { items: T[]; hasMore: boolean }) =>
  reply.header(HAS_MORE_HEADER, String(page.hasMore)).send(page.items);
