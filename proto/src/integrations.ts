import { z } from 'zod';
import { defineRpc } from './rpc.ts';

/**
 * The integrations service's contracts (areas §2 Integrations, §3 api_keys/api_usage/webhooks/webhook_deliveries/
 * audit_logs, §5, §6 scopes, §7, §9): API keys and their usage, outgoing webhooks and their deliveries, the audit
 * log — and what the gateway's public API (/api/v1) needs of them: the key format, the verify RPC, the key events
 * its cache listens to, and the usage batch it publishes.
 */

export const IntegrationMessages = {
  nameRequired: 'Name is required',
  urlRequired: 'URL is required',
  eventsRequired: 'At least one event must be selected',
  keyCreated: 'API key created',
  keyCreateFailed: 'Failed to create API key',
  keyShownOnce: 'Make sure to copy your API key now. You won’t be able to see it again!',
  keyValidTitle: 'API Key Valid',
  keyInvalidTitle: 'API Key Invalid',
  keyValid: 'API key is valid',
  keyMalformed: 'This is not a Billpoint API key (they start with bp_ and are 50 characters long)',
  keyChecksum: 'The API key’s checksum does not match: it was mistyped or truncated',
  keyUnknown: 'API key not found or revoked',
  keyExpired: 'API key has expired',
  keyInactive: 'API key is inactive',
  adminsOnly: 'Only admins can manage API keys, webhooks and the audit log',
} as const;

// ---- API key format ------------------------------------------------------------------------------------------------

/** Every key starts with this (areas §9: keys are shown with a 'bp_' prefix). */
export const API_KEY_PREFIX = 'bp_';
/** 32 random bytes in base62 (fixed width: 43 characters) + a 6-character base62 CRC32 of them: bp_ + 49. */
export const API_KEY_RANDOM_LENGTH = 43;
export const API_KEY_CHECKSUM_LENGTH = 6;
export const API_KEY_LENGTH = API_KEY_PREFIX.length + API_KEY_RANDOM_LENGTH + API_KEY_CHECKSUM_LENGTH;
/** How many leading characters of a key identify it afterwards (`keyPrefix`: "bp_" + 8). */
export const API_KEY_PREFIX_LENGTH = 11;
const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/** A non-negative integer in base62, left-padded with '0' to `width`. */
export function toBase62(n: bigint, width: number): string {
  let out = '';
  for (let v = n; v > 0n; v /= 62n) out = BASE62[Number(v % 62n)] + out;
  return out.padStart(width, '0');
}

const CRC_TABLE = (() => {
  const t = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    t[n] = c >>> 0;
  }
  return t;
})();

