import { z } from 'zod';
import { CursorFields, CursorMode } from '../common.ts';
import { WebhookEventType, WebhookEventTypes } from './webhooks.ts';

// ---- The events log --------------------------------------------------------------------------------------------------

/** How long the log keeps an event: a receiver down longer than this cannot catch up from it. */
export const EVENT_RETENTION_DAYS = 30;

/**
 * One event of the log (GET /api/v1/events): what a webhook of its type carries, kept whether or not an endpoint
 * was subscribed. `id` is the `id` of the webhook payload of the same event, so a receiver dedupes the two by it.
 */
export const ApiEvent = z.object({
  id: z.number().int(),
  object: z.literal('event'),
  type: WebhookEventType,
  /** When the change happened (the webhook payload's `timestamp`). */
  createdAt: z.string(),
  /** The webhook's `data`: the object as the API answers it (for a deletion of a customer or product, its id only). */
  data: z.record(z.string(), z.unknown()),
});
export type ApiEvent = z.infer<typeof ApiEvent>;

/** `type=invoice.paid` or `type=invoice.paid,invoice.voided`: each one of the webhook event types. */
const eventTypeFilter = z
  .string({ error: 'type must be an event type' })
  .max(2000, 'type must be at most 2000 characters')
  .transform((v, ctx) => {
    const types = v
      .split(',')
      .map((t) => t.trim())
      .filter(Boolean);
    const unknown = types.find((t) => !(WebhookEventTypes as readonly string[]).includes(t));
    if (!types.length || unknown !== undefined) {
      ctx.addIssue({
        code: 'custom',
        message: `type must be one or more of ${WebhookEventTypes.join(', ')} (comma-separated)${unknown ? `, not ${unknown}` : ''}`,
      });
      return z.NEVER;
    }
    return [...new Set(types)] as WebhookEventType[];
  })
  .meta({ examples: ['invoice.paid', 'invoice.sent,credit_note.created', 'customer.created, payment.refunded'] });

const dateTime = (name: string) => z.iso.datetime({ offset: true, error: `${name} must be an ISO 8601 date-time` });

/** The filters of the events list: the types, and the creation instants both inclusive (Stripe's `created[gte|lte]`). */
const eventFilters = {
  type: eventTypeFilter.optional(),
  'created[gte]': dateTime('created[gte]').optional(),
  'created[lte]': dateTime('created[lte]').optional(),
};
const createdInOrder = (q: { 'created[gte]'?: string | undefined; 'created[lte]'?: string | undefined }) =>
  !q['created[gte]'] || !q['created[lte]'] || Date.parse(q['created[gte]']) <= Date.parse(q['created[lte]']);
const createdOrder = { error: 'created[lte] must not be before created[gte]', path: ['created[lte]'] };

/** GET /api/integrations/events: always a cursor page (newest first, x-has-more; 10 unless `limit` says). */
export const EventListQuery = z
  .object({
    limit: CursorFields.limit,
    ...CursorMode,
    ...eventFilters,
  })
  .refine(createdInOrder, createdOrder);
export type EventListQuery = z.infer<typeof EventListQuery>;

/** GET /api/v1/events: the cursor fields and the filters, nothing else. */
export const ApiEventListQuery = z.strictObject({ ...CursorFields, ...eventFilters }).refine(createdInOrder, createdOrder);
