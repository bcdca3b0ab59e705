import { EInvoiceMessages, type EInvoiceFormat, type EInvoiceIssue } from '@billpoint/proto';
import { AppError } from '@billpoint/kit';
import type { EDocument } from './document.ts';
import { xmlText } from './xml.ts';

/** 422: what the format needs and the document lacks, each field with its business term. Nothing is ever guessed. */
export class EInvoiceIncomplete extends AppError {
  constructor(issues: EInvoiceIssue[]) {
    super(422, `${EInvoiceMessages.incomplete}: ${issues.map((i) => i.message).join('; ')}`, issues);
  }
}

const EXEMPT = new Set(['E', 'AE', 'K', 'G', 'O']);
export const isXRechnung = (format: EInvoiceFormat) => format.startsWith('xrechnung');

/**
 * The EN 16931 rules (and for XRechnung the BR-DE rules) that depend on data the user keeps, checked before anything
 * is written: the seller's VAT id (BT-31, BR-CO-26 / BR-S-02 …), both countries (BR-09, BR-11), the buyer's VAT id for
 * reverse charge (BR-AE-02), an exemption reason per exempt category (BR-E-10 …); XRechnung adds the buyer reference
 * (BR-DE-15), both cities and postal codes (BR-DE-3/4/8/9), the seller's contact (BR-DE-5/6/7) and a bank account for
 * the payment instructions (BR-DE-1, BR-DE-23). Paths name where the user fills the field in.
 */
export function missingFields(doc: EDocument, format: EInvoiceFormat): EInvoiceIssue[] {
  const issues: EInvoiceIssue[] = [];
  // Text is there when something of it is left once the writer drops what XML cannot hold.
  const need = (ok: unknown, path: string, bt: string, what: string) => {
    if (typeof ok === 'string' ? !xmlText(ok) : !ok) issues.push({ path, bt, message: `${what} (${bt}) is required` });
  };
  const categories = new Set(doc.vat.map((g) => g.category));
  need(doc.seller.name, 'seller.name', 'BT-27', 'Seller name');
  if ([...categories].every((c) => c === 'O')) {
    issues.push({
      path: 'seller.identifier',
      bt: 'BT-29',
      message: 'Seller identifier (BT-29) is required for a document whose lines are all not subject to VAT',
    });
  } else need(doc.seller.vatId, 'seller.vatId', 'BT-31', 'Seller VAT identifier');
  need(doc.seller.country, 'seller.country', 'BT-40', 'Seller country code');
  need(doc.buyer.name, 'buyer.name', 'BT-44', 'Buyer name');
  need(doc.buyer.country, 'buyer.country', 'BT-55', 'Buyer country code');
  if (categories.has('AE') || categories.has('K')) need(doc.buyer.vatId, 'buyer.vatId', 'BT-48', 'Buyer VAT identifier');
  if (categories.has('K'))
    issues.push({
      path: 'deliveryDate',
      bt: 'BT-72',
      message: 'Actual delivery date (BT-72) is required for an intra-community supply (K), and Billpoint does not keep one yet',
    });
  for (const g of doc.vat)
    if (EXEMPT.has(g.category) && !g.exemptionReason && !g.exemptionReasonCode)
      issues.push({
        path: `taxRates.${g.category}.exemptionReason`,
        bt: 'BT-120',
        message: `VAT exemption reason (BT-120) is required for category ${g.category}: set it on the tax rate`,
      });
  if (!doc.lines.length) issues.push({ path: 'items', bt: 'BG-25', message: 'At least one invoice line (BG-25) is required' });
  if (isXRechnung(format)) {
    need(doc.buyerReference, 'buyer.buyerReference', 'BT-10', 'Buyer reference (Leitweg-ID)');
    need(doc.seller.city, 'seller.city', 'BT-37', 'Seller city');
    need(doc.seller.postalCode, 'seller.postalCode', 'BT-38', 'Seller post code');
    need(doc.seller.phone, 'seller.phone', 'BT-42', 'Seller contact telephone number');
    need(doc.seller.email, 'seller.email', 'BT-43', 'Seller contact email address');
    need(doc.buyer.city, 'buyer.city', 'BT-52', 'Buyer city');
    need(doc.buyer.postalCode, 'buyer.postalCode', 'BT-53', 'Buyer post code');
    need(doc.seller.iban, 'seller.iban', 'BT-84', 'Payment account identifier (IBAN)');
  }
  return issues;
}

export function assertComplete(doc: EDocument, format: EInvoiceFormat): void {
  const issues = missingFields(doc, format);
  if (issues.length) throw new EInvoiceIncomplete(issues);
}
