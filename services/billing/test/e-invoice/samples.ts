import { computeInvoice, type CreditNote, type Invoice, type InvoiceItem } from '@billpoint/proto';
import type { Parties, RateCategory } from '../../src/modules/e-invoice/document.ts';
import { baseAmount } from '../../src/modules/invoice/invoice.figures.ts';

/**
 * Sample documents for the e-invoice validation matrix: domestic (with a discount and shipping), EU reverse charge,
 * multi-rate, a credit note and a foreign-currency invoice. Figures computed the way billing computes them (the tax
 * engine: discount and shipping inside the VAT of the lines they belong to).
 */
export const SELLER: Parties['seller'] = {
  name: 'Nordlicht Software & Design GmbH',
  vatId: 'DE123456789',
  street: 'Hauptstraße 1',
  city: 'Berlin',
  postalCode: '10115',
  country: 'DE',
  email: 'billing@nordlicht.example',
  phone: '+49 30 1234567',
  iban: 'DE89370400440532013000',
  accountHolder: 'Nordlicht Software GmbH',
  bic: 'COBADEFFXXX',
};

export const DOMESTIC_BUYER: Parties['buyer'] = {
  name: 'Stadtwerke Musterstadt',
  vatId: null,
  street: 'Rathausplatz 5',
  city: 'Musterstadt',
  postalCode: '12345',
  country: 'DE',
  email: 'einkauf@stadtwerke.example',
  phone: null,
  buyerReference: '04011000-12345-34',
};

export const EU_BUYER: Parties['buyer'] = {
  name: 'Atelier Lumière SARL',
  vatId: 'FR40303265045',
  street: '12 rue de la Paix',
  city: 'Paris',
  postalCode: '75002',
  country: 'FR',
  email: 'compta@lumiere.example',
  phone: '+33 1 23 45 67 89',
  buyerReference: 'PO-2026-118',
};

/** Tax rates of the samples by id: 1 standard 19 %, 2 reduced 7 %, 3 reverse charge, 4 exempt. */
export const RATES = new Map<number, RateCategory & { rate: string; name: string }>([
  [1, { rate: '19.00', name: 'USt 19 %', category: 'S', exemptionReason: null, exemptionReasonCode: null }],
  [2, { rate: '7.00', name: 'USt 7 %', category: 'S', exemptionReason: null, exemptionReasonCode: null }],
  [3, { rate: '0.00', name: 'Reverse charge', category: 'AE', exemptionReason: 'Reverse charge', exemptionReasonCode: 'VATEX-EU-AE' }],
  [
    4,
    {
      rate: '0.00',
      name: 'Exempt (education)',
      category: 'E',
      exemptionReason: 'Exempt under Art. 132 VAT Directive',
      exemptionReasonCode: null,
    },
  ],
]);

type Line = { description: string; quantity: string; rate: string; taxRateId: number };

type Figures = ReturnType<typeof computeInvoice>;

function items(lines: readonly Line[], f: Figures): InvoiceItem[] {
  return lines.map((l, i) => ({
    id: i + 1,
    productId: null,
    description: l.description,
    quantity: l.quantity,
    rate: l.rate,
    amount: f.lines[i]!.amount,
    taxRate: f.lines[i]!.taxRate,
    taxAmount: f.lines[i]!.taxAmount,
    discountShare: f.lines[i]!.discountShare,
    shippingShare: f.lines[i]!.shippingShare,
    taxRateId: l.taxRateId,
    taxRateName: RATES.get(l.taxRateId)!.name,
    taxType: 'vat',
  }));
}

export function invoice(
  number: string,
  lines: readonly Line[],
  o: { currency?: string; exchangeRate?: string; discountAmount?: string; shippingAmount?: string; amountPaid?: string } = {},
): Invoice {
  const f = computeInvoice(
    lines.map((l) => ({ ...l, taxRate: RATES.get(l.taxRateId)!.rate })),
    { discountAmount: o.discountAmount ?? '0', shippingAmount: o.shippingAmount ?? '0', currency: o.currency ?? 'EUR' },
  );
  const its = items(lines, f);
  return {
    id: 1,
    invoiceNumber: number,
    customerId: 1,
    customer: null,
    status: 'sent',
    lifecycle: 'issued',
    paymentStatus: 'unpaid',
    overdue: false,
    issueDate: '2026-11-20',
    dueDate: '2026-12-20',
    currency: o.currency ?? 'EUR',
    exchangeRate: o.exchangeRate ?? '1.000000',
    subtotal: f.subtotal,
    taxRate: '0.00',
    taxAmount: f.taxAmount,
    discountAmount: f.discountAmount,
    shippingAmount: f.shippingAmount,
    total: f.total,
    totalInBaseCurrency: f.total,
    notes: 'Thank you for your business.',
    terms: 'Payable within 30 days.',
    paymentInstructions: null,
    sentAt: null,
    viewedAt: null,
    paidAt: null,
    remindersSent: 0,
    lastReminderAt: null,
    recurringInvoiceId: null,
    quoteId: null,
    templateId: null,
    amountPaid: o.amountPaid ?? '0.00',
    balanceDue: f.total,
    creditedAmount: '0.00',
    creditApplied: '0.00',
    metadata: {},
    createdAt: '2026-11-20T10:00:00.000Z',
    updatedAt: '2026-11-20T10:00:00.000Z',
    items: its,
  };
}

export function creditNote(of: Invoice, lineIndexes: readonly number[]): CreditNote {
  const its = lineIndexes.map((i) => ({ ...of.items![i]!, invoiceItemId: of.items![i]!.id }));
  const subtotal = computeInvoice(its).subtotal;
  const taxAmount = computeInvoice(its).taxAmount;
  return {
    id: 1,
    creditNoteNumber: 'CN-0001',
    invoiceId: of.id,
    invoiceNumber: of.invoiceNumber,
    invoiceIssueDate: of.issueDate,
    customerId: of.customerId,
    customer: null,
    issueDate: '2026-11-25',
    currency: of.currency,
    reason: 'Returned goods',
    resolution: 'reduce_balance',
    subtotal,
    taxAmount,
    total: computeInvoice(its).total,
    exchangeRate: of.exchangeRate,
    totalInBaseCurrency: baseAmount(computeInvoice(its).total, of.exchangeRate),
    refundStatus: null,
    refundedAmount: '0.00',
    items: its,
    taxLines: [],
    metadata: {},
    createdAt: '2026-11-25T10:00:00.000Z',
    createdBy: null,
  };
}
