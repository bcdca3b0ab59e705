import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitFor, type HttpClient } from '@billpoint/kit/testing';
import type { Invoice, OrganizationSettings, PortalBranding, UploadLogoAnswer } from '@billpoint/proto';
import { startStack, type Stack } from '../../../gateway/test/support/stack.ts';
import { inDays, makeCustomer, makeInvoice } from './support/factories.ts';
import { mailsTo } from './support/branding.ts';
import { makeJpeg, makePng } from './support/images.ts';
import { fetchBytes, pdfText } from './support/pdf.ts';
import { pdfImages } from './support/pdf-pages.ts';
import { sentQuote } from './support/quotes.ts';
import type { ServiceContext } from '@billpoint/kit';
import { loadSender, reminderMail } from '../src/modules/invoice/invoice.send.ts';
import { makeTemplate, uploadLogo } from './support/templates.ts';

/**
 * The organization's own face where its customers look: its logo (settings) on the pay page, the quote page, the
 * portal, the e-mails and the PDFs; its bank account on invoice PDFs; the customer's payment terms on the invoice.
 */
let stack: Stack;
beforeAll(async () => {
  stack = await startStack();
});
afterAll(() => stack?.close());

const flat = (s: string) => s.replace(/\s+/g, ' ');
const bankDetails = { iban: 'DE89370400440532013000', bic: 'COBADEFFXXX', accountHolder: 'Gesicht GmbH' };

/** A tenant whose organization settings carry an uploaded logo and a bank account, arrived in billing's read model. */
async function organization(name: string) {
  const c = stack.client();
  const me = await c.register({ organizationName: name });
  const tenantId = me.organization.id as string;
  const logoUrl = ((await uploadLogo(c, makePng(), { type: 'image/png' })).json as UploadLogoAnswer).url;
  const current = (await c.get('/api/organization-settings')).json as OrganizationSettings;
  const saved = await c.post('/api/organization-settings', { companyName: name, defaultCurrency: 'EUR', logoUrl, bankDetails });
  expect(saved.status, saved.text).toBe(200);
  await waitFor(async () => {
    const { rows } = await stack.db.query<{ logo_url: string | null; bank_iban: string | null }>(
      `select logo_url, bank_iban from billing.organizations where tenant_id = $1`,
      [tenantId],
    );
    return rows[0]?.logo_url === logoUrl && rows[0]?.bank_iban === bankDetails.iban;
  });
  return { c, tenantId, logoUrl, slug: current.portalSlug };
}

