import type { EInvoiceFormat } from '@billpoint/proto';
import type { EDocument } from './document.ts';
import { toCii } from './cii.ts';
import { assertComplete, isXRechnung } from './requirements.ts';
import { toUbl } from './ubl.ts';

export type XmlFormat = Exclude<EInvoiceFormat, 'factur-x'>;
export const isUbl = (format: XmlFormat) => format === 'ubl' || format === 'xrechnung' || format === 'xrechnung-ubl';

/**
 * The document in an XML format, after checking that the format's required fields are there (else a 422 naming each
 * with its BT number). Factur-X embeds the `cii` rendering.
 */
export function renderXml(doc: EDocument, format: XmlFormat): string {
  assertComplete(doc, format);
  return isUbl(format) ? toUbl(doc, isXRechnung(format)) : toCii(doc, isXRechnung(format));
}
