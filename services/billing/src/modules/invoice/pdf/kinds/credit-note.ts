import { toMills, toScaled, type CreditNote } from '@billpoint/proto';
import { creditLabelsFor } from '../credit-labels.ts';
import { formatNumber } from '../format.ts';
import type { DocumentKind, TotalRow } from './kind.ts';

/**
 * A credit note as a document: titled "Credit Note" with its number, naming the invoice it corrects ("Credits
 * invoice INV-0007 of <date>"), its reason and its resolution in words, its lines and the tax it reverses per rate.
 * Amounts are printed positive: the title says it is a reversal.
 */
export function creditNoteKind(note: CreditNote): DocumentKind {
  return {
    number: note.creditNoteNumber,
    currency: note.currency,
    createdAt: note.createdAt,
    billTo: note.customer,
    items: note.items ?? [],
    title: (_L, s) => creditLabelsFor(s.t.language).creditNote,
    details(s) {
      const C = creditLabelsFor(s.t.language);
      return [
        [C.creditNoteNumber, note.creditNoteNumber],
        [s.L.issueDate, s.date(note.issueDate)],
        [C.creditedInvoice, note.invoiceNumber],
      ];
    },
    totals(s) {
      const C = creditLabelsFor(s.t.language);
      const rows: TotalRow[] = [{ label: s.L.subtotal, value: s.money(note.subtotal) }];
      const rates = note.taxLines.filter((l) => l.name !== null || toScaled(l.rate, 2) !== 0n);
      if (rates.length > 0)
        for (const l of rates)
          rows.push({
            label: l.name ? `${l.name} (${formatNumber(l.rate, s.t.numberFormat)}%)` : `${s.L.tax} (${s.qty(l.rate)}%)`,
            value: s.money(l.taxAmount),
          });
      else rows.push({ label: s.L.tax, value: s.money(note.taxAmount) });
      rows.push({ label: C.totalCredit, value: s.money(note.total), strong: true });
      if (toMills(note.refundedAmount) > 0n) rows.push({ label: C.refunded, value: s.money(note.refundedAmount) });
      return rows;
    },
    highlight(s) {
      const C = creditLabelsFor(s.t.language);
      return {
        label: C.totalCredit,
        value: s.money(note.total),
        note: C.creditsInvoice(note.invoiceNumber, s.date(note.invoiceIssueDate)),
      };
    },
    closing(s) {
      const C = creditLabelsFor(s.t.language);
      return [
        [C.creditNote, C.creditsInvoice(note.invoiceNumber, s.date(note.invoiceIssueDate))],
        [C.reason, note.reason],
        [C.resolution, C.resolutions[note.resolution]],
      ];
    },
  };
}
