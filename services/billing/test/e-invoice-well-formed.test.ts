/**
 * E-invoices stay well-formed XML whatever text is stored, and text they could not carry is refused where it is typed.
 * Stored text that input refuses today (old rows) is written straight into billing's tables, as it may be there.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Invoice } from '@billpoint/proto';
import { waitFor, type HttpClient } from '@billpoint/kit/testing';
import { startStack, type Stack } from '../../../gateway/test/support/stack.ts';
import { portalSignIn } from '../../../gateway/test/support/portal.ts';
import { xmlText } from '../src/modules/e-invoice/xml.ts';
import { download, SELLER_SETTINGS } from './support/e-invoice.ts';
import { inDays, makeCustomer, makeInvoice } from './support/factories.ts';
import { inspectFacturX } from './support/factur-x.ts';
import { hostileText, parseStrictXml } from './support/strict-xml.ts';

let stack: Stack;
beforeAll(async () => {
  stack = await startStack();
});
afterAll(() => stack?.close());

const uniq = () => Math.random().toString(36).slice(2, 10);
const XML_FORMATS = ['ubl', 'cii', 'xrechnung', 'xrechnung-cii'] as const;

/** A tenant whose seller and buyer data every format needs, with a sent invoice of two lines at 19 %. */
async function tenant(
  items = [
    { description: 'Consulting', quantity: '2', rate: '95.00' },
    { description: 'Travel', quantity: '1', rate: '80.00' },
  ],
  fields: { notes?: string } = {},
) {
  const c = stack.client();
  const { organization } = await c.register({ organizationName: `Well-formed ${uniq()}` });
  const saved = await c.post('/api/organization-settings', SELLER_SETTINGS);
  expect(saved.status, saved.text).toBe(200);
  const buyer = await makeCustomer(c, {
    name: 'Stadtwerke Musterstadt',
    street: 'Rathausplatz 5',
    postalCode: '12345',
    city: 'Musterstadt',
    country: 'DE',
    buyerReference: '04011000-12345-34',
  });
  const rate = await c.post('/api/tax-rates', { name: 'VAT 19%', rate: '19', jurisdiction: 'EU', type: 'vat', startDate: inDays(-365) });
  expect(rate.status, rate.text).toBe(201);
  const taxRateId = ((rate.json as { taxRate?: { id: number } }).taxRate ?? (rate.json as { id: number })).id;
  await waitFor(
    async () =>
      (
        await stack.db.query(
          `select 1 from billing.organizations o join billing.customers c on c.tenant_id = o.tenant_id and c.id = $2
            where o.tenant_id = $1 and o.tax_id is not null and o.bank_iban is not null and c.country = 'DE'`,
          [organization.id, buyer.id],
        )
      ).rowCount === 1,
  );
  const invoice: Invoice = await makeInvoice(c, buyer.id, {
    invoice: { currency: 'EUR', ...fields },
    items: items.map((it) => ({ ...it, taxRateId })),
    status: 'sent',
  });
  return { c, tenantId: organization.id as string, buyer, invoice };
}

/** Every e-invoice of the invoice, parsed strictly: the XML formats, and Factur-X's attached CII and its XMP. */
async function parsedEInvoices(c: HttpClient, invoiceId: number) {
  const out: { format: string; texts: string[] }[] = [];
  for (const format of XML_FORMATS) {
    const res = await download(c, `/api/invoices/${invoiceId}/e-invoice?format=${format}`);
    expect(res.status, `${format}: ${res.bytes.toString().slice(0, 300)}`).toBe(200);
    out.push({ format, texts: [...parseStrictXml(res.bytes).values()].flat() });
  }
  const pdf = await download(c, `/api/invoices/${invoiceId}/e-invoice?format=factur-x`);
  expect(pdf.status, pdf.bytes.toString().slice(0, 300)).toBe(200);
  const fx = inspectFacturX(pdf.bytes);
  out.push({ format: 'factur-x', texts: [...parseStrictXml(fx.attachments[0]!.xml).values()].flat() });
  out.push({ format: 'factur-x XMP', texts: [...parseStrictXml(fx.xmp).values()].flat() });
  return out;
}

