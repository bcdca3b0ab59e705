import { sumMoney, type InvoiceItem } from '@billpoint/proto';

/**
 * The summary of the invoice view. Spec core §5 reads Total as the sum of the item amounts and Subtotal as Total
 * minus Tax, which holds only when amounts include their tax; ours do not (amount = quantity × rate, tax on top,
 * as the server, the list and the PDF compute it), and products now put tax on lines. So: Subtotal is the sum of
 * the amounts, Tax the sum of the items' tax, Total their sum. Exact decimals (proto money), never floats.
 */
export function viewFigures(items: readonly Pick<InvoiceItem, 'amount' | 'taxAmount'>[]) {
  const subtotal = sumMoney(items.map((it) => it.amount || '0'));
  const tax = sumMoney(items.map((it) => it.taxAmount || '0'));
  return { subtotal, tax, total: sumMoney([subtotal, tax]) };
}

/** A quantity without needless zeros: "3.00" → "3", "1.50" → "1.5". */
export function formatQuantity(q: string): string {
  return /^\d+\.\d+$/.test(q) ? q.replace(/\.?0+$/, '') : q;
}
