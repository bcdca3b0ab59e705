import { subtractMoney, sumMoney, type InvoiceItem } from '@billpoint/proto';

/**
 * The summary of the invoice view as spec core §5 computes it: Total is the sum of the item amounts, Tax
 * the sum of the items' tax, Subtotal is Total minus Tax. Exact decimals (proto money), never floats.
 */
export function viewFigures(items: readonly Pick<InvoiceItem, 'amount' | 'taxAmount'>[]) {
  const total = sumMoney(items.map((it) => it.amount || '0'));
  const tax = sumMoney(items.map((it) => it.taxAmount || '0'));
  return { subtotal: subtractMoney(total, tax), tax, total };
}

/** A quantity without needless zeros: "3.00" → "3", "1.50" → "1.5". */
export function formatQuantity(q: string): string {
  return /^\d+\.\d+$/.test(q) ? q.replace(/\.?0+$/, '') : q;
}
