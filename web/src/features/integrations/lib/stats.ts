import type { ApiKey, ApiUsageStats, Webhook } from '@billpoint/proto';
import { formatCount, formatPercent } from '@/lib/format';

const count = (n: number) => formatCount(n);

/** Successful ÷ total requests to 0.1 % (as the analytics success rate is shown), '—' without requests. */
export function successRate(successful: number, total: number): string {
  if (total <= 0) return '—';
  return formatPercent((successful * 100) / total);
}

/** The four stat cards' figures and lines; '—' for a figure whose call failed (a member who is not an admin). */
export function integrationStats(
  keys: readonly ApiKey[] | undefined,
  usage: ApiUsageStats | undefined,
  webhooks: readonly Webhook[] | undefined,
  now = Date.now(),
) {
  const activeKeys = keys?.filter((k) => k.isActive && (k.expiresAt === null || new Date(k.expiresAt).getTime() > now));
  const activeWebhooks = webhooks?.filter((w) => w.isActive && !w.disabledAt);
  const failing = webhooks?.filter((w) => w.disabledAt || w.failingSince).length ?? 0;
  return {
    activeKeys: activeKeys ? count(activeKeys.length) : '—',
    keysSubtext: keys ? `${count(keys.length)} in all` : 'Admins only',
    requests: usage ? count(usage.totalRequests) : '—',
    requestsSubtext: usage ? `This month · ${count(usage.requestsToday)} today` : 'This month',
    activeWebhooks: activeWebhooks ? count(activeWebhooks.length) : '—',
    webhooksSubtext: webhooks ? (failing > 0 ? `${count(failing)} failing` : `${count(webhooks.length)} in all`) : 'Admins only',
    successRate: usage ? successRate(usage.successfulRequests, usage.totalRequests) : '—',
  };
}
