import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HOST_TENANT_HEADER, type Invoice, type PortalInvoiceList } from '@billpoint/proto';
import { HttpClient, waitFor } from '@billpoint/kit/testing';
import { startStack, type Stack } from '../../../gateway/test/support/stack.ts';
import { makeCustomer, makeInvoice } from './support/factories.ts';
import { pdfText } from './support/pdf.ts';
import { portalClient } from '../../payments/test/support/portal.ts';

let stack: Stack;
beforeAll(async () => {
  stack = await startStack();
});
afterAll(() => stack?.close());

const invoiceOf = async (c: HttpClient, id: number) => (await c.get(`/api/invoices/${id}`)).json as Invoice;
const items = (rate: string) => [{ description: 'Work', quantity: '1', rate }];
const setDate = (table: string, column: string, id: number, date: string) =>
  stack.db.query(`update billing.${table} set ${column} = $1 where id = $2`, [date, id]);

async function tenant() {
  const c = stack.client();
  const { organization } = await c.register();
  const ann = await makeCustomer(c, { name: 'Ann Portal', email: 'ann@example.test' });
  const bob = await makeCustomer(c, { name: 'Bob Other', email: 'bob@example.test' });
  return { c, tenantId: organization.id, ann, bob, portal: portalClient(stack.billing.url, organization.id, ann.id) };
}

