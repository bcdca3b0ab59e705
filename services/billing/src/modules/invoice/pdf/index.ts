import { TemplateDefaults, type CreditNote, type Invoice, type TemplateLayout, type TemplateSettings } from '@billpoint/proto';
import { creditNoteKind } from './kinds/credit-note.ts';
import { invoiceKind, type InvoiceCreditNoteRow } from './kinds/invoice.ts';
import { quoteKind } from './kinds/quote.ts';
import { receiptKind, type ReceiptDocument } from './kinds/receipt.ts';
import type { DocumentKind } from './kinds/kind.ts';
import { classic } from './layouts/classic.ts';
import { modern } from './layouts/modern.ts';
import { minimal } from './layouts/minimal.ts';
import { professional } from './layouts/professional.ts';
import type { PreparedLogo } from './logo.ts';
import { Sheet, type PdfSeller } from './sheet.ts';

export type { PdfSeller } from './sheet.ts';
export type { InvoiceCreditNoteRow } from './kinds/invoice.ts';
export type { ReceiptDocument } from './kinds/receipt.ts';
export { formatDate, formatMoney } from './format.ts';
export { prepareLogo, type PreparedLogo } from './logo.ts';
export { facesOf, fontFile } from './faces.ts';

/** How an invoice looks: its template's settings (or the built-in classic) and the template's logo, decoded. */
export interface PdfDesign {
  settings: TemplateSettings;
  logo: PreparedLogo | null;
}

/**
 * The built-in classic: the template defaults, used when an invoice has no template and the tenant no default; its dates read
 * as invoices printed them before templates existed (Jan 5, 2026).
 */
export const BUILT_IN_DESIGN: PdfDesign = {
  settings: { ...TemplateDefaults, dateFormat: 'MMM D, YYYY', customFields: {} } as TemplateSettings,
  logo: null,
};

const LAYOUTS: Record<TemplateLayout, (s: Sheet) => void> = { classic, modern, minimal, professional };

/**
 * A document as a PDF, a readable stream (ended here), in its template's layout. Deterministic: the same document and
 * design give the same bytes (creation date = the document's, no random ids), so the attachment of a sent e-mail is
 * the very document GET /pdf answers.
 */
function draw(kind: DocumentKind, seller: PdfSeller | null, design: PdfDesign, attach?: PdfA3Attach): PDFKit.PDFDocument {
  const sheet = new Sheet(kind, seller, design.settings, design.logo, attach != null);
  (LAYOUTS[design.settings.layout] ?? classic)(sheet);
  attach?.(sheet.doc);
  sheet.doc.end();
  return sheet.doc;
}

/** Drawn as PDF/A-3b, then handed the document to attach files and XMP to before it ends (Factur-X). */
export type PdfA3Attach = (doc: PDFKit.PDFDocument) => void;

/** The invoice as a PDF. `creditNotes`: the invoice's credit notes, listed under its total with the balance after them. */
export function invoicePdf(
  invoice: Invoice,
  seller: PdfSeller | null,
  design: PdfDesign = BUILT_IN_DESIGN,
  creditNotes: readonly InvoiceCreditNoteRow[] = [],
  attach?: PdfA3Attach,
): PDFKit.PDFDocument {
  return draw(invoiceKind(invoice, creditNotes), seller, design, attach);
}

/** A credit note as a PDF, in its template's layout (the corrected invoice's template), a readable stream. */
export function creditNotePdf(
  note: CreditNote,
  seller: PdfSeller | null,
  design: PdfDesign = BUILT_IN_DESIGN,
  attach?: PdfA3Attach,
): PDFKit.PDFDocument {
  return draw(creditNoteKind(note), seller, design, attach);
}

/** A quote as a PDF (`doc`: the quote in the invoice's shape, see quoteKind), in its template's layout. */
export function quotePdfDocument(doc: Invoice, seller: PdfSeller | null, design: PdfDesign = BUILT_IN_DESIGN): PDFKit.PDFDocument {
  return draw(quoteKind(doc), seller, design);
}

/** A payment receipt as a PDF, in the tenant's default invoice layout. */
export function receiptPdf(receipt: ReceiptDocument, seller: PdfSeller | null, design: PdfDesign = BUILT_IN_DESIGN): PDFKit.PDFDocument {
  return draw(receiptKind(receipt), seller, design);
}

/** A PDF stream read into memory (e-mail attachments, previews). */
export async function pdfBuffer(doc: PDFKit.PDFDocument): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of doc) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** The whole PDF in memory (the e-mail attachment, the preview). */
export async function invoicePdfBuffer(
  invoice: Invoice,
  seller: PdfSeller | null,
  design?: PdfDesign,
  creditNotes: readonly InvoiceCreditNoteRow[] = [],
): Promise<Buffer> {
  return pdfBuffer(invoicePdf(invoice, seller, design, creditNotes));
}
