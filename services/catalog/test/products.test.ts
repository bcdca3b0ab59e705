import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { InvoiceEvents, type Invoice, type Product, type ProductSummary } from '@billpoint/proto';
import { waitFor } from '@billpoint/kit/testing';
import type { ServiceContext } from '@billpoint/kit';
import { startStack, type Stack } from '../../../gateway/test/support/stack.ts';
import { makeCustomer, makeInvoice } from '../../billing/test/support/factories.ts';
import { applyInvoice } from '../src/modules/product/invoice-lines.consumer.ts';
import { makeProduct } from './support.ts';

let stack: Stack;
beforeAll(async () => {
  stack = await startStack();
});
afterAll(() => stack?.close());

const productOf = async (c: ReturnType<Stack['client']>, id: number) => (await c.get(`/api/products/${id}`)).json as Product;

describe('products through the gateway', () => {
  it('creates with defaults and exact decimals, lists with search and pages, edits, deletes; JPY has no decimals', async () => {
    const c = stack.client();
    await c.register();
    const res = await c.post('/api/products', { name: '  Laptop stand ', sku: 'LS-1', price: 49.9, category: 'Hardware', taxRate: '20' });
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({
      name: 'Laptop stand',
      sku: 'LS-1',
      price: '49.90',
      currency: 'USD',
      taxRate: '20.00',
      isActive: true,
      trackInventory: false,
      stockQuantity: null,
      stockStatus: null,
      lowStockThreshold: 0,
      revenue: '0.00',
    });
    const yen = await makeProduct(c, { name: 'Tea set', price: '1500', currency: 'JPY', category: 'Other' });
    expect(yen.price).toBe('1500');
    const bad = await c.post('/api/products', { name: 'x', price: '1500.50', currency: 'JPY' });
    expect([bad.status, bad.json.issues]).toEqual([400, [{ path: 'price', message: 'JPY prices have no decimals' }]]);
    await makeProduct(c, { name: 'Consulting hour', sku: 'CONS', category: 'Consulting' });

    const names = async (q: string) => ((await c.get(`/api/products?${q}`)).json as Product[]).map((p) => p.name);
    expect(await names('')).toEqual(['Consulting hour', 'Tea set', 'Laptop stand']);
    expect(await names('search=ls-')).toEqual(['Laptop stand']); // SKU
    expect(await names('search=CONSULT')).toEqual(['Consulting hour']); // name and category
    expect(await names('search=other')).toEqual(['Tea set']); // category
    const page = await c.get('/api/products?limit=1&offset=1');
    expect([page.headers.get('x-total-count'), (page.json as Product[]).map((p) => p.name)]).toEqual(['3', ['Tea set']]);

    const put = await c.put(`/api/products/${res.json.id}`, { name: 'Laptop stand XL', sku: 'LS-1', price: '59.00', category: 'Hardware' });
    expect(put.json).toMatchObject({ name: 'Laptop stand XL', price: '59.00', taxRate: '0.00' });
    expect((await c.delete(`/api/products/${res.json.id}`)).status).toBe(204);
    expect((await c.get(`/api/products/${res.json.id}`)).status).toBe(404);
    // Its SKU is free again.
    expect((await c.post('/api/products', { name: 'New stand', sku: 'ls-1', price: '1' })).status).toBe(201);
  });

  it('refuses bad input naming the field, a duplicate SKU with 409 naming it, and writes nothing', async () => {
    const c = stack.client();
    await c.register();
    await makeProduct(c, { sku: 'DUP-1' });
    const dup = await c.post('/api/products', { name: 'Other', sku: 'dup-1', price: '1' });
    expect([dup.status, dup.json.message]).toEqual([409, 'A product with SKU dup-1 already exists']);
    const cases: [unknown, string][] = [
      [{ price: '1' }, 'name'],
      [{ name: 'x' }, 'price'],
      [{ name: 'x', price: '' }, 'price'],
      [{ name: 'x', price: '-1' }, 'price'],
      [{ name: 'x', price: 'abc' }, 'price'],
      [{ name: 'x', price: '1', currency: 'CHF' }, 'currency'],
      [{ name: 'x', price: '1', category: 'Food' }, 'category'],
      [{ name: 'x', price: '1', taxRate: '101' }, 'taxRate'],
      [{ name: 'x', price: '1', stockQuantity: 1.5 }, 'stockQuantity'],
      [{ name: 'x', price: '1', lowStockThreshold: -1 }, 'lowStockThreshold'],
      [{ name: 'x'.repeat(201), price: '1' }, 'name'],
      [{ name: 'x', price: '1', trackInventory: 'yes' }, 'trackInventory'],
      [{ name: 'x', price: '1', extra: true }, ''],
    ];
    for (const [body, field] of cases) {
      const res = await c.post('/api/products', body);
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      if (field) expect(res.json.issues.map((i: { path: string }) => i.path)).toContain(field);
    }
    expect((await c.get('/api/products')).headers.get('x-total-count')).toBe('1');
  });

  it('stock: the opening stock, adjustments and issued invoices move it; statuses at the threshold; revenue from paid invoices', async () => {
    const c = stack.client();
    await c.register();
    const p = await makeProduct(c, { name: 'Mug', price: '10.00', trackInventory: true, stockQuantity: 10, lowStockThreshold: 3 });
    expect(p).toMatchObject({ stockQuantity: 10, stockStatus: 'in_stock' });
    const customer = await makeCustomer(c);
    const items = [{ description: 'Mug', quantity: '4', rate: '10.00', productId: p.id }];
    const draft = await makeInvoice(c, customer.id, { items });
    expect((await productOf(c, p.id)).stockQuantity).toBe(10); // a draft consumes nothing
    const put = await c.put(`/api/invoices/${draft.id}`, { customerId: customer.id, status: 'sent', items });
    expect(put.status).toBe(200);
    await waitFor(async () => (await productOf(c, p.id)).stockQuantity === 6);
    const more = await makeInvoice(c, customer.id, { items: [{ ...items[0]!, quantity: '3' }], status: 'paid' });
    await waitFor(async () => (await productOf(c, p.id)).stockQuantity === 3);
    expect(await productOf(c, p.id)).toMatchObject({ stockStatus: 'low_stock', revenue: '30.00' }); // at the threshold; paid only
    await c.post(`/api/products/${p.id}/stock-adjustments`, { quantity: -3, note: 'Broken' });
    expect(await productOf(c, p.id)).toMatchObject({ stockQuantity: 0, stockStatus: 'out_of_stock' });
    // Cancelled (an issued invoice is never deleted): its goods come back.
    const cancel = await c.put(`/api/invoices/${more.id}`, {
      customerId: customer.id,
      status: 'cancelled',
      items: [{ ...items[0]!, quantity: '3' }],
    });
    expect(cancel.status).toBe(200);
    await waitFor(async () => (await productOf(c, p.id)).stockQuantity === 3);
    expect((await productOf(c, p.id)).revenue).toBe('0.00');
    const summary = (await c.get('/api/products/summary')).json as ProductSummary;
    expect(summary).toMatchObject({
      total: 1,
      active: 1,
      lowStock: 1,
      outOfStock: 0,
      averagePrice: [{ currency: 'USD', amount: '10.00' }],
    });

    // A product of another tenant or an inactive one cannot be invoiced.
    const other = stack.client();
    await other.register();
    const foreign = await makeProduct(other);
    const refused = await c.post('/api/invoices', {
      invoice: { customerId: customer.id, dueDate: draft.dueDate },
      items: [{ ...items[0]!, productId: foreign.id }],
    });
    expect([refused.status, refused.json.issues]).toEqual([400, [{ path: 'items.0.productId', message: 'Product not found' }]]);
  });

  it('applies redelivered and out-of-order invoice events once: stock and revenue stay right', async () => {
    const c = stack.client();
    const { organization } = await c.register();
    const p = await makeProduct(c, { price: '5.00', trackInventory: true, stockQuantity: 100 });
    const ctx = stack.services.catalog!.ctx as ServiceContext;
    const base = {
      id: 999_001,
      status: 'sent',
      updatedAt: '2026-01-01T10:00:00.000Z',
      productLines: [{ productId: p.id, quantity: '7', amount: '35.00' }],
    };
    const apply = (subject: string, d: object) =>
      ctx.tx({ tenantId: organization.id }, (em) => applyInvoice(em, organization.id, subject, d as unknown as Invoice));
    const paid = { ...base, status: 'paid', updatedAt: '2026-01-02T10:00:00.000Z' };
    await apply(InvoiceEvents.Paid, paid); // the newer one first
    await apply(InvoiceEvents.Sent, base); // then the older one: ignored
    await apply(InvoiceEvents.Paid, paid); // and a redelivery
    expect(await productOf(c, p.id)).toMatchObject({ stockQuantity: 93, revenue: '35.00' });
    await apply(InvoiceEvents.Deleted, { ...base, updatedAt: '2026-01-01T00:00:00.000Z' }); // a deletion is final whatever its version
    await apply(InvoiceEvents.Updated, { ...paid, updatedAt: '2026-01-03T10:00:00.000Z' });
    expect(await productOf(c, p.id)).toMatchObject({ stockQuantity: 100, revenue: '0.00' });
  });
});
