import {
  ApiUsageEvents,
  CreditNoteEvents,
  CustomerEvents,
  EVENTS_SUBJECTS,
  InvoiceEvents,
  PaymentEvents,
  ProductEvents,
  QuoteEvents,
  RecurringEvents,
  TaxRateEvents,
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

/** Service events → the webhook event types (every change of state a receiver can subscribe to). */
export const WEBHOOK_EVENT_OF: Record<string, WebhookEventType> = {
  [InvoiceEvents.Created]: 'invoice.created',
  [InvoiceEvents.Updated]: 'invoice.updated',
  [InvoiceEvents.Sent]: 'invoice.sent',
  [InvoiceEvents.Paid]: 'invoice.paid',
  [InvoiceEvents.Overdue]: 'invoice.overdue',
  [InvoiceEvents.Voided]: 'invoice.voided',
  [InvoiceEvents.Deleted]: 'invoice.deleted',
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
  [PaymentEvents.Refunded]: 'payment.refunded',
  [ProductEvents.Created]: 'product.created',
  [ProductEvents.Updated]: 'product.updated',
  [ProductEvents.Deleted]: 'product.deleted',
  [TaxRateEvents.Created]: 'tax_rate.created',
  [TaxRateEvents.Updated]: 'tax_rate.updated',
  [TaxRateEvents.Deleted]: 'tax_rate.deleted',
  [RecurringEvents.Created]: 'subscription.created',
  [RecurringEvents.Updated]: 'subscription.updated',
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
 * The event's row in the log and one delivery per endpoint, in one statement: the log row's id (from the CTE) is the
 * payload's `id`, so a receiver finds the same event in its webhook and in GET /api/v1/events. A redelivered event
 * finds its log row already there: the CTE answers no id and no delivery is written a second time either.
 */
const EVENT_AND_DELIVERIES_SQL = preparedStatement(`with e as (
    insert into integrations.events (tenant_id, type, data, source_event_id, created_at)
    values ($1::uuid, $2::text, $3::jsonb, $4::uuid, $5::timestamptz)
    on conflict (tenant_id, source_event_id) do nothing
    returning id
  )
  insert into integrations.webhook_deliveries (tenant_id, webhook_id, message_id, source_event_id, event_type, event_data, next_retry_at)
  select $1::uuid, h.id, h.msg, $4::uuid, $2::text,
         jsonb_build_object('id', e.id, 'type', $2::text, 'timestamp', $6::text, 'data', $3::jsonb), $7::timestamptz
    from e cross join jsonb_to_recordset($8::jsonb) as h (id bigint, msg text)
  on conflict (tenant_id, webhook_id, source_event_id) where source_event_id is not null do nothing`);

/**
 * Every event with a webhook type: its row in the events log (whether or not the tenant has endpoints) and one delivery
 * per active endpoint of the tenant subscribed to the type, written in the consumer's transaction (with the
 * processed-message mark): a crash before the commit redelivers the event, after it the row and the deliveries exist —
 * nothing lost, nothing doubled (unique per tenant and source event, and per endpoint and source event). Answers how
 * many endpoints the event is for.
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
  await executePrepared(em, EVENT_AND_DELIVERIES_SQL, [
    ...[event.tenantId, type, JSON.stringify(webhookData(event.type, event.data)), event.id, event.occurredAt],
    ...[event.occurredAt, now, JSON.stringify(hooks.map((h) => ({ id: h.id, msg: newMessageId() })))],
  ]);
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
