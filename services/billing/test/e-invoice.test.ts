import { readdirSync, readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { simpleParser } from 'mailparser';
import type { CreditNote, Customer, Invoice, TaxRate } from '@billpoint/proto';
import { waitFor, type HttpClient } from '@billpoint/kit/testing';
import type { ServiceContext } from '@billpoint/kit';
import { startStack, type Stack } from '../../../gateway/test/support/stack.ts';
import { inDays, makeCustomer, makeInvoice } from './support/factories.ts';
import { errorsOf, schematronAsserts, xsdErrors } from './support/en16931.ts';
import { download, SELLER_SETTINGS } from './support/e-invoice.ts';
import { inspectFacturX } from './support/factur-x.ts';

/** E-invoices through the gateway, with the real customers, tax and gateway services feeding billing. */
let stack: Stack;
let outbox: string;
beforeAll(async () => {
  stack = await startStack();
  outbox = ((stack.billing.ctx as ServiceContext).config as { MAIL_OUTBOX_DIR?: string }).MAIL_OUTBOX_DIR!;
});
afterAll(() => stack?.close());

async function rate(c: HttpClient, body: Record<string, unknown>): Promise<TaxRate> {
  const res = await c.post('/api/tax-rates', { jurisdiction: 'EU', type: 'vat', startDate: inDays(-365), ...body });
  expect(res.status, res.text).toBe(201);
  return ((res.json as { taxRate?: TaxRate }).taxRate ?? res.json) as TaxRate;
}

/** A tenant whose seller data, buyer and tax rates are complete, with a sent invoice at 19 % and reverse charge. */
async function completeTenant() {
  const c = stack.client();
  const { organization } = await c.register({ organizationName: 'Nordlicht' });
  const saved = await c.post('/api/organization-settings', SELLER_SETTINGS);
  expect(saved.status, saved.text).toBe(200);
  const buyer = await makeCustomer(c, {
    name: 'Marie Curie',
    company: 'Atelier Lumière SARL',
    taxId: 'FR40303265045',
    street: '12 rue de la Paix',
    postalCode: '75002',
    city: 'Paris',
    country: 'FR',
    buyerReference: 'PO-2026-118',
  });
  const standard = await rate(c, { name: 'VAT 19%', rate: '19' });
  const reverse = await rate(c, {
    name: 'Reverse charge',
    rate: '0',
    category: 'AE',
    exemptionReason: 'Reverse charge',
    exemptionReasonCode: 'vatex-eu-ae',
  });
  await waitFor(
    async () =>
      (
        await stack.db.query(
          `select 1 from billing.organizations o join billing.customers c on c.tenant_id = o.tenant_id and c.id = $2
            where o.tenant_id = $1 and o.tax_id is not null and o.bank_iban is not null and c.country = 'FR'`,
          [organization.id, buyer.id],
        )
      ).rowCount === 1,
  );
  const invoice = await makeInvoice(c, buyer.id, {
    invoice: { currency: 'USD', discountAmount: '10.00', exchangeRate: '0.920000' }, // USD in a EUR base: at the rate typed
    items: [
      { description: 'Licence', quantity: '2', rate: '500.00', taxRateId: reverse.id },
      { description: 'Local service', quantity: '1.5', rate: '80.00', taxRateId: standard.id },
    ],
    status: 'sent',
  });
  return { c, tenantId: organization.id, buyer, invoice, standard, reverse };
}

describe('GET /api/invoices/{id}/e-invoice', () => {
  it('answers 422 naming each missing field with its BT number — a missing seller VAT id names BT-31', async () => {
    const c = stack.client();
    await c.register();
    const customer = await makeCustomer(c);
    const made = await c.post('/api/invoices', {
      invoice: { customerId: customer.id, dueDate: inDays(30) },
      items: [{ description: 'Work', quantity: '1', rate: '100', taxRate: '19' }],
    });
    const res = await c.get(`/api/invoices/${(made.json as Invoice).id}/e-invoice?format=ubl`);
    expect(res.status, res.text).toBe(422);
    expect(res.json.issues).toEqual(
      expect.arrayContaining([
        { path: 'seller.vatId', bt: 'BT-31', message: 'Seller VAT identifier (BT-31) is required' },
        { path: 'seller.country', bt: 'BT-40', message: 'Seller country code (BT-40) is required' },
        { path: 'buyer.country', bt: 'BT-55', message: 'Buyer country code (BT-55) is required' },
      ]),
    );
    expect(res.json.message).toContain('Seller VAT identifier (BT-31) is required');
    const unknown = await c.get(`/api/invoices/${(made.json as Invoice).id}/e-invoice?format=pdf`);
    expect(unknown.status).toBe(400);
    expect(unknown.json.issues[0].path).toBe('format');
  });

  it('downloads every format, each valid against the official XSD and Schematron, with the invoice’s own figures', async () => {
    const { c, invoice } = await completeTenant();
    for (const format of ['ubl', 'cii', 'xrechnung', 'xrechnung-cii'] as const) {
      const res = await download(c, `/api/invoices/${invoice.id}/e-invoice?format=${format}`);
      expect(res.status, res.bytes.toString()).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^application\/xml/);
      expect(res.headers.get('content-disposition')).toBe(`attachment; filename="invoice-${invoice.invoiceNumber}-${format}.xml"`);
      const xml = res.bytes.toString('utf8');
      expect(xml.startsWith('<?xml')).toBe(true);
      const ubl = format === 'ubl' || format === 'xrechnung';
      expect(await xsdErrors(xml, ubl ? 'ubl-invoice' : 'cii')).toEqual([]);
      expect(errorsOf(schematronAsserts(xml, ubl ? 'en16931-ubl' : 'en16931-cii'))).toEqual([]);
      if (format.startsWith('xrechnung')) expect(errorsOf(schematronAsserts(xml, ubl ? 'xrechnung-ubl' : 'xrechnung-cii'))).toEqual([]);
      // BT-112 and BT-110 are the stored total and tax; the seller's IBAN as saved (spaces removed).
      expect(xml).toContain(ubl ? `<cbc:TaxInclusiveAmount currencyID="USD">${invoice.total}<` : `<ram:GrandTotalAmount>${invoice.total}<`);
      expect(xml).toContain(invoice.taxAmount);
      expect(xml).toContain('DE89370400440532013000');
      expect(xml).toContain(ubl ? '<cbc:TaxExemptionReasonCode>VATEX-EU-AE<' : '<ram:ExemptionReasonCode>VATEX-EU-AE<');
    }
    const pdf = await download(c, `/api/invoices/${invoice.id}/e-invoice?format=factur-x`);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect(pdf.bytes.subarray(0, 5).toString()).toBe('%PDF-');
    const fx = inspectFacturX(pdf.bytes);
    expect(fx.attachments.map((a) => [a.name, a.relationship])).toEqual([['factur-x.xml', 'Alternative']]);
    expect(errorsOf(schematronAsserts(fx.attachments[0]!.xml, 'en16931-cii'))).toEqual([]);
  });

  it('makes a credit note a UBL CreditNote and a CII 381 naming the invoice it corrects', async () => {
    const { c, invoice } = await completeTenant();
    const made = await c.post('/api/credit-notes', {
      invoiceId: invoice.id,
      reason: 'Returned',
      resolution: 'reduce_balance',
      amount: '50.00',
    });
    expect(made.status, made.text).toBe(201);
    const note = made.json as CreditNote;
    const ubl = await download(c, `/api/credit-notes/${note.id}/e-invoice?format=ubl`);
    expect(ubl.status, ubl.bytes.toString()).toBe(200);
    const xml = ubl.bytes.toString();
    expect(xml).toContain('<CreditNote xmlns="urn:oasis:names:specification:ubl:schema:xsd:CreditNote-2"');
    expect(xml).toContain(`<cbc:ID>${invoice.invoiceNumber}</cbc:ID>`);
    expect(await xsdErrors(xml, 'ubl-credit-note')).toEqual([]);
    expect(errorsOf(schematronAsserts(xml, 'en16931-ubl'))).toEqual([]);
    const cii = (await download(c, `/api/credit-notes/${note.id}/e-invoice?format=xrechnung-cii`)).bytes.toString();
    expect(cii).toContain('<ram:TypeCode>381</ram:TypeCode>');
    expect(errorsOf(schematronAsserts(cii, 'xrechnung-cii'))).toEqual([]);
    const fx = await download(c, `/api/credit-notes/${note.id}/e-invoice?format=factur-x`);
    expect(fx.headers.get('content-disposition')).toBe(`attachment; filename="credit-note-${note.creditNoteNumber}-factur-x.pdf"`);
    expect(inspectFacturX(fx.bytes).attachments[0]!.xml).toContain('<ram:TypeCode>381</ram:TypeCode>');
  });

  it('with attachFacturX the invoice e-mail carries the Factur-X PDF instead of the plain one', async () => {
    const { c, buyer, standard } = await completeTenant();
    const on = await c.post('/api/organization-settings', { ...SELLER_SETTINGS, attachFacturX: true });
    expect(on.status, on.text).toBe(200);
    expect(on.json.attachFacturX).toBe(true);
    const email = `fx-${Math.random().toString(36).slice(2, 8)}@example.test`;
    const put = await c.put(`/api/customers/${buyer.id}`, { name: buyer.name, email });
    expect(put.status, put.text).toBe(200);
    await waitFor(
      async () =>
        (
          await stack.db.query(
            `select 1 from billing.organizations where attach_factur_x and tenant_id = (select tenant_id from billing.customers where email = $1)`,
            [email],
          )
        ).rowCount === 1,
    );
    const made = await c.post('/api/invoices', {
      invoice: { customerId: buyer.id, dueDate: inDays(30), exchangeRate: '0.920000' },
      items: [{ description: 'Consulting', quantity: '1', rate: '100.00', taxRateId: standard.id }],
    });
    const invoice = made.json as Invoice;
    const sent = await c.post(`/api/invoices/${invoice.id}/send`, {});
    expect(sent.status, sent.text).toBe(200);
    const mails = await Promise.all(
      readdirSync(outbox)
        .map((f) => readFileSync(`${outbox}/${f}`))
        .filter((raw) => raw.toString('utf8').includes(`To: ${email}`))
        .map((raw) => simpleParser(raw)),
    );
    expect(mails).toHaveLength(1);
    const [pdf] = mails[0]!.attachments;
    // The e-invoice carries the legal number the draft took when it was sent, never its draft reference.
    const issued = (sent.json as Invoice).invoiceNumber;
    expect([invoice.invoiceNumber, issued]).toEqual([expect.stringMatching(/^DRAFT-/), expect.stringMatching(/^INV-\d{4}$/)]);
    expect(pdf!.filename).toBe(`invoice-${issued}.pdf`);
    const fx = inspectFacturX(pdf!.content);
    expect(fx.attachments.map((a) => a.name)).toEqual(['factur-x.xml']);
    expect(fx.attachments[0]!.xml).toContain(`<ram:ID>${issued}</ram:ID>`);
  });
});

