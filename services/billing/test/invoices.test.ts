import { readdirSync, readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Invoice } from '@billpoint/proto';
import { startStack, type Stack } from '../../../gateway/test/support/stack.ts';
import { inDays, invoiceBody, makeCustomer, makeInvoice } from './support/factories.ts';

let stack: Stack;
beforeAll(async () => {
  stack = await startStack();
});
afterAll(() => stack?.close());

describe('invoices through the gateway', () => {
  it('creates a draft with server-computed figures, gets it with customer and items, lists, issues, updates and deletes drafts only', async () => {
    const c = stack.client();
    await c.register();
    const cust = await makeCustomer(c, { name: 'Ada Lovelace', email: 'ada@engine.test', phone: '+44 1', company: 'Engines' });
    const res = await c.post('/api/invoices', {
      invoice: {
        customerId: String(cust.id),
        invoiceNumber: 'INV-0001',
        dueDate: inDays(30),
        status: 'paid', // ignored: new invoices are drafts
        subtotal: '999999', // client figures are ignored
        total: '1',
        taxAmount: '5',
        currency: 'usd',
        taxRate: '10',
        discountAmount: '1.05',
        shippingAmount: '2',
        notes: 'Thanks!',
        terms: 'Net 30',
      },
      items: [
        { description: 'Design', quantity: '3', rate: '33.33', amount: '1' },
        { description: 'Hosting', quantity: '1.5', rate: '0.99', taxRate: '20' },
      ],
    });
    expect(res.status).toBe(201);
    const inv = res.json as Invoice;
    // The typed number is the next of the sequence, so it is accepted; the draft takes it only when issued.
    expect(inv).toMatchObject({
      invoiceNumber: 'DRAFT-0001',
      status: 'draft',
      customerId: cust.id,
      customer: { id: cust.id, name: 'Ada Lovelace', email: 'ada@engine.test', phone: '+44 1', address: null, company: 'Engines' },
      currency: 'USD',
      exchangeRate: '1.000000',
      issueDate: new Date().toISOString().slice(0, 10),
      dueDate: inDays(30),
      subtotal: '101.48', // 99.99 + 1.49 (1.485 half-up)
      // The discount (1.03 + 0.02) and shipping (1.97 + 0.03) shared by amount: bases 100.93 at 10 % and 1.50 at 20 %.
      taxAmount: '10.39', // 10.093 → 10.09, + 0.30
      discountAmount: '1.05',
      shippingAmount: '2.00',
      total: '112.82',
      totalInBaseCurrency: '112.82',
      notes: 'Thanks!',
      terms: 'Net 30',
      sentAt: null,
      paidAt: null,
      remindersSent: 0,
    });
    expect(inv.items!.map((i) => [i.description, i.quantity, i.rate, i.amount, i.taxRate, i.taxAmount])).toEqual([
      ['Design', '3.00', '33.33', '99.99', '10.00', '10.09'],
      ['Hosting', '1.50', '0.99', '1.49', '20.00', '0.30'],
    ]);
    expect(inv.publicToken).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const got = await c.get(`/api/invoices/${inv.id}`);
    expect(got.status).toBe(200);
    expect(got.json).toEqual(inv);

    const second = await makeInvoice(c, cust.id);
    const list = await c.get('/api/invoices');
    expect(list.headers.get('x-total-count')).toBe('2');
    const rows = list.json as Invoice[];
    expect(rows.map((r) => r.id)).toEqual([second.id, inv.id]);
    expect(rows[1]!.customer).toMatchObject({ name: 'Ada Lovelace', email: 'ada@engine.test' });
    expect(rows[1]).not.toHaveProperty('items');
    expect(rows[1]).not.toHaveProperty('publicToken');

    // The edit form: items replace the stored ones (a kept id stays), status Pending = sent.
    const keep = inv.items![1]!;
    const upd = await c.put(`/api/invoices/${inv.id}`, {
      customerId: cust.id,
      status: 'sent',
      issueDate: inDays(-1),
      dueDate: inDays(10),
      notes: null,
      total: '0',
      items: [
        { id: keep.id, description: 'Hosting (year)', quantity: '12', rate: '0.99' },
        { description: 'Support', quantity: '1', rate: '50' },
      ],
    });
    expect(upd.status).toBe(200);
    const u = upd.json as Invoice;
    // Lines without their own tax rate take the invoice's (10 %), on 61.88 − 1.05 discount + 2.00 shipping = 62.83: 6.283.
    expect(u).toMatchObject({
      invoiceNumber: 'INV-0001',
      status: 'sent',
      notes: null,
      terms: 'Net 30',
      subtotal: '61.88',
      taxAmount: '6.28',
      total: '69.11',
    });
    expect(u.sentAt).not.toBeNull();
    expect(u.items!.map((i) => i.description)).toEqual(['Hosting (year)', 'Support']);
    expect(u.items![0]!.id).toBe(keep.id);

    const paid = (
      await c.put(`/api/invoices/${inv.id}`, { customerId: cust.id, status: 'paid', items: [{ description: 'A', quantity: 1, rate: 5 }] })
    ).json as Invoice;
    expect(paid.status).toBe('paid');
    expect(paid.paidAt).not.toBeNull();
    const unpaid = (
      await c.put(`/api/invoices/${inv.id}`, { customerId: cust.id, status: 'sent', items: [{ description: 'A', quantity: 1, rate: 5 }] })
    ).json as Invoice;
    expect(unpaid.paidAt).toBeNull();
    expect(unpaid.sentAt).toBe(u.sentAt);

    expect(unpaid.invoiceNumber).toBe('INV-0001');

    // Issued: it stays (409); the draft goes.
    const refused = await c.delete(`/api/invoices/${inv.id}`);
    expect(refused.status).toBe(409);
    expect(refused.json.message).toBe('An issued invoice cannot be deleted; cancel it or issue a credit note instead');
    expect((await c.get(`/api/invoices/${inv.id}`)).json).toMatchObject({ invoiceNumber: 'INV-0001', status: 'sent' });
    expect((await c.delete(`/api/invoices/${second.id}`)).status).toBe(204);
    expect((await c.get(`/api/invoices/${second.id}`)).status).toBe(404);
    expect((await c.delete(`/api/invoices/${second.id}`)).status).toBe(404);
    expect(((await c.get('/api/invoices')).json as Invoice[]).map((r) => r.id)).toEqual([inv.id]);
  });

  it('searches number, customer name and e-mail case-insensitively, filters by status, pages', async () => {
    const c = stack.client();
    await c.register();
    const north = await makeCustomer(c, { name: 'Northwind Traders', email: 'orders@northwind.test' });
    const jane = await makeCustomer(c, { name: 'Jane Roe', email: 'jane@ROE.test' });
    const pct = await makeCustomer(c, { name: 'Hundred 100%', email: 'h@x.test' });
    const a = await makeInvoice(c, north.id);
    const b = await makeInvoice(c, jane.id, { status: 'sent' });
    const d = await makeInvoice(c, pct.id, { status: 'paid' });
    const e = await makeInvoice(c, jane.id);
    // Drafts hold draft references; b and d took INV-0001 and INV-0002 when they were issued.
    expect([a, b, d, e].map((x) => x.invoiceNumber)).toEqual(['DRAFT-0001', 'INV-0001', 'INV-0002', 'DRAFT-0004']);
    const ids = async (q: string) => ((await c.get(`/api/invoices?${q}`)).json as Invoice[]).map((x) => x.id);
    expect(await ids('search=NORTH')).toEqual([a.id]);
    expect(await ids('search=roe.test')).toEqual([e.id, b.id]);
    expect(await ids('search=inv-0001')).toEqual([b.id]);
    expect(await ids('search=draft-0004')).toEqual([e.id]);
    expect(await ids('search=draft-0002')).toEqual([]); // the search follows the number given at issue
    expect(await ids('search=100%25')).toEqual([d.id]);
    expect(await ids('search=%25')).toEqual([d.id]);
    expect(await ids('search=zzz')).toEqual([]);
    expect(await ids('status=sent')).toEqual([b.id]);
    expect(await ids('search=jane&status=draft')).toEqual([e.id]);
    const page = await c.get('/api/invoices?limit=2&offset=1');
    expect((page.json as Invoice[]).map((x) => x.id)).toEqual([d.id, b.id]);
    expect(page.headers.get('x-total-count')).toBe('4');
    const searchedPage = await c.get('/api/invoices?search=inv&limit=1&offset=1');
    expect((searchedPage.json as Invoice[]).map((x) => x.id)).toEqual([b.id]);
    expect(searchedPage.headers.get('x-total-count')).toBe('2');
    const beyond = await c.get('/api/invoices?search=inv&offset=50');
    expect(beyond.json).toEqual([]);
    expect(beyond.headers.get('x-total-count')).toBe('2');
    expect((await c.get('/api/invoices?status=lost')).status).toBe(400);

    // A customer renamed in customers: the read model and the search follow the event.
    await c.put(`/api/customers/${north.id}`, { name: 'Southwind Partners', email: 'orders@northwind.test' });
    await expect.poll(() => ids('search=southwind')).toEqual([a.id]);
    expect(((await c.get(`/api/invoices/${a.id}`)).json as Invoice).customer!.name).toBe('Southwind Partners');
  });

  it('answers the validation messages of the spec, per field', async () => {
    const c = stack.client();
    await c.register();
    const cust = await makeCustomer(c);
    const issues = async (body: unknown, method: 'post' | 'put' = 'post', path = '/api/invoices') => {
      const res = await c[method](path, body);
      expect(res.status).toBe(400);
      return res.json.issues as { path: string; message: string }[];
    };
    expect(await issues({ invoice: { dueDate: inDays(3) }, items: [{ description: 'x', quantity: 1, rate: 1 }] })).toContainEqual({
      path: 'invoice.customerId',
      message: 'Customer is required',
    });
    expect(await issues({ invoice: { customerId: '' }, items: [] })).toEqual(
      expect.arrayContaining([
        { path: 'invoice.customerId', message: 'Customer is required' },
        { path: 'invoice.dueDate', message: 'Due date is required' },
        { path: 'items', message: 'At least one item is required' },
      ]),
    );
    expect(
      await issues({
        invoice: { customerId: cust.id, dueDate: inDays(3) },
        items: [
          { description: ' ', quantity: '', rate: null },
          { description: 'ok', quantity: '-1', rate: '1.23456' },
        ],
      }),
    ).toEqual(
      expect.arrayContaining([
        { path: 'items.0.description', message: 'Description is required' },
        { path: 'items.0.quantity', message: 'Quantity is required' },
        { path: 'items.0.rate', message: 'Rate is required' },
        { path: 'items.1.quantity', message: 'Quantity must be at least 0' },
        { path: 'items.1.rate', message: 'Rate can have at most 4 decimals' },
      ]),
    );
    expect(await issues(invoiceBody(cust.id, { invoice: { issueDate: inDays(5), dueDate: inDays(1) } }))).toEqual([
      { path: 'invoice.dueDate', message: 'Due date cannot be before the issue date' },
    ]);
    expect(await issues(invoiceBody(999_999))).toEqual([{ path: 'invoice.customerId', message: 'Customer not found' }]);

    const inv = await makeInvoice(c, cust.id);
    expect(await issues({ items: [{ description: 'x', quantity: 1, rate: 1 }] }, 'put', `/api/invoices/${inv.id}`)).toContainEqual({
      path: 'customerId',
      message: 'Please select a customer',
    });
    expect(await issues({ customerId: cust.id, items: [] }, 'put', `/api/invoices/${inv.id}`)).toContainEqual({
      path: 'items',
      message: 'At least one item is required',
    });
    expect(
      await issues(
        { customerId: cust.id, status: 'pending', items: [{ description: 'x', quantity: 1, rate: 1 }] },
        'put',
        `/api/invoices/${inv.id}`,
      ),
    ).toEqual([{ path: 'status', message: 'Status must be one of draft, sent, viewed, paid, overdue, cancelled, refunded, credited' }]);
    // A deleted customer can no longer be invoiced.
    const gone = await makeCustomer(c);
    await c.delete(`/api/customers/${gone.id}`);
    await expect
      .poll(async () => (await c.post('/api/invoices', invoiceBody(gone.id))).json?.issues)
      .toEqual([{ path: 'invoice.customerId', message: 'Customer not found' }]);
  });

  it('figures past numeric(15,2) after tax, shipping or the exchange rate are a 400 naming the field, not a 500', async () => {
    const c = stack.client();
    const me = await c.register();
    const cust = await makeCustomer(c);
    const big = [{ description: 'Big', quantity: '10', rate: '99999999999' }]; // 999,999,999,990.00: just within MAX_MONEY
    const count = async () =>
      Number((await stack.db.query('select count(*) as n from billing.invoices where tenant_id = $1', [me.organization.id])).rows[0]!.n);
    const refused = async (body: unknown, method: 'post' | 'put' = 'post', path = '/api/invoices') => {
      const res = await c[method](path, body);
      expect(res.status, res.text).toBe(400);
      return res.json.issues.map((i: { path: string }) => i.path);
    };
    expect(await refused(invoiceBody(cust.id, { invoice: { exchangeRate: '86764.03' }, items: big }))).toEqual(['invoice.exchangeRate']);
    expect(await refused(invoiceBody(cust.id, { invoice: { taxRate: '0.01' }, items: big }))).toEqual(['invoice.taxRate']);
    expect(await refused(invoiceBody(cust.id, { invoice: { shippingAmount: '100' }, items: big }))).toEqual(['invoice.shippingAmount']);
    expect(await count()).toBe(0);
    const inv = await makeInvoice(c, cust.id);
    expect(await refused({ customerId: cust.id, exchangeRate: 86764.03, items: big }, 'put', `/api/invoices/${inv.id}`)).toEqual([
      'exchangeRate',
    ]);
    expect((await c.get(`/api/invoices/${inv.id}`)).json).toMatchObject({ exchangeRate: '1.000000', total: inv.total });
  });

  it('a customer the read model does not know yet is asked from customers over request/reply', async () => {
    const c = stack.client();
    const me = await c.register();
    const cust = await makeCustomer(c, { name: 'Fresh Co', email: 'fresh@co.test' });
    // Simulate the event not having arrived yet.
    await stack.db.query(`delete from billing.customers where tenant_id = $1 and id = $2`, [me.organization.id, cust.id]);
    const inv = await makeInvoice(c, cust.id);
    expect(inv.customer).toMatchObject({ id: cust.id, name: 'Fresh Co', email: 'fresh@co.test' });
    // Another tenant's customer id is not found, even though it exists.
    const other = stack.client();
    await other.register();
    const res = await other.post('/api/invoices', invoiceBody(cust.id));
    expect(res.status).toBe(400);
    expect(res.json.issues).toEqual([{ path: 'invoice.customerId', message: 'Customer not found' }]);
  });

  it('sends to the customer: without SMTP_URL the mail is an .eml file in the outbox; a draft becomes sent', async () => {
    const c = stack.client();
    await c.register();
    const cust = await makeCustomer(c, { email: 'eml@example.test' });
    const inv = await makeInvoice(c, cust.id);
    const res = await c.post(`/api/invoices/${inv.id}/send`);
    expect(res.status).toBe(200);
    // The mail and its PDF carry the legal number the invoice was issued under, not the draft's reference.
    expect(res.json).toMatchObject({ status: 'sent', remindersSent: 0, invoiceNumber: 'INV-0001' });
    const dir = (stack.billing.ctx.config as { MAIL_OUTBOX_DIR?: string }).MAIL_OUTBOX_DIR!;
    const eml = readdirSync(dir)
      .map((f) => readFileSync(`${dir}/${f}`, 'utf8'))
      .find((m) => m.includes('To: eml@example.test'));
    expect(inv.invoiceNumber).toBe('DRAFT-0001');
    expect(eml).toContain('Subject: Invoice INV-0001');
    expect(eml).toContain('filename=invoice-INV-0001.pdf');
    // Sending again is a reminder: the status and sentAt stay.
    const again = (await c.post(`/api/invoices/${inv.id}/send`)).json as Invoice;
    expect(again).toMatchObject({ status: 'sent', sentAt: res.json.sentAt, remindersSent: 1 });
    expect(again.lastReminderAt).not.toBeNull();
  });
});
