import { sortedHeaders, type Webhook, type WebhookDelivery, type WebhookEventType } from '@billpoint/proto';
import { NotFound, type EntityManager } from '@billpoint/kit';
import { ts } from '../shared.ts';
import { secretHint } from './webhook.sender.ts';

// Ids are read as float8, which the driver gives as a JS number: exact for every id, as all lie below 2^53.
export const WEBHOOK_COLUMNS = `w.id::float8 as id, w.name, w.url, w.events, w.is_active, w.retry_attempts, w.timeout_seconds, w.headers, w.secret,
  ${ts('w.last_triggered_at')} as last_triggered_at, ${ts('w.failing_since')} as failing_since, ${ts('w.disabled_at')} as disabled_at,
  w.disabled_reason, ${ts('w.created_at')} as created_at, ${ts('w.updated_at')} as updated_at`;
export interface WebhookRow {
  id: number;
  name: string;
  url: string;
  events: string[];
  is_active: boolean;
  retry_attempts: number;
  timeout_seconds: number;
  headers: Record<string, string>;
  secret: string;
  last_triggered_at: string | null;
  failing_since: string | null;
  disabled_at: string | null;
  disabled_reason: string | null;
  created_at: string;
  updated_at: string;
}
export const toWebhook = (r: WebhookRow): Webhook => ({
  id: r.id,
  name: r.name,
  url: r.url,
  events: r.events as WebhookEventType[],
  isActive: r.is_active,
  retryAttempts: r.retry_attempts,
  timeoutSeconds: r.timeout_seconds,
  headers: sortedHeaders(r.headers),
  secretHint: secretHint(r.secret),
  lastTriggeredAt: r.last_triggered_at,
  failingSince: r.failing_since,
  disabledAt: r.disabled_at,
  disabledReason: r.disabled_reason,
  createdAt: r.created_at,
  updatedAt: r.updated_at,
});

export const DELIVERY_COLUMNS = `d.id::float8 as id, d.webhook_id::float8 as webhook_id, d.message_id, d.event_type, d.event_data, d.status, d.attempts,
  d.response_status, d.response_body, d.error_message, d.duration_ms, ${ts('d.delivered_at')} as delivered_at,
  ${ts('d.next_retry_at')} as next_retry_at, ${ts('d.last_attempt_at')} as last_attempt_at, ${ts('d.created_at')} as created_at`;
export interface DeliveryRow {
  id: number;
  webhook_id: number;
  message_id: string;
  event_type: string;
  event_data: unknown;
  status: WebhookDelivery['status'];
  attempts: number;
  response_status: number | null;
  response_body: string | null;
  error_message: string | null;
  duration_ms: number | null;
  delivered_at: string | null;
  next_retry_at: string | null;
  last_attempt_at: string | null;
  created_at: string;
}
export const toDelivery = (r: DeliveryRow): WebhookDelivery => ({
  id: r.id,
  webhookId: r.webhook_id,
  messageId: r.message_id,
  eventType: r.event_type,
  eventData: r.event_data,
  status: r.status,
  attempts: r.attempts,
  responseStatus: r.response_status,
  responseBody: r.response_body,
  errorMessage: r.error_message,
  durationMs: r.duration_ms,
  deliveredAt: r.delivered_at,
  nextRetryAt: r.next_retry_at,
  lastAttemptAt: r.last_attempt_at,
  createdAt: r.created_at,
});

/** Postgres text[] literal of plain tokens (event names). */
export const textArray = (l: readonly string[]) => `{${l.map((x) => `"${x.replace(/["\\]/g, '')}"`).join(',')}}`;

/** An endpoint's own fields, as PUT sends them and PATCH merges them with the stored ones. */
export type WebhookFields = Pick<Webhook, 'name' | 'url' | 'events' | 'isActive' | 'retryAttempts' | 'timeoutSeconds' | 'headers'>;

/**
 * Writes every own field of an endpoint. `switchedOn`: the caller switched it on (PUT with isActive, PATCH sending
 * isActive true), which clears a 3-day disable and the failing streak.
 */
export async function writeWebhook(em: EntityManager, tenantId: string, webhookId: number, f: WebhookFields, switchedOn: boolean) {
  await em.execute(
    `update integrations.webhooks set name = ?, url = ?, events = ?::text[], is_active = ?, retry_attempts = ?, timeout_seconds = ?,
        headers = ?::jsonb, updated_at = now(),
        disabled_at = case when ? then null else disabled_at end, disabled_reason = case when ? then null else disabled_reason end,
        failing_since = case when ? then null else failing_since end
      where id = ? and tenant_id = ?`,
    [
      ...[f.name, f.url, textArray(f.events), f.isActive, f.retryAttempts, f.timeoutSeconds],
      ...[JSON.stringify(f.headers), switchedOn, switchedOn, switchedOn, webhookId, tenantId],
    ],
  );
}

/** The endpoint in the unit of work (`lock`ed for an update); 404 when it is not the tenant's or was deleted. */
export async function loadWebhook(em: EntityManager, tenantId: string, webhookId: number, lock = false): Promise<Webhook> {
  const [row] = await em.execute<WebhookRow[]>(
    `select ${WEBHOOK_COLUMNS} from integrations.webhooks w where w.id = ? and w.tenant_id = ? and w.deleted_at is null${lock ? ' for update' : ''}`,
    [webhookId, tenantId],
  );
  if (!row) throw new NotFound('Webhook not found');
  return toWebhook(row);
}
