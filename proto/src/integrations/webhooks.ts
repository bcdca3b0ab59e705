import { z } from 'zod';
import { CursorMode } from '../common.ts';
import { IntegrationMessages, nameField } from './common.ts';

// ---- Webhooks --------------------------------------------------------------------------------------------------------

/** The only event types an endpoint can subscribe to. */
export const WebhookEventTypes = [
  'invoice.created',
  'invoice.updated',
  'invoice.paid',
  'invoice.overdue',
  'invoice.sent',
  'invoice.voided',
  'invoice.deleted',
  'quote.created',
  'quote.updated',
  'quote.sent',
  'quote.accepted',
  'quote.declined',
  'quote.expired',
  'quote.converted',
  'quote.deleted',
  'credit_note.created',
  'customer.created',
  'customer.updated',
  'customer.deleted',
  'payment.completed',
  'payment.failed',
  'payment.refunded',
  'product.created',
  'product.updated',
  'product.deleted',
  'tax_rate.created',
  'tax_rate.updated',
  'tax_rate.deleted',
  'subscription.created',
  'subscription.updated',
  'subscription.cancelled',
] as const;
export const WebhookEventType = z.enum(WebhookEventTypes, { error: `Events must be among ${WebhookEventTypes.join(', ')}` });
export type WebhookEventType = z.infer<typeof WebhookEventType>;
/** The type of what POST /webhooks/{id}/test sends (never produced by a real change). */
export const WEBHOOK_TEST_EVENT = 'webhook.test';

/**
 * What the receiver gets (Standard Webhooks): body `{ type, timestamp, data }` where `data` is the payload of the
 * service event (the invoice, customer, payment or recurring schedule as the app's own API answers it; for
 * customer.deleted `{ id }`), and the headers `webhook-id` (the delivery's message id, the same on every retry),
 * `webhook-timestamp` (Unix seconds of this attempt), `webhook-signature` (`v1,<base64 HMAC-SHA256 of
 * "id.timestamp.body">` with the endpoint's secret, space-separated with the previous secret's for 24 h after a rotation).
 */
export const WebhookPayload = z.object({
  /** The event's id in the events log (GET /api/v1/events/{id}): the same in the webhook and in the log; none on webhook.test. */
  id: z.number().int().optional(),
  type: z.union([WebhookEventType, z.literal(WEBHOOK_TEST_EVENT)]),
  timestamp: z.string(),
  data: z.record(z.string(), z.unknown()),
});
export type WebhookPayload = z.infer<typeof WebhookPayload>;

export const DEFAULT_WEBHOOK_RETRY_ATTEMPTS = 3;
export const MAX_WEBHOOK_RETRY_ATTEMPTS = 10;
export const DEFAULT_WEBHOOK_TIMEOUT_SECONDS = 30;
/** An endpoint whose deliveries have failed for this long without a success is disabled. */
export const WEBHOOK_DISABLE_AFTER_MS = 3 * 24 * 3600_000;
/** After a rotation the previous secret still signs (a second signature) for this long. */
export const WEBHOOK_SECRET_OVERLAP_MS = 24 * 3600_000;

/** Headers an endpoint may not set itself (the signature's, and what HTTP owns). */
const RESERVED_HEADER = /^(webhook-.*|host|content-length|content-type|transfer-encoding|connection|user-agent|te|upgrade|expect)$/i;

/** Headers by name (the order they are stored and answered in). */
export const sortedHeaders = (h: Record<string, string>) =>
  Object.fromEntries(Object.entries(h).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));

