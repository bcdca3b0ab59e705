/**
 * Whatever text a document carries, every e-invoice written of it is well-formed XML 1.0 that a strict parser reads,
 * with the text itself in it (less only the characters XML cannot hold). The rendering functions on their own, with
 * many more cases than the stack test (services/billing/test/e-invoice-well-formed.test.ts) can afford.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { creditNoteDocument, invoiceDocument } from '../../src/modules/e-invoice/document.ts';
import { facturXAttachment } from '../../src/modules/e-invoice/factur-x.ts';
import { renderXml, type XmlFormat } from '../../src/modules/e-invoice/render.ts';
import { EInvoiceIncomplete } from '../../src/modules/e-invoice/requirements.ts';
import { xmlText } from '../../src/modules/e-invoice/xml.ts';
import { invoicePdf, pdfBuffer } from '../../src/modules/invoice/pdf/index.ts';
import { inspectFacturX } from '../support/factur-x.ts';
import { hostileText, parseStrictXml, type ElementTexts } from '../support/strict-xml.ts';
import { creditNote, EU_BUYER, invoice, RATES, SELLER } from './samples.ts';

const FORMATS: XmlFormat[] = ['ubl', 'cii', 'xrechnung', 'xrechnung-cii'];
/** What a parser hands back of `text`: all of what XML can hold of it (a carriage return too, written as a reference). */
const readBack = (text: string) => xmlText(text);
const allTexts = (t: ElementTexts) => [...t.values()].flat();

const stored = fc.record({
  seller: hostileText(),
  buyer: hostileText(),
  lines: fc.array(hostileText(), { minLength: 1, maxLength: 3 }),
  notes: hostileText(),
  terms: hostileText(),
});

type Stored = { seller: string; buyer: string; lines: string[]; notes: string; terms: string };

function documents(v: Stored) {
  const inv = {
    ...invoice(
      'INV-0042',
      v.lines.map((description) => ({ description, quantity: '1', rate: '10.00', taxRateId: 1 })),
    ),
    notes: v.notes,
    terms: v.terms,
  };
  const parties = { seller: { ...SELLER, name: v.seller }, buyer: { ...EU_BUYER, name: v.buyer }, baseCurrency: 'EUR' };
  const note = { ...creditNote(inv, [0]), reason: v.notes };
  return { inv, parties, invoice: invoiceDocument(inv, parties, RATES), credit: creditNoteDocument(note, inv, parties, RATES, v.terms) };
}

describe('e-invoice XML of any stored text', () => {
  it('parses strictly in every format, for invoices and credit notes, and says what was stored', () => {
    fc.assert(
      fc.property(stored, (v) => {
        const d = documents(v);
        for (const doc of [d.invoice, d.credit])
          for (const format of FORMATS) {
            if (!readBack(v.seller) || !readBack(v.buyer)) {
              // Nothing of the name is left to write: the format's required name is missing, a 422 rather than a file.
              expect(() => renderXml(doc, format)).toThrow(EInvoiceIncomplete);
              continue;
            }
            const xml = renderXml(doc, format);
            const texts = allTexts(parseStrictXml(Buffer.from(xml, 'utf8')));
            const expected = [v.seller, v.buyer, doc.note ?? '', ...(doc.kind === 'invoice' ? v.lines : [v.lines[0]!])].map(readBack);
            for (const e of expected.filter((e) => e !== '')) expect(texts, `${format} ${doc.kind}`).toContain(e);
          }
      }),
      { numRuns: 150 },
    );
  });

  it('Factur-X: the attached CII and the XMP packet both parse strictly', async () => {
    await fc.assert(
      fc.asyncProperty(stored, async (v) => {
        fc.pre(readBack(v.seller) !== '' && readBack(v.buyer) !== '');
        const d = documents(v);
        const seller = { name: v.seller, email: SELLER.email };
        const pdf = await pdfBuffer(invoicePdf(d.inv, seller, undefined, [], facturXAttachment(renderXml(d.invoice, 'cii'), new Date())));
        const fx = inspectFacturX(pdf);
        const cii = allTexts(parseStrictXml(fx.attachments[0]!.xml));
        expect(cii).toContain(readBack(v.seller));
        expect(() => parseStrictXml(fx.xmp)).not.toThrow();
      }),
      { numRuns: 12 },
    );
  });

  it('writes text literally: `&#0;`, `&amp;` and markup stay the characters typed', () => {
    const d = documents({
      seller: 'Smith &amp; Co &#0;',
      buyer: 'A <b> ]]> B',
      lines: ['&#x1; one', 'two &lt; three'],
      notes: '&#0;',
      terms: 't',
    });
    for (const format of FORMATS) {
      const texts = allTexts(parseStrictXml(renderXml(d.invoice, format)));
      expect(texts).toEqual(expect.arrayContaining(['Smith &amp; Co &#0;', 'A <b> ]]> B', '&#x1; one', 'two &lt; three', '&#0;']));
    }
  });

  it('drops what XML cannot hold from a stored name: U+0001 in the seller’s company name', () => {
    const d = documents({
      seller: 'Nordlicht\u0001 GmbH\uFFFE',
      buyer: 'Esc\u001b[31m',
      lines: ['Line\uFFFF'],
      notes: 'n\u0000',
      terms: 't',
    });
    for (const format of FORMATS) {
      const texts = allTexts(parseStrictXml(renderXml(d.invoice, format)));
      expect(texts).toEqual(expect.arrayContaining(['Nordlicht GmbH', 'Esc[31m', 'Line', 'n']));
    }
  });

  it('the strict parser used here refuses what the writer must never produce', () => {
    for (const bad of ['\u0001', '\u001b', '\uFFFE', '\uFFFF', '&#0;', '&#1;', '&', '<', ']]>', '\u0000'])
      expect(() => parseStrictXml(`<?xml version="1.0" encoding="UTF-8"?><a>x${bad}y</a>`), JSON.stringify(bad)).toThrow();
    expect(() => parseStrictXml(Buffer.from([0x3c, 0x61, 0x3e, 0xed, 0xa0, 0x80, 0x3c, 0x2f, 0x61, 0x3e]))).toThrow(); // an encoded surrogate
    expect(() => parseStrictXml('<a>\uD800</a>')).toThrow();
    expect(parseStrictXml('<a>\u0085 \uD7FF\uE000\uFFFD\u{10FFFF}</a>').get('a')).toEqual(['\u0085 \uD7FF\uE000\uFFFD\u{10FFFF}']);
  });
});
