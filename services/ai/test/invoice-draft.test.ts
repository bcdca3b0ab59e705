import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { InvoiceDraft } from '@billpoint/proto';
import { waitFor } from '@billpoint/kit/testing';
import { startStack, type Stack } from '../../../gateway/test/support/stack.ts';
import { draftTenant, inDays, type DraftTenant } from './support/draft-tenant.ts';

let stack: Stack;
let a: DraftTenant;
let b: DraftTenant;
beforeAll(async () => {
  stack = await startStack({ bus: 'nats' });
  a = await draftTenant(stack, {
    customers: [{ name: 'Acme Corporation', paymentTerms: 15 }, { name: 'Umbrella Health' }],
    products: [
      { name: 'Pro Plan', price: '49.00', taxRate: '20' },
      { name: 'Support', price: '80.00' },
    ],
    taxRates: [{ name: 'VAT', rate: '20' }],
  });
  // Another tenant whose customer names are closer to the texts than A's: never proposed to A.
  b = await draftTenant(stack, {
    customers: [{ name: 'Acme' }, { name: 'Globex', currency: 'EUR' }],
    products: [{ name: 'Pro Plan licence', price: '1.00' }],
  });
});
afterAll(() => stack?.close());

const draft = async (t: DraftTenant, text: string) => {
  const res = await t.client.post('/api/ai/invoice-draft', { text });
  expect(res.status, res.text).toBe(200);
  return InvoiceDraft.parse(res.json);
};

describe('POST /api/ai/invoice-draft (local engine)', () => {
  it('drafts the issue’s example from the tenant’s own customer, product, price and tax rate', async () => {
    const d = await draft(a, 'Invoice Acme for 12 hours of design at 95 an hour and 2 Pro Plan licences, due in 14 days');
    expect(d.source).toBe('local');
    expect(d.customer).toMatchObject({ id: a.customers['Acme Corporation'], name: 'Acme Corporation' });
    expect(d.customer!.confidence).toBeGreaterThanOrEqual(0.8);
    expect(d.items.map(({ confidence: _c, ...it }) => it)).toEqual([
      { description: 'Design', quantity: '12', rate: '95.00', productId: null, taxRateId: null, taxRate: null, taxRateName: null },
      {
        description: 'Pro Plan',
        quantity: '2',
        rate: '49.00',
        productId: a.products['Pro Plan'],
        taxRateId: a.taxRates.VAT,
        taxRate: '20.000',
        taxRateName: 'VAT',
      },
    ]);
    expect(d.issueDate.value).toBe(inDays(0));
    expect(d.dueDate).toEqual({ value: inDays(14), confidence: 0.95 });
    expect(d.currency.value).toBe('USD');
    expect(d.warnings).toEqual([]);
  });

  it('never proposes another tenant’s customer, even one whose name is closer', async () => {
    const d = await draft(a, 'Bill Globex 1,500 EUR for the March audit, net 30');
    expect(d.customer).toBeNull();
    expect(d.newCustomerName).toBe('Globex');
    expect(d.warnings[0]).toContain('“Globex” is not one of your customers');
    const foreign = [...Object.values(b.customers), ...Object.values(b.products)];
    expect(d.candidates.map((c) => c.id).filter((id) => foreign.includes(id))).toEqual([]);
    expect(d.items).toEqual([expect.objectContaining({ description: 'March audit', quantity: '1', rate: '1500.00', productId: null })]);
    expect([d.currency.value, d.dueDate.value]).toEqual(['EUR', inDays(30)]);
    // B asks about "Acme": its own Acme, never A's Acme Corporation.
    const mine = await draft(b, 'Invoice Acme for 2 Pro Plan licences');
    expect(mine.customer?.id).toBe(b.customers.Acme);
    expect(mine.items[0]!.productId).toBe(b.products['Pro Plan licence']);
    expect(JSON.stringify(mine)).not.toContain('Acme Corporation');
  });

  it('“same as last month” copies the customer’s latest invoice’s lines and adds the new ones', async () => {
    const due = inDays(10);
    for (const [issueDate, rate] of [
      [inDays(-60), '10.00'],
      [inDays(-30), '120.00'],
    ] as const) {
      const res = await a.client.post('/api/invoices', {
        invoice: { customerId: a.customers['Umbrella Health'], issueDate, dueDate: due },
        items: [
          { description: 'Monthly retainer', quantity: '1', rate },
          { description: 'Pro Plan', quantity: '3', rate: '49.00', productId: a.products['Pro Plan'] },
        ],
      });
      expect(res.status, res.text).toBe(201);
    }
    await waitFor(async () => {
      const { rows } = await stack.db.query(`select 1 from ai.draft_invoices where tenant_id = $1 and lines is not null`, [a.tenantId]);
      return rows.length === 2;
    });
    const d = await draft(a, 'same as last month for Umbrella plus 3 hours of support');
    expect(d.customer?.id).toBe(a.customers['Umbrella Health']);
    expect(d.items.map((it) => [it.description, it.quantity, it.rate, it.productId])).toEqual([
      ['Monthly retainer', '1', '120.00', null],
      ['Pro Plan', '3', '49.00', a.products['Pro Plan']],
      ['Support', '3', '80.00', a.products.Support],
    ]);
  });

  it('says what it could not read instead of guessing', async () => {
    const d = await draft(a, 'Please bill Acme for the workshop, due whenever suits');
    expect(d.items).toEqual([expect.objectContaining({ description: 'Workshop', rate: '0.00' })]);
    expect(d.items[0]!.confidence).toBeLessThan(0.6);
    expect(d.warnings).toContain('No price for “Workshop”: enter the rate.');
    expect(d.warnings.some((w) => w.includes('could not be read as a date'))).toBe(true);
    expect(d.dueDate.confidence).toBeLessThan(0.6);
  });

  it('refuses a missing, empty or too long text with a 400 naming text', async () => {
    for (const body of [{}, { text: '' }, { text: 'x'.repeat(4001) }, { text: 12 }]) {
      const res = await a.client.post('/api/ai/invoice-draft', body);
      expect(res.status, res.text).toBe(400);
      expect(res.text).toContain('text');
    }
  });
});