describe('e-invoices of stored text XML cannot carry', () => {
  it('U+0001 in the seller’s company name: every e-invoice of the organization still parses, the name without it', async () => {
    const { c, tenantId, invoice } = await tenant();
    await stack.db.query(`update billing.organizations set name = $2 where tenant_id = $1`, [tenantId, 'Nordlicht\u0001 Software GmbH']);
    for (const { format, texts } of await parsedEInvoices(c, invoice.id))
      if (format !== 'factur-x XMP') expect(texts, format).toContain('Nordlicht Software GmbH');
  });

  it('`&#0;` typed in a line description and the notes is taken as text and written as those five characters', async () => {
    const { c, invoice } = await tenant([{ description: 'Setup &#0; fee &amp; more', quantity: '1', rate: '10.00' }], {
      notes: 'Ref &#0;&#x1;',
    });
    expect(invoice.items?.[0]?.description).toBe('Setup &#0; fee &amp; more');
    expect(invoice.notes).toBe('Ref &#0;&#x1;');
    for (const { format, texts } of await parsedEInvoices(c, invoice.id)) {
      if (format === 'factur-x XMP') continue;
      expect(texts, format).toContain('Setup &#0; fee &amp; more');
      expect(texts, format).toContain('Ref &#0;&#x1;');
    }
  });

  it('any stored text in the seller’s name, the customer’s name, the line descriptions and the notes: every e-invoice parses', async () => {
    const { c, tenantId, buyer, invoice } = await tenant();
    // Names keep a letter: a name of nothing but characters XML cannot hold is a 422 (the unit test covers it).
    const name = hostileText({ storable: true }).map((s) => `N${s}`);
    await fc.assert(
      fc.asyncProperty(
        fc.record({
          seller: name,
          customer: name,
          lines: fc.tuple(hostileText({ storable: true }), hostileText({ storable: true })),
          notes: hostileText({ storable: true }),
        }),
        async (v) => {
          await stack.db.query(`update billing.organizations set name = $2 where tenant_id = $1`, [tenantId, v.seller]);
          await stack.db.query(`update billing.customers set name = $3, company = null where tenant_id = $1 and id = $2`, [
            tenantId,
            buyer.id,
            v.customer,
          ]);
          await stack.db.query(
            `update billing.invoice_items set description = case when position = (select min(position) from billing.invoice_items where invoice_id = $2) then $3 else $4 end
              where tenant_id = $1 and invoice_id = $2`,
            [tenantId, invoice.id, ...v.lines],
          );
          await stack.db.query(`update billing.invoices set notes = $3 where tenant_id = $1 and id = $2`, [tenantId, invoice.id, v.notes]);
          for (const { format, texts } of await parsedEInvoices(c, invoice.id)) {
            if (format === 'factur-x XMP') continue;
            for (const stored of [v.seller, v.customer, ...v.lines, v.notes].map(xmlText).filter((s) => s !== ''))
              expect(texts, format).toContain(stored);
          }
        },
      ),
      { numRuns: 12 },
    );
  });
});

describe('text a document cannot carry is refused where it is typed, naming the field', () => {
  it('a portal customer’s profile update with U+001B: 400 naming the field, the profile unchanged', async () => {
    const staff = stack.client();
    await staff.register({ organizationName: `Portal ${uniq()}` });
    const slug = (await staff.get('/api/organization-settings')).json.portalSlug as string;
    const customer = await makeCustomer(staff, { email: `profile-${uniq()}@example.test`, name: 'Marie Curie' });
    const portal = stack.client();
    await portalSignIn(stack.gatewayEnv.MAIL_OUTBOX_DIR!, portal, slug, customer.email);
    const bad = await portal.put('/api/portal/me', { name: 'Marie\u001b[2J Curie', company: 'Atelier\u0001' });
    expect(bad.status).toBe(400);
    expect(bad.json.issues).toEqual([
      { path: 'name', message: 'Name cannot contain the control character U+001B' },
      { path: 'company', message: 'Company cannot contain the control character U+0001' },
    ]);
    expect(
      (await portal.put('/api/portal/me', { name: 'Marie', city: 'Paris\uFFFE' })).json.issues.map((i: { path: string }) => i.path),
    ).toEqual(['city']);
    expect((await staff.get(`/api/customers/${customer.id}`)).json).toMatchObject({ name: 'Marie Curie', company: null, city: null });
  });

  it('customers, organization settings, invoice lines and notes: 400 naming the field', async () => {
    const c = stack.client();
    await c.register({ organizationName: `Input ${uniq()}` });
    const customer = await c.post('/api/customers', {
      name: 'Acme\u0001',
      email: `a-${uniq()}@example.test`,
      company: 'Acme\u0085 Ltd',
      street: 'Main\uFFFF 1',
    });
    expect(customer.status).toBe(400);
    expect(customer.json.issues.map((i: { path: string }) => i.path)).toEqual(['name', 'company', 'street']);
    const settings = await c.post('/api/organization-settings', {
      ...SELLER_SETTINGS,
      companyName: 'Nordlicht\u0001 GmbH',
      billingAddress: { ...SELLER_SETTINGS.billingAddress, city: 'Ber\u001blin' },
    });
    expect(settings.status).toBe(400);
    expect(settings.json.issues.map((i: { path: string }) => i.path)).toEqual(['companyName', 'billingAddress.city']);
    const buyer = await makeCustomer(c);
    const invoice = await c.post('/api/invoices', {
      invoice: { customerId: buyer.id, dueDate: inDays(30), notes: 'Thanks\u0007' },
      items: [{ description: 'Work\u0002 done', quantity: '1', rate: '100' }],
    });
    expect(invoice.status).toBe(400);
    expect(invoice.json.issues.map((i: { path: string }) => i.path)).toEqual(['invoice.notes', 'items.0.description']);
    // `&#0;` is text like any other: nothing decodes it on the way in.
    const fine = await c.post('/api/customers', { name: 'Acme &#0; Ltd', email: `b-${uniq()}@example.test` });
    expect(fine.status, fine.text).toBe(201);
    expect(fine.json.name).toBe('Acme &#0; Ltd');
  });
});
