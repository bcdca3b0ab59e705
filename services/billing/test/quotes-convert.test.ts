import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitFor } from '@billpoint/kit/testing';
import { InvoiceEvents, QuoteEvents, TemplateLayouts, type Invoice, type Quote } from '@billpoint/proto';
import { startStack, type Stack } from '../../../gateway/test/support/stack.ts';
import { inDays, makeCustomer } from './support/factories.ts';
import { pdfText } from './support/pdf.ts';
import { eventsOf, makeQuote, sentQuote } from './support/quotes.ts';
import { makeTemplate } from './support/templates.ts';

let stack: Stack;
beforeAll(async () => {
  stack = await startStack();
});
afterAll(() => stack?.close());

const flat = (s: string) => s.replace(/\s+/g, ' ');

describe('quote conversion', () => {
  it('converts an accepted quote into a draft invoice with its lines, once; both events in the outbox', async () => {
    const c = stack.client();
    await c.register();
    const cust = await makeCustomer(c, { email: 'buyer@example.test' });
    const q = await sentQuote(c, cust.id, {
      quote: {
        currency: 'GBP',
        exchangeRate: '1.25',
        discountAmount: '5',
        shippingAmount: '7.50',
        notes: 'See you soon',
        terms: 'Half upfront',
      },
      items: [
        { description: 'Workshop', quantity: '2', rate: '400', taxRate: '20' },
        { description: 'Travel', quantity: '1', rate: '120.55' },
      ],
    });
    expect((await stack.client().post(`/api/quotes/${q.publicToken}/accept`, { name: 'Buyer' })).status).toBe(200);
    // The invoice takes the organization's rate of its own day, not the quote's typed one: none known yet is
    // a 400, then one is set.
    const unrated = await c.post(`/api/quotes/${q.id}/convert`);
    expect(unrated.status).toBe(400);
    expect(unrated.json.message).toContain('No exchange rate for GBP');
    expect((await c.put('/api/exchange-rates/GBP', { rate: '1.27' })).status).toBe(200);
    const res = await c.post(`/api/quotes/${q.id}/convert`);
    expect(res.status).toBe(200);
    const { invoiceId } = res.json as { invoiceId: number };
    const inv = (await c.get(`/api/invoices/${invoiceId}`)).json as Invoice;
    expect(inv).toMatchObject({
      status: 'draft',
      customerId: cust.id,
      currency: 'GBP',
      exchangeRate: '1.270000',
      quoteId: q.id,
      subtotal: q.subtotal,
      taxAmount: q.taxAmount,
      discountAmount: '5.00',
      shippingAmount: '7.50',
      total: q.total,
      notes: 'See you soon',
      terms: 'Half upfront',
      issueDate: new Date().toISOString().slice(0, 10),
      dueDate: inDays(30),
    });
    expect(inv.items!.map((i) => [i.description, i.quantity, i.rate, i.amount, i.taxRate, i.taxAmount])).toEqual(
      q.items!.map((i) => [i.description, i.quantity, i.rate, i.amount, i.taxRate, i.taxAmount]),
    );
    const converted = (await c.get(`/api/quotes/${q.id}`)).json as Quote;
    expect(converted).toMatchObject({ status: 'converted', convertedInvoiceId: invoiceId });
    expect(await eventsOf(stack, QuoteEvents.Converted, q.id)).toEqual([expect.objectContaining({ convertedInvoiceId: invoiceId })]);
    expect(await eventsOf(stack, InvoiceEvents.Created, invoiceId)).toEqual([expect.objectContaining({ quoteId: q.id })]);

    const again = await c.post(`/api/quotes/${q.id}/convert`);
    expect(again.status).toBe(409);
    expect(again.json.message).toBe(`Quote ${q.quoteNumber} has already been converted into invoice ${inv.invoiceNumber}`);
  });

  it('two concurrent converts make exactly one invoice and one 409', async () => {
    const c = stack.client();
    const me = await c.register();
    const cust = await makeCustomer(c);
    const q = await makeQuote(c, cust.id);
    const answers = await Promise.all([c.post(`/api/quotes/${q.id}/convert`), c.post(`/api/quotes/${q.id}/convert`)]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    const { rows } = await stack.db.query(`select count(*)::int as n from billing.invoices where tenant_id = $1 and quote_id = $2`, [
      me.organization.id,
      q.id,
    ]);
    expect(rows[0]!.n).toBe(1);
  });

  it('refuses a declined quote, and answers 404 for another tenant’s quote', async () => {
    const c = stack.client();
    await c.register();
    const cust = await makeCustomer(c);
    const q = await sentQuote(c, cust.id);
    await stack.client().post(`/api/quotes/${q.publicToken}/decline`, {});
    const res = await c.post(`/api/quotes/${q.id}/convert`);
    expect(res.status).toBe(409);
    expect(res.json.message).toBe(`Quote ${q.quoteNumber} is declined; only draft, sent, viewed or accepted quotes can be converted`);
    const other = stack.client();
    await other.register();
    expect((await other.post(`/api/quotes/${q.id}/convert`)).status).toBe(404);
  });
});

describe('quote PDFs', () => {
  it.each(TemplateLayouts)('%s: titled Quote, Quote Number, Valid Until, no balance or payment terms', async (layout) => {
    const c = stack.client();
    const me = await c.register({ organizationName: 'Layout Makers' });
    await waitFor(
      async () => (await stack.db.query('select 1 from billing.organizations where tenant_id = $1', [me.organization.id])).rowCount === 1,
    );
    const cust = await makeCustomer(c, { name: 'Zoë Ørsted' });
    const t = await makeTemplate(c, { name: `${layout} look`, layout, showPaymentTerms: true, paymentInstructions: 'Pay by wire' });
    const q = await makeQuote(c, cust.id, {
      quote: { templateId: t.id, validUntil: '2099-03-04', notes: 'Quoted with care' },
      items: [{ description: 'Prototype build', quantity: '1', rate: '1234.50' }],
    });
    const res = await fetch(new URL(`/api/quotes/${q.id}/pdf`, stack.url), {
      headers: { cookie: [...c.cookies].map(([k, v]) => `${k}=${v}`).join('; ') },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toContain(`quote-${q.quoteNumber}.pdf`);
    const text = flat(await pdfText(Buffer.from(await res.arrayBuffer())));
    expect(text).toMatch(/quote/i);
    expect(text).toContain(q.quoteNumber);
    // Labels as the layout prints them (professional upper-cases its headings).
    expect(text.toLowerCase()).toContain('quote number');
    expect(text.toLowerCase()).toContain('valid until');
    expect(text).toContain('Prototype build');
    expect(text).toContain('Quoted with care');
    expect(text).toContain('Zoë Ørsted');
    expect(text).toContain('Layout Makers');
    expect(text).not.toMatch(/invoice/i);
    expect(text).not.toMatch(/due date/i);
    expect(text).not.toMatch(/payment terms/i);
    expect(text).not.toContain('Pay by wire');
    expect(text).not.toMatch(/balance due/i);
  });
});
