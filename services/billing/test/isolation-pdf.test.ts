import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Invoice } from '@billpoint/proto';
import type { HttpClient } from '@billpoint/kit/testing';
import { startStack, type Stack } from '../../../gateway/test/support/stack.ts';
import { invoiceBody, makeCustomer, makeInvoice } from './support/factories.ts';
import { fetchBytes, pdfText } from './support/pdf.ts';

let stack: Stack;
beforeAll(async () => {
  stack = await startStack();
});
afterAll(() => stack?.close());

const cookie = (c: HttpClient) => ({ cookie: [...c.cookies].map(([k, v]) => `${k}=${v}`).join('; ') });

describe('tenant isolation', () => {
  it('tenant B gets 404 on every invoice route with tenant A ids, and A keeps its invoice', async () => {
    const a = stack.client();
    const b = stack.client();
    await a.register({ organizationName: 'A' });
    await b.register({ organizationName: 'B' });
    const ac = await makeCustomer(a, { name: 'A secret', email: 'secret@a.test' });
    const ai = await makeInvoice(a, ac.id);
    const bc = await makeCustomer(b, { name: 'B own', email: 'own@b.test' });
    await makeInvoice(b, bc.id);

    expect((await b.get(`/api/invoices/${ai.id}`)).status).toBe(404);
    expect((await b.put(`/api/invoices/${ai.id}`, { customerId: bc.id, items: [{ description: 'x', quantity: 1, rate: 1 }] })).status).toBe(
      404,
    );
    expect((await b.put(`/api/invoices/${ai.id}`, { customerId: ac.id, items: [{ description: 'x', quantity: 1, rate: 1 }] })).status).toBe(
      404,
    );
    expect((await b.post(`/api/invoices/${ai.id}/send`)).status).toBe(404);
    expect((await b.get(`/api/invoices/${ai.id}/pdf`)).status).toBe(404);
    expect((await b.delete(`/api/invoices/${ai.id}`)).status).toBe(404);
    expect((await b.get('/api/invoices?search=secret')).json).toEqual([]);
    expect((await b.get(`/api/invoices?search=${ai.invoiceNumber}`)).json).toHaveLength(1); // B's own DRAFT-0001
    expect(((await b.get('/api/invoices')).json as Invoice[]).map((i) => i.customer?.name)).toEqual(['B own']);
    expect((await b.post('/api/invoices', invoiceBody(ac.id))).status).toBe(400); // A's customer is unknown to B
    const stats = (await b.get('/api/dashboard/stats')).json;
    expect(stats).toMatchObject({ totalInvoices: 1, totalCustomers: 1 });

    const mine = await a.get(`/api/invoices/${ai.id}`);
    expect(mine.status).toBe(200);
    expect(mine.json).toMatchObject({ id: ai.id, status: 'draft', customer: { name: 'A secret' } });
  });

  it('the billing runtime role sees no invoice rows without a tenant, and the search function answers nothing either', async () => {
    const a = stack.client();
    const me = await a.register();
    const cust = await makeCustomer(a);
    await makeInvoice(a, cust.id);
    const { default: pg } = await import('pg');
    const url = new URL(stack.db.url);
    url.username = 'billing_app';
    const app = new pg.Client({ connectionString: url.toString() });
    await app.connect();
    try {
      for (const t of ['invoices', 'invoice_items', 'customers', 'organizations', 'stats_status', 'stats_month', 'stats_customer']) {
        expect((await app.query(`select * from billing.${t}`)).rowCount, t).toBe(0);
      }
      expect((await app.query(`select * from billing.search_invoice_page('%', null, 10, 0)`)).rowCount).toBe(0);
      await app.query('begin');
      await app.query(`select set_config('app.tenant_id', $1, true)`, [me.organization.id]);
      expect((await app.query(`select * from billing.search_invoice_page('%', null, 10, 0)`)).rowCount).toBe(1);
      expect((await app.query(`select * from billing.invoices`)).rowCount).toBe(1);
      await app.query('rollback');
    } finally {
      await app.end();
    }
  });
});

