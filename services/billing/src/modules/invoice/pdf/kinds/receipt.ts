import type { BillTo, DocumentKind, PdfLine } from './kind.ts';

/** A receipt as the PDF draws it: the money received and the invoices it settled. */
export interface ReceiptDocument {
  receiptNumber: string;
  currency: string;
  total: string;
  /** How it was paid, in words ("Card", "Bank transfer"). */
  method: string;
  paidAt: string;
  customer: BillTo | null;
  allocations: { invoiceNumber: string; amount: string }[];
}

/**
 * A payment receipt in the invoice's look: titled "Receipt" with its number, the day the money arrived and how, a
 * line per invoice settled and the total received. English words (receipts have no template language yet).
 */
export function receiptKind(r: ReceiptDocument): DocumentKind {
  const items: PdfLine[] = r.allocations.map((a) => ({
    description: `Payment for invoice ${a.invoiceNumber}`,
    quantity: '1',
    rate: a.amount,
    amount: a.amount,
  }));
  const day = r.paidAt.slice(0, 10);
  return {
    number: r.receiptNumber,
    currency: r.currency,
    createdAt: r.paidAt,
    billTo: r.customer,
    items,
    title: () => 'Receipt',
    details: (s) => [
      ['Receipt number', r.receiptNumber],
      ['Payment date', s.date(day)],
      ['Payment method', r.method],
    ],
    totals: (s) => [{ label: 'Total received', value: s.money(r.total), strong: true }],
    highlight: (s) => ({ label: 'Total received', value: s.money(r.total), note: `Paid on ${s.date(day)} · ${r.method}` }),
    closing: () => [['Thank you', 'Thank you for your payment. This receipt confirms the amount received.']],
  };
}
