import { TemplateDefaults, type Invoice, type TemplateLayout, type TemplateSettings } from '@billpoint/proto';
import { classic } from './layouts/classic.ts';
import { modern } from './layouts/modern.ts';
import { minimal } from './layouts/minimal.ts';
import { professional } from './layouts/professional.ts';
import type { PreparedLogo } from './logo.ts';
import { Sheet, type PdfSeller } from './sheet.ts';
import type { DocumentKind } from './labels.ts';

export type { PdfSeller } from './sheet.ts';
export type { DocumentKind } from './labels.ts';
export { formatDate, formatMoney } from './format.ts';
export { prepareLogo, type PreparedLogo } from './logo.ts';
export { facesOf, fontFile } from './faces.ts';

/** How an invoice looks: its template's settings (or the built-in classic) and the template's logo, decoded. */
export interface PdfDesign {
  settings: TemplateSettings;
  logo: PreparedLogo | null;
}

/**
 * The built-in classic: §3's defaults, used when an invoice has no template and the tenant no default; its dates read
 * as invoices printed them before templates existed (Jan 5, 2026).
 */
export const BUILT_IN_DESIGN: PdfDesign = {
  settings: { ...TemplateDefaults, dateFormat: 'MMM D, YYYY', customFields: {} } as TemplateSettings,
  logo: null,
};

const LAYOUTS: Record<TemplateLayout, (s: Sheet) => void> = { classic, modern, minimal, professional };

/**
 * The invoice as a PDF, a readable stream (ended here). Deterministic: the same invoice and design give the same
 * bytes (creation date = the invoice's, no random ids), so the attachment of a sent e-mail is the very document
 * GET /pdf answers.
 */
export function invoicePdf(
  invoice: Invoice,
  seller: PdfSeller | null,
  design: PdfDesign = BUILT_IN_DESIGN,
  kind: DocumentKind = 'invoice',
): PDFKit.PDFDocument {
  const sheet = new Sheet(invoice, seller, design.settings, design.logo, kind);
  (LAYOUTS[design.settings.layout] ?? classic)(sheet);
  sheet.doc.end();
  return sheet.doc;
}

/** The whole PDF in memory (the e-mail attachment, the preview). */
export async function invoicePdfBuffer(
  invoice: Invoice,
  seller: PdfSeller | null,
  design?: PdfDesign,
  kind: DocumentKind = 'invoice',
): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of invoicePdf(invoice, seller, design, kind)) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}
