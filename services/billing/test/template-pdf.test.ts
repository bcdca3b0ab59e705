import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitFor } from '@billpoint/kit/testing';
import { TemplateLayouts, TemplateFonts, type Customer, type UploadLogoAnswer } from '@billpoint/proto';
import { startStack, type Stack } from '../../../gateway/test/support/stack.ts';
import { makeCustomer, makeInvoice } from './support/factories.ts';
import { makeJpeg, makePng, SVG_LOGO } from './support/images.ts';
import { issuedInvoice, makeCreditNote } from './support/credit-notes.ts';
import { fetchBytes, pdfText } from './support/pdf.ts';
import { makeQuote } from './support/quotes.ts';
import { pdfFonts, pdfImages, pixelDifference, renderPage } from './support/pdf-pages.ts';
import { makeTemplate, uploadLogo } from './support/templates.ts';

let stack: Stack;
let c: ReturnType<Stack['client']>;
let customer: Customer;
let pngUrl: string;
beforeAll(async () => {
  stack = await startStack();
  c = stack.client();
  const me = await c.register({ organizationName: 'Café Ünïcødé Σπίτι' });
  customer = await makeCustomer(c, { name: 'Zoë Ørsted', company: 'Łódź Ltd', address: 'ul. Piotrkowska 1, Łódź' });
  pngUrl = ((await uploadLogo(c, makePng(), { type: 'image/png' })).json as UploadLogoAnswer).url;
  // The PDF names the seller from billing's read model of organizations, fed by an event.
  await waitFor(
    async () => (await stack.db.query('select 1 from billing.organizations where tenant_id = $1', [me.organization.id])).rowCount === 1,
  );
});
afterAll(() => stack?.close());

const UNICODE = ['Żółć gęślą jaźń', 'Καλημέρα κόσμε', 'Съешь же ещё'];
const items = Array.from({ length: 20 }, (_, i) => ({
  description: UNICODE[i] ?? `Line ${i + 1} — Prüfung`,
  quantity: '2',
  rate: '12.50',
}));

async function invoicePdf(templateId: number | null, o: { currency?: string } = {}) {
  const inv = await makeInvoice(c, customer.id, {
    invoice: {
      templateId,
      currency: o.currency ?? 'EUR',
      exchangeRate: '1.1',
      taxRate: '19',
      notes: 'Notes: Ευχαριστώ £ ¥ €',
      terms: 'Terms: Спасибо',
    },
    items,
  });
  const res = await fetch(new URL(`/api/invoices/${inv.id}/pdf`, stack.url), {
    headers: { cookie: [...c.cookies].map(([k, v]) => `${k}=${v}`).join('; ') },
  });
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toBe('application/pdf');
  return { inv, pdf: Buffer.from(await res.arrayBuffer()) };
}
const flat = (s: string) => s.replace(/\s+/g, ' ');

