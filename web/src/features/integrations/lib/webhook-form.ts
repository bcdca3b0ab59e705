import type { z } from 'zod';
import {
  DEFAULT_WEBHOOK_RETRY_ATTEMPTS,
  DEFAULT_WEBHOOK_TIMEOUT_SECONDS,
  WEBHOOK_DISABLE_AFTER_MS,
  type Webhook,
  type WebhookBody,
} from '@billpoint/proto';

/**
 * The Create/Edit Webhook form is the endpoint's own contract (proto WebhookBody: 'URL is required', https:// put in
 * front of a url without a scheme, 'At least one event must be selected', retries 3 and timeout 30 by default).
 */
export type WebhookFormInput = WebhookBody;
export type WebhookFormOutput = z.output<typeof WebhookBody>;

export const emptyWebhookForm = (): WebhookFormInput => ({
  name: '',
  url: '',
  events: [],
  isActive: true,
  retryAttempts: String(DEFAULT_WEBHOOK_RETRY_ATTEMPTS),
  timeoutSeconds: String(DEFAULT_WEBHOOK_TIMEOUT_SECONDS),
  headers: {},
});

export const webhookToForm = (w: Webhook): WebhookFormInput => ({
  name: w.name,
  url: w.url,
  events: [...w.events],
  isActive: w.isActive,
  retryAttempts: String(w.retryAttempts),
  timeoutSeconds: String(w.timeoutSeconds),
  headers: { ...w.headers },
});

/** After this long of failed deliveries the screen warns the endpoint's owner (it is switched off after 3 days). */
export const FAILING_NOTICE_AFTER_MS = 60 * 60_000;

export type WebhookHealth =
  { state: 'ok' } | { state: 'disabled'; since: string; reason: string | null } | { state: 'failing'; since: string; disablesAt: string };

/** Whether the owner must be told: switched off after 3 days of failures, or failing for over an hour. */
export function webhookHealth(w: Pick<Webhook, 'disabledAt' | 'disabledReason' | 'failingSince'>, now = Date.now()): WebhookHealth {
  if (w.disabledAt) return { state: 'disabled', since: w.disabledAt, reason: w.disabledReason };
  if (w.failingSince) {
    const since = new Date(w.failingSince).getTime();
    if (now - since >= FAILING_NOTICE_AFTER_MS)
      return { state: 'failing', since: w.failingSince, disablesAt: new Date(since + WEBHOOK_DISABLE_AFTER_MS).toISOString() };
  }
  return { state: 'ok' };
}
