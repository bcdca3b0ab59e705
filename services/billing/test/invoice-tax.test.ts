import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { InvoiceEvents, type Invoice, type InvoiceEventData, type TaxRate, type TaxRateBody } from '@billpoint/proto';
import type { HttpClient } from '@billpoint/kit/testing';
import { startStack, type Stack } from '../../../gateway/test/support/stack.ts';
import { inDays, makeCustomer } from './support/factories.ts';
import { fetchBytes, pdfText } from './support/pdf.ts';

/** Invoice lines taxed at one of the tenant's tax rates: checked with the real tax service over the bus. */
let stack: Stack;
beforeAll(async () => {
  stack = await startStack();
});
afterAll(() => stack?.close());

const cookie = (c: HttpClient) => ({ cookie: [...c.cookies].map(([k, v]) => `${k}=${v}`).join('; ') });
const today = () => new Date().toISOString().slice(0, 10);

async function makeRate(c: HttpClient, o: Partial<TaxRateBody> = {}): Promise<TaxRate> {
  const res = await c.post('/api/tax-rates', {
    name: 'VAT 20%',
    jurisdiction: 'United Kingdom',
    rate: '20',
    type: 'vat',
    startDate: inDays(-365),
    ...o,
  });
  if (res.status !== 201 && res.status !== 200) throw new Error(`tax rate create failed: ${res.status} ${res.text}`);
  return ((res.json as { taxRate?: TaxRate }).taxRate ?? res.json) as TaxRate;
}

/** The tenant's invoice events as written to the outbox (in commit order), newest last. */
async function events(tenantId: string, subject?: string): Promise<{ subject: string; data: InvoiceEventData }[]> {
  const rows = await stack.db.query<{ subject: string; payload: { data: InvoiceEventData } }>(
    `select subject, payload from billing.outbox where tenant_id = $1 and subject like 'evt.billing.invoice.%' order by seq`,
    [tenantId],
  );
  return rows.rows.map((r) => ({ subject: r.subject, data: r.payload.data })).filter((e) => !subject || e.subject === subject);
}

/** Everything of the tenant an invoice write could have touched: invoices, lines and outbox rows. */
async function footprint(tenantId: string) {
  const q = async (sql: string) => (await stack.db.query(sql, [tenantId])).rows;
  return {
    invoices: await q(`select id, invoice_number, total, tax_amount, updated_at from billing.invoices where tenant_id = $1 order by id`),
    items: await q(`select id, tax_rate, tax_rate_id, tax_rate_name, tax_type from billing.invoice_items where tenant_id = $1 order by id`),
    outbox: await q(`select id from billing.outbox where tenant_id = $1 order by seq`),
  };
}

async function tenant(name = 'Taxed Ltd') {
  const c = stack.client();
  const me = await c.register({ organizationName: name });
  const customer = await makeCustomer(c);
  return { c, tenantId: me.organization.id, customerId: customer.id };
}

