import { z } from 'zod';

/**
 * EN 16931 e-invoices: GET /api/invoices/{id}/e-invoice and GET /api/credit-notes/{id}/e-invoice.
 * `xrechnung` is XRechnung 3 in UBL (`xrechnung-ubl` the same), `xrechnung-cii` in CII; `factur-x` is the
 * document's PDF as PDF/A-3 with its CII XML (EN 16931 profile) attached as factur-x.xml.
 */
export const EInvoiceFormats = ['ubl', 'cii', 'xrechnung', 'xrechnung-ubl', 'xrechnung-cii', 'factur-x'] as const;
export type EInvoiceFormat = (typeof EInvoiceFormats)[number];

/** What the screens offer, in order, with their names. */
export const EInvoiceFormatLabels: Record<Exclude<EInvoiceFormat, 'xrechnung-ubl'>, string> = {
  ubl: 'UBL 2.1 (XML)',
  cii: 'UN/CEFACT CII (XML)',
  xrechnung: 'XRechnung 3 UBL (XML)',
  'xrechnung-cii': 'XRechnung 3 CII (XML)',
  'factur-x': 'Factur-X / ZUGFeRD (PDF)',
};

export const EInvoiceQuery = z.object({
  format: z.enum(EInvoiceFormats, { error: `format must be one of ${EInvoiceFormats.join(', ')}` }),
});
export type EInvoiceQuery = z.infer<typeof EInvoiceQuery>;

/** One thing a format needs and the document lacks: the field to fill (`seller.vatId`), its business term, in words. */
export const EInvoiceIssue = z.object({ path: z.string(), bt: z.string(), message: z.string() });
export type EInvoiceIssue = z.infer<typeof EInvoiceIssue>;

export const EInvoiceMessages = {
  incomplete: 'The e-invoice cannot be made: required information is missing',
} as const;