/** A url without http:// or https:// gets https:// (one with another scheme keeps it, and is refused). */
export const withScheme = (url: string) => (/^[a-z][a-z0-9+.-]*:\/\//i.test(url) ? url : `https://${url}`);

/** An endpoint's fields, without defaults (the create form's defaults are added below; a PATCH has none). */
const webhookFields = {
  name: nameField,
  url: z
    .string({ error: IntegrationMessages.urlRequired })
    .trim()
    .min(1, IntegrationMessages.urlRequired)
    .max(2048, 'URL must be at most 2048 characters')
    .transform(withScheme)
    .refine(
      (u) => {
        try {
          const p = new URL(u);
          return (p.protocol === 'https:' || p.protocol === 'http:') && !!p.hostname && !p.username && !p.password;
        } catch {
          return false;
        }
      },
      { error: 'URL must be a valid http(s) URL without credentials' },
    ),
  events: z
    .array(WebhookEventType, { error: IntegrationMessages.eventsRequired })
    .min(1, IntegrationMessages.eventsRequired)
    .max(WebhookEventTypes.length)
    .transform((l) => [...new Set(l)]),
  isActive: z.boolean({ error: 'isActive must be true or false' }),
  retryAttempts: z.coerce
    .number({ error: 'Retry attempts must be a number' })
    .int('Retry attempts must be a whole number')
    .min(0, 'Retry attempts must be at least 0')
    .max(MAX_WEBHOOK_RETRY_ATTEMPTS, `Retry attempts must be at most ${MAX_WEBHOOK_RETRY_ATTEMPTS}`),
  timeoutSeconds: z.coerce
    .number({ error: 'Timeout must be a number' })
    .int('Timeout must be a whole number of seconds')
    .min(1, 'Timeout must be at least 1 second')
    .max(60, 'Timeout must be at most 60 seconds'),
  /** Extra headers sent with every delivery (e.g. a receiver's own auth header). */
  headers: z
    .record(
      z
        .string()
        .regex(/^[A-Za-z0-9!#$%&'*+.^_`|~-]{1,100}$/, 'Header names must be HTTP tokens')
        .refine((h) => !RESERVED_HEADER.test(h), {
          error: 'This header is set by Billpoint',
        }),
      z
        .string({ error: 'Header values must be text' })
        .max(1000, 'Header values must be at most 1000 characters')
        .regex(/^[\t\x20-\x7e]*$/, 'Header values must be printable ASCII'),
    )
    .refine((h) => Object.keys(h).length <= 20, { error: 'At most 20 headers' }),
};

/** POST /api/integrations/webhooks and PUT …/{id} (the whole endpoint). */
export const WebhookBody = z.strictObject({
  ...webhookFields,
  isActive: webhookFields.isActive.default(true),
  retryAttempts: webhookFields.retryAttempts.default(DEFAULT_WEBHOOK_RETRY_ATTEMPTS),
  timeoutSeconds: webhookFields.timeoutSeconds.default(DEFAULT_WEBHOOK_TIMEOUT_SECONDS),
  headers: webhookFields.headers.default({}).transform(sortedHeaders),
});
/** PATCH …/webhooks/{id} (the public API): only the fields sent change. */
export const WebhookPatchBody = z.strictObject({ ...webhookFields, headers: webhookFields.headers.transform(sortedHeaders) }).partial();
export type WebhookPatch = z.output<typeof WebhookPatchBody>;
export type WebhookBody = z.input<typeof WebhookBody>;

export const Webhook = z.object({
  id: z.number().int(),
  name: z.string(),
  url: z.string(),
  events: z.array(WebhookEventType),
  isActive: z.boolean(),
  retryAttempts: z.number().int(),
  timeoutSeconds: z.number().int(),
  headers: z.record(z.string(), z.string()),
  /** "whsec_ab12…": enough to tell secrets apart, never the secret. */
  secretHint: z.string(),
  lastTriggeredAt: z.string().nullable(),
  /** Since when every delivery has failed (null when the last one succeeded). */
  failingSince: z.string().nullable(),
  /** Set when deliveries failed for 3 days: the endpoint was switched off; the screen tells its owner. */
  disabledAt: z.string().nullable(),
  disabledReason: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Webhook = z.infer<typeof Webhook>;
/**
 * Webhook endpoint events (the plan usage counts them). Payload: the endpoint as listed without its extra headers,
 * which may hold a receiver's credentials and must not reach the audit log.
 */
export const WebhookEvents = {
  Created: 'evt.integrations.webhook.created',
  Deleted: 'evt.integrations.webhook.deleted',
} as const;
export const WebhookEventData = Webhook.omit({ headers: true });
export type WebhookEventData = z.infer<typeof WebhookEventData>;

/** GET /api/integrations/webhooks (webhooks[]). */
export const WebhookList = z.object({ webhooks: z.array(Webhook) });
/**
 * GET /api/integrations/webhooks: every endpoint as `WebhookList` (the web; `limit` does not apply), or with
 * `pagination=cursor` the public API's cursor page: a plain array of `Webhook`, newest first, x-has-more
 * (10 unless `limit` says).
 */
export const WebhookListQuery = z.object({
  limit: z.coerce
    .number()
    .int('limit must be a whole number')
    .min(1, 'limit must be at least 1')
    .max(100, 'limit must be at most 100')
    .optional(),
  ...CursorMode,
});
export type WebhookListQuery = z.infer<typeof WebhookListQuery>;
/** The create and rotate-secret answers: the only place the secret appears. */
export const WebhookCreated = z.object({ webhook: Webhook, secret: z.string() });
export type WebhookCreated = z.infer<typeof WebhookCreated>;
export const WebhookSecretRotated = z.object({
  webhook: Webhook,
  secret: z.string(),
  /** Until then deliveries carry a second signature made with the previous secret. */
  previousSecretExpiresAt: z.string(),
});

export const WebhookDeliveryStatuses = ['pending', 'success', 'failed', 'retrying'] as const;
export const WebhookDeliveryStatus = z.enum(WebhookDeliveryStatuses);
export const WebhookDelivery = z.object({
  id: z.number().int(),
  webhookId: z.number().int(),
  /** The `webhook-id` header: the same on every attempt of this delivery. */
  messageId: z.string(),
  eventType: z.string(),
  eventData: z.unknown(),
  status: WebhookDeliveryStatus,
  attempts: z.number().int(),
  responseStatus: z.number().int().nullable(),
  /** The first 2 KB of the receiver's answer. */
  responseBody: z.string().nullable(),
  errorMessage: z.string().nullable(),
  durationMs: z.number().int().nullable(),
  deliveredAt: z.string().nullable(),
  nextRetryAt: z.string().nullable(),
  lastAttemptAt: z.string().nullable(),
  createdAt: z.string(),
});
export type WebhookDelivery = z.infer<typeof WebhookDelivery>;
/**
 * GET /api/integrations/webhooks/{id}/deliveries and GET /api/integrations/webhook-deliveries: newest first, `limit`
 * (50 unless sent) from `offset` with the total in x-total-count; or with `pagination=cursor` a cursor page by id
 * (10 unless `limit` says; x-has-more). `status` and `webhookId` filter both.
 */
export const WebhookDeliveryQuery = z.object({
  status: WebhookDeliveryStatus.optional(),
  webhookId: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER).optional(),
  limit: z.coerce.number().int().min(1, 'limit must be at least 1').max(200, 'limit must be at most 200').optional(),
  offset: z.coerce.number().int().min(0, 'offset must be at least 0').max(10_000_000).default(0),
  ...CursorMode,
});
export type WebhookDeliveryQuery = z.infer<typeof WebhookDeliveryQuery>;
