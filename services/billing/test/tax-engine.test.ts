import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { InvoiceEvents, type Invoice, type InvoiceEventData, type TaxRate } from '@billpoint/proto';
import { waitFor, type HttpClient } from '@billpoint/kit/testing';
import { startStack, type Stack } from '../../../gateway/test/support/stack.ts';
import { inDays, makeCustomer } from './support/factories.ts';

/**
 * The tax engine through the API, as an accountant checks an invoice: figures computed by hand in the comments, with
 * exact decimals, never by the engine under test.
 */
let stack: Stack;
beforeAll(async () => {
  stack = await startStack();
});
afterAll(() => stack?.close());

async function rate(c: HttpClient, name: string, percent: string): Promise<TaxRate> {
  const res = await c.post('/api/tax-rates', { name, jurisdiction: 'Germany', rate: percent, type: 'vat', startDate: inDays(-365) });
  expect([200, 201], res.text).toContain(res.status);
  return ((res.json as { taxRate?: TaxRate }).taxRate ?? res.json) as TaxRate;
}

async function create(c: HttpClient, invoice: Record<string, unknown>, items: Record<string, unknown>[]) {
  return c.post('/api/invoices', { invoice: { dueDate: inDays(30), ...invoice }, items });
}

async function lastEvent(tenantId: string, invoiceId: number): Promise<InvoiceEventData> {
  const { rows } = await stack.db.query<{ payload: { data: InvoiceEventData } }>(
    `select payload from billing.outbox where tenant_id = $1 and subject = $2 order by seq`,
    [tenantId, InvoiceEvents.Created],
  );
  return rows.map((r) => r.payload.data).find((d) => d.id === invoiceId)!;
}

describe('VAT on the discounted base, shipping taxed with the goods, per rate rounded once', () => {
  it('an invoice with a discount, mixed rates and shipping carries the VAT an accountant computes', async () => {
    const c = stack.client();
    const { organization } = await c.register();
    const cust = await makeCustomer(c);
    const [std, red] = [await rate(c, 'USt 19 %', '19'), await rate(c, 'USt 7 %', '7')];
    const res = await create(c, { customerId: cust.id, discountAmount: '15.00', shippingAmount: '4.95' }, [
      { description: 'Chairs', quantity: '2', rate: '50.00', taxRateId: std.id },
      { description: 'Books', quantity: '1', rate: '50.00', taxRateId: red.id },
    ]);
    expect(res.status, res.text).toBe(201);
    const inv = res.json as Invoice;
    // Lines 100.00 (19 %) and 50.00 (7 %). The 15.00 discount by amount: 10.00 and 5.00. Shipping 4.95 by the
    // discounted amounts 90.00 / 45.00: 3.30 and 1.65. Bases 93.30 and 46.65; VAT 17.727 → 17.73 and 3.2655 → 3.27.
    expect(inv).toMatchObject({ subtotal: '150.00', discountAmount: '15.00', shippingAmount: '4.95', taxAmount: '21.00' });
    expect(inv.total).toBe('160.95'); // 150.00 − 15.00 + 4.95 + 21.00
    expect(inv.items!.map((it) => [it.discountShare, it.shippingShare, it.taxAmount])).toEqual([
      ['10.00', '3.30', '17.73'],
      ['5.00', '1.65', '3.27'],
    ]);
    // The ledger and the reports read the taxable base per rate from the event.
    const data = await lastEvent(organization.id, inv.id);
    expect(data.taxLines!.map((t) => [t.rate, t.taxableAmount, t.taxAmount])).toEqual([
      ['19.00', '93.30', '17.73'],
      ['7.00', '46.65', '3.27'],
    ]);
    // An edit recomputes with the same engine.
    const put = await c.put(`/api/invoices/${inv.id}`, {
      customerId: cust.id,
      shippingAmount: '0',
      discountAmount: '0',
      items: [{ description: 'Chairs', quantity: '2', rate: '50.00', taxRateId: std.id }],
    });
    expect(put.status, put.text).toBe(200);
    expect((put.json as Invoice).taxAmount).toBe('19.00');
  });

  it('50 lines of 0.10 at 5.5 % carry 0.28 of VAT (5.00 × 5.5 % = 0.275), and 0.50 for an organization rounding per line', async () => {
    const c = stack.client();
    const { organization } = await c.register();
    const cust = await makeCustomer(c);
    const lines = Array.from({ length: 50 }, (_, i) => ({ description: `Item ${i + 1}`, quantity: '1', rate: '0.10', taxRate: '5.5' }));
    const perRate = await create(c, { customerId: cust.id }, lines);
    expect(perRate.status, perRate.text).toBe(201);
    expect([(perRate.json as Invoice).taxAmount, (perRate.json as Invoice).total]).toEqual(['0.28', '5.28']);

    const saved = await c.post('/api/organization-settings', { companyName: 'Sales Tax Inc', taxRounding: 'per_line' });
    expect(saved.status, saved.text).toBe(200);
    expect(saved.json).toMatchObject({ taxRounding: 'per_line' });
    await waitFor(async () => {
      const { rows } = await stack.db.query<{ r: string }>(`select tax_rounding as r from billing.organizations where tenant_id = $1`, [
        organization.id,
      ]);
      return rows[0]?.r === 'per_line';
    });
    const perLine = await create(c, { customerId: cust.id }, lines);
    expect((perLine.json as Invoice).taxAmount).toBe('0.50');
    // Saving the settings without the field keeps the choice.
    await c.post('/api/organization-settings', { companyName: 'Sales Tax Inc.' });
    expect((await c.get('/api/organization-settings')).json).toMatchObject({ taxRounding: 'per_line' });
    const bad = await c.post('/api/organization-settings', { companyName: 'Sales Tax Inc', taxRounding: 'sometimes' });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.json)).toContain('taxRounding');
  });
});

