import { TOTAL_COUNT_HEADER } from '@billpoint/proto';
import { apiFetch, readJson } from './api-client';

/** One page of a list call: its rows, the total number of matches (x-total-count) and where it starts. */
export type Page<T> = { items: T[]; total: number; offset: number };

/** GET a list call's page; parameters left empty are not sent. Without the header the total is what came so far. */
export async function fetchPage<T>(
  path: string,
  query: { limit: number; offset: number; [param: string]: string | number | undefined },
  signal?: AbortSignal,
): Promise<Page<T>> {
  const { offset } = query;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== undefined && value !== '') params.set(key, String(value));
  const response = await apiFetch(`${path}?${params}`, { signal });
  const items = await readJson<T[]>(response);
  const header = Number(response.headers.get(TOTAL_COUNT_HEADER));
  const total = Number.isFinite(header) && response.headers.has(TOTAL_COUNT_HEADER) ? header : offset + items.length;
  return { items, total, offset };
}

/** The next page's offset for an infinite query, or undefined after the last page. */
export function nextPageOffset(last: Page<unknown>): number | undefined {
  const next = last.offset + last.items.length;
  return last.items.length > 0 && next < last.total ? next : undefined;
}
