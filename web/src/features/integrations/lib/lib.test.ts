import { describe, expect, it } from 'vitest';
import { makeApiKey, makeUsage, makeWebhook } from '../testing/factories';
import { apiKeyFormSchema, emptyApiKeyForm, toggleScope } from './api-key-form';
import { integrationStats, successRate } from './stats';
import { emptyWebhookForm, headerIssueTarget, webhookFormSchema, webhookHealth } from './webhook-form';
import { formatWhen } from './when';

describe('stat cards', () => {
  it('shows the success rate to 0.1 %, and — without requests', () => {
    expect(successRate(0, 0)).toBe('—');
    expect(successRate(1, 2)).toBe('50.0%');
    expect(successRate(2, 3)).toBe('66.7%');
    expect(successRate(1000, 1000)).toBe('100.0%');
  });

  it('counts active keys (not inactive or expired) and active webhooks (not switched off), — when a call failed', () => {
    const now = Date.parse('2025-06-01T00:00:00Z');
    const s = integrationStats(
      [
        makeApiKey(),
        makeApiKey({ isActive: false }),
        makeApiKey({ expiresAt: '2025-05-01T00:00:00Z' }),
        makeApiKey({ expiresAt: '2026-01-01T00:00:00Z' }),
      ],
      makeUsage({ totalRequests: 1234, successfulRequests: 1200, requestsToday: 7 }),
      [makeWebhook(), makeWebhook({ isActive: false }), makeWebhook({ isActive: false, disabledAt: '2025-05-30T00:00:00Z' })],
      now,
    );
    expect(s).toMatchObject({ activeKeys: '2', keysSubtext: '4 in all', requests: '1,234', activeWebhooks: '1', successRate: '97.2%' });
    expect(s.webhooksSubtext).toBe('1 failing');
    expect(integrationStats(undefined, undefined, undefined)).toMatchObject({
      activeKeys: '—',
      requests: '—',
      activeWebhooks: '—',
      successRate: '—',
    });
  });
});

describe('API key form', () => {
  it("'*' replaces every other scope; unticking it leaves none", () => {
    expect(toggleScope(['customers:read'], '*', true)).toEqual(['*']);
    expect(toggleScope(['*'], '*', false)).toEqual([]);
    expect(toggleScope(['*'], 'invoices:read', true)).toEqual(['invoices:read']);
    expect(toggleScope(['customers:read', 'invoices:read'], 'customers:read', false)).toEqual(['invoices:read']);
  });

  it('defaults to 1000 requests per hour and no expiry; a past expiry or a missing name is refused', () => {
    const ok = apiKeyFormSchema.parse({ ...emptyApiKeyForm(), name: 'Sync' });
    expect(ok).toEqual({ name: 'Sync', permissions: [], rateLimit: 1000, expiresAt: null });
    const later = apiKeyFormSchema.parse({ ...emptyApiKeyForm(), name: 'Sync', expiresAt: '2999-01-02T03:04' });
    expect(later.expiresAt).toBe(new Date('2999-01-02T03:04').toISOString());
    const bad = apiKeyFormSchema.safeParse({ ...emptyApiKeyForm(), rateLimit: '0', expiresAt: '2001-01-01T00:00' });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues.map((i) => `${String(i.path[0])}: ${i.message}`)).toEqual([
      'name: Name is required',
      'rateLimit: Rate limit must be at least 1',
      'expiresAt: Expiry must be in the future',
    ]);
  });
});

