import type { CustomerPostalAddress } from '@billpoint/proto';
import type { Labels } from '../labels.ts';
import type { Sheet } from '../sheet.ts';

/** A totals row: label and formatted value; `strong` for the total and the balance. */
export interface TotalRow {
  label: string;
  value: string;
  strong?: boolean;
}

/** Who the document is addressed to (the Bill To block), with its postal address and VAT id. */
export interface BillTo extends CustomerPostalAddress {
  name?: string | null;
  company?: string | null;
  email?: string | null;
  phone?: string | null;
  address?: string | null;
}

/** A line of the items table. */
export interface PdfLine {
  description: string;
  quantity: string;
  rate: string;
  amount: string;
}

/**
 * What kind of document a sheet draws (an invoice, a credit note): the four layouts (layouts/*.ts) draw any kind the
 * same way — title and number, seller, Bill To, details, the items table, totals, the highlighted figure and the
 * closing texts — and the kind says what those are. Methods take the sheet for its labels and formatting.
 */
export interface DocumentKind {
  /** The document's number (INV-0007, CN-0001). */
  readonly number: string;
  readonly currency: string;
  /** Its creation instant: the PDF's creation date (the same document gives the same bytes). */
  readonly createdAt: string;
  readonly billTo: BillTo | null;
  readonly items: readonly PdfLine[];
  /** The large title ("Invoice", "Credit Note"), in the template's language. */
  title(L: Labels, s: Sheet): string;
  /** Label/value rows beside Bill To. */
  details(s: Sheet): [string, string][];
  totals(s: Sheet): TotalRow[];
  /** The figure the modern layout highlights in its own card, with its label and a line under it. */
  highlight(s: Sheet): { label: string; value: string; note: string };
  /** Headed paragraphs after the totals. */
  closing(s: Sheet): [string, string][];
  /**
   * A document the customer pays by bank transfer (an invoice): what is still to pay, for the payment block and its
   * EPC code. Absent on the others (credit notes, quotes, receipts, statements).
   */
  readonly payment?: { amount: string };
}
