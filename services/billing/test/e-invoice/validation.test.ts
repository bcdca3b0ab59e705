/**
 * Every sample document in every e-invoice format against the official artefacts: the UBL 2.1 / CII D16B XSDs, the
 * CEN/TC 434 EN 16931 Schematron and, for XRechnung, the KoSIT Schematron. Factur-X: the XML is taken out of the PDF
 * and validated as CII; the PDF is checked for what PDF/A-3 and Factur-X need that can be seen without veraPDF.
 * The table of results is printed at the end.
 */
import { XMLValidator } from 'fast-xml-parser';
import { afterAll, describe, expect, it } from 'vitest';
import type { EInvoiceFormat } from '@billpoint/proto';
import { creditNoteDocument, invoiceDocument, type EDocument } from '../../src/modules/e-invoice/document.ts';
import { facturXAttachment } from '../../src/modules/e-invoice/factur-x.ts';
import { isUbl, renderXml, type XmlFormat } from '../../src/modules/e-invoice/render.ts';
import { missingFields } from '../../src/modules/e-invoice/requirements.ts';
import { creditNotePdf, invoicePdf, pdfBuffer } from '../../src/modules/invoice/pdf/index.ts';
import { errorsOf, schematronAsserts, xsdErrors, type RuleSet } from '../support/en16931.ts';
import { inspectFacturX } from '../support/factur-x.ts';
import { pdfFonts } from '../support/pdf-pages.ts';
import { creditNote, DOMESTIC_BUYER, EU_BUYER, invoice, RATES, SELLER } from './samples.ts';

const domestic = invoice(
  'INV-0001',
  [
    { description: 'Consulting (hours)', quantity: '12', rate: '95.00', taxRateId: 1 },
    { description: 'Travel flat fee', quantity: '1', rate: '180.00', taxRateId: 1 },
  ],
  { discountAmount: '50.00', shippingAmount: '12.90', amountPaid: '200.00' },
);
const reverseCharge = invoice('INV-0002', [
  { description: 'Software licence (annual)', quantity: '5', rate: '240.00', taxRateId: 3 },
  { description: 'Onboarding workshop', quantity: '1', rate: '1200.00', taxRateId: 3 },
]);
const multiRate = invoice('INV-0003', [
  { description: 'Implementation', quantity: '7.5', rate: '110.00', taxRateId: 1 },
  { description: 'Handbook (print)', quantity: '3', rate: '24.99', taxRateId: 2 },
  { description: 'Certified training course', quantity: '2', rate: '450.00', taxRateId: 4 },
  { description: 'Support retainer', quantity: '1', rate: '333.33', taxRateId: 1 },
]);
/** Mixed rates with a discount and shipping: both shared among the rates (and the exempt line) they belong to. */
const discountedMixed = invoice(
  'INV-0005',
  [
    { description: 'Implementation', quantity: '7.5', rate: '110.00', taxRateId: 1 },
    { description: 'Handbook (print)', quantity: '3', rate: '24.99', taxRateId: 2 },
    { description: 'Certified training course', quantity: '2', rate: '450.00', taxRateId: 4 },
  ],
  { discountAmount: '87.65', shippingAmount: '14.95' },
);
const foreign = invoice(
  'INV-0004',
  [
    { description: 'Cloud hosting (USD)', quantity: '1', rate: '1999.99', taxRateId: 1 },
    { description: 'Setup', quantity: '1', rate: '250.00', taxRateId: 1 },
  ],
  { currency: 'USD', exchangeRate: '0.921450' },
);

