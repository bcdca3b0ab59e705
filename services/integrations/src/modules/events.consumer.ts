import {
  ApiUsageEvents,
  CreditNoteEvents,
  CustomerEvents,
  EVENTS_SUBJECTS,
  InvoiceEvents,
  PaymentEvents,
  QuoteEvents,
  RecurringEvents,
  type EventEnvelope,
  type WebhookEventType,
} from '@billpoint/proto';
import {
  consumeEvents,
  executePrepared,
  preparedStatement,
  GROUP_COMMIT,
  type EntityManager,
  type ServiceContext,
  type Subscription,
  type TransactionMemo,
} from '@billpoint/kit';
import { recordAudit } from './audit/audit.service.ts';
import { newMessageId } from './webhook/webhook.worker.ts';

/** A tenant's active endpoints for an event type, once per batch and tenant: a prepared statement (kit). */
const ENDPOINTS_SQL = preparedStatement(
  `select id::float8 as id from integrations.webhooks where tenant_id = $1 and is_active and deleted_at is null and $2 = any(events)`,
);

/** Service events → the webhook event types (invoice.sent is a status change: invoice.updated). */
export const WEBHOOK_EVENT_OF: Record<string, WebhookEventType> = {
  [InvoiceEvents.Created]: 'invoice.created',
  [InvoiceEvents.Updated]: 'invoice.updated',
  [InvoiceEvents.Sent]: 'invoice.updated',
  [InvoiceEvents.Paid]: 'invoice.paid',
  [InvoiceEvents.Overdue]: 'invoice.overdue',
  [QuoteEvents.Created]: 'quote.created',
  [QuoteEvents.Updated]: 'quote.updated',
  [QuoteEvents.Sent]: 'quote.sent',
  [QuoteEvents.Accepted]: 'quote.accepted',
  [QuoteEvents.Declined]: 'quote.declined',
  [QuoteEvents.Expired]: 'quote.expired',
  [QuoteEvents.Converted]: 'quote.converted',
  [QuoteEvents.Deleted]: 'quote.deleted',
  [CreditNoteEvents.Created]: 'credit_note.created',
  [CustomerEvents.Created]: 'customer.created',
  [CustomerEvents.Updated]: 'customer.updated',
  [CustomerEvents.Deleted]: 'customer.deleted',
  [PaymentEvents.Completed]: 'payment.completed',
  [PaymentEvents.Failed]: 'payment.failed',
  [RecurringEvents.Created]: 'subscription.created',
  [RecurringEvents.Cancelled]: 'subscription.cancelled',
};

/** Events that record no change of state (usage batches): neither audited nor turned into webhooks. */
export const NOT_AUDITED = new Set<string>([ApiUsageEvents.Batch]);

/**
 * What receivers get as `data`: the event's payload without the internal parts (an invoice's stock, tax and draft lines). A
 * credit note goes as the API answers it: its tax per rate is part of it.
 */
function webhookData(type: string, data: unknown): Record<string, unknown> {
  if (!data || typeof data !== 'object' || Array.isArray(data)) return { value: data };
  if (type === CreditNoteEvents.Created) return data as Record<string, unknown>;
  const { productLines: _p, taxLines: _t, lines: _l, ...rest } = data as Record<string, unknown>;
  return rest;
}

/**
 * One delivery per active endpoint of the tenant subscribed to the event's type, written in the consumer's
 * transaction (with the processed-message mark): a crash before the commit redelivers the event, after it the
 * deliveries exist — nothing lost, nothing doubled (unique per endpoint and source event).
 */
export async function enqueueWebhooks(
  em: EntityManager,
  event: EventEnvelope,
  now: Date = new Date(),
  memo: TransactionMemo = new Map(),
): Promise<number> {
  const type = WEBHOOK_EVENT_OF[event.type];
  if (!type) return 0;
  // The endpoints of a tenant and type are read once per transaction: a burst of one tenant's invoices shares a batch.
  const key = `webhooks:${event.tenantId}:${type}`;
  let hooks = memo.get(key) as { id: number }[] | undefined;
  if (!hooks) {
    hooks = await executePrepared<{ id: number }>(em, ENDPOINTS_SQL, [event.tenantId, type]);
    memo.set(key, hooks);
  }
  if (!hooks.length) return 0;
  const payload = { type, timestamp: event.occurredAt, data: webhookData(event.type, event.data) };
  await em.execute(
    `insert into integrations.webhook_deliveries (tenant_id, webhook_id, message_id, source_event_id, event_type, event_data, next_retry_at)
     select ?::uuid, h.id, h.msg, ?::uuid, ?, ?::jsonb, ? from jsonb_to_recordset(?::jsonb) as h (id bigint, msg text)
     on conflict (tenant_id, webhook_id, source_event_id) where source_event_id is not null do nothing`,
    [event.tenantId, event.id, type, JSON.stringify(payload), now, JSON.stringify(hooks.map((h) => ({ id: h.id, msg: newMessageId() })))],
  );
  return hooks.length;
}

/**
 * Every event of every service (`evt.>`) → its audit row, in stream order: an audit row's old values are the previous
 * row about the same entity, so the events of one entity must be recorded one after the other.
 */
export function auditConsumer(ctx: ServiceContext): Promise<Subscription> {
  return consumeEvents({
    orm: ctx.orm,
    schema: ctx.schema,
    bus: ctx.bus,
    logger: ctx.logger,
    durable: 'integrations-events',
    batchSize: GROUP_COMMIT, // audit rows are written by this consumer only
    subject: EVENTS_SUBJECTS,
    parse: (data) => data,
    async handle(event, em) {
      if (!NOT_AUDITED.has(event.type)) await recordAudit(em, event);
    },
  });
}

/** Events handled at once by the webhook fan-out: each event's deliveries stand alone (unique per endpoint and event). */
export const WEBHOOK_FANOUT_CONCURRENCY = 8;

/**
 * Every event of every service (`evt.>`) → its webhook deliveries, several events at once (receivers get no order
 * guarantee from webhooks anyway: Standard Webhooks' `webhook-timestamp` orders them), so a burst of events does not
 * queue behind the audit log's ordered writes.
 */
export function webhooksConsumer(ctx: ServiceContext, onDeliveries: () => void = () => {}): Promise<Subscription> {
  return consumeEvents({
    orm: ctx.orm,
    schema: ctx.schema,
    bus: ctx.bus,
    logger: ctx.logger,
    durable: 'integrations-webhooks',
    batchSize: GROUP_COMMIT,
    subject: EVENTS_SUBJECTS,
    concurrency: WEBHOOK_FANOUT_CONCURRENCY,
    parse: (data) => data,
    async handle(event, em, _msg, memo) {
      if (!NOT_AUDITED.has(event.type)) await enqueueWebhooks(em, event, new Date(), memo);
    },
    // Deliveries are due at once: wake this replica's worker (the poll, WEBHOOK_POLL_MS, is the safety net).
    afterCommit: (event) => {
      if (WEBHOOK_EVENT_OF[event.type]) onDeliveries();
    },
  });
}
