import { describe, expect, it } from 'vitest';
import jsQR from 'jsqr';
import { TemplateLayouts } from '@billpoint/proto';
import { creditNotePdf, invoicePdf, pdfBuffer, quotePdfDocument } from '../src/modules/invoice/pdf/index.ts';
import { epcPayload, groupedIban, qrModules } from '../src/modules/invoice/pdf/epc-qr.ts';
import { pdfCreditNote, pdfDesign, pdfInvoice } from './support/pdf-documents.ts';
import { pdfText } from './support/pdf.ts';
import { pdfImages, renderPage } from './support/pdf-pages.ts';

const bank = { iban: 'DE89 3704 0044 0532 0130 00', bic: 'COBADEFFXXX', accountHolder: 'Muster Consulting GmbH' };
const seller = { name: 'Muster Consulting', ...bank };
const flat = (s: string) => s.replace(/\s+/g, ' ');

/** The first QR code on page 1 as a payer's banking app reads it off the rendered page (jsQR), or null. */
async function scanQr(pdf: Buffer): Promise<string | null> {
  const page = await renderPage(pdf, { dpi: 200 });
  const rgba = new Uint8ClampedArray(page.width * page.height * 4);
  for (let i = 0; i < page.width * page.height; i++) {
    rgba.set(page.pixels.subarray(i * 3, i * 3 + 3), i * 4);
    rgba[i * 4 + 3] = 255;
  }
  // A CommonJS module: its default export is on `default` (the function carries itself there).
  return jsQR.default(rgba, page.width, page.height)?.data ?? null;
}

describe('the EPC SEPA credit transfer code (GiroCode)', () => {
  it('is the version 002 text, UTF-8, SCT, exactly, for a known transfer', () => {
    expect(
      epcPayload({
        iban: 'DE89 3704 0044 0532 0130 00',
        bic: 'COBADEFFXXX',
        name: 'Muster Consulting GmbH',
        currency: 'EUR',
        amount: '1000.00',
        reference: 'INV-0042',
      }),
    ).toBe(
      ['BCD', '002', '1', 'SCT', 'COBADEFFXXX', 'Muster Consulting GmbH', 'DE89370400440532013000', 'EUR1000.00', '', '', 'INV-0042'].join(
        '\n',
      ),
    );
  });

  it('leaves the BIC empty when there is none, cuts the name to 70 characters, and writes the amount with two decimals', () => {
    const text = epcPayload({ iban: 'de89370400440532013000', name: 'Ä'.repeat(80), currency: 'eur', amount: '5', reference: 'R-1' })!;
    const lines = text.split('\n');
    expect(lines[4]).toBe('');
    expect(lines[5]).toBe('Ä'.repeat(70));
    expect(lines[6]).toBe('DE89370400440532013000');
    expect(lines[7]).toBe('EUR5.00');
    expect(Buffer.byteLength(text)).toBeLessThanOrEqual(331);
  });

  it('is not made for another currency, nothing (or too much) to pay, no IBAN, or no name', () => {
    const base = { iban: bank.iban, bic: bank.bic, name: 'X', currency: 'EUR', amount: '10.00', reference: 'INV-1' };
    expect(epcPayload({ ...base, currency: 'USD' })).toBeNull();
    expect(epcPayload({ ...base, amount: '0.00' })).toBeNull();
    expect(epcPayload({ ...base, amount: '1000000000.00' })).toBeNull();
    expect(epcPayload({ ...base, amount: '999999999.99' })).toContain('EUR999999999.99');
    expect(epcPayload({ ...base, iban: null })).toBeNull();
    expect(epcPayload({ ...base, iban: 'not an iban' })).toBeNull();
    expect(epcPayload({ ...base, name: '  ' })).toBeNull();
  });

  it('an IBAN is printed in groups of four', () => {
    expect(groupedIban('DE89370400440532013000')).toBe('DE89 3704 0044 0532 0130 00');
    expect(groupedIban(' de89 3704 0044 0532 0130 00 ')).toBe('DE89 3704 0044 0532 0130 00');
  });
});