describe('the portal: a customer sees only their issued invoices', () => {
  it('lists issued invoices newest first with balances, filters and totals; never drafts or another customer’s', async () => {
    const t = await tenant();
    const open = await makeInvoice(t.c, t.ann.id, { status: 'sent', items: items('100.00') });
    const paid = await makeInvoice(t.c, t.ann.id, { status: 'sent', items: items('40.00') });
    const late = await makeInvoice(t.c, t.ann.id, { status: 'sent', items: items('25.50') });
    const draft = await makeInvoice(t.c, t.ann.id, { items: items('7.00') });
    const bobs = await makeInvoice(t.c, t.bob.id, { status: 'sent', items: items('9.00') });
    await setDate('invoices', 'issue_date', open.id, '2026-01-03');
    await setDate('invoices', 'issue_date', paid.id, '2026-01-02');
    await setDate('invoices', 'issue_date', late.id, '2026-01-01');
    await stack.db.query(`update billing.invoices set status = 'overdue', due_date = '2026-01-15' where id = $1`, [late.id]);
    expect((await t.c.post('/api/payments', { invoiceId: paid.id, amount: '40.00', paymentMethod: 'cash' })).status).toBe(201);
    expect((await t.c.post('/api/payments', { invoiceId: open.id, amount: '30.00', paymentMethod: 'cash' })).status).toBe(201);
    await waitFor(async () => (await invoiceOf(t.c, paid.id)).status === 'paid' && (await invoiceOf(t.c, open.id)).amountPaid === '30.00');

    const all = (await t.portal.get('/api/portal/invoices')).json as PortalInvoiceList;
    expect(all.invoices.map((i) => [i.invoiceNumber, i.status, i.total, i.amountPaid, i.balanceDue])).toEqual([
      [open.invoiceNumber, 'sent', '100.00', '30.00', '70.00'],
      [paid.invoiceNumber, 'paid', '40.00', '40.00', '0.00'],
      [late.invoiceNumber, 'overdue', '25.50', '0.00', '25.50'],
    ]);
    expect(all.invoices[0]!.publicToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(all.totals).toEqual([{ currency: 'USD', outstanding: '95.50', overdue: '25.50', paid: '70.00' }]);
    const ids = async (q: string) => ((await t.portal.get(`/api/portal/invoices${q}`)).json as PortalInvoiceList).invoices.map((i) => i.id);
    expect(await ids('?status=open')).toEqual([open.id, late.id]);
    expect(await ids('?status=overdue')).toEqual([late.id]);
    expect(await ids('?status=paid')).toEqual([paid.id]);
    expect(await ids(`?search=${encodeURIComponent(paid.invoiceNumber.slice(-4))}`)).toContain(paid.id);
    const bad = await t.portal.get('/api/portal/invoices?status=unpaid');
    expect([bad.status, bad.json.issues[0].path]).toEqual([400, 'status']);

    const pdf = await t.portal.raw('/api/portal/invoices/' + open.id + '/pdf');
    expect([pdf.status, pdf.type]).toEqual([200, 'application/pdf']);
    expect(await pdfText(pdf.body)).toContain(open.invoiceNumber);
    for (const id of [bobs.id, draft.id, 999_999]) {
      const r = await t.portal.get(`/api/portal/invoices/${id}/pdf`);
      expect([r.status, r.json.message], String(id)).toEqual([404, 'Invoice not found']);
    }
    // Bob's portal sees Bob's invoice only.
    const bob = portalClient(stack.billing.url, t.tenantId, t.bob.id);
    expect(((await bob.get('/api/portal/invoices')).json as PortalInvoiceList).invoices.map((i) => i.id)).toEqual([bobs.id]);
  });
});

describe('the portal statement', () => {
  it('opening balance, the period’s invoices, payments and credit notes with a running balance, and the closing balance', async () => {
    const t = await tenant();
    const a = await makeInvoice(t.c, t.ann.id, { status: 'sent', items: items('100.00') });
    const b = await makeInvoice(t.c, t.ann.id, { status: 'sent', items: items('200.00') });
    const later = await makeInvoice(t.c, t.ann.id, { status: 'sent', items: items('999.00') });
    await makeInvoice(t.c, t.bob.id, { status: 'sent', items: items('555.00') });
    await setDate('invoices', 'issue_date', a.id, '2026-01-10');
    await setDate('invoices', 'issue_date', b.id, '2026-02-05');
    await setDate('invoices', 'issue_date', later.id, '2026-03-10');
    const pay = async (invoiceId: number, amount: string, paymentDate: string) =>
      expect((await t.c.post('/api/payments', { invoiceId, amount, paymentMethod: 'bank_transfer', paymentDate })).status).toBe(201);
    await pay(a.id, '30.00', '2026-01-20');
    await pay(b.id, '80.00', '2026-02-15');
    const note = async (invoiceId: number, amount: string, date: string) => {
      const res = await t.c.post('/api/credit-notes', { invoiceId, reason: 'Correction', resolution: 'reduce_balance', amount });
      expect(res.status, res.text).toBe(201);
      await setDate('credit_notes', 'issue_date', res.json.id, date);
      return res.json.creditNoteNumber as string;
    };
    const cnA = await note(a.id, '20.00', '2026-01-25');
    const cnB = await note(b.id, '50.00', '2026-02-10');
    await waitFor(async () => (await invoiceOf(t.c, b.id)).amountPaid === '80.00' && (await invoiceOf(t.c, a.id)).amountPaid === '30.00');

    const res = await t.portal.raw('/api/portal/statement.pdf?from=2026-02-01&to=2026-02-28');
    expect([res.status, res.type]).toEqual([200, 'application/pdf']);
    expect(res.disposition).toBe('attachment; filename="statement-2026-02-01-2026-02-28.pdf"');
    const text = await pdfText(res.body);
    expect(text).toContain('STATEMENT');
    expect(text).toContain('Ann Portal');
    expect(text).toMatch(/Opening balance\s+\$50\.00/);
    expect(text).toMatch(new RegExp(`Invoice ${b.invoiceNumber}\\s+\\$200\\.00\\s+\\$250\\.00`));
    expect(text).toMatch(new RegExp(`Credit note ${cnB}\\s+-\\$50\\.00\\s+\\$200\\.00`));
    expect(text).toMatch(new RegExp(`Payment for invoice ${b.invoiceNumber}\\s+-\\$80\\.00\\s+\\$120\\.00`));
    expect(text).toMatch(/Closing balance\s+\$120\.00/);
    expect(text).not.toContain(later.invoiceNumber);
    expect(text).not.toContain(cnA);
    expect(text).not.toContain('555.00');
    expect(text.indexOf(`Invoice ${b.invoiceNumber}`)).toBeLessThan(text.indexOf(`Credit note ${cnB}`));

    const bad = await t.portal.get('/api/portal/statement.pdf?from=2026-03-01&to=2026-02-01');
    expect([bad.status, bad.json.issues[0].path]).toEqual([400, 'from']);
  });
});

describe('public invoice and quote routes on a custom domain (HOST_TENANT_HEADER)', () => {
  it("answer another tenant's token as an unknown one", async () => {
    const t = await tenant();
    const other = await tenant();
    const inv = await makeInvoice(t.c, t.ann.id, { status: 'sent', items: items('10.00') });
    const token = (await invoiceOf(t.c, inv.id)).publicToken!;
    const direct = new HttpClient(stack.billing.url);
    const wrong = await direct.get(`/api/invoices/${token}/public`, { [HOST_TENANT_HEADER]: other.tenantId });
    expect([wrong.status, wrong.json.message]).toEqual([404, 'Invoice not found']);
    expect((await invoiceOf(t.c, inv.id)).viewedAt).toBeNull(); // refused before the route: not marked viewed
    const right = await direct.get(`/api/invoices/${token}/public`, { [HOST_TENANT_HEADER]: t.tenantId });
    expect(right.status).toBe(200);
    const quoteWrong = await direct.get(`/api/quotes/${'A'.repeat(43)}/public`, { [HOST_TENANT_HEADER]: t.tenantId });
    expect([quoteWrong.status, quoteWrong.json.message]).toEqual([404, 'Quote not found']);
  });
});