describe('invoice lines with a tax rate', () => {
  it('takes the percentage from the rate (ignoring one sent with it), stores its name and type, and events carry taxLines', async () => {
    const { c, tenantId, customerId } = await tenant();
    const vat = await makeRate(c);
    const reduced = await makeRate(c, { name: 'VAT reduced 5%', rate: '5.00' });
    const res = await c.post('/api/invoices', {
      invoice: { customerId, dueDate: inDays(30), shippingAmount: '4.00' },
      items: [
        { description: 'Design', quantity: '3', rate: '33.33', taxRateId: vat.id, taxRate: '99' },
        { description: 'Books', quantity: '1', rate: '10.05', taxRateId: reduced.id },
        { description: 'Hosting', quantity: '1.5', rate: '0.99', taxRateId: vat.id },
        { description: 'Bare percentage', quantity: '1', rate: '100', taxRate: '8.25' },
        { description: 'No tax', quantity: '2', rate: '7.50' },
      ],
    });
    expect(res.status, res.text).toBe(201);
    const inv = res.json as Invoice;
    // The 4.00 of shipping follows the goods, by amount (largest remainder in cents): 1.76, 0.18, 0.03, 1.77, 0.26.
    // VAT per rate on its base, rounded once: 20 % of 99.99 + 1.76 + 1.49 + 0.03 = 103.27 → 20.654 → 20.65 (shown on its
    // lines by taxable share: 20.35 + 0.30); 5 % of 10.23 → 0.5115 → 0.51; 8.25 % of 101.77 → 8.396 → 8.40.
    expect(inv.items!.map((i) => [i.amount, i.taxRate, i.taxAmount, i.taxRateId, i.taxRateName, i.taxType])).toEqual([
      ['99.99', '20.00', '20.35', vat.id, 'VAT 20%', 'vat'],
      ['10.05', '5.00', '0.51', reduced.id, 'VAT reduced 5%', 'vat'],
      ['1.49', '20.00', '0.30', vat.id, 'VAT 20%', 'vat'],
      ['100.00', '8.25', '8.40', null, null, null],
      ['15.00', '0.00', '0.00', null, null, null],
    ]);
    expect(inv.items!.map((i) => i.shippingShare)).toEqual(['1.76', '0.18', '0.03', '1.77', '0.26']);
    expect(inv).toMatchObject({ subtotal: '226.53', taxAmount: '29.56', shippingAmount: '4.00', total: '260.09' });
    expect((await c.get(`/api/invoices/${inv.id}`)).json).toEqual(inv);

    const [created] = await events(tenantId, InvoiceEvents.Created);
    expect(created!.data.taxLines).toEqual([
      { taxRateId: vat.id, name: 'VAT 20%', type: 'vat', rate: '20.00', taxableAmount: '103.27', taxAmount: '20.65' },
      { taxRateId: reduced.id, name: 'VAT reduced 5%', type: 'vat', rate: '5.00', taxableAmount: '10.23', taxAmount: '0.51' },
      { taxRateId: null, name: null, type: null, rate: '8.25', taxableAmount: '101.77', taxAmount: '8.40' },
      { taxRateId: null, name: null, type: null, rate: '0.00', taxableAmount: '15.26', taxAmount: '0.00' },
    ]);

    // An edit that changes nothing about tax keeps the lines' rates; the updated and sent events carry taxLines too.
    const put = await c.put(`/api/invoices/${inv.id}`, {
      customerId,
      status: 'sent',
      items: inv.items!.map(({ id, description, quantity, rate, taxRate, taxRateId }) => ({
        id,
        description,
        quantity,
        rate,
        taxRate,
        taxRateId,
      })),
    });
    expect(put.status, put.text).toBe(200);
    expect((put.json as Invoice).taxAmount).toBe('29.56');
    const later = await events(tenantId);
    expect(later.map((e) => e.subject)).toEqual(expect.arrayContaining([InvoiceEvents.Updated, InvoiceEvents.Sent]));
    for (const e of later) expect(e.data.taxLines).toEqual(created!.data.taxLines);
  });

  it('a line without a rate id works as before: its own percentage, else none, and then the figures are untaxed', async () => {
    const { c } = await tenant();
    const res = await c.post('/api/invoices', {
      invoice: { customerId: (await makeCustomer(c)).id, dueDate: inDays(30) },
      items: [
        { description: 'A', quantity: '3', rate: '33.33' },
        { description: 'B', quantity: '1', rate: '0.99', taxRateId: null },
      ],
    });
    expect(res.status, res.text).toBe(201);
    const inv = res.json as Invoice;
    expect(inv).toMatchObject({ subtotal: '100.98', taxAmount: '0.00', total: '100.98' });
    expect(inv.items!.every((i) => i.taxRate === '0.00' && i.taxRateId === null && i.taxRateName === null)).toBe(true);
  });

  it("refuses another tenant's rate, a deleted one, an inactive one, one not yet valid and one that ended: 400 naming the line, nothing written", async () => {
    const { c, tenantId, customerId } = await tenant('Careful Co');
    const other = await tenant('Other Co');
    const foreign = await makeRate(other.c, { name: 'Theirs 19%', rate: '19' });
    const good = await makeRate(c);
    const deleted = await makeRate(c, { name: 'Old VAT 17.5%', rate: '17.5' });
    expect((await c.delete(`/api/tax-rates/${deleted.id}`)).status).toBeLessThan(300);
    const inactive = await makeRate(c, { name: 'Paused 10%', rate: '10', isActive: false });
    const future = await makeRate(c, { name: 'VAT 21% from next year', rate: '21', startDate: inDays(400) });
    const ended = await makeRate(c, { name: 'Temporary 15%', rate: '15', startDate: inDays(-300), endDate: inDays(-10) });
    const invoice = await c.post('/api/invoices', {
      invoice: { customerId, dueDate: inDays(30) },
      items: [{ description: 'Kept', quantity: '1', rate: '10', taxRateId: good.id }],
    });
    expect(invoice.status, invoice.text).toBe(201);
    const inv = invoice.json as Invoice;
    const before = await footprint(tenantId);

    const cases: [number, RegExp][] = [
      [foreign.id, /^Tax rate not found$/],
      [deleted.id, /not active/],
      [inactive.id, /not active/],
      [future.id, new RegExp(`applies from ${inDays(400)}, after the invoice's issue date \\(${today()}\\)`)],
      [ended.id, new RegExp(`ended on ${inDays(-10)}`)],
      [987654321, /^Tax rate not found$/],
    ];
    for (const [taxRateId, message] of cases) {
      const items = [
        { description: 'Fine', quantity: '1', rate: '10', taxRateId: good.id },
        { description: 'Refused', quantity: '1', rate: '10', taxRateId },
      ];
      const created = await c.post('/api/invoices', { invoice: { customerId, dueDate: inDays(30) }, items });
      expect(created.status, created.text).toBe(400);
      expect(created.json).toMatchObject({ issues: [{ path: 'items.1.taxRateId', message: expect.stringMatching(message) }] });
      const updated = await c.put(`/api/invoices/${inv.id}`, { customerId, items });
      expect(updated.status, updated.text).toBe(400);
      expect(updated.json).toMatchObject({ issues: [{ path: 'items.1.taxRateId', message: expect.stringMatching(message) }] });
    }
    // A rate valid today but not on an earlier issue date.
    const backdated = await c.post('/api/invoices', {
      invoice: { customerId, issueDate: inDays(-400), dueDate: inDays(30) },
      items: [{ description: 'Backdated', quantity: '1', rate: '10', taxRateId: good.id }],
    });
    expect(backdated.status).toBe(400);
    expect(backdated.json).toMatchObject({ issues: [{ path: 'items.0.taxRateId' }] });
    expect(await footprint(tenantId)).toEqual(before);

    // The other tenant can use its own rate.
    const theirs = await other.c.post('/api/invoices', {
      invoice: { customerId: other.customerId, dueDate: inDays(30) },
      items: [{ description: 'Theirs', quantity: '1', rate: '100', taxRateId: foreign.id }],
    });
    expect(theirs.status, theirs.text).toBe(201);
    expect((theirs.json as Invoice).taxAmount).toBe('19.00');
  });

  it('an edit keeps the rate a line already carries even once the rate is deleted; a new issue date checks it again', async () => {
    const { c, customerId } = await tenant();
    const rate = await makeRate(c, { name: 'GST 10%', rate: '10', type: 'gst' });
    const inv = (
      await c.post('/api/invoices', {
        invoice: { customerId, dueDate: inDays(30) },
        items: [{ description: 'Service', quantity: '1', rate: '50', taxRateId: rate.id }],
      })
    ).json as Invoice;
    expect((await c.delete(`/api/tax-rates/${rate.id}`)).status).toBeLessThan(300);
    const items = [{ id: inv.items![0]!.id, description: 'Service, edited', quantity: '2', rate: '50', taxRateId: rate.id }];
    const kept = await c.put(`/api/invoices/${inv.id}`, { customerId, notes: 'edited', items });
    expect(kept.status, kept.text).toBe(200);
    expect((kept.json as Invoice).items![0]).toMatchObject({
      taxRate: '10.00',
      taxAmount: '10.00',
      taxRateName: 'GST 10%',
      taxType: 'gst',
    });
    const moved = await c.put(`/api/invoices/${inv.id}`, { customerId, issueDate: inDays(-1), items });
    expect(moved.status).toBe(400);
    expect(moved.json).toMatchObject({ issues: [{ path: 'items.0.taxRateId', message: expect.stringMatching(/not active/) }] });
  });

  it('the PDF breaks the tax down by rate name when the template shows the breakdown; the totals show Tax otherwise', async () => {
    const { c, customerId } = await tenant();
    const vat = await makeRate(c);
    const body = {
      invoice: { customerId, dueDate: inDays(30) },
      items: [
        { description: 'Design', quantity: '1', rate: '200', taxRateId: vat.id },
        { description: 'Bare', quantity: '1', rate: '100', taxRate: '8.25' },
      ],
    };
    const pdf = async (id: number) => pdfText((await fetchBytes(`${stack.url}/api/invoices/${id}/pdf`, cookie(c))).body);
    const template = async (showTaxBreakdown: boolean) => {
      const res = await c.post('/api/invoice-templates', { name: `Breakdown ${showTaxBreakdown}`, layout: 'classic', showTaxBreakdown });
      expect(res.status, res.text).toBe(201);
      return (res.json as { id: number }).id;
    };
    const invoice = async (templateId: number) => {
      const res = await c.post('/api/invoices', { ...body, invoice: { ...body.invoice, templateId } });
      expect(res.status, res.text).toBe(201);
      return res.json as Invoice;
    };
    const without = await pdf((await invoice(await template(false))).id);
    expect(without).toMatch(/Tax\s+\$48\.25/);
    expect(without).not.toContain('VAT 20%');

    const withBreakdown = await invoice(await template(true));
    const text = await pdf(withBreakdown.id);
    expect(text).toMatch(/VAT 20% \(20\.00%\)\s+\$40\.00/);
    expect(text).toMatch(/Tax \(8\.25%\)\s+\$8\.25/);
    expect(text).toMatch(/Total\s+\$348\.25/);
  });
});

describe('tax service down', () => {
  it('a line naming a rate is answered 503 (never 500) and nothing is written; lines without one still work', async () => {
    const { c, tenantId, customerId } = await tenant();
    const rate = await makeRate(c);
    const before = await footprint(tenantId);
    await stack.services.tax!.close();
    const res = await c.post('/api/invoices', {
      invoice: { customerId, dueDate: inDays(30) },
      items: [{ description: 'Taxed', quantity: '1', rate: '10', taxRateId: rate.id }],
    });
    expect(res.status, res.text).toBe(503);
    expect(res.json).toMatchObject({ message: expect.stringMatching(/tax service/) });
    expect(await footprint(tenantId)).toEqual(before);
    const untaxed = await c.post('/api/invoices', {
      invoice: { customerId, dueDate: inDays(30) },
      items: [{ description: 'Untaxed', quantity: '1', rate: '10', taxRate: '20' }],
    });
    expect(untaxed.status).toBe(201);
  });
});