describe('PDF', () => {
  it('streams application/pdf inline with the organization, customer, number, dates, items, totals, notes and terms in Unicode', async () => {
    const c = stack.client();
    await c.register({ organizationName: 'Café Ünïcødé — €' });
    const cust = await makeCustomer(c, {
      name: 'Zoë Ørsted',
      email: 'zoe@example.test',
      company: 'Łódź Ltd',
      phone: '+48 42 000',
      address: 'ul. Piotrkowska 1, Łódź',
    });
    const res = await c.post(
      '/api/invoices',
      invoiceBody(cust.id, {
        invoice: {
          currency: 'EUR',
          exchangeRate: '1.1',
          issueDate: '2026-01-05',
          dueDate: '2026-02-04',
          taxRate: '19',
          notes: 'Merci beaucoup — ¡gracias! Ευχαριστώ',
          terms: 'Zahlbar innerhalb von 30 Tagen',
        },
        items: [
          { description: 'Crème brûlée workshop', quantity: '2', rate: '1234.50' },
          { description: 'Überstunden ≥ 10h', quantity: '1.5', rate: '80' },
          { description: 'Καλημέρα κόσμε', quantity: '1', rate: '0.99' },
        ],
      }),
    );
    const inv = res.json as Invoice;
    // The organization read model is fed by organization.created: wait for it to be on the PDF.
    let text = '';
    await expect
      .poll(
        async () => {
          const pdf = await fetchBytes(`${stack.url}/api/invoices/${inv.id}/pdf`, cookie(c));
          expect(pdf.status).toBe(200);
          expect(pdf.headers.get('content-type')).toBe('application/pdf');
          expect(pdf.headers.get('content-disposition')).toBe(`inline; filename="invoice-${inv.invoiceNumber}.pdf"`);
          expect(pdf.body.subarray(0, 5).toString()).toBe('%PDF-');
          text = await pdfText(pdf.body);
          return text;
        },
        { timeout: 20_000, interval: 250 },
      ) // the event's way is slower on a busy machine than the 1 s default
      .toContain('Café Ünïcødé — €');
    for (const s of [
      'INVOICE',
      inv.invoiceNumber,
      'Zoë Ørsted',
      'Łódź Ltd',
      'zoe@example.test',
      'ul. Piotrkowska 1, Łódź',
      'Jan 5, 2026',
      'Feb 4, 2026',
      'Crème brûlée workshop',
      'Überstunden ≥ 10h',
      'Καλημέρα κόσμε',
      '€1,234.50',
      '€2,469.00',
      '€120.00',
      '€0.99',
      'Subtotal',
      '€2,589.99', // 2469.00 + 120.00 + 0.99
      '€492.10', // 469.11 + 22.80 + 0.19
      '€3,082.09',
      'Merci beaucoup — ¡gracias! Ευχαριστώ',
      'Zahlbar innerhalb von 30 Tagen',
    ]) {
      expect(text).toContain(s);
    }
    expect(inv.total).toBe('3082.09');
    // Deterministic: the same invoice, the same bytes.
    const again = await fetchBytes(`${stack.url}/api/invoices/${inv.id}/pdf`, cookie(c));
    const once = await fetchBytes(`${stack.url}/api/invoices/${inv.id}/pdf`, cookie(c));
    expect(again.body.equals(once.body)).toBe(true);
  });

  it('breaks long item lists over pages', async () => {
    const c = stack.client();
    await c.register();
    const cust = await makeCustomer(c);
    const items = Array.from({ length: 80 }, (_, i) => ({ description: `Line item number ${i + 1}`, quantity: '1', rate: '1' }));
    const inv = (await c.post('/api/invoices', invoiceBody(cust.id, { items }))).json as Invoice;
    const pdf = await fetchBytes(`${stack.url}/api/invoices/${inv.id}/pdf`, cookie(c));
    const text = await pdfText(pdf.body);
    expect(text).toContain('Line item number 1\n'.trim());
    expect(text).toContain('Line item number 80');
    expect(text).toContain('$80.00');
    expect(text.split('\f').filter((p) => p.trim()).length).toBeGreaterThan(1);
  });
});
