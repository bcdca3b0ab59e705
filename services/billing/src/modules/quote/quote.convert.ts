import { randomBytes } from 'node:crypto';
import { addDays, InvoiceEvents, QUOTE_CONVERTIBLE, QuoteEvents, termsDays, type QuoteConvertResult } from '@billpoint/proto';
import { addEvent, Conflict, type Identity, type PlanLimits, type ServiceContext } from '@billpoint/kit';
import { figures } from '../invoice/invoice.figures.ts';
import { taxRoundingOf } from '../invoice/invoice.tax.ts';
import { defaultRate } from '../exchange-rate/exchange-rate.sql.ts';
import { insertParams, MONTH_COUNT_SQL, type NewInvoice } from '../invoice/invoice.create.ts';
import { eventData, INSERT_INVOICES_SQL, toInvoice, type InvoiceRow } from '../invoice/invoice.sql.ts';
import { todayUtc } from './quote.create.ts';
import { loadQuote, quoteEventData } from './quote.sql.ts';
import { getQuote, lockQuote } from './quote.update.ts';

/**
 * The payment terms (days) of the quote's customer, else of the quote's template, else of the tenant's default
 * template, else 30.
 */
async function paymentTerms(ctx: ServiceContext, tenantId: string, customerId: number, templateId: number | null): Promise<number> {
  const [row] = await ctx.reader.query<{ customer: number | null; organization: number | null }>(
    tenantId,
    `select (select payment_terms from billing.customers where tenant_id = $1 and id = $2 and not deleted) as customer,
            (select payment_terms from billing.invoice_templates where tenant_id = $1 and (id = $3 or is_default)
              order by (id = $3) desc limit 1) as organization`,
    [tenantId, customerId, templateId ?? 0],
  );
  return termsDays(row?.customer, row?.organization);
}

const alreadyConverted = (quoteNumber: string, invoiceNumber: string | null) =>
  new Conflict(
    invoiceNumber
      ? `Quote ${quoteNumber} has already been converted into invoice ${invoiceNumber}`
      : `Quote ${quoteNumber} has already been converted into an invoice`,
  );

/**
 * POST /api/quotes/{id}/convert → `{invoiceId}`. Rule: from draft, sent, viewed or accepted (a declined or expired
 * quote is not a deal; edit a copy instead), once. ONE transaction: the quote row locked (so of two concurrent converts
 * the second waits, then sees `converted` and gets the 409 naming the invoice), the plan's invoice limit, a draft
 * invoice with the quote's customer, currency, lines (their tax as stored on the quote), notes, terms, discount,
 * shipping and template, issued today and due after the customer's payment terms (else the template's), `quote_id` naming the quote; the
 * quote becomes converted with `convertedInvoiceId`; `invoice.created` and `quote.converted` in the outbox.
 */
export async function convertQuote(ctx: ServiceContext, limits: PlanLimits, id: Identity, quoteId: number): Promise<QuoteConvertResult> {
  const before = await getQuote(ctx, id, quoteId); // 404 first
  const issueDate = todayUtc();
  const dueDate = addDays(issueDate, await paymentTerms(ctx, id.tenantId, before.customerId, before.templateId));
  const limit = await limits.check(id.tenantId, 'invoices');
  // The invoice takes the rate of its own day, as one made by hand does.
  const exchangeRate = await defaultRate(ctx, id.tenantId, before.currency, issueDate, 'currency');
  const rounding = await taxRoundingOf(ctx, id.tenantId);
  return ctx.tx(id, async (em) => {
    const q = await lockQuote(em, id.tenantId, quoteId);
    if (q.status === 'converted') {
      const [inv] = q.convertedInvoiceId
        ? await em.execute<{ invoice_number: string }[]>(`select invoice_number from billing.invoices where id = ? and tenant_id = ?`, [
            q.convertedInvoiceId,
            id.tenantId,
          ])
        : [];
      throw alreadyConverted(q.quoteNumber, inv?.invoice_number ?? null);
    }
    if (!QUOTE_CONVERTIBLE.includes(q.status))
      throw new Conflict(`Quote ${q.quoteNumber} is ${q.status}; only draft, sent, viewed or accepted quotes can be converted`);
    await limit(em, async (tem, max) => (await tem.execute<{ n: number }[]>(MONTH_COUNT_SQL, [id.tenantId, max]))[0]!.n);
    const f = figures(
      q.items ?? [],
      {
        taxRate: '0.00',
        discountAmount: q.discountAmount,
        shippingAmount: q.shippingAmount,
        exchangeRate,
        currency: q.currency,
        rounding,
      },
      '',
    );
    const item: NewInvoice = {
      identity: id,
      customerId: q.customerId,
      issueDate,
      dueDate,
      currency: q.currency,
      exchangeRate,
      taxRate: '0.00',
      notes: q.notes,
      terms: q.terms,
      paymentInstructions: null,
      templateId: q.templateId,
      publicToken: randomBytes(32).toString('base64url'),
      figures: f,
      quoteId: q.id,
    };
    const [row] = await em.execute<InvoiceRow[]>(INSERT_INVOICES_SQL, [...insertParams([item]), id.tenantId]);
    if (!row) throw new Conflict(`The customer of quote ${q.quoteNumber} no longer exists; the quote cannot be converted`);
    const invoice = toInvoice(row);
    await em.execute(
      `update billing.quotes set status = 'converted', converted_invoice_id = ?, updated_at = now() where id = ? and tenant_id = ?`,
      [invoice.id, q.id, id.tenantId],
    );
    const converted = (await loadQuote(em, id.tenantId, q.id))!;
    addEvent(em, { subject: InvoiceEvents.Created, tenantId: id.tenantId, actorId: id.userId, data: eventData(invoice) });
    addEvent(em, { subject: QuoteEvents.Converted, tenantId: id.tenantId, actorId: id.userId, data: quoteEventData(converted) });
    return { invoiceId: invoice.id };
  });
}
