import type { Invoice, Quote } from '@billpoint/proto';
import type { ServiceContext } from '@billpoint/kit';
import { pdfBuffer, quotePdfDocument } from '../invoice/pdf/index.ts';
import { loadSender, type PdfSender } from '../invoice/invoice.send.ts';

/**
 * The quote in the shape the invoice layouts draw: its number in the number's place, validUntil in the due date's
 * place (labelled "Valid Until" by the quote's words), nothing paid, no payment instructions — so the four layouts draw
 * a quote without a copy of themselves (pdf/kinds/quote.ts: title "Quote", no payment terms, no balance).
 */
function asDocument(q: Quote): Invoice {
  return {
    id: q.id,
    invoiceNumber: q.quoteNumber,
    customerId: q.customerId,
    customer: q.customer,
    status: 'draft',
    lifecycle: 'draft',
    paymentStatus: 'unpaid',
    overdue: false,
    issueDate: q.issueDate,
    dueDate: q.validUntil,
    currency: q.currency,
    exchangeRate: '1.000000',
    subtotal: q.subtotal,
    taxRate: '0.00',
    taxAmount: q.taxAmount,
    discountAmount: q.discountAmount,
    shippingAmount: q.shippingAmount,
    total: q.total,
    totalInBaseCurrency: q.total,
    notes: q.notes,
    terms: q.terms,
    paymentInstructions: null,
    sentAt: q.sentAt,
    viewedAt: q.viewedAt,
    paidAt: null,
    remindersSent: 0,
    lastReminderAt: null,
    recurringInvoiceId: null,
    quoteId: null,
    templateId: q.templateId,
    amountPaid: '0.00',
    creditedAmount: '0.00',
    creditApplied: '0.00',
    balanceDue: q.total,
    metadata: q.metadata,
    createdAt: q.createdAt,
    updatedAt: q.updatedAt,
    items: q.items ?? [],
  };
}

export const quoteFilename = (q: Quote) => `quote-${q.quoteNumber}.pdf`;

/** GET /api/quotes/{id}/pdf: the quote in its template's layout (the tenant's default, else the built-in classic). */
export async function quotePdf(ctx: ServiceContext, tenantId: string, q: Quote) {
  const sender = await loadSender(ctx, tenantId);
  return { filename: quoteFilename(q), stream: quotePdfDocument(asDocument(q), sender, await sender.design(q.templateId)) };
}

/** The quote PDF in memory (the e-mail attachment). */
export async function quotePdfBuffer(q: Quote, sender: PdfSender): Promise<Buffer> {
  return pdfBuffer(quotePdfDocument(asDocument(q), sender, await sender.design(q.templateId)));
}
