import type { Invoice } from '@billpoint/proto';
import { quoteWordsFor } from '../labels.ts';
import { invoiceKind } from './invoice.ts';
import type { DocumentKind } from './kind.ts';

/**
 * A quote as a document, drawn as its invoice would be: `doc` is the quote in the invoice's shape (its number in the
 * number's place, validUntil in the due date's place, nothing paid — quote.pdf.ts), titled "Quote" with "Quote
 * Number" and "Valid Until", its total highlighted, and neither payment terms, payment instructions nor a balance.
 */
export function quoteKind(doc: Invoice): DocumentKind {
  const base = invoiceKind(doc);
  return {
    ...base,
    // A quote is not paid: no payment block, no payment code.
    payment: undefined,
    title: (_L, s) => quoteWordsFor(s.t.language).invoice,
    details(s) {
      const Q = quoteWordsFor(s.t.language);
      const rows: [string, string][] = [
        [Q.invoiceNumber, doc.invoiceNumber],
        [s.L.issueDate, s.date(doc.issueDate)],
        [Q.dueDate, s.date(doc.dueDate)],
      ];
      for (const [k, v] of Object.entries(s.t.customFields ?? {})) if (v.trim()) rows.push([k, v]);
      return rows;
    },
    highlight(s) {
      const Q = quoteWordsFor(s.t.language);
      return { label: Q.amountDue, value: s.money(doc.total), note: `${Q.dueDate} ${s.date(doc.dueDate)}` };
    },
    closing: (s) =>
      (
        [
          [s.L.notes, doc.notes ?? s.t.notes],
          [s.L.terms, doc.terms ?? s.t.terms],
        ] as [string, string | null][]
      ).filter((r): r is [string, string] => !!r[1]?.trim()),
  };
}
