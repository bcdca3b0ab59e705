import { z } from 'zod';
import { defineRpc } from '../rpc.ts';
import { ApiKeyScope, ApiKeyScopes } from './api-key-format.ts';
import { instant, nameField } from './common.ts';

// ---- API keys --------------------------------------------------------------------------------------------------------

/** 1000 requests per hour unless the form says otherwise. */
export const DEFAULT_API_KEY_RATE_LIMIT = 1000;
export const MAX_API_KEY_RATE_LIMIT = 1_000_000;

/** POST /api/integrations/api-keys (the API key form: name, permissions[], rateLimit, expiresAt or null). */
export const ApiKeyBody = z.strictObject({
  name: nameField,
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
  expiresAt: instant('Expiry must be a date and time', { future: 'Expiry must be in the future' }),
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
/** GET /api/integrations/api-keys (apiKeys[]); revoked keys are gone from it. */
export const ApiKeyList = z.object({ apiKeys: z.array(ApiKey) });
export type ApiKeyList = z.infer<typeof ApiKeyList>;
/** The create answer: the only place the full key ever appears (actualKey). */
export const ApiKeyCreated = z.object({ apiKey: ApiKey, actualKey: z.string() });
export type ApiKeyCreated = z.infer<typeof ApiKeyCreated>;

/** POST /api/integrations/test-api-key (success, message). Checks a key of the caller's organization. */
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
/** GET /api/integrations/api-keys/usage-stats (totalRequests, successfulRequests; the stat cards). */
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