/** CRC-32 (IEEE) of an ASCII string. */
export function crc32(s: string): number {
  let c = 0xffffffff;
  for (let i = 0; i < s.length; i++) c = CRC_TABLE[(c ^ s.charCodeAt(i)) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

/** The checksum part of a key with this random part. */
export const apiKeyChecksum = (random: string) => toBase62(BigInt(crc32(random)), API_KEY_CHECKSUM_LENGTH);

/**
 * Checks a key's shape and checksum without any lookup (GitHub-token style): a mistyped, truncated or foreign string
 * is recognised here, so the gateway answers 401 without touching the bus. (The gateway then hashes the key with
 * SHA-256, hex — `hashApiKey` in the kit — and asks `IntegrationsApiKeyVerifyRpc`.)
 */
export function checkApiKeyFormat(key: string): 'ok' | 'malformed' | 'checksum' {
  const re = new RegExp(`^${API_KEY_PREFIX}[0-9A-Za-z]{${API_KEY_RANDOM_LENGTH + API_KEY_CHECKSUM_LENGTH}}$`);
  if (!re.test(key)) return 'malformed';
  const random = key.slice(API_KEY_PREFIX.length, API_KEY_PREFIX.length + API_KEY_RANDOM_LENGTH);
  return key.slice(-API_KEY_CHECKSUM_LENGTH) === apiKeyChecksum(random) ? 'ok' : 'checksum';
}

/** A key as the list shows it afterwards: its prefix, then bullets (areas §9: masked). */
export const maskApiKey = (keyPrefix: string) => `${keyPrefix}${'•'.repeat(24)}`;

// ---- Scopes ----------------------------------------------------------------------------------------------------------

/** Areas §6, in the order of the form's checkboxes; '*' is full API access. */
export const ApiKeyScopes = [
  'customers:read',
  'customers:write',
  'customers:delete',
  'invoices:read',
  'invoices:write',
  'invoices:delete',
  'payments:read',
  'payments:write',
  'products:read',
  'products:write',
  'analytics:read',
  'webhooks:read',
  'webhooks:write',
  '*',
] as const;
export const ApiKeyScope = z.enum(ApiKeyScopes, { error: `Permissions must be among ${ApiKeyScopes.join(', ')}` });
export type ApiKeyScope = z.infer<typeof ApiKeyScope>;

/** True when a key with `granted` may use a route needing `needed` ('*' grants every scope). */
export const hasScope = (granted: readonly string[], needed: ApiKeyScope) => granted.includes('*') || granted.includes(needed);

// ---- API keys --------------------------------------------------------------------------------------------------------

/** Areas §9: 1000 requests per hour unless the form says otherwise. */
export const DEFAULT_API_KEY_RATE_LIMIT = 1000;
export const MAX_API_KEY_RATE_LIMIT = 1_000_000;

const name = z
  .string({ error: IntegrationMessages.nameRequired })
  .trim()
  .min(1, IntegrationMessages.nameRequired)
  .max(100, 'Name must be at most 100 characters');

/** POST /api/integrations/api-keys (areas §5 API key form; §7: name, permissions[], rateLimit, expiresAt or null). */
export const ApiKeyBody = z.strictObject({
  name,
  permissions: z
    .array(ApiKeyScope, { error: 'Permissions must be a list' })
    .max(ApiKeyScopes.length)
    .default([])
    .transform((l) => (l.includes('*') ? ['*' as const] : [...new Set(l)])),
  rateLimit: z.coerce
    .number({ error: 'Rate limit must be a number' })
    .int('Rate limit must be a whole number')
    .min(1, 'Rate limit must be at least 1')
    .max(MAX_API_KEY_RATE_LIMIT, `Rate limit must be at most ${MAX_API_KEY_RATE_LIMIT}`)
    .default(DEFAULT_API_KEY_RATE_LIMIT),
  /** Empty means never; otherwise a date-time in the future (a date alone means its start, UTC). */
  expiresAt: z.preprocess(
    (v) => (v === '' ? null : typeof v === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(v) ? `${v}T00:00:00Z` : v),
    z.iso
      .datetime({ offset: true, local: true, error: 'Expiry must be a date and time' })
      .transform((v) => new Date(/[Zz]|[+-]\d{2}:?\d{2}$/.test(v) ? v : `${v}Z`).toISOString())
      .refine((v) => new Date(v).getTime() > Date.now(), { error: 'Expiry must be in the future' })
      .nullish()
      .transform((v) => v ?? null),
  ),
  isActive: z.boolean({ error: 'isActive must be true or false' }).default(true),
});
export type ApiKeyBody = z.input<typeof ApiKeyBody>;

export const ApiKey = z.object({
  id: z.number().int(),
  name: z.string(),
  /** The key's first characters ("bp_" + 8), which identify it in lists and logs. */
  keyPrefix: z.string(),
  /** keyPrefix followed by bullets: what the list shows. */
  maskedKey: z.string(),
  permissions: z.array(ApiKeyScope),
  rateLimit: z.number().int(),
  isActive: z.boolean(),
  expiresAt: z.string().nullable(),
  lastUsedAt: z.string().nullable(),
  createdBy: z.string().nullable(),
  createdAt: z.string(),
});
export type ApiKey = z.infer<typeof ApiKey>;
/** GET /api/integrations/api-keys (§7: apiKeys[]); revoked keys are gone from it. */
export const ApiKeyList = z.object({ apiKeys: z.array(ApiKey) });
export type ApiKeyList = z.infer<typeof ApiKeyList>;
/** The create answer: the only place the full key ever appears (§3: actualKey). */
export const ApiKeyCreated = z.object({ apiKey: ApiKey, actualKey: z.string() });
export type ApiKeyCreated = z.infer<typeof ApiKeyCreated>;

/** POST /api/integrations/test-api-key (§7: success, message). Checks a key of the caller's organization. */
export const TestApiKeyBody = z.strictObject({
  key: z.string({ error: 'Key is required' }).trim().min(1, 'Key is required').max(200, 'Key must be at most 200 characters'),
});
export const TestApiKeyResult = z.object({ success: z.boolean(), message: z.string() });
export type TestApiKeyResult = z.infer<typeof TestApiKeyResult>;

/** Per key, over the recorded usage of the public API (UTC days and months). */
export const ApiKeyUsage = z.object({
  keyId: z.number().int(),
  name: z.string(),
  keyPrefix: z.string(),
  requestsToday: z.number().int(),
  requestsThisMonth: z.number().int(),
  /** Share of this month's requests answered ≥ 400, 0–1 with 4 decimals. */
  errorRate: z.number(),
  /** 95th percentile of this month's response times, in ms (null without requests). */
  p95LatencyMs: z.number().nullable(),
  lastUsedAt: z.string().nullable(),
});
/** GET /api/integrations/api-keys/usage-stats (§7: totalRequests, successfulRequests; the stat cards). */
export const ApiUsageStats = z.object({
  /** This month (UTC), every key of the organization. */
  totalRequests: z.number().int(),
  successfulRequests: z.number().int(),
  failedRequests: z.number().int(),
  requestsToday: z.number().int(),
  errorRate: z.number(),
  averageResponseTimeMs: z.number().nullable(),
  p95LatencyMs: z.number().nullable(),
  activeKeys: z.number().int(),
  keys: z.array(ApiKeyUsage),
});
export type ApiUsageStats = z.infer<typeof ApiUsageStats>;

/**
 * `rpc.integrations.api-key.verify`: the gateway's key check. The request carries the SHA-256 (hex) of the key,
 * never the key. The answer is null for an unknown, revoked, inactive or expired key (and for a key of a deleted
 * organization: its keys are revoked with it). Cache the answer until `expiresAt` or the key's revoked event.
 */
export const ApiKeyVerifyRequest = z.object({ keyHash: z.string().regex(/^[0-9a-f]{64}$/, 'keyHash must be SHA-256 hex') });
export const ApiKeyGrant = z.object({
  tenantId: z.uuid(),
  keyId: z.number().int(),
  keyPrefix: z.string(),
  /** The user who created the key: the actor the gateway names in the internal token of a key's request. */
  createdBy: z.string().nullable(),
  scopes: z.array(ApiKeyScope),
  /** Requests per hour. */
  rateLimit: z.number().int(),
  expiresAt: z.string().nullable(),
});
export type ApiKeyGrant = z.infer<typeof ApiKeyGrant>;
export const IntegrationsApiKeyVerifyRpc = defineRpc({
  subject: 'rpc.integrations.api-key.verify',
  service: 'integrations',
  request: ApiKeyVerifyRequest,
  response: ApiKeyGrant.nullable(),
});

/**
 * API key events. The gateway's key cache drops every entry of `data.id` on Revoked (it must subscribe on every
 * replica without a queue group, so each replica hears it: the relay publishes at once, well within 5 s).
 */
export const ApiKeyEvents = {
  Created: 'evt.integrations.api-key.created',
  Revoked: 'evt.integrations.api-key.revoked',
} as const;
/** Payload of both: the key as listed (never its hash or secret). */
export const ApiKeyEventData = ApiKey;
export type ApiKeyEventData = z.infer<typeof ApiKeyEventData>;

/** One request of the public API, recorded by the gateway off the request path. */
export const ApiUsageRecord = z.object({
  keyId: z.number().int().positive(),
  endpoint: z.string().max(500),
  method: z.string().max(10),
  statusCode: z.number().int().min(100).max(599),
  responseTimeMs: z.number().min(0).max(3_600_000),
  requestSize: z.number().int().min(0).nullable(),
  responseSize: z.number().int().min(0).nullable(),
  ip: z.string().max(100).nullable(),
  userAgent: z.string().max(512).nullable(),
  at: z.iso.datetime({ offset: true }),
});
export type ApiUsageRecord = z.infer<typeof ApiUsageRecord>;

/**
 * The gateway batches usage per tenant (the envelope's tenantId; at most 1000 records, e.g. every second) and
 * publishes `evt.gateway.api-usage.batch` with a fresh envelope id as message id. Integrations stores them
 * (idempotent per envelope id), ignoring records of keys that are not the tenant's, and moves each key's lastUsedAt.
 * This subject is not audited.
 */
export const ApiUsageEvents = { Batch: 'evt.gateway.api-usage.batch' } as const;
export const ApiUsageBatchData = z.object({ records: z.array(ApiUsageRecord).min(1).max(1000) });
export type ApiUsageBatchData = z.infer<typeof ApiUsageBatchData>;

// ---- Webhooks --------------------------------------------------------------------------------------------------------

/** Areas §9, the only event types an endpoint can subscribe to. */
export const WebhookEventTypes = [
  'invoice.created',
  'invoice.updated',
  'invoice.paid',
  'invoice.overdue',
  'customer.created',
  'customer.updated',
  'customer.deleted',
  'payment.completed',
  'payment.failed',
  'subscription.created',
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

/** §5: a url without http:// or https:// gets https:// (one with another scheme keeps it, and is refused). */
export const withScheme = (url: string) => (/^[a-z][a-z0-9+.-]*:\/\//i.test(url) ? url : `https://${url}`);

/** POST /api/integrations/webhooks and PUT …/{id} (the whole endpoint). */
export const WebhookBody = z.strictObject({
  name,
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
  isActive: z.boolean({ error: 'isActive must be true or false' }).default(true),
  retryAttempts: z.coerce
    .number({ error: 'Retry attempts must be a number' })
    .int('Retry attempts must be a whole number')
    .min(0, 'Retry attempts must be at least 0')
    .max(MAX_WEBHOOK_RETRY_ATTEMPTS, `Retry attempts must be at most ${MAX_WEBHOOK_RETRY_ATTEMPTS}`)
    .default(DEFAULT_WEBHOOK_RETRY_ATTEMPTS),
  timeoutSeconds: z.coerce
    .number({ error: 'Timeout must be a number' })
    .int('Timeout must be a whole number of seconds')
    .min(1, 'Timeout must be at least 1 second')
    .max(60, 'Timeout must be at most 60 seconds')
    .default(DEFAULT_WEBHOOK_TIMEOUT_SECONDS),
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
    .refine((h) => Object.keys(h).length <= 20, { error: 'At most 20 headers' })
    .default({}),
});
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
/** GET /api/integrations/webhooks (§7: webhooks[]). */
export const WebhookList = z.object({ webhooks: z.array(Webhook) });
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
/** GET /api/integrations/webhooks/{id}/deliveries and GET /api/integrations/webhook-deliveries: newest first, total in x-total-count. */
export const WebhookDeliveryQuery = z.object({
  status: WebhookDeliveryStatus.optional(),
  webhookId: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER).optional(),
  limit: z.coerce.number().int().min(1, 'limit must be at least 1').max(200, 'limit must be at most 200').default(50),
  offset: z.coerce.number().int().min(0, 'offset must be at least 0').max(10_000_000).default(0),
});
export type WebhookDeliveryQuery = z.infer<typeof WebhookDeliveryQuery>;

// ---- Audit log -------------------------------------------------------------------------------------------------------

export const AuditLog = z.object({
  id: z.number().int(),
  /** e.g. customer, invoice, product, api-key (from the event subject evt.<service>.<entity>.<action>). */
  entityType: z.string(),
  entityId: z.string().nullable(),
  action: z.string(),
  service: z.string(),
  /** The user who made the change (null for the system: jobs, providers). */
  userId: z.string().nullable(),
  ipAddress: z.string().nullable(),
  userAgent: z.string().nullable(),
  /** What the entity looked like before, as the previous event about it said (null for the first). */
  oldValues: z.unknown().nullable(),
  newValues: z.unknown().nullable(),
  metadata: z.object({ eventId: z.string(), subject: z.string() }),
  createdAt: z.string(),
});
export type AuditLog = z.infer<typeof AuditLog>;

const when = (label: string) =>
  z.preprocess(
    (v) => (typeof v === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(v) ? `${v}T00:00:00Z` : v),
    z.iso.datetime({ offset: true, error: `${label} must be a date or date-time` }).optional(),
  );
/** GET /api/audit-logs (admins): filters, newest first, total in x-total-count. */
export const AuditLogQuery = z
  .object({
    entityType: z.string().trim().max(100).optional(),
    entityId: z.string().trim().max(100).optional(),
    action: z.string().trim().max(100).optional(),
    actorId: z.string().trim().max(100).optional(),
    from: when('from'),
    to: when('to'),
    limit: z.coerce.number().int().min(1, 'limit must be at least 1').max(200, 'limit must be at most 200').default(50),
    offset: z.coerce.number().int().min(0, 'offset must be at least 0').max(10_000_000).default(0),
  })
  .refine((q) => !q.from || !q.to || new Date(q.from) <= new Date(q.to), { error: 'from must not be after to', path: ['to'] });
export type AuditLogQuery = z.infer<typeof AuditLogQuery>;