const parties = (buyer: typeof DOMESTIC_BUYER) => ({ seller: SELLER, buyer, baseCurrency: 'EUR' });
const SAMPLES: { name: string; doc: EDocument; pdf: (attach: ReturnType<typeof facturXAttachment>) => PDFKit.PDFDocument }[] = [
  {
    name: 'domestic',
    doc: invoiceDocument(domestic, parties(DOMESTIC_BUYER), RATES),
    pdf: (a) => invoicePdf(domestic, { name: SELLER.name, email: SELLER.email }, undefined, [], a),
  },
  {
    name: 'EU reverse charge',
    doc: invoiceDocument(reverseCharge, parties(EU_BUYER), RATES),
    pdf: (a) => invoicePdf(reverseCharge, null, undefined, [], a),
  },
  {
    name: 'multi-rate',
    doc: invoiceDocument(multiRate, parties(DOMESTIC_BUYER), RATES),
    pdf: (a) => invoicePdf(multiRate, null, undefined, [], a),
  },
  (() => {
    const note = creditNote(multiRate, [1, 2]);
    return {
      name: 'credit note',
      doc: creditNoteDocument(note, multiRate, parties(DOMESTIC_BUYER), RATES, 'Deducted from the balance due of the invoice.'),
      pdf: (a: ReturnType<typeof facturXAttachment>) => creditNotePdf(note, null, undefined, a),
    };
  })(),
  {
    name: 'discounted mixed rates',
    doc: invoiceDocument(discountedMixed, parties(DOMESTIC_BUYER), RATES),
    pdf: (a) => invoicePdf(discountedMixed, null, undefined, [], a),
  },
  {
    name: 'foreign currency',
    doc: invoiceDocument(foreign, parties(EU_BUYER), RATES),
    pdf: (a) => invoicePdf(foreign, null, undefined, [], a),
  },
];

const FORMATS: EInvoiceFormat[] = ['ubl', 'cii', 'xrechnung', 'xrechnung-cii', 'factur-x'];
const results: Record<string, Record<string, string>> = {};

async function validateXml(xml: string, format: XmlFormat, kind: EDocument['kind']) {
  const ubl = isUbl(format);
  const xsd = await xsdErrors(xml, ubl ? (kind === 'invoice' ? 'ubl-invoice' : 'ubl-credit-note') : 'cii');
  const sets: RuleSet[] = [ubl ? 'en16931-ubl' : 'en16931-cii'];
  if (format.startsWith('xrechnung')) sets.push(ubl ? 'xrechnung-ubl' : 'xrechnung-cii');
  const asserts = sets.flatMap((s) => schematronAsserts(xml, s));
  return { xsd, errors: errorsOf(asserts), warnings: asserts.length - errorsOf(asserts).length };
}

describe.each(SAMPLES)('$name', ({ name, doc, pdf }) => {
  it.each(FORMATS)('%s passes the XSD and the Schematron with 0 errors', async (format) => {
    let xml: string;
    if (format === 'factur-x') {
      const bytes = await pdfBuffer(pdf(facturXAttachment(renderXml(doc, 'cii'), new Date('2026-11-20T10:00:00Z'))));
      const fx = inspectFacturX(bytes);
      expect(fx.attachments.map((a) => [a.name, a.relationship, a.subtype])).toEqual([['factur-x.xml', 'Alternative', 'text/xml']]);
      expect(fx.rootAfCount).toBe(1);
      expect(fx.version).toBe('PDF 1.7');
      expect(fx.outputIntent).toBe('GTS_PDFA1');
      // Well-formed although the seller's name has an ampersand (pdfkit writes the title and author into it unescaped).
      expect(XMLValidator.validate(fx.xmp)).toBe(true);
      expect(fx.xmp).toContain('<pdfaid:part>3</pdfaid:part>');
      expect(fx.xmp).toContain('<pdfaid:conformance>B</pdfaid:conformance>');
      expect(fx.xmp).toContain('<fx:DocumentFileName>factur-x.xml</fx:DocumentFileName>');
      expect(fx.xmp).toContain('<fx:ConformanceLevel>EN 16931</fx:ConformanceLevel>');
      expect(fx.xmp).toContain('<pdfaSchema:namespaceURI>urn:factur-x:pdfa:CrossIndustryDocument:invoice:1p0#</pdfaSchema:namespaceURI>');
      const fonts = await pdfFonts(bytes);
      expect(fonts.length).toBeGreaterThan(0);
      expect(fonts.filter((f) => !f.embedded)).toEqual([]);
      xml = fx.attachments[0]!.xml;
    } else xml = renderXml(doc, format);
    const r = await validateXml(xml, format === 'factur-x' ? 'cii' : format, doc.kind);
    (results[name] ??= {})[format] = `${r.xsd.length + r.errors.length} errors, ${r.warnings} warnings`;
    expect(r.xsd).toEqual([]);
    expect(r.errors).toEqual([]);
  });
});

