import { z } from 'zod';
import { ApiKeyEvents, CustomerEvents, InvoiceEvents, ProductEvents, WebhookEvents, type SubscriptionUsage } from '@billpoint/proto';
import {
  consumeEvents,
  executePrepared,
  GROUP_COMMIT,
  preparedStatement,
  type EntityManager,
  type ServiceContext,
  type Subscription,
} from '@billpoint/kit';

/** The calendar month (UTC) holding `at`: its first and last day. */
export function monthOf(at: Date): { start: string; end: string } {
  const y = at.getUTCFullYear();
  const m = at.getUTCMonth();
  const iso = (d: Date) => d.toISOString().slice(0, 10);
  return { start: iso(new Date(Date.UTC(y, m, 1))), end: iso(new Date(Date.UTC(y, m + 1, 0))) };
}

type Counter = 'customer_count' | 'product_count' | 'api_key_count' | 'webhook_count';

/** A running count (customers, products, API keys, webhooks): +1 on created, −1 on deleted, never below 0. */
async function count(em: EntityManager, tenantId: string, column: Counter, delta: number, at: Date) {
  const m = monthOf(at);
  await em.execute(
    `insert into payments.subscription_usage as u (tenant_id, ${column}, current_period_start, current_period_end)
     values (?, greatest(?::integer, 0), ?, ?)
     on conflict (tenant_id) do update set ${column} = greatest(u.${column} + ?::integer, 0), updated_at = now()`,
    [tenantId, delta, m.start, m.end, delta],
  );
}

/** Runs for every invoice event: a prepared statement (kit), planned once per connection. */
const COUNT_INVOICE_SQL =
  preparedStatement(`insert into payments.subscription_usage as u (tenant_id, invoice_count, current_period_start, current_period_end)
     values ($1, greatest($2::integer, 0), $3, $4)
     on conflict (tenant_id) do update set
       invoice_count = case when u.current_period_start = excluded.current_period_start then greatest(u.invoice_count + $5::integer, 0)
                            when u.current_period_start < excluded.current_period_start then excluded.invoice_count
                            else u.invoice_count end,
       last_reset_at = case when u.current_period_start < excluded.current_period_start then now() else u.last_reset_at end,
       current_period_start = greatest(u.current_period_start, excluded.current_period_start),
       current_period_end = greatest(u.current_period_end, excluded.current_period_end),
       updated_at = now()`);

/**
 * Invoices of a calendar month: an event of the tracked month counts, one of a later month starts that month
 * (the count resets), one of an earlier month is not this period's and changes nothing.
 */
async function countInvoice(em: EntityManager, tenantId: string, delta: number, createdAt: Date) {
  const m = monthOf(createdAt);
  await executePrepared(em, COUNT_INVOICE_SQL, [tenantId, delta, m.start, m.end, delta]);
}

const WithCreatedAt = z.object({ createdAt: z.string() });

/**
 * `subscription_usage` is kept from the creating services' own events (idempotent: each event is counted once by
 * `consumeEvents`), so payments never reads another service's data. It is what the tenant sees; the limits
 * themselves are enforced by each creating service on its own rows (`planLimits` in the kit), so a late event
 * never lets a creation through. Members are not counted: no plan limits them, and the usage contract has no such count.
 */
export async function usageConsumers(ctx: ServiceContext): Promise<Subscription[]> {
  const base = { orm: ctx.orm, schema: ctx.schema, bus: ctx.bus, logger: ctx.logger };
  /** A running count kept from `<created>`/`<deleted>` events of `subject`. */
  const counter = (durable: string, subject: string, events: { created: string; deleted: string }, column: Counter) =>
    consumeEvents({
      ...base,
      durable,
      subject,
      parse: (data) => data,
      async handle(event, em) {
        const delta = event.type === events.created ? 1 : event.type === events.deleted ? -1 : 0;
        if (delta) await count(em, event.tenantId, column, delta, new Date(event.occurredAt));
      },
    });
  const customers = { created: CustomerEvents.Created, deleted: CustomerEvents.Deleted };
  const products = { created: ProductEvents.Created, deleted: ProductEvents.Deleted };
  const apiKeys = { created: ApiKeyEvents.Created, deleted: ApiKeyEvents.Revoked };
  const webhooks = { created: WebhookEvents.Created, deleted: WebhookEvents.Deleted };
  return [
    await counter('payments-usage-customers', 'evt.customers.customer.*', customers, 'customer_count'),
    await counter('payments-usage-products', 'evt.catalog.product.*', products, 'product_count'),
    await counter('payments-usage-api-keys', 'evt.integrations.api-key.*', apiKeys, 'api_key_count'),
    await counter('payments-usage-webhooks', 'evt.integrations.webhook.*', webhooks, 'webhook_count'),
    await consumeEvents({
      ...base,
      durable: 'payments-usage-invoices',
      batchSize: GROUP_COMMIT, // one counter row per tenant and month, written by this consumer only
      subject: 'evt.billing.invoice.*',
      parse: (data) => data,
      async handle(event, em) {
        const delta = event.type === InvoiceEvents.Created ? 1 : event.type === InvoiceEvents.Deleted ? -1 : 0;
        if (delta) await countInvoice(em, event.tenantId, delta, new Date(WithCreatedAt.parse(event.data).createdAt));
      },
    }),
  ];
}

/** The tenant's usage now: a month that has passed without invoices shows 0 for this month. */
export async function readUsage(ctx: Pick<ServiceContext, 'reader'>, tenantId: string, now: Date): Promise<SubscriptionUsage> {
  const m = monthOf(now);
  const [u] = await ctx.reader.query<Record<string, number | string>>(
    tenantId,
    `select invoice_count, customer_count, product_count, api_key_count, webhook_count,
            current_period_start::text as current_period_start
       from payments.subscription_usage where tenant_id = $1`,
    [tenantId],
  );
  return {
    invoiceCount: u && u.current_period_start === m.start ? Number(u.invoice_count) : 0,
    customerCount: Number(u?.customer_count ?? 0),
    productCount: Number(u?.product_count ?? 0),
    apiKeyCount: Number(u?.api_key_count ?? 0),
    webhookCount: Number(u?.webhook_count ?? 0),
    currentPeriodStart: m.start,
    currentPeriodEnd: m.end,
  };
}
