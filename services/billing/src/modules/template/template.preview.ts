import { addDays, type Invoice, type TemplatePreviewBody, type TemplateSettings } from '@billpoint/proto';
import type { z } from 'zod';
import type { ServiceContext } from '@billpoint/kit';
import { invoicePdf } from '../invoice/pdf/index.ts';
import { loadSender } from '../invoice/invoice.send.ts';
import { designOf } from './design.ts';

type PreviewInput = z.output<typeof TemplatePreviewBody>;

/** A sample invoice to show a template with: three lines, two tax rates, a discount, text in several scripts. */
export function sampleInvoice(
  settings: Pick<TemplateSettings, 'currency' | 'paymentTerms'>,
  today = new Date().toISOString().slice(0, 10),
): Invoice {
  const items = [
    {
      description: 'Brand workshop — Zürich (2 days)',
      quantity: '2.00',
      rate: '1200.00',
      amount: '2400.00',
      taxRate: '20.00',
      taxAmount: '480.00',
    },
    {
      description: 'Перевод сайта · Μετάφραση · Tłumaczenie',
      quantity: '12.00',
      rate: '45.50',
      amount: '546.00',
      taxRate: '20.00',
      taxAmount: '109.20',
    },
    { description: 'Hosting (12 months)', quantity: '1.00', rate: '240.00', amount: '240.00', taxRate: '10.00', taxAmount: '24.00' },
  ];
  return {
    id: 0,
    invoiceNumber: 'INV-0001',
    customerId: 0,
    customer: {
      id: 0,
      name: 'Zoë Ørsted',
      email: 'zoe@example.com',
      phone: '+45 12 34 56 78',
      address: 'Nørregade 1, 1165 København',
      company: 'Ørsted & Co.',
    },
    status: 'draft',
    lifecycle: 'draft',
    paymentStatus: 'unpaid',
    overdue: false,
    issueDate: today,
    dueDate: addDays(today, settings.paymentTerms),
    currency: settings.currency,
    exchangeRate: '1.000000',
    subtotal: '3186.00',
    taxRate: '0.00',
    taxAmount: '613.20',
    discountAmount: '100.00',
    shippingAmount: '0.00',
    total: '3699.20',
    totalInBaseCurrency: '3699.20',
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
    balanceDue: '3699.20',
    creditedAmount: '0.00',
    creditApplied: '0.00',
    metadata: {},
    createdAt: `${today}T00:00:00.000Z`,
    updatedAt: `${today}T00:00:00.000Z`,
    items: items.map((it, i) => ({ id: i + 1, productId: null, taxRateId: null, taxRateName: null, taxType: null, ...it })),
  };
}

/** POST /api/invoice-templates/preview: the sample invoice drawn with unsaved settings, as the tenant's seller. */
export async function previewPdf(ctx: ServiceContext, tenantId: string, input: PreviewInput): Promise<PDFKit.PDFDocument> {
  const { name: _name, ...settings } = input;
  const sender = await loadSender(ctx, tenantId);
  // A template without a logo of its own shows the organization's, as its documents will.
  const design = await designOf(ctx, tenantId, settings as TemplateSettings, sender.logoUrl ?? null);
  return invoicePdf(sampleInvoice(settings), { name: sender.name ?? 'Your Company' }, design);
}
