import { InvoiceEventData, InvoiceEvents, type InvoiceEventData as InvoiceData, SoldInvoiceStatuses } from '@billpoint/proto';
import {
  consumeEvents,
  executePrepared,
  GROUP_COMMIT,
  preparedStatement,
  type EntityManager,
  type ServiceContext,
  type Subscription,
  sqlList,
} from '@billpoint/kit';
import { refreshStock } from './product.service.ts';

/**
 * An invoice consumes stock while it is issued: sent, viewed, overdue or paid. A draft has not left the building
 * yet, and a cancelled, refunded or deleted invoice gives its goods back. (Invoice Ninja-style "on send";
 * docs/api.md says so under Products.)
 */
const CONSUMING = sqlList(SoldInvoiceStatuses);

// Every invoice event runs these two: prepared statements (kit), planned once per connection.
/** The invoice's status and version, kept only when the event is newer (and the invoice not deleted). */
const UPSERT_INVOICE_SQL = preparedStatement(`insert into catalog.invoices (tenant_id, invoice_id, status, version) values ($1, $2, $3, $4)
  on conflict (tenant_id, invoice_id) do update set status = excluded.status, version = excluded.version
    where catalog.invoices.version < excluded.version and not catalog.invoices.deleted
  returning invoice_id::text as invoice_id`);
/** The lines the invoice had, read as they are deleted (one statement, not two). */
const DELETE_LINES_SQL = preparedStatement(
  `delete from catalog.invoice_lines where tenant_id = $1 and invoice_id = $2 returning product_id::text as product_id`,
);

/**
 * Applies one invoice event: the invoice's status and (when the event carries them) its product lines are kept if
 * the event is newer than what is stored (its updatedAt); a deletion is final. Then each affected product's invoice
 * move is set to what the invoice consumes now (−quantity, or 0), and its stock to the sum of its moves. A
 * redelivered or older event changes nothing; the kit's processed-message log skips exact repeats anyway.
 */
export async function applyInvoice(em: EntityManager, tenantId: string, subject: string, d: InvoiceData): Promise<void> {
  const linesBefore = () =>
    em.execute<{ product_id: string }[]>(
      `select distinct product_id::text as product_id from catalog.invoice_lines where tenant_id = ? and invoice_id = ?`,
      [tenantId, d.id],
    );
  let before: { product_id: string }[];
  if (subject === InvoiceEvents.Deleted) {
    before = await linesBefore();
    await em.execute(
      `insert into catalog.invoices (tenant_id, invoice_id, status, version, deleted) values (?, ?, ?, ?, true)
       on conflict (tenant_id, invoice_id) do update set deleted = true`,
      [tenantId, d.id, d.status, d.updatedAt],
    );
  } else {
    const applied = await executePrepared<{ invoice_id: string }>(em, UPSERT_INVOICE_SQL, [tenantId, d.id, d.status, d.updatedAt]);
    if (!applied.length) return; // older than what we have, or deleted
    if (d.productLines) {
      // The lines it had are the products it moved before: read as they are deleted (one statement, not two).
      before = await executePrepared<{ product_id: string }>(em, DELETE_LINES_SQL, [tenantId, d.id]);
      if (d.productLines.length)
        await em.execute(
          `insert into catalog.invoice_lines (tenant_id, invoice_id, product_id, quantity, amount)
           select ?::uuid, ?::bigint, l."productId", l.quantity::numeric, l.amount::numeric
             from jsonb_to_recordset(?::jsonb) as l ("productId" bigint, quantity text, amount text)`,
          [tenantId, d.id, JSON.stringify(d.productLines)],
        );
    } else {
      before = await linesBefore();
    }
  }
  const products = new Set([...before.map((r) => Number(r.product_id)), ...(d.productLines ?? []).map((l) => l.productId)]);
  if (!products.size) return;
  // Only products of this tenant that exist (an id of another tenant or a deleted product is not moved).
  const moved = await em.execute<{ id: string }[]>(
    `with want as (
       select p.id, coalesce((select sum(l.quantity) from catalog.invoice_lines l join catalog.invoices i
                on i.tenant_id = l.tenant_id and i.invoice_id = l.invoice_id
              where l.tenant_id = p.tenant_id and l.product_id = p.id and l.invoice_id = ?
                and not i.deleted and i.status in (${CONSUMING})), 0) as q
         from catalog.products p
        where p.tenant_id = ? and p.id in (select x::bigint from jsonb_array_elements_text(?::jsonb) x)
     )
     insert into catalog.stock_moves (tenant_id, product_id, quantity, reason, invoice_id, note)
     select ?::uuid, want.id, -want.q, 'invoice', ?::bigint, 'Invoice' from want
     on conflict (tenant_id, product_id, invoice_id) where reason = 'invoice'
       do update set quantity = excluded.quantity, updated_at = now()
     returning product_id::text as id`,
    [d.id, tenantId, JSON.stringify([...products]), tenantId, d.id],
  );
  await refreshStock(
    em,
    tenantId,
    moved.map((r) => Number(r.id)),
  );
}

/** Catalog's consumer of `evt.billing.invoice.*` (idempotent: the processed-message log + versions). */
export function invoiceLinesConsumer(ctx: ServiceContext): Promise<Subscription> {
  return consumeEvents({
    orm: ctx.orm,
    schema: ctx.schema,
    bus: ctx.bus,
    logger: ctx.logger,
    durable: 'catalog-invoices',
    batchSize: GROUP_COMMIT, // a burst of invoices shares transactions: these tables are the consumer's own
    subject: 'evt.billing.invoice.*',
    parse: (data) => InvoiceEventData.parse(data),
    handle: (event, em) => applyInvoice(em, event.tenantId, event.type, event.data),
  });
}
