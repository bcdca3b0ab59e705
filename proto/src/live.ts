import { z } from 'zod';
import type { Permission } from './permissions.ts';

/** GET /api/live: Server-Sent Events of the session's tenant (any member). */
export const LIVE_PATH = '/api/live';

/**
 * What a notice is about: the entity of the event's subject (`evt.<service>.<entity>.<verb>`, `_` written `-`).
 * Only these are streamed; the other events (members, plans, reports…) change nothing the live screens show.
 */
export const LiveNoticeType = z.enum([
  'invoice',
  'payment',
  'customer',
  'expense',
  'credit-note',
  'customer-credit',
  'quote',
  'subscription',
  'product',
  'tax-rate',
  'expense-category',
  'api-key',
  'api-usage',
  'webhook',
]);
export type LiveNoticeType = z.infer<typeof LiveNoticeType>;

/** What a member must be allowed to read to hear of a change of this type (the route that shows it needs the same). */
export const LIVE_NOTICE_PERMISSION: Record<LiveNoticeType, Permission> = {
  invoice: 'invoices.read',
  payment: 'payments.read',
  customer: 'customers.read',
  expense: 'expenses.read',
  'credit-note': 'credit-notes.read',
  'customer-credit': 'customers.read',
  quote: 'quotes.read',
  subscription: 'recurring.read',
  product: 'products.read',
  'tax-rate': 'tax-rates.read',
  'expense-category': 'expenses.read',
  'api-key': 'api-keys.manage',
  'api-usage': 'api-keys.manage',
  webhook: 'webhooks.read',
};

/**
 * One change of the tenant's data: what kind of thing, what happened to it (the event's verb: created, updated,
 * paid, completed, deleted…) and its id (null when the event names no single thing, e.g. a batch of API usage).
 * Never figures or names: the web refetches through the ordinary routes, which check permissions as always.
 */
export const LiveNotice = z.object({
  type: LiveNoticeType,
  action: z.string().regex(/^[a-z][a-z0-9_-]{0,39}$/),
  id: z.union([z.number().int(), z.string().max(64)]).nullable(),
});
export type LiveNotice = z.infer<typeof LiveNotice>;

/**
 * The stream could not bring the client up to date from its Last-Event-ID (too old for what the gateway keeps, or
 * kept by another gateway process): the client refetches everything it shows.
 */
export const LiveReset = z.object({ type: z.literal('reset') });
export type LiveReset = z.infer<typeof LiveReset>;

/** The `data:` of every event of GET /api/live. */
export const LiveMessage = z.union([LiveReset, LiveNotice]);
export type LiveMessage = z.infer<typeof LiveMessage>;

const SUBJECT = /^evt\.[a-z0-9-]+\.([a-z0-9_-]+)\.([a-z0-9_-]+)$/;

/** The id of an event's payload: its own `id`, or the customer's for a customer's credit; ids only, never text. */
function idOf(data: unknown): LiveNotice['id'] {
  if (typeof data !== 'object' || data === null) return null;
  const d = data as Record<string, unknown>;
  for (const v of [d.id, d.customerId]) {
    if (typeof v === 'number' && Number.isInteger(v)) return v;
    if (typeof v === 'string' && /^[A-Za-z0-9_-]{1,64}$/.test(v)) return v;
  }
  return null;
}

/** The notice of an event (its subject and payload), or null for an event the stream does not carry. */
export function liveNoticeOf(subject: string, data: unknown): LiveNotice | null {
  const m = SUBJECT.exec(subject);
  if (!m) return null;
  const type = LiveNoticeType.safeParse(m[1]!.replaceAll('_', '-'));
  if (!type.success) return null;
  const action = m[2]!.replaceAll('_', '-');
  return { type: type.data, action, id: type.data === 'api-usage' ? null : idOf(data) };
}
