import type { HttpClient } from '@billpoint/kit/testing';
import type { Quote, QuoteCreateBody } from '@billpoint/proto';
import type { Stack } from '../../../../gateway/test/support/stack.ts';
import { inDays } from './factories.ts';

export function quoteBody(
  customerId: number,
  o: { quote?: Partial<QuoteCreateBody['quote']>; items?: QuoteCreateBody['items'] } = {},
): QuoteCreateBody {
  return {
    quote: { customerId, validUntil: inDays(30), ...o.quote },
    items: o.items ?? [{ description: 'Consulting', quantity: '2', rate: '100.50' }],
  };
}

/** A draft quote of the signed-in tenant. */
export async function makeQuote(c: HttpClient, customerId: number, o: Parameters<typeof quoteBody>[1] = {}): Promise<Quote> {
  const res = await c.post('/api/quotes', quoteBody(customerId, o));
  if (res.status !== 201) throw new Error(`quote create failed: ${res.status} ${res.text}`);
  return res.json as Quote;
}

/** A quote sent to its customer (the customer needs an e-mail address). */
export async function sentQuote(c: HttpClient, customerId: number, o: Parameters<typeof quoteBody>[1] = {}): Promise<Quote> {
  const q = await makeQuote(c, customerId, o);
  const res = await c.post(`/api/quotes/${q.id}/send`);
  if (res.status !== 200) throw new Error(`quote send failed: ${res.status} ${res.text}`);
  return res.json as Quote;
}

/** The outbox rows of a subject for one quote (or invoice) id. */
export async function eventsOf(stack: Stack, subject: string, id: number): Promise<Record<string, unknown>[]> {
  const rows = await stack.db.query<{ data: Record<string, unknown> }>(
    `select payload -> 'data' as data from billing.outbox where subject = $1 and payload -> 'data' ->> 'id' = $2 order by created_at`,
    [subject, String(id)],
  );
  return rows.rows.map((r) => r.data);
}
