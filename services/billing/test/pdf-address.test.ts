import { describe, expect, it } from 'vitest';
import { TemplateLayouts } from '@billpoint/proto';
import { creditNotePdf, invoicePdf, pdfBuffer, quotePdfDocument, receiptPdf } from '../src/modules/invoice/pdf/index.ts';
import { pdfCreditNote, pdfCustomer, pdfDesign, pdfInvoice, pdfReceipt } from './support/pdf-documents.ts';
import { pdfText } from './support/pdf.ts';

const address = { street: 'Friedrichstraße 123', postalCode: '10117', city: 'Berlin', country: 'DE', taxId: 'DE123456789' };
const buyer = { ...pdfCustomer({ name: 'Erika Mustermann', company: 'Mustermann GmbH' }), ...address };
const seller = {
  name: 'Dupont SARL',
  street: '12 rue de la Paix',
  postalCode: '75002',
  city: 'Paris',
  country: 'FR',
  taxId: 'FR40303265045',
};
const flat = (s: string) => s.replace(/\s+/g, ' ');

const kinds = {
  invoice: (d: ReturnType<typeof pdfDesign>) => invoicePdf(pdfInvoice({ customer: buyer }), seller, d),
  quote: (d: ReturnType<typeof pdfDesign>) => quotePdfDocument(pdfInvoice({ customer: buyer }), seller, d),
  'credit note': (d: ReturnType<typeof pdfDesign>) =>
    creditNotePdf(pdfCreditNote({ customer: { ...buyer, email: buyer.email ?? null } }), seller, d),
  receipt: (d: ReturnType<typeof pdfDesign>) => receiptPdf(pdfReceipt(buyer), seller, d),
};

describe('the parties’ postal addresses on PDFs', () => {
  for (const layout of TemplateLayouts)
    for (const [kind, draw] of Object.entries(kinds))
      it(`${layout} ${kind}: the buyer's street, postal code, city, country and VAT id, and the seller's address`, async () => {
        const text = flat(await pdfText(await pdfBuffer(draw(pdfDesign(layout, 'Inter', { language: 'de' })))));
        for (const s of ['Mustermann GmbH', 'Friedrichstraße 123', '10117 Berlin', 'Deutschland', 'USt-IdNr.: DE123456789'])
          expect(text, s).toContain(s);
        for (const s of ['12 rue de la Paix', '75002 Paris', 'Frankreich', 'USt-IdNr.: FR40303265045']) expect(text, s).toContain(s);
      });

  it('the country in the document’s language, the postal code after the city where the country writes it so', async () => {
    const us = { ...pdfCustomer(), street: '1600 Pennsylvania Ave NW', postalCode: '20500', city: 'Washington', country: 'US' };
    const text = flat(await pdfText(await pdfBuffer(invoicePdf(pdfInvoice({ customer: us }), null, pdfDesign('classic')))));
    for (const s of ['1600 Pennsylvania Ave NW', 'Washington 20500', 'United States']) expect(text, s).toContain(s);
  });

  it('the free-text address when the parts are empty, with the country when known', async () => {
    const c = { ...pdfCustomer({ address: 'ul. Piotrkowska 1\n90-001 Łódź' }), country: 'PL' };
    const text = flat(
      await pdfText(await pdfBuffer(invoicePdf(pdfInvoice({ customer: c }), null, pdfDesign('minimal', 'Inter', { language: 'fr' })))),
    );
    for (const s of ['ul. Piotrkowska 1', '90-001 Łódź', 'Pologne']) expect(text, s).toContain(s);
  });
});
