import {
  CustomerCreatedData,
  CustomerDeletedData,
  CustomerEvents,
  CustomerUpdatedData,
  InvoiceEventData,
  InvoiceEvents,
  Product,
  ProductEvents,
  TaxRate,
  TaxRateEvents,
  type Customer,
} from '@billpoint/proto';
import {
  consumeEvents,
  executePrepared,
  GROUP_COMMIT,
  preparedStatement,
  readModel,
  type ServiceContext,
  type Subscription,
} from '@billpoint/kit';
import { z } from 'zod';
import { matchKey } from './match-key.ts';

/** Every invoice event: a prepared statement (kit), planned once per connection. */
const UPSERT_DRAFT_INVOICE_SQL =
  preparedStatement(`insert into ai.draft_invoices as x (tenant_id, id, customer_id, status, currency, issue_date, lines, version)
  values ($1, $2, $3, $4, $5, $6, $7::jsonb, $8)
  on conflict (tenant_id, id) do update set customer_id = excluded.customer_id, status = excluded.status,
    currency = excluded.currency, issue_date = excluded.issue_date, lines = coalesce(excluded.lines, x.lines),
    version = excluded.version
  where x.version is null or x.version <= excluded.version`);

const ById = z.object({ id: z.number().int() });

/**
 * What invoice drafts are made from, kept from the owning services' events (idempotent: the kit's processed-message
 * log and versioned upserts): the tenant's customers, products and tax rates (ids, names, prices, terms), and its
 * invoices' lines ("same as last month"). Read models rather than RPCs: a draft searches them by trigram similarity
 * in one statement each, within the 30 ms budget, and works while the owners are away.
 */
export function draftFacts(ctx: ServiceContext): Promise<Subscription>[] {
  const customers = readModel<Customer, number, string>(ctx, {
    table: 'draft_customers',
    durable: 'ai-draft-customers',
    subject: 'evt.customers.customer.*',
    upsertOn: { [CustomerEvents.Created]: CustomerCreatedData, [CustomerEvents.Updated]: CustomerUpdatedData },
    deleteOn: { [CustomerEvents.Deleted]: (d) => CustomerDeletedData.parse(d).id },
    key: (c) => c.id,
    version: (c) => c.updatedAt,
    columns: {
      name: (c) => c.name,
      company: (c) => c.company,
      email: (c) => c.email,
      match_key: (c) => matchKey(c.company ? `${c.name} ${c.company}` : c.name),
      currency: (c) => c.currency,
      payment_terms: (c) => c.paymentTerms,
      is_active: (c) => c.isActive,
    },
  });
  const products = readModel<Product, number, string>(ctx, {
    table: 'draft_products',
    durable: 'ai-draft-products',
    subject: 'evt.catalog.product.*',
    upsertOn: { [ProductEvents.Created]: Product, [ProductEvents.Updated]: Product },
    deleteOn: { [ProductEvents.Deleted]: (d) => ById.parse(d).id },
    key: (p) => p.id,
    version: (p) => p.updatedAt,
    columns: {
      name: (p) => p.name,
      sku: (p) => p.sku ?? null,
      match_key: (p) => matchKey(p.name),
      price: (p) => p.price,
      currency: (p) => p.currency,
      tax_rate: (p) => p.taxRate,
      is_active: (p) => p.isActive,
    },
  });
  const taxRates = readModel<TaxRate, number, string>(ctx, {
    table: 'draft_tax_rates',
    durable: 'ai-draft-tax-rates',
    subject: 'evt.tax.tax-rate.*',
    upsertOn: { [TaxRateEvents.Created]: TaxRate, [TaxRateEvents.Updated]: TaxRate },
    deleteOn: { [TaxRateEvents.Deleted]: (d) => ById.parse(d).id },
    key: (t) => t.id,
    version: (t) => t.updatedAt,
    columns: { name: (t) => t.name, rate: (t) => t.rate, is_active: (t) => t.isActive },
  });
  // Invoices: hand-written, as an event without `lines` (a bulk status change) keeps the lines it had.
  const invoices = consumeEvents({
    orm: ctx.orm,
    schema: ctx.schema,
    bus: ctx.bus,
    logger: ctx.logger,
    durable: 'ai-draft-invoices',
    batchSize: GROUP_COMMIT, // one row per invoice, written by this consumer only
    subject: 'evt.billing.invoice.*',
    parse: (d) => InvoiceEventData.parse(d),
    async handle(event, em) {
      const i = event.data;
      if (event.type === InvoiceEvents.Deleted) {
        await em.execute(
          `insert into ai.draft_invoices (tenant_id, id, deleted) values (?, ?, true) on conflict (tenant_id, id) do update set deleted = true`,
          [event.tenantId, i.id],
        );
        return;
      }
      await executePrepared(em, UPSERT_DRAFT_INVOICE_SQL, [
        event.tenantId,
        i.id,
        i.customerId,
        i.status,
        i.currency,
        i.issueDate,
        i.lines ? JSON.stringify(i.lines) : null,
        i.updatedAt,
      ]);
    },
  });
  return [customers.start(), products.start(), taxRates.start(), invoices];
}
