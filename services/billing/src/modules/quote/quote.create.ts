import { randomBytes } from 'node:crypto';
import { QuoteEvents, type InvoiceItem, type Quote, type QuoteCreate, type QuoteUpdate } from '@billpoint/proto';
import { addEvent, AppError, Invalid, storedMetadata, type Identity, type ServiceContext } from '@billpoint/kit';
import { defaultRate } from '../exchange-rate/exchange-rate.sql.ts';
import { documentCurrency } from '../readmodel/document-currency.ts';
import { figures, type Figures } from '../invoice/invoice.figures.ts';
import { resolveLineTax, taxRoundingOf } from '../invoice/invoice.tax.ts';
import { checkProducts } from '../readmodel/products.ts';
import { customerReadModel } from '../readmodel/customers.read-model.ts';
import { loadQuote, quoteEventData, writeQuoteItems } from './quote.sql.ts';

export const todayUtc = () => new Date().toISOString().slice(0, 10);

/** The default quote number prefix (the tenant's own is kept in billing.document_sequences). */
export const QUOTE_PREFIX = 'QUO';

/** A template the tenant does not have (the composite foreign key) is a 400 on the field. */
export function templateRefusal(err: unknown): unknown {
  if ((err as { constraint?: string }).constraint === 'quotes_template_fk') return new Invalid('Template not found', 'quote.templateId');
  return err;
}

/**
 * The quote's exchange rate, as an invoice's (exchange-rate.sql.ts): the one typed; else, on create or when the
 * currency or issue date changes, the rate in force on the issue date (400 on `quote.exchangeRate` when a foreign
 * currency has none); else the stored one. A sent or viewed quote can still be edited, so a new currency or day takes
 * its rate whatever the status (a quote counts nothing in the books until it becomes an invoice).
 */
async function quoteRate(
  ctx: ServiceContext,
  tenantId: string,
  currency: string,
  issueDate: string,
  typed?: string | null,
  before?: Quote,
) {
  if (typed != null) return typed;
  if (before && before.currency === currency && before.issueDate === issueDate) return before.exchangeRate;
  return defaultRate(ctx, tenantId, currency, issueDate, 'quote.exchangeRate');
}

/**
 * Everything checked and computed before a transaction: the exchange rate (quoteRate), each line's tax (a named tax rate must be active and valid on
 * the issue date; `kept` rates a quote already carries keep what they were stored with while its issue date stays),
 * the products (a product new to the quote must be an active one), the figures (the invoice arithmetic of proto).
 */
export async function prepareQuote(
  ctx: ServiceContext,
  tenantId: string,
  input: QuoteCreate | QuoteUpdate,
  before?: Quote,
): Promise<{ issueDate: string; currency: string; exchangeRate: string; figures: Figures }> {
  const q = input.quote;
  const issueDate = q.issueDate ?? before?.issueDate ?? todayUtc();
  if (q.validUntil < issueDate) throw new Invalid('Valid until cannot be before the issue date', 'quote.validUntil');
  const named = new Set((before?.items ?? []).map((it) => it.productId));
  await checkProducts(
    ctx,
    tenantId,
    input.items.map((it) => (named.has(it.productId ?? null) ? { ...it, productId: null } : it)),
  );
  const kept = new Map<number, InvoiceItem>();
  if (before && issueDate === before.issueDate)
    for (const it of before.items ?? []) if (it.taxRateId != null && !kept.has(it.taxRateId)) kept.set(it.taxRateId, it);
  const items = await resolveLineTax(ctx, tenantId, issueDate, input.items, kept, "the quote's issue date");
  // Left out: a quote being edited keeps its currency; a new one takes its customer's, else the organization's.
  const currency = q.currency ?? before?.currency ?? (await documentCurrency(ctx, tenantId, q.customerId));
  const exchangeRate = await quoteRate(ctx, tenantId, currency, issueDate, q.exchangeRate, before);
  const rounding = await taxRoundingOf(ctx, tenantId);
  try {
    return {
      issueDate,
      currency,
      exchangeRate,
      figures: figures(items, { ...q, currency, taxRate: '0.00', exchangeRate, rounding }, 'quote.'),
    };
  } catch (err) {
    // The invoice arithmetic's refusals speak of an invoice: the same refusal, in the quote's words.
    if (err instanceof AppError && err.statusCode === 400)
      throw new Invalid(err.message.replace(/invoice/gi, 'quote'), err.issues?.[0]?.path ?? 'quote.discountAmount');
    throw err;
  }
}

