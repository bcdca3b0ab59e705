import { daysBetween, taxLinesOf, toMills, toScaled, type Invoice } from '@billpoint/proto';
import { creditLabelsFor } from '../credit-labels.ts';
import { formatNumber } from '../format.ts';
import type { DocumentKind, TotalRow } from './kind.ts';

/** A credit note as the invoice's PDF lists it. */
export interface InvoiceCreditNoteRow {
  creditNoteNumber: string;
  total: string;
}

/** An invoice as a document: its number and dates, its tax per rate, and what was paid and credited against it. */
export function invoiceKind(inv: Invoice, creditNotes: readonly InvoiceCreditNoteRow[] = []): DocumentKind {
  const credited = creditNotes.length > 0 || toMills(inv.creditApplied) > 0n;
  /** Whether the balance rows are shown: while partly paid, and whenever credit notes or credit applied are. */
  const showsBalance = credited || (inv.amountPaid !== '0.00' && inv.balanceDue !== '0.00');
  return {
    number: inv.invoiceNumber,
    currency: inv.currency,
    createdAt: inv.createdAt,
    billTo: inv.customer,
    items: inv.items ?? [],
    payment: { amount: inv.balanceDue },
    title: (L) => L.invoice,
    details(s) {
      const rows: [string, string][] = [
        [s.L.invoiceNumber, inv.invoiceNumber],
        [s.L.issueDate, s.date(inv.issueDate)],
        [s.L.dueDate, s.date(inv.dueDate)],
      ];
      // The invoice's own terms are its due date (set from the customer's terms, else the organization's default, when
      // it was created): the line says what the dates say, never the template's number against them.
      if (s.t.showPaymentTerms) rows.push([s.L.paymentTerms, s.L.netDays(daysBetween(inv.issueDate, inv.dueDate) ?? s.t.paymentTerms)]);
      for (const [k, v] of Object.entries(s.t.customFields ?? {})) if (v.trim()) rows.push([k, v]);
      return rows;
    },
    totals(s) {
      const rows: TotalRow[] = [{ label: s.L.subtotal, value: s.money(inv.subtotal) }];
      // One row per (tax rate, percentage) among taxed or named lines: a named rate reads "VAT 20% (20.00%)", a bare
      // percentage "Tax (20%)" as before.
      const rates = taxLinesOf(inv.items ?? []).filter((l) => l.name !== null || toScaled(l.rate, 2) !== 0n);
      if (s.t.showTaxBreakdown && rates.length > 0)
        for (const l of rates)
          rows.push({
            label: l.name ? `${l.name} (${formatNumber(l.rate, s.t.numberFormat)}%)` : `${s.L.tax} (${s.qty(l.rate)}%)`,
            value: s.money(l.taxAmount),
          });
      else rows.push({ label: s.L.tax, value: s.money(inv.taxAmount) });
      if (s.t.showDiscounts && inv.discountAmount !== '0.00') rows.push({ label: s.L.discount, value: `-${s.money(inv.discountAmount)}` });
      if (inv.shippingAmount !== '0.00') rows.push({ label: s.L.shipping, value: s.money(inv.shippingAmount) });
      rows.push({ label: s.L.total, value: s.money(inv.total), strong: true });
      if (showsBalance) {
        const C = creditLabelsFor(s.t.language);
        for (const n of creditNotes) rows.push({ label: C.creditNoteRow(n.creditNoteNumber), value: `-${s.money(n.total)}` });
        if (toMills(inv.creditApplied) > 0n) rows.push({ label: C.creditApplied, value: `-${s.money(inv.creditApplied)}` });
        if (inv.amountPaid !== '0.00') rows.push({ label: s.L.amountPaid, value: `-${s.money(inv.amountPaid)}` });
        rows.push({ label: s.L.balanceDue, value: s.money(inv.balanceDue), strong: true });
      }
      return rows;
    },
    highlight: (s) => ({
      label: s.L.amountDue,
      // What is still to pay: the balance while partly paid or credited, else the total.
      value: s.money(showsBalance ? inv.balanceDue : inv.total),
      note: `${s.L.dueDate} ${s.date(inv.dueDate)}`,
    }),
    closing: (s) =>
      (
        [
          [s.L.notes, inv.notes ?? s.t.notes],
          [s.L.terms, inv.terms ?? s.t.terms],
          [s.L.paymentInstructions, inv.paymentInstructions ?? s.t.paymentInstructions],
        ] as [string, string | null][]
      ).filter((r): r is [string, string] => !!r[1]?.trim()),
  };
}