async function pdfOf(c: HttpClient, path: string) {
  const res = await fetchBytes(new URL(path, stack.url).toString(), {
    cookie: [...c.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
  });
  expect(res.status).toBe(200);
  return res.body;
}

describe('the organization logo', () => {
  it('is kept by a settings save that leaves logoUrl out, and removed by null', async () => {
    const { c, logoUrl } = await organization('Keeps Logo');
    const again = await c.post('/api/organization-settings', { companyName: 'Keeps Logo', bankDetails });
    expect((again.json as OrganizationSettings).logoUrl).toBe(logoUrl);
    const removed = await c.post('/api/organization-settings', { companyName: 'Keeps Logo', logoUrl: null });
    expect((removed.json as OrganizationSettings).logoUrl).toBeNull();
  });

  it('is in the public pay answer, the public quote answer and the portal branding, and is served without a session', async () => {
    const { c, logoUrl, slug } = await organization('Pay Face');
    const customer = await makeCustomer(c, { email: 'pay.face@example.test' });
    const invoice = await makeInvoice(c, customer.id, { invoice: { currency: 'EUR', exchangeRate: '1' } });
    expect((await c.post(`/api/invoices/${invoice.id}/send`)).status).toBe(200);
    const pub = await stack.client().get(`/api/invoices/${invoice.publicToken}/public`);
    expect(pub.status).toBe(200);
    expect(pub.json.seller).toEqual({ name: 'Pay Face', logoUrl });
    const quote = await sentQuote(c, customer.id, { quote: { currency: 'EUR' } });
    const quotePage = await stack.client().get(`/api/quotes/${quote.publicToken}/public`);
    expect(quotePage.json.seller).toEqual({ name: 'Pay Face', logoUrl });
    const branding = (await stack.client().get(`/api/portal/branding?slug=${slug}`)).json as PortalBranding;
    expect(branding).toMatchObject({ organizationName: 'Pay Face', logoUrl, whiteLabel: false });
    const image = await fetch(new URL(logoUrl, stack.url));
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/png');
  });

  it('heads the invoice, reminder and quote e-mails as an <img> with the absolute address', async () => {
    const { c, tenantId, logoUrl } = await organization('Mail Face');
    const ctx = stack.billing.ctx as ServiceContext;
    const publicUrl = (ctx.config as unknown as { PUBLIC_URL: string }).PUBLIC_URL;
    const absolute = `${publicUrl.replace(/\/$/, '')}${logoUrl}`;
    const customer = await makeCustomer(c, { email: 'mail.face@example.test' });
    const invoice = await makeInvoice(c, customer.id, { invoice: { currency: 'EUR', exchangeRate: '1' } });
    expect((await c.post(`/api/invoices/${invoice.id}/send`)).status).toBe(200);
    await sentQuote(c, customer.id, { quote: { currency: 'EUR' } });
    const mails = await mailsTo(stack, 'mail.face@example.test');
    expect(mails.map((m) => m.subject?.split(' ')[0]).sort()).toEqual(['Invoice', 'Quote']);
    // The reminder is built as the scheduler builds it.
    const sent = (await c.get(`/api/invoices/${invoice.id}`)).json as Invoice;
    const reminder = await reminderMail(sent, await loadSender(ctx, tenantId), 'mail.face@example.test', inDays(60), publicUrl);
    for (const mail of [...mails, reminder]) {
      expect(mail.html, mail.subject).toContain(`<img src="${absolute}" alt="Mail Face"`);
      expect(mail.text, mail.subject).not.toContain('<img');
    }
  });

  it('is drawn on invoice and quote PDFs when the template has none; a template’s own logo wins', async () => {
    const { c } = await organization('Pdf Face');
    const customer = await makeCustomer(c);
    const plain = await makeInvoice(c, customer.id, { invoice: { currency: 'EUR', exchangeRate: '1' } });
    const images = await pdfImages(await pdfOf(c, `/api/invoices/${plain.id}/pdf`));
    expect(images.map((i) => [i.type, i.width, i.height])).toEqual([
      ['image', 120, 60],
      ['smask', 120, 60],
    ]);
    const quote = await sentQuote(c, customer.id, { quote: { currency: 'EUR' } });
    expect((await pdfImages(await pdfOf(c, `/api/quotes/${quote.id}/pdf`))).map((i) => i.type)).toEqual(['image', 'smask']);
    const own = ((await uploadLogo(c, await makeJpeg(), { type: 'image/jpeg' })).json as UploadLogoAnswer).url;
    const t = await makeTemplate(c, { name: 'own logo', logoUrl: own });
    const withOwn = await makeInvoice(c, customer.id, { invoice: { currency: 'EUR', exchangeRate: '1', templateId: t.id } });
    const ownImages = await pdfImages(await pdfOf(c, `/api/invoices/${withOwn.id}/pdf`));
    expect(ownImages.map((i) => i.enc)).toEqual(['jpeg']);
    const hidden = await makeTemplate(c, { name: 'no logo', showCompanyLogo: false });
    const none = await makeInvoice(c, customer.id, { invoice: { currency: 'EUR', exchangeRate: '1', templateId: hidden.id } });
    expect(await pdfImages(await pdfOf(c, `/api/invoices/${none.id}/pdf`))).toEqual([]);
  });
});

describe('bank details and payment terms on the invoice', () => {
  it('the PDF prints holder, grouped IBAN and BIC; a 14-day customer’s invoice is due 14 days on and says so', async () => {
    const { c } = await organization('Terms Face');
    const customer = await makeCustomer(c, { email: 'terms.face@example.test', paymentTerms: 14 });
    // Billing's copy of the customer carries its terms.
    await waitFor(async () => {
      const { rows } = await stack.db.query<{ payment_terms: number | null }>(`select payment_terms from billing.customers where id = $1`, [
        customer.id,
      ]);
      return rows[0]?.payment_terms === 14;
    });
    const quote = await sentQuote(c, customer.id, { quote: { currency: 'EUR', exchangeRate: '1' } });
    expect((await stack.client().post(`/api/quotes/${quote.publicToken}/accept`, { name: 'Buyer' })).status).toBe(200);
    const converted = await c.post(`/api/quotes/${quote.id}/convert`);
    expect(converted.status, converted.text).toBe(200);
    const invoice = (await c.get(`/api/invoices/${(converted.json as { invoiceId: number }).invoiceId}`)).json as Invoice;
    const issue = invoice.issueDate;
    expect(invoice.dueDate).toBe(new Date(Date.parse(`${issue}T00:00:00Z`) + 14 * 86_400_000).toISOString().slice(0, 10));
    const text = flat(await pdfText(await pdfOf(c, `/api/invoices/${invoice.id}/pdf`)));
    expect(text).toMatch(/Payment Terms.*Net 14 days/);
    expect(text).not.toContain('Net 30 days');
    for (const s of ['Payment details', 'Gesicht GmbH', 'DE89 3704 0044 0532 0130 00', 'COBADEFFXXX', 'Scan to pay'])
      expect(text, s).toContain(s);

    // A customer without terms of its own: the organization's default (30 days).
    const other = await makeCustomer(c, { email: 'terms.other@example.test' });
    const q2 = await sentQuote(c, other.id, { quote: { currency: 'EUR', exchangeRate: '1' } });
    await stack.client().post(`/api/quotes/${q2.publicToken}/accept`, { name: 'Buyer' });
    const inv2 = (await c.get(`/api/invoices/${((await c.post(`/api/quotes/${q2.id}/convert`)).json as { invoiceId: number }).invoiceId}`))
      .json as Invoice;
    expect(inv2.dueDate).toBe(new Date(Date.parse(`${inv2.issueDate}T00:00:00Z`) + 30 * 86_400_000).toISOString().slice(0, 10));
    expect(inDays(0)).toBe(inv2.issueDate);
  });
});
