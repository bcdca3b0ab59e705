import { maskApiKey, type ApiKey, type ApiUsageStats, type Webhook } from '@billpoint/proto';

let nextId = 1;

export function makeApiKey(overrides: Partial<ApiKey> = {}): ApiKey {
  const id = overrides.id ?? nextId++;
  const keyPrefix = overrides.keyPrefix ?? `bp_k${String(id).padStart(7, '0')}`;
  return {
    id,
    name: `Key ${id}`,
    keyPrefix,
    maskedKey: maskApiKey(keyPrefix),
    permissions: ['customers:read'],
    rateLimit: 1000,
    isActive: true,
    expiresAt: null,
    lastUsedAt: null,
    createdBy: null,
    createdAt: '2024-01-05T10:00:00.000Z',
    ...overrides,
  };
}

export function makeUsage(overrides: Partial<ApiUsageStats> = {}): ApiUsageStats {
  return {
    totalRequests: 0,
    successfulRequests: 0,
    failedRequests: 0,
    requestsToday: 0,
    errorRate: 0,
    averageResponseTimeMs: null,
    p95LatencyMs: null,
    activeKeys: 0,
    keys: [],
    ...overrides,
  };
}

export function makeWebhook(overrides: Partial<Webhook> = {}): Webhook {
  const id = overrides.id ?? nextId++;
  return {
    id,
    name: `Hook ${id}`,
    url: `https://hooks.example.test/${id}`,
    events: ['invoice.created'],
    isActive: true,
    retryAttempts: 3,
    timeoutSeconds: 30,
    headers: {},
    secretHint: 'whsec_ab12…',
    lastTriggeredAt: null,
    failingSince: null,
    disabledAt: null,
    disabledReason: null,
    createdAt: '2024-01-05T10:00:00.000Z',
    updatedAt: '2024-01-05T10:00:00.000Z',
    ...overrides,
  };
}