/** The customer must exist in the tenant: from the read model, else asked from customers (and remembered). */
export async function ensureCustomer(ctx: ServiceContext, tenantId: string, customerId: number): Promise<void> {
  if (!(await customerReadModel(ctx).get(tenantId, customerId))) throw new Invalid('Customer not found', 'quote.customerId');
}

/**
 * The quote row, its number claimed by `billing.claim_document_number` inside this INSERT (the tenant's quote counter
 * row is locked from here to the commit, so a tenant's creates number one after another, and a rollback undoes the
 * claim: gap-free). A customer not in the read model (or deleted) inserts nothing and claims no number.
 */
const INSERT_QUOTE_SQL = `insert into billing.quotes (tenant_id, user_id, customer_id, quote_number, issue_date, valid_until, currency,
    exchange_rate, subtotal, tax_amount, discount_amount, shipping_amount, total, total_in_base_currency, notes, terms, template_id,
    public_token, metadata)
  select c.tenant_id, ?, c.id, billing.claim_document_number(c.tenant_id, 'quote', '${QUOTE_PREFIX}'), ?::date, ?::date, ?,
    ?::numeric, ?::numeric, ?::numeric, ?::numeric, ?::numeric, ?::numeric, ?::numeric, ?, ?, ?::bigint, ?, ?::jsonb
  from billing.customers c where c.tenant_id = ?::uuid and c.id = ? and not c.deleted
  returning id::text as id`;

/**
 * POST /api/quotes: a draft quote. Number, quote, lines and `quote.created` in one transaction; nothing is written
 * (and no number used) when anything fails.
 */
export async function createQuote(ctx: ServiceContext, id: Identity, input: QuoteCreate): Promise<Quote> {
  const { issueDate, currency, exchangeRate, figures: f } = await prepareQuote(ctx, id.tenantId, input);
  const q = input.quote;
  const token = randomBytes(32).toString('base64url');
  const attempt = () =>
    ctx.tx(id, async (em) => {
      const [row] = await em
        .execute<{ id: string }[]>(INSERT_QUOTE_SQL, [
          id.userId,
          issueDate,
          q.validUntil,
          currency,
          exchangeRate,
          f.subtotal,
          f.taxAmount,
          f.discountAmount,
          f.shippingAmount,
          f.total,
          f.totalInBaseCurrency,
          q.notes ?? null,
          q.terms ?? null,
          q.templateId,
          token,
          JSON.stringify(storedMetadata(null, q.metadata)),
          id.tenantId,
          q.customerId,
        ])
        .catch((err: unknown) => {
          throw templateRefusal(err);
        });
      if (!row) return null;
      await writeQuoteItems(em, id.tenantId, Number(row.id), f.lines);
      const quote = (await loadQuote(em, id.tenantId, Number(row.id)))!;
      addEvent(em, { subject: QuoteEvents.Created, tenantId: id.tenantId, actorId: id.userId, data: quoteEventData(quote) });
      return quote;
    });
  const created = await attempt();
  if (created) return created;
  // The customer is not in the read model yet (created a moment ago) or not the tenant's: ask, then once more.
  await ensureCustomer(ctx, id.tenantId, q.customerId);
  const retried = await attempt();
  if (!retried) throw new Invalid('Customer not found', 'quote.customerId');
  return retried;
}
