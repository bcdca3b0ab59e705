import type { CreditNote, Invoice, InvoiceCustomer, InvoiceItem, TemplateFont, TemplateLayout } from '@billpoint/proto';
import { BUILT_IN_DESIGN, type PdfDesign, type ReceiptDocument } from '../../src/modules/invoice/pdf/index.ts';
import { openPdf } from './pdf.ts';

/**
 * Documents as the PDF module takes them, built in memory (no stack): for tests of what the PDF prints, where the
 * data's way through the services is not the point.
 */
export const pdfCustomer = (o: Partial<InvoiceCustomer> = {}): InvoiceCustomer => ({
  id: 7,
  name: 'Erika Mustermann',
  email: 'erika@example.test',
  phone: null,
  address: null,
  company: null,
  ...o,
});

export const pdfLine = (description: string, i = 0): InvoiceItem => ({
  id: i + 1,
  productId: null,
  description,
  quantity: '1',
  rate: '100.00',
  amount: '100.00',
  taxRate: '0.00',
  taxAmount: '0.00',
  taxRateId: null,
  taxRateName: null,
  taxType: null,
});

export function pdfInvoice(o: Partial<Invoice> = {}): Invoice {
  const items = o.items ?? [pdfLine('Consulting')];
  const total = `${items.length * 100}.00`;
  return {
    id: 1,
    invoiceNumber: 'INV-0042',
    customerId: 7,
    customer: pdfCustomer(),
    status: 'sent',
    lifecycle: 'issued',
    paymentStatus: 'unpaid',
    overdue: false,
    issueDate: '2026-01-05',
    dueDate: '2026-02-04',
    currency: 'EUR',
    exchangeRate: '1.000000',
    subtotal: total,
    taxRate: '0.00',
    taxAmount: '0.00',
    discountAmount: '0.00',
    shippingAmount: '0.00',
    total,
    totalInBaseCurrency: total,
    notes: null,
    terms: null,
    paymentInstructions: null,
    sentAt: null,
    viewedAt: null,
    paidAt: null,
    remindersSent: 0,
    lastReminderAt: null,
    recurringInvoiceId: null,
    quoteId: null,
    templateId: null,
    amountPaid: '0.00',
    balanceDue: total,
    creditedAmount: '0.00',
    creditApplied: '0.00',
    metadata: {},
    createdAt: '2026-01-05T10:00:00.000Z',
    updatedAt: '2026-01-05T10:00:00.000Z',
    ...o,
    items,
  };
}

export function pdfCreditNote(o: Partial<CreditNote> = {}): CreditNote {
  return {
    id: 1,
    creditNoteNumber: 'CN-0001',
    invoiceId: 1,
    invoiceNumber: 'INV-0042',
    invoiceIssueDate: '2026-01-05',
    customerId: 7,
    customer: { name: 'Erika Mustermann', email: 'erika@example.test' },
    issueDate: '2026-01-10',
    currency: 'EUR',
    reason: 'Returned goods',
    resolution: 'reduce_balance',
    subtotal: '100.00',
    taxAmount: '0.00',
    total: '100.00',
    exchangeRate: '1.000000',
    totalInBaseCurrency: '100.00',
    refundStatus: null,
    refundedAmount: '0.00',
    items: [{ ...pdfLine('Consulting'), invoiceItemId: 1 }],
    taxLines: [],
    metadata: {},
    createdAt: '2026-01-10T10:00:00.000Z',
    createdBy: null,
    ...o,
  };
}

export const pdfReceipt = (customer: ReceiptDocument['customer']): ReceiptDocument => ({
  receiptNumber: 'RCT-0001',
  currency: 'EUR',
  total: '100.00',
  method: 'Bank transfer',
  paidAt: '2026-01-12T10:00:00.000Z',
  customer,
  allocations: [{ invoiceNumber: 'INV-0042', amount: '100.00' }],
});

export const pdfDesign = (layout: TemplateLayout, fontFamily: TemplateFont = 'Inter', o: Partial<PdfDesign['settings']> = {}) => ({
  settings: { ...BUILT_IN_DESIGN.settings, layout, fontFamily, ...o },
  logo: null,
});

/** Every character a page shows with its box (x0, x1 in points from the left, the baseline's y from the top). */
export function pdfGlyphs(pdf: Buffer, page = 0): { c: string; x0: number; x1: number; y: number }[] {
  const doc = openPdf(pdf);
  try {
    const p = doc.loadPage(page);
    const st = p.toStructuredText('preserve-whitespace');
    const out: { c: string; x0: number; x1: number; y: number }[] = [];
    st.walk({
      onChar(c, origin, _font, _size, q) {
        out.push({ c, x0: Math.min(q[0], q[4]), x1: Math.max(q[2], q[6]), y: origin[1] });
      },
    });
    st.destroy();
    p.destroy();
    return out;
  } finally {
    doc.destroy();
  }
}