describe('webhook form', () => {
  it('follows the webhook form rules: https:// in front of a url without a scheme, the messages, defaults 3 and 30', () => {
    const parsed = webhookFormSchema.parse({ ...emptyWebhookForm(), name: 'Sync', url: 'hooks.example.com/in', events: ['invoice.paid'] });
    expect(parsed).toMatchObject({ url: 'https://hooks.example.com/in', retryAttempts: 3, timeoutSeconds: 30, isActive: true });
    const messages = webhookFormSchema.safeParse({ ...emptyWebhookForm(), name: 'Sync' }).error?.issues.map((i) => i.message);
    expect(messages).toEqual(['URL is required', 'At least one event must be selected']);
    expect(
      webhookFormSchema.safeParse({ ...emptyWebhookForm(), name: 'x', url: 'a.example', events: ['invoice.paid'], retryAttempts: '11' })
        .success,
    ).toBe(false);
  });

  it("checks header rows by the server's rules and sends them as the contract's record", () => {
    const form = { ...emptyWebhookForm(), name: 'Sync', url: 'hooks.example.com/in', events: ['invoice.paid' as const] };
    const rows = (...r: [string, string][]) => r.map(([name, value]) => ({ name, value }));
    expect(webhookFormSchema.parse({ ...form, headers: rows([' X-Key ', 'abc'], ['', '']) }).headers).toEqual({ 'X-Key': 'abc' });
    const issues = (headers: { name: string; value: string }[]) =>
      webhookFormSchema.safeParse({ ...form, headers }).error?.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    expect(issues(rows(['bad name', 'x'], ['', 'orphan'], ['content-type', 'x'], ['X-A', 'tab\tok'], ['x-a', 'é']))).toEqual([
      'headers.0.name: Header names must be HTTP tokens',
      'headers.1.name: Header name is required',
      'headers.2.name: This header is set by Billpoint',
      'headers.4.name: This header is already set above',
      'headers.4.value: Header values must be printable ASCII',
    ]);
    expect(issues(rows(['X-Long', 'v'.repeat(1001)]))).toEqual(['headers.0.value: Header values must be at most 1000 characters']);
    expect(issues(Array.from({ length: 21 }, (_, i) => ({ name: `X-${i}`, value: 'v' })))).toEqual(['headers: At most 20 headers']);
  });

  it("puts the server's header issues under the row they name", () => {
    const rows = [
      { name: 'X-A', value: '1' },
      { name: ' X-B', value: '2' },
    ];
    expect(headerIssueTarget('headers.X-B', 'This header is set by Billpoint', rows)).toBe('headers.1.name');
    expect(headerIssueTarget('headers.X-A', 'Header values must be printable ASCII', rows)).toBe('headers.0.value');
    expect(headerIssueTarget('headers', 'At most 20 headers', rows)).toBe('headers');
    expect(headerIssueTarget('headers.X-Gone', 'No', rows)).toBe('headers');
    expect(headerIssueTarget('url', 'URL is required', rows)).toBeUndefined();
  });

  it('tells the owner about an endpoint failing for over an hour, or switched off', () => {
    const now = Date.parse('2025-06-01T12:00:00Z');
    expect(webhookHealth(makeWebhook(), now)).toEqual({ state: 'ok' });
    expect(webhookHealth(makeWebhook({ failingSince: '2025-06-01T11:30:00Z' }), now)).toEqual({ state: 'ok' });
    expect(webhookHealth(makeWebhook({ failingSince: '2025-06-01T10:00:00Z' }), now)).toEqual({
      state: 'failing',
      since: '2025-06-01T10:00:00Z',
      disablesAt: '2025-06-04T10:00:00.000Z',
    });
    expect(webhookHealth(makeWebhook({ disabledAt: '2025-05-31T00:00:00Z', disabledReason: 'HTTP 500' }), now)).toEqual({
      state: 'disabled',
      since: '2025-05-31T00:00:00Z',
      reason: 'HTTP 500',
    });
  });
});

describe('formatWhen', () => {
  const now = new Date('2025-06-10T12:00:00Z');
  it("says 'Never', 'Just now', a relative time within a week, then the date", () => {
    expect(formatWhen(null, now)).toBe('Never');
    expect(formatWhen('2025-06-10T11:59:30Z', now)).toBe('Just now');
    expect(formatWhen('2025-06-10T11:55:00Z', now)).toBe('5 minutes ago');
    expect(formatWhen('2025-06-08T12:00:00Z', now)).toBe('2 days ago');
    expect(formatWhen('2025-05-01T12:00:00Z', now)).toBe('May 1, 2025');
  });
});