describe('every currency in its own minor unit; quantities and unit prices with 4 decimals', () => {
  it('¥0.5 × 101 is ¥51 and the invoice can be paid in full; a yen fraction is refused naming the field', async () => {
    const c = stack.client();
    await c.register();
    const cust = await makeCustomer(c);
    const res = await create(c, { customerId: cust.id, currency: 'JPY', exchangeRate: '0.0067' }, [
      { description: 'Stickers', quantity: '0.5', rate: '101' },
    ]);
    expect(res.status, res.text).toBe(201);
    const inv = res.json as Invoice;
    expect([inv.subtotal, inv.total]).toEqual(['51.00', '51.00']); // 50.5 → 51, never 50.50
    const sent = await c.post(`/api/invoices/${inv.id}/send`, {});
    expect(sent.status, sent.text).toBe(200);
    const paid = await c.post('/api/payments', { invoiceId: inv.id, amount: '51', paymentMethod: 'cash' });
    expect(paid.status, paid.text).toBe(201);
    await waitFor(async () => ((await c.get(`/api/invoices/${inv.id}`)).json as Invoice).balanceDue === '0.00');
    const fraction = await create(c, { customerId: cust.id, currency: 'JPY', exchangeRate: '0.0067', discountAmount: '0.5' }, [
      { description: 'Stickers', quantity: '1', rate: '100' },
    ]);
    expect(fraction.status).toBe(400);
    expect(fraction.json.issues).toContainEqual({ path: 'invoice.discountAmount', message: 'JPY amounts have no decimals' });
  });

  it('a unit price of 0.0125 is invoiced: 1,000 × 0.0125 = 12.50, the price kept as typed', async () => {
    const c = stack.client();
    await c.register();
    const cust = await makeCustomer(c);
    const res = await create(c, { customerId: cust.id, currency: 'EUR', exchangeRate: '1.1' }, [
      { description: 'API calls', quantity: '1000', rate: '0.0125' },
      { description: 'Storage (GB)', quantity: '2.3456', rate: '1.5' },
    ]);
    expect(res.status, res.text).toBe(201);
    const inv = res.json as Invoice;
    expect(inv.items!.map((it) => [it.quantity, it.rate, it.amount])).toEqual([
      ['1000.00', '0.0125', '12.50'],
      ['2.3456', '1.50', '3.52'], // 3.5184 → 3.52
    ]);
    expect(inv.subtotal).toBe('16.02');
    const tooFine = await create(c, { customerId: cust.id }, [{ description: 'x', quantity: '1', rate: '0.00001' }]);
    expect(tooFine.status).toBe(400);
    expect(tooFine.json.issues).toContainEqual({ path: 'items.0.rate', message: 'Rate can have at most 4 decimals' });
  });
});