describe('the fields e-invoices need', () => {
  it('are validated where they are entered: country codes, IBAN checksum, BIC, tax categories', async () => {
    const c = stack.client();
    await c.register();
    const bad = await c.post('/api/organization-settings', {
      ...SELLER_SETTINGS,
      billingAddress: { ...SELLER_SETTINGS.billingAddress, country: 'Germany' },
      bankDetails: { iban: 'DE89370400440532013001', bic: 'NOTABIC', accountHolder: null },
    });
    expect(bad.status).toBe(400);
    expect(bad.json.issues.map((i: { path: string }) => i.path)).toEqual(['billingAddress.country', 'bankDetails.iban', 'bankDetails.bic']);
    const customer = await c.post('/api/customers', { name: 'X', email: 'x@example.test', country: 'ZZ' });
    expect(customer.status).toBe(400);
    expect(customer.json.issues[0].path).toBe('country');
    const ok = await makeCustomer(c, { country: 'de', buyerReference: '04011000-12345-34' });
    expect([ok.country, ok.buyerReference]).toEqual(['DE', '04011000-12345-34']);
    const taxBad = await c.post('/api/tax-rates', { name: 'X', jurisdiction: 'EU', rate: '0', startDate: inDays(-1), category: 'X' });
    expect(taxBad.status).toBe(400);
    expect(taxBad.json.issues[0].path).toBe('category');
    const zero = await rate(c, { name: 'Zero', rate: '0' });
    const std = await rate(c, { name: 'Std', rate: '7' });
    expect([zero.category, std.category]).toEqual(['Z', 'S']);
    const got = (await c.get(`/api/customers/${ok.id}`)).json as Customer;
    expect(got.country).toBe('DE');
  });
});