describe('the payment details on invoice PDFs', () => {
  for (const layout of TemplateLayouts)
    it(`${layout}: holder, grouped IBAN, BIC and reference under "Payment details", and a scannable EPC code drawn as vectors`, async () => {
      const invoice = pdfInvoice({ total: '1000.00', balanceDue: '1000.00', invoiceNumber: 'INV-0042' });
      const pdf = await pdfBuffer(invoicePdf(invoice, seller, pdfDesign(layout)));
      const text = flat(await pdfText(pdf));
      for (const s of ['Payment details', 'Muster Consulting GmbH', 'DE89 3704 0044 0532 0130 00', 'COBADEFFXXX', 'Scan to pay'])
        expect(text, `${layout}: ${s}`).toContain(s);
      expect(await scanQr(pdf)).toBe(
        epcPayload({ ...bank, name: bank.accountHolder, currency: 'EUR', amount: '1000.00', reference: 'INV-0042' }),
      );
      // Vectors, not a picture: the page holds no image.
      expect(await pdfImages(pdf)).toEqual([]);
    });

  it('the code asks for what is still to pay: the balance of a partly paid invoice', async () => {
    const invoice = pdfInvoice({ total: '1000.00', amountPaid: '250.00', balanceDue: '750.00' });
    const scanned = await scanQr(await pdfBuffer(invoicePdf(invoice, seller, pdfDesign('classic'))));
    expect(scanned?.split('\n')[7]).toBe('EUR750.00');
  });

  it('no code for an invoice in another currency or with nothing left to pay; the bank details still print', async () => {
    for (const invoice of [pdfInvoice({ currency: 'USD' }), pdfInvoice({ status: 'paid', amountPaid: '100.00', balanceDue: '0.00' })]) {
      const pdf = await pdfBuffer(invoicePdf(invoice, seller, pdfDesign('modern')));
      const text = flat(await pdfText(pdf));
      expect(text).toContain('DE89 3704 0044 0532 0130 00');
      expect(text).not.toContain('Scan to pay');
      expect(await scanQr(pdf)).toBeNull();
    }
  });

  it('no payment block without an IBAN, nor on quotes and credit notes', async () => {
    const none = flat(await pdfText(await pdfBuffer(invoicePdf(pdfInvoice(), { name: 'No Bank' }, pdfDesign('classic')))));
    expect(none).not.toContain('Payment details');
    const quote = flat(await pdfText(await pdfBuffer(quotePdfDocument(pdfInvoice(), seller, pdfDesign('classic')))));
    const note = flat(await pdfText(await pdfBuffer(creditNotePdf(pdfCreditNote(), seller, pdfDesign('classic')))));
    for (const t of [quote, note]) {
      expect(t).not.toContain('Payment details');
      expect(t).not.toContain('Scan to pay');
    }
  });

  it('the code matches the module matrix the QR encoder gives for the payload', () => {
    const payload = epcPayload({ ...bank, name: bank.accountHolder, currency: 'EUR', amount: '1000.00', reference: 'INV-0042' })!;
    const m = qrModules(payload);
    expect(m.length).toBeGreaterThanOrEqual(21);
    expect(m.every((row) => row.length === m.length)).toBe(true);
    // The three finder patterns' dark corners.
    expect([m[0]![0], m[0]![m.length - 1], m[m.length - 1]![0]]).toEqual([true, true, true]);
  });
});

describe('the payment terms line', () => {
  it('says what the dates say: an invoice due 14 days after its issue reads "Net 14 days" whatever the template default', async () => {
    const invoice = pdfInvoice({ issueDate: '2026-03-02', dueDate: '2026-03-16' });
    const text = flat(await pdfText(await pdfBuffer(invoicePdf(invoice, null, pdfDesign('classic')))));
    expect(text).toMatch(/Payment Terms.*Net 14 days/);
    expect(text).not.toContain('Net 30 days');
    const de = flat(await pdfText(await pdfBuffer(invoicePdf(invoice, null, pdfDesign('modern', 'Inter', { language: 'de' })))));
    expect(de).toContain('14 Tage netto');
  });
});
