import { QUOTE_EDITABLE, QUOTE_DELETABLE, QuoteEvents, type Quote, type QuotePatch, type QuoteUpdate } from '@billpoint/proto';
import { addEvent, Conflict, NotFound, storedMetadata, type EntityManager, type Identity, type ServiceContext } from '@billpoint/kit';
import { ensureCustomer, prepareQuote, templateRefusal } from './quote.create.ts';
import { GET_QUOTE_SQL, loadQuote, quoteEventData, toQuote, writeQuoteItems, type QuoteRow } from './quote.sql.ts';

type Tenant = Pick<Identity, 'tenantId'>;

const notFound = () => new NotFound('Quote not found');

/** GET /api/quotes/{id}: the quote with its lines and public token; 404 when the tenant has none. */
export async function getQuote(ctx: ServiceContext, id: Tenant, quoteId: number): Promise<Quote> {
  const [row] = await ctx.reader.query<QuoteRow>(id.tenantId, GET_QUOTE_SQL, [quoteId, id.tenantId]);
  if (!row) throw notFound();
  return toQuote(row);
}

/** The quote locked in the transaction; 404 when the tenant has none. */
export async function lockQuote(em: EntityManager, tenantId: string, quoteId: number): Promise<Quote> {
  const quote = await loadQuote(em, tenantId, quoteId, true);
  if (!quote) throw notFound();
  return quote;
}

/**
 * PUT /api/quotes/{id}: the fields and lines are replaced. Rule: a quote is edited while draft, sent or viewed (the
 * customer may be looking at it: a sent or viewed quote keeps its status, and its public page shows the new version);
 * once accepted, declined, expired or converted it is a record of what was offered and answered, so a 409.
 */
export async function updateQuote(ctx: ServiceContext, id: Identity, quoteId: number, input: QuoteUpdate): Promise<Quote> {
  const before = await getQuote(ctx, id, quoteId); // 404 first: another tenant's id never reaches the other checks
  if (input.quote.customerId !== before.customerId) await ensureCustomer(ctx, id.tenantId, input.quote.customerId);
  const { issueDate, currency, exchangeRate, figures: f } = await prepareQuote(ctx, id.tenantId, input, before);
  const q = input.quote;
  return ctx.tx(id, async (em) => {
    const current = await lockQuote(em, id.tenantId, quoteId);
    if (!QUOTE_EDITABLE.includes(current.status))
      throw new Conflict(`Quote ${current.quoteNumber} is ${current.status} and can no longer be edited`);
    await em
      .execute(
        `update billing.quotes set customer_id = ?, issue_date = ?, valid_until = ?, currency = ?, exchange_rate = ?, subtotal = ?,
           tax_amount = ?, discount_amount = ?, shipping_amount = ?, total = ?, total_in_base_currency = ?, notes = ?, terms = ?,
           template_id = ?, metadata = ?::jsonb, updated_at = now()
         where id = ? and tenant_id = ?`,
        [
          q.customerId,
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
          JSON.stringify(storedMetadata(current.metadata, q.metadata)),
          quoteId,
          id.tenantId,
        ],
      )
      .catch((err: unknown) => {
        throw templateRefusal(err);
      });
    await em.execute(`delete from billing.quote_items where quote_id = ? and tenant_id = ?`, [quoteId, id.tenantId]);
    await writeQuoteItems(em, id.tenantId, quoteId, f.lines);
    const updated = (await loadQuote(em, id.tenantId, quoteId))!;
    addEvent(em, { subject: QuoteEvents.Updated, tenantId: id.tenantId, actorId: id.userId, data: quoteEventData(updated) });
    return updated;
  });
}

/** PATCH /api/quotes/{id} (the public API): the stored quote with the fields sent, then the same rules as PUT. */
export async function patchQuote(ctx: ServiceContext, id: Identity, quoteId: number, patch: QuotePatch): Promise<Quote> {
  const q = await getQuote(ctx, id, quoteId);
  const kept = <K extends keyof QuotePatch & keyof Quote>(k: K) => (patch[k] === undefined ? q[k] : patch[k]) as Quote[K];
  const items =
    patch.items ??
    (q.items ?? []).map((it) => ({
      id: it.id,
      description: it.description,
      quantity: it.quantity,
      rate: it.rate,
      taxRate: it.taxRate,
      taxRateId: it.taxRateId,
      productId: it.productId,
    }));
  const input: QuoteUpdate = {
    quote: {
      customerId: kept('customerId'),
      issueDate: kept('issueDate'),
      validUntil: kept('validUntil'),
      currency: kept('currency'),
      // Left out: the stored rate while currency and day stay, else the new day's (prepareQuote).
      exchangeRate: patch.exchangeRate,
      discountAmount: kept('discountAmount'),
      shippingAmount: kept('shippingAmount'),
      notes: kept('notes'),
      terms: kept('terms'),
      templateId: kept('templateId'),
      metadata: patch.metadata,
    },
    items,
  };
  return updateQuote(ctx, id, quoteId, input);
}

/**
 * DELETE /api/quotes/{id}. Rule: only a quote that was never sent (draft) or is closed without a deal (declined,
 * expired). A sent or viewed one may be in the customer's hands (withdraw it by letting it expire or editing it); an
 * accepted or converted one is the record behind an agreement or an invoice. The deleted event carries it as it was.
 */
export async function deleteQuote(ctx: ServiceContext, id: Identity, quoteId: number): Promise<void> {
  await ctx.tx(id, async (em) => {
    const current = await lockQuote(em, id.tenantId, quoteId);
    if (!QUOTE_DELETABLE.includes(current.status))
      throw new Conflict(`Quote ${current.quoteNumber} is ${current.status}; only draft, declined or expired quotes can be deleted`);
    await em.execute(`delete from billing.quotes where id = ? and tenant_id = ?`, [quoteId, id.tenantId]);
    addEvent(em, { subject: QuoteEvents.Deleted, tenantId: id.tenantId, actorId: id.userId, data: quoteEventData(current) });
  });
}
