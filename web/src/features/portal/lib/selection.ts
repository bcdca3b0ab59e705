import { compareMoney, inStatusGroup, OpenInvoiceStatuses, sumMoney, type PortalInvoice } from '@billpoint/proto';

/** An invoice the customer can pay here: issued and with a balance left. */
export const isPayable = (invoice: PortalInvoice) =>
  inStatusGroup(OpenInvoiceStatuses, invoice.status) && compareMoney(invoice.balanceDue, '0') > 0;

/** The selected invoices' balances: one payment takes one currency, so a mixed selection has no total. */
export function selectionTotal(invoices: readonly PortalInvoice[]): { currency: string; total: string } | { mixed: true } | null {
  if (invoices.length === 0) return null;
  const currencies = new Set(invoices.map((i) => i.currency));
  if (currencies.size > 1) return { mixed: true };
  return { currency: invoices[0]!.currency, total: sumMoney(invoices.map((i) => i.balanceDue)) };
}