describe('the figures', () => {
  it('are exactly the invoice’s (BT-106 … BT-115) with the VAT broken down per category and rate', () => {
    const d = SAMPLES[0]!.doc;
    expect(d.totals).toEqual({
      lineNet: domestic.subtotal,
      allowances: '50.00',
      charges: '12.90',
      taxExclusive: '1282.90',
      // 19 % of 1,320.00 − 50.00 + 12.90 = 1,282.90: 243.751 → 243.75 (the discount lowers the VAT, the shipping bears it).
      tax: '243.75',
      taxInclusive: '1526.65',
      prepaid: '200.00',
      payable: '1326.65',
    });
    expect([domestic.subtotal, domestic.taxAmount, domestic.total]).toEqual(['1320.00', '243.75', '1526.65']);
    expect(SAMPLES[0]!.doc.allowancesCharges.map((a) => [a.charge, a.amount, a.category, a.rate])).toEqual([
      [false, '50.00', 'S', '19.00'],
      [true, '12.90', 'S', '19.00'],
    ]);
    const m = SAMPLES[2]!.doc.vat.map((g) => [g.category, g.rate, g.taxable, g.tax, g.exemptionReason]);
    expect(m).toEqual([
      ['S', '19.00', '1158.33', '220.08', null],
      ['S', '7.00', '74.97', '5.25', null],
      ['E', '0.00', '900.00', '0.00', 'Exempt under Art. 132 VAT Directive'],
    ]);
  });

  it('share a discount and shipping among mixed rates, each rate taxed on its own base, rounded once', () => {
    // Lines 825.00 (19 %), 74.97 (7 %), 900.00 (exempt) = 1,799.97. Discount 87.65 by amount: 4017.36…, 365.07…,
    // 4382.57… cents → 40.17, 3.65, 43.83 (the odd cent to the largest remainder); nets 784.83, 71.32, 856.17.
    // Shipping 14.95 by net: 685.2…, 62.27…, 747.5… cents → 6.85, 0.62, 7.48. VAT 791.68 × 19 % = 150.4192 → 150.42,
    // 71.94 × 7 % = 5.0358 → 5.04.
    const d = SAMPLES.find((x) => x.name === 'discounted mixed rates')!.doc;
    expect(d.vat.map((g) => [g.category, g.rate, g.taxable, g.tax])).toEqual([
      ['S', '19.00', '791.68', '150.42'],
      ['S', '7.00', '71.94', '5.04'],
      ['E', '0.00', '863.65', '0.00'],
    ]);
    expect(d.allowancesCharges.map((a) => [a.charge, a.amount, a.category, a.rate])).toEqual([
      [false, '40.17', 'S', '19.00'],
      [false, '3.65', 'S', '7.00'],
      [false, '43.83', 'E', '0.00'],
      [true, '6.85', 'S', '19.00'],
      [true, '0.62', 'S', '7.00'],
      [true, '7.48', 'E', '0.00'],
    ]);
    expect([d.totals.taxExclusive, d.totals.tax, d.totals.taxInclusive]).toEqual(['1727.27', '155.46', '1882.73']);
  });

  it('give the tax in the base currency (BT-6, BT-111) at the invoice’s exchange rate', () => {
    const d = SAMPLES.find((x) => x.name === 'foreign currency')!.doc;
    expect([d.currency, d.taxCurrency]).toEqual(['USD', 'EUR']);
    expect(d.totals.tax).toBe('427.50');
    expect(d.taxInTaxCurrency).toBe('393.92'); // 427.50 × 0.921450 = 393.919875
  });
});

describe('a document missing what a format requires', () => {
  it('names each field with its BT number, never guessing', () => {
    const doc = invoiceDocument(
      reverseCharge,
      { seller: { ...SELLER, vatId: null, phone: null }, buyer: { ...EU_BUYER, vatId: null, buyerReference: null }, baseCurrency: 'EUR' },
      RATES,
    );
    expect(missingFields(doc, 'ubl').map((i) => [i.path, i.bt])).toEqual([
      ['seller.vatId', 'BT-31'],
      ['buyer.vatId', 'BT-48'],
    ]);
    expect(missingFields(doc, 'xrechnung').map((i) => i.bt)).toEqual(['BT-31', 'BT-48', 'BT-10', 'BT-42']);
    expect(() => renderXml(doc, 'cii')).toThrow('Seller VAT identifier (BT-31) is required');
  });
});

afterAll(() => {
  const rows = Object.entries(results).map(([name, r]) => `| ${name} | ${FORMATS.map((f) => r[f] ?? '—').join(' | ')} |`);
  console.log([`| sample | ${FORMATS.join(' | ')} |`, `|---|${FORMATS.map(() => '---').join('|')}|`, ...rows].join('\n'));
});