describe('invoice PDFs with templates', () => {
  it.each(TemplateLayouts)('%s: seller, customer, Unicode text, totals, header/footer/watermark texts and the PNG logo', async (layout) => {
    const t = await makeTemplate(c, {
      name: `${layout} look`,
      layout,
      logoUrl: pngUrl,
      headerHtml: '<p>Rue de la Paix 1 &amp; Co</p>',
      footerHtml: 'Thank you — Danke — Спасибо',
      watermarkText: 'ENTWURF',
      customFields: { 'PO Number': 'PO-7781' },
    });
    const { inv, pdf } = await invoicePdf(t.id);
    const text = flat(await pdfText(pdf));
    for (const s of ['Café Ünïcødé Σπίτι', 'Zoë Ørsted', 'Łódź Ltd', inv.invoiceNumber, ...UNICODE, 'Notes: Ευχαριστώ £ ¥ €'])
      expect(text, `${layout}: ${s}`).toContain(s);
    for (const s of ['Rue de la Paix 1 & Co', 'Thank you — Danke — Спасибо', 'PO-7781', 'Terms: Спасибо'])
      expect(text, `${layout}: ${s}`).toContain(s);
    // 20 × 25.00 = 500.00; 19 % tax = 95.00; total 595.00.
    expect(text).toMatch(/Subtotal.*€500\.00/i);
    expect(text).toMatch(/Tax \(19%\).*€95\.00/i);
    expect(text).toMatch(/Total.*€595\.00/i);
    expect(text).toMatch(/Payment Terms.*Net 30 days/i);
    expect((await pdfImages(pdf)).map((i) => [i.type, i.width, i.height])).toEqual([
      ['image', 120, 60],
      ['smask', 120, 60],
    ]);
    expect(await pdfFonts(pdf)).toEqual([
      { name: expect.stringMatching(/^[A-Z]{6}\+Inter-Bold$/), embedded: true },
      { name: expect.stringMatching(/^[A-Z]{6}\+Inter-Regular$/), embedded: true },
    ]);
  });

  it('draws the watermark diagonally at the given opacity, under the content', async () => {
    const plain = await makeTemplate(c, { name: 'no mark' });
    const marked = await makeTemplate(c, { name: 'mark', watermarkText: 'ENTWURF', watermarkOpacity: 0.5 });
    const [plainPdf, markedPdf] = [(await invoicePdf(plain.id)).pdf, (await invoicePdf(marked.id)).pdf];
    expect(pixelDifference(await renderPage(plainPdf), await renderPage(markedPdf))).toBeGreaterThan(0.01);
    // The diagonal mark is text, read along its direction (pdfText puts it after the page's lines).
    expect(flat(await pdfText(markedPdf))).toContain('ENTWURF');
    expect(flat(await pdfText(plainPdf))).not.toContain('ENTWURF');
  });

  it('the four layouts look different (rendered pages compared pixel by pixel)', async () => {
    const pages = [];
    for (const layout of TemplateLayouts) {
      const t = await makeTemplate(c, { name: `cmp ${layout}`, layout, logoUrl: pngUrl });
      pages.push({ layout, page: await renderPage((await invoicePdf(t.id)).pdf) });
    }
    for (let i = 0; i < pages.length; i++)
      for (let j = i + 1; j < pages.length; j++)
        expect(pixelDifference(pages[i]!.page, pages[j]!.page), `${pages[i]!.layout} vs ${pages[j]!.layout}`).toBeGreaterThan(0.04);
  });

  it.each(TemplateFonts)('%s: an embedded Unicode face from npm, colours and sizes applied', async (fontFamily) => {
    const t = await makeTemplate(c, {
      name: `font ${fontFamily}`,
      fontFamily,
      fontSize: 'large',
      primaryColor: '#DC2626',
      layout: 'modern',
    });
    const { pdf } = await invoicePdf(t.id, { currency: 'GBP' });
    const text = flat(await pdfText(pdf));
    expect(text).toContain('Καλημέρα κόσμε');
    expect(text).toContain('Съешь же ещё');
    expect(text).toContain('£595.00');
    const face = fontFamily === 'Inter' ? 'Inter' : fontFamily === 'Times New Roman' ? 'Tinos' : 'Arimo';
    expect((await pdfFonts(pdf)).every((f) => f.embedded && f.name.includes(face))).toBe(true);
    // The modern band is the primary colour: red, top left of the page.
    const page = await renderPage(pdf);
    expect(page.at(2, 2)).toEqual([220, 38, 38]);
  });

  it('draws JPEG and SVG logos too', async () => {
    const jpegUrl = ((await uploadLogo(c, await makeJpeg(), { type: 'image/jpeg' })).json as UploadLogoAnswer).url;
    const jt = await makeTemplate(c, { name: 'jpeg', logoUrl: jpegUrl });
    expect((await pdfImages((await invoicePdf(jt.id)).pdf)).map((i) => i.enc)).toEqual(['jpeg']);

    const svgUrl = ((await uploadLogo(c, Buffer.from(SVG_LOGO), { type: 'image/svg+xml' })).json as UploadLogoAnswer).url;
    const st = await makeTemplate(c, { name: 'svg', logoUrl: svgUrl, logoSize: 'large' });
    const without = await makeTemplate(c, { name: 'svg hidden', logoUrl: svgUrl, logoSize: 'large', showCompanyLogo: false });
    const page = await renderPage((await invoicePdf(st.id)).pdf, { dpi: 36 });
    const hidden = await renderPage((await invoicePdf(without.id)).pdf, { dpi: 36 });
    // The SVG's violet circle (#7C3AED) at the top left, vector-drawn; gone when the logo is hidden.
    const violet = (p: typeof page) => {
      let n = 0;
      for (let y = 0; y < 80; y++) for (let x = 0; x < 150; x++) if (p.at(x, y)[2] > 200 && p.at(x, y)[0] < 150 && p.at(x, y)[1] < 100) n++;
      return n;
    };
    expect(violet(page)).toBeGreaterThan(100);
    expect(violet(hidden)).toBe(0);
  });

  it("uses the invoice's template, else the tenant's default, else the built-in classic", async () => {
    const fresh = stack.client();
    await fresh.register({ organizationName: 'No Templates Yet' });
    const cust = await makeCustomer(fresh);
    const get = async (id: number) =>
      Buffer.from(
        await (
          await fetch(new URL(`/api/invoices/${id}/pdf`, stack.url), {
            headers: { cookie: [...fresh.cookies].map(([k, v]) => `${k}=${v}`).join('; ') },
          })
        ).arrayBuffer(),
      );
    const inv = await makeInvoice(fresh, cust.id);
    const builtIn = flat(await pdfText(await get(inv.id)));
    expect(builtIn).toContain('INVOICE');
    expect(await pdfImages(await get(inv.id))).toEqual([]);

    await makeTemplate(fresh, { name: 'House style', headerHtml: 'Default header text' }); // the first: the default
    expect(flat(await pdfText(await get(inv.id)))).toContain('Default header text');
    const own = await makeTemplate(fresh, { name: 'Special', headerHtml: 'Own template text', language: 'de' });
    const withOwn = await makeInvoice(fresh, cust.id, { invoice: { templateId: own.id } });
    const text = flat(await pdfText(await get(withOwn.id)));
    expect(text).toContain('Own template text');
    expect(text).toContain('RECHNUNG');
    expect(text).not.toContain('Default header text');
  });

  it('previews unsaved settings as a PDF of a sample invoice', async () => {
    const res = await fetch(new URL('/api/invoice-templates/preview', stack.url), {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-requested-with': 'XMLHttpRequest',
        cookie: [...c.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
      },
      body: JSON.stringify({
        layout: 'professional',
        logoUrl: pngUrl,
        headerHtml: 'Unsaved header',
        currency: 'JPY',
        dateFormat: 'YYYY-MM-DD',
      }),
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    const pdf = Buffer.from(await res.arrayBuffer());
    const text = flat(await pdfText(pdf));
    for (const s of ['Unsaved header', 'Café Ünïcødé Σπίτι', 'Zoë Ørsted', 'INV-0001', '¥3,699', new Date().toISOString().slice(0, 10)])
      expect(text).toContain(s);
    expect((await pdfImages(pdf)).length).toBe(2);
    const bad = await c.post('/api/invoice-templates/preview', { layout: 'fancy' });
    expect(bad.status).toBe(400);
  });
});

describe('the buyer on PDFs, from billing’s copy of the customer', () => {
  const pdfOf = async (path: string) => {
    const res = await fetchBytes(`${stack.url}${path}`, { cookie: [...c.cookies].map(([k, v]) => `${k}=${v}`).join('; ') });
    expect(res.status, path).toBe(200);
    return flat(await pdfText(res.body));
  };

  it('prints the postal address and VAT id entered for the customer on the invoice, the quote and the credit note', async () => {
    const buyer = await makeCustomer(c, {
      name: '株式会社テスト',
      company: 'Mustermann GmbH',
      street: 'Friedrichstraße 123',
      postalCode: '10117',
      city: 'Berlin',
      country: 'DE',
      taxId: 'DE123456789',
    });
    const inv = await issuedInvoice(c, buyer.id, { items: [{ description: '咨询服务', quantity: '1', rate: '500' }] });
    const quote = await makeQuote(c, buyer.id);
    const note = await makeCreditNote(c, {
      invoiceId: inv.id,
      reason: '返品',
      resolution: 'reduce_balance',
      items: [{ invoiceItemId: inv.items![0]!.id, description: '咨询服务', quantity: '1', rate: '100' }],
    });
    for (const path of [`/api/invoices/${inv.id}/pdf`, `/api/quotes/${quote.id}/pdf`, `/api/credit-notes/${note.id}/pdf`]) {
      const text = await pdfOf(path);
      for (const s of ['株式会社テスト', 'Mustermann GmbH', 'Friedrichstraße 123', '10117 Berlin', 'Germany', 'Tax ID: DE123456789'])
        expect(text, `${path}: ${s}`).toContain(s);
      if (!path.includes('quotes')) expect(text, path).toContain('咨询服务');
    }
  });
});
