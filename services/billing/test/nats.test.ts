import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SMTPServer } from 'smtp-server';
import { simpleParser } from 'mailparser';
import { InvoiceEvents, type DashboardStats, type Invoice } from '@billpoint/proto';
import { waitFor, type HttpClient } from '@billpoint/kit/testing';
import type { Subscription } from '@billpoint/kit';
import { startStack, type Stack } from '../../../gateway/test/support/stack.ts';
import { runOverdueJob } from '../src/modules/invoice/overdue.job.ts';
import { inDays, makeCustomer, makeInvoice } from './support/factories.ts';
import { fetchBytes } from './support/pdf.ts';

/** A real SMTP server: keeps every message; refuses recipients starting with "reject". */
const mails: { to: string[]; raw: Buffer }[] = [];
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS', 'AUTH'],
  logger: false,
  onRcptTo(address, _session, cb) {
    if (address.address.startsWith('reject')) cb(Object.assign(new Error('Mailbox unavailable'), { responseCode: 550 }));
    else cb();
  },
  onData(stream, session, cb) {
    const chunks: Buffer[] = [];
    stream.on('data', (c: Buffer) => chunks.push(c));
    stream.on('end', () => {
      mails.push({ to: session.envelope.rcptTo.map((r) => r.address), raw: Buffer.concat(chunks) });
      cb();
    });
  },
});

let stack: Stack;
let observer: Subscription;
const events: { subject: string; tenantId: string; data: Invoice }[] = [];
beforeAll(async () => {
  await new Promise<void>((ok) => smtp.listen(0, '127.0.0.1', ok));
  const { port } = smtp.server.address() as { port: number };
  // NATS JetStream as the bus; the overdue job only runs when a test runs it.
  stack = await startStack({ bus: 'nats', env: { SMTP_URL: `smtp://127.0.0.1:${port}`, OVERDUE_INTERVAL_MS: '3600000' } });
  observer = await stack.bus.subscribe({ durable: 'test-invoice-events', subject: 'evt.billing.invoice.*' }, async (m) => {
    const env = m.data as { tenantId: string; data: Invoice };
    events.push({ subject: m.subject, tenantId: env.tenantId, data: env.data });
  });
});
afterAll(async () => {
  await observer?.stop();
  await stack?.close();
  await new Promise<void>((ok) => smtp.close(() => ok()));
});

const cookie = (c: HttpClient) => ({ cookie: [...c.cookies].map(([k, v]) => `${k}=${v}`).join('; ') });
const eventsOf = (tenantId: string) => events.filter((e) => e.tenantId === tenantId);

describe('send over SMTP', () => {
  it('mails the customer the very PDF GET /pdf answers, then marks the draft sent with a sent event', async () => {
    const c = stack.client();
    const me = await c.register({ organizationName: 'Mailers Inc' });
    const cust = await makeCustomer(c, { name: 'Mary Mail', email: 'mary@example.test' });
    const inv = await makeInvoice(c, cust.id);
    const res = await c.post(`/api/invoices/${inv.id}/send`);
    expect(res.status).toBe(200);
    // Issued for its mail: the draft's reference gives way to the legal number, which the mail and its PDF carry.
    expect(res.json).toMatchObject({ id: inv.id, status: 'sent', invoiceNumber: 'INV-0001' });
    expect(inv.invoiceNumber).toBe('DRAFT-0001');
    expect(res.json.sentAt).not.toBeNull();
    const number = res.json.invoiceNumber as string;

    const mail = mails.find((m) => m.to.includes('mary@example.test'))!;
    expect(mail).toBeDefined();
    const parsed = await simpleParser(mail.raw);
    expect(parsed.subject).toBe(`Invoice ${number} from Mailers Inc`);
    expect(parsed.from?.text).toBe('"Mailers Inc via Billpoint" <no-reply@billpoint.local>'); // MAIL_FROM's address, the organization named
    expect(parsed.text).toContain(`invoice ${number}`);
    expect(parsed.attachments).toHaveLength(1);
    const [att] = parsed.attachments;
    expect(att!.filename).toBe(`invoice-${number}.pdf`);
    expect(att!.contentType).toBe('application/pdf');
    const pdf = await fetchBytes(`${stack.url}/api/invoices/${inv.id}/pdf`, cookie(c));
    expect(att!.content.equals(pdf.body)).toBe(true);

    await waitFor(() => eventsOf(me.organization.id).some((e) => e.subject === InvoiceEvents.Sent));
    expect(eventsOf(me.organization.id).find((e) => e.subject === InvoiceEvents.Sent)!.data).toMatchObject({
      id: inv.id,
      status: 'sent',
      invoiceNumber: number,
    });
  });

  it('422 with a clear message when the customer has no e-mail; 502 when the SMTP server refuses, nothing marked sent', async () => {
    const c = stack.client();
    const me = await c.register();
    const noMail = await makeCustomer(c);
    const inv = await makeInvoice(c, noMail.id);
    // Customers always have an e-mail today; the read model allows none (older data, other sources).
    await stack.db.query(`update billing.customers set email = null where tenant_id = $1 and id = $2`, [me.organization.id, noMail.id]);
    const r422 = await c.post(`/api/invoices/${inv.id}/send`);
    expect(r422.status).toBe(422);
    expect(r422.json.message).toBe('This customer has no e-mail address. Add one to the customer before sending the invoice.');

    const refused = await makeCustomer(c, { email: 'reject-me@example.test' });
    const inv2 = await makeInvoice(c, refused.id);
    const r502 = await c.post(`/api/invoices/${inv2.id}/send`);
    expect(r502.status).toBe(502);
    expect(r502.json.message).toBe('The invoice could not be sent: the mail server did not accept the message. Please try again.');
    for (const id of [inv.id, inv2.id]) {
      expect((await c.get(`/api/invoices/${id}`)).json).toMatchObject({ status: 'draft', sentAt: null, remindersSent: 0 });
    }
    const outbox = await stack.db.query(`select 1 from billing.outbox where tenant_id = $1 and subject = $2`, [
      me.organization.id,
      InvoiceEvents.Sent,
    ]);
    expect(outbox.rowCount).toBe(0);
  });
});

describe('events on NATS', () => {
  it('created, updated, paid, deleted go out through the outbox with the invoice as payload', async () => {
    const c = stack.client();
    const me = await c.register();
    const cust = await makeCustomer(c);
    const inv = await makeInvoice(c, cust.id);
    await c.put(`/api/invoices/${inv.id}`, { customerId: cust.id, status: 'paid', items: [{ description: 'x', quantity: 2, rate: 3 }] });
    // An issued invoice is never deleted: a second draft is.
    const draft = await makeInvoice(c, cust.id);
    expect((await c.delete(`/api/invoices/${draft.id}`)).status).toBe(204);
    await waitFor(() => eventsOf(me.organization.id).length === 5);
    const subjects = eventsOf(me.organization.id).map((e) => e.subject);
    // One transaction per call; the two events of the update commit together (their relative order is not defined).
    expect(subjects[0]).toBe(InvoiceEvents.Created);
    expect(subjects.slice(1, 3).sort()).toEqual([InvoiceEvents.Paid, InvoiceEvents.Updated].sort());
    expect(subjects.slice(3)).toEqual([InvoiceEvents.Created, InvoiceEvents.Deleted]);
    const [created, deleted] = [eventsOf(me.organization.id)[0], eventsOf(me.organization.id)[4]];
    const paid = eventsOf(me.organization.id).find((e) => e.subject === InvoiceEvents.Paid);
    expect(created!.data).toMatchObject({ id: inv.id, invoiceNumber: 'DRAFT-0001', status: 'draft', total: '201.00' });
    expect(created!.data).not.toHaveProperty('items');
    expect(created!.data).not.toHaveProperty('publicToken');
    expect(paid!.data).toMatchObject({ status: 'paid', total: '6.00', invoiceNumber: 'INV-0001' });
    expect(paid!.data.paidAt).not.toBeNull();
    expect(deleted!.data).toMatchObject({ id: draft.id, invoiceNumber: 'DRAFT-0002', status: 'draft' });
  });
});

describe('overdue job', () => {
  it('run twice at once on the same database, marks each past-due sent invoice overdue once, with one event each', async () => {
    const c = stack.client();
    const me = await c.register();
    const cust = await makeCustomer(c);
    const past = { issueDate: inDays(-20), dueDate: inDays(-10) };
    const due = await Promise.all([
      makeInvoice(c, cust.id, { invoice: past, status: 'sent' }),
      makeInvoice(c, cust.id, { invoice: past, status: 'sent' }),
      makeInvoice(c, cust.id, { invoice: { issueDate: inDays(-5), dueDate: inDays(-1) }, status: 'viewed' }),
    ]);
    const untouched = await Promise.all([
      makeInvoice(c, cust.id, { invoice: past }), // draft
      makeInvoice(c, cust.id, { invoice: past, status: 'paid' }),
      makeInvoice(c, cust.id, { invoice: { issueDate: inDays(-5), dueDate: inDays(0) }, status: 'sent' }), // due today
    ]);
    const ctx = stack.billing.ctx;
    const [first, second] = await Promise.all([runOverdueJob(ctx), runOverdueJob(ctx)]);
    expect(first + second).toBe(3);
    expect(await runOverdueJob(ctx)).toBe(0);
    for (const inv of due) expect(((await c.get(`/api/invoices/${inv.id}`)).json as Invoice).status).toBe('overdue');
    expect(await Promise.all(untouched.map(async (i) => ((await c.get(`/api/invoices/${i.id}`)).json as Invoice).status))).toEqual([
      'draft',
      'paid',
      'sent',
    ]);
    // One event per invoice: in the outbox, and on the bus (a later event proves nothing else is on its way).
    const rows = await stack.db.query<{ id: string }>(
      `select payload->'data'->>'id' as id from billing.outbox where tenant_id = $1 and subject = $2`,
      [me.organization.id, InvoiceEvents.Overdue],
    );
    expect(rows.rows.map((r) => Number(r.id)).sort()).toEqual(due.map((i) => i.id).sort());
    await c.delete(`/api/invoices/${untouched[0]!.id}`);
    await waitFor(() => eventsOf(me.organization.id).some((e) => e.subject === InvoiceEvents.Deleted));
    const overdue = eventsOf(me.organization.id).filter((e) => e.subject === InvoiceEvents.Overdue);
    expect(overdue.map((e) => e.data.id).sort()).toEqual(due.map((i) => i.id).sort());
    expect(overdue.every((e) => e.data.status === 'overdue')).toBe(true);
    // The dashboard follows.
    const stats = (await c.get('/api/dashboard/stats')).json as DashboardStats;
    expect(stats).toMatchObject({ overdueInvoices: 3, overdue: 603, pendingInvoices: 1 });
  });
});

describe('dashboard stats', () => {
  it('answers the figures in the base currency from the summary rows, which always equal the invoices', async () => {
    const c = stack.client();
    const me = await c.register();
    const ann = await makeCustomer(c, { name: 'Ann', company: 'Ann Co' });
    const bob = await makeCustomer(c, { name: 'Bob' });
    await makeCustomer(c, { name: 'Cid' });
    const item = (rate: string) => [{ description: 'x', quantity: '1', rate }];
    await makeInvoice(c, ann.id, { items: item('100'), status: 'paid' });
    await makeInvoice(c, bob.id, {
      items: item('200'),
      invoice: { currency: 'EUR', exchangeRate: '1.1', dueDate: inDays(3) },
      status: 'sent',
    });
    await makeInvoice(c, ann.id, { items: item('50'), invoice: { issueDate: inDays(-30), dueDate: inDays(-2) }, status: 'overdue' });
    const draft = await makeInvoice(c, bob.id, { items: item('10') });
    const last = await makeInvoice(c, bob.id, {
      items: item('99.99'),
      invoice: { currency: 'GBP', exchangeRate: '1.234567' },
      status: 'paid',
    });
    const stats = (await c.get('/api/dashboard/stats')).json as DashboardStats;
    const month = new Date().toISOString().slice(0, 7);
    expect(stats).toMatchObject({
      totalRevenue: 223.44, // 100 + 99.99 × 1.234567 = 123.44
      outstanding: 270, // 200 × 1.1 + 50
      overdue: 50,
      totalCustomers: 3,
      newCustomersThisMonth: 3,
      totalInvoices: 5,
      paidInvoices: 2,
      overdueInvoices: 1,
      pendingInvoices: 1,
      averageInvoiceValue: 100.69, // 503.44 / 5
      dueSoonInvoices: 1,
      currencyBreakdown: [
        { currency: 'EUR', total: 200 },
        { currency: 'USD', total: 160 },
        { currency: 'GBP', total: 99.99 },
      ],
      topCustomers: [
        { id: bob.id, name: 'Bob', company: null, totalSpent: 123.44 },
        { id: ann.id, name: 'Ann', company: 'Ann Co', totalSpent: 100 },
      ],
    });
    expect(stats.revenueByMonth).toHaveLength(12);
    expect(stats.revenueByMonth.at(-1)).toEqual({ month, revenue: 223.44 });
    expect(stats.recentInvoices.map((i) => i.id)[0]).toBe(last.id);
    expect(stats.recentInvoices).toHaveLength(5);

    // After more changes (paid → sent, delete, a currency change) the summary rows still equal a full aggregate.
    const list = (await c.get('/api/invoices')).json as Invoice[];
    await c.put(`/api/invoices/${list[0]!.id}`, {
      customerId: bob.id,
      status: 'sent',
      currency: 'USD',
      exchangeRate: '1',
      items: item('5'),
    });
    await c.delete(`/api/invoices/${draft.id}`);
    const diff = await stack.db.query(
      `(select status, currency, invoice_count, total, total_base from billing.stats_status where tenant_id = $1 and invoice_count <> 0
        except
        select status, currency, count(*), sum(total), sum(total_in_base_currency) from billing.invoices where tenant_id = $1 group by 1, 2)
       union all
       (select status, currency, count(*), sum(total), sum(total_in_base_currency) from billing.invoices where tenant_id = $1 group by 1, 2
        except
        select status, currency, invoice_count, total, total_base from billing.stats_status where tenant_id = $1 and invoice_count <> 0)`,
      [me.organization.id],
    );
    expect(diff.rows).toEqual([]);
    const after = (await c.get('/api/dashboard/stats')).json as DashboardStats;
    expect(after).toMatchObject({ totalRevenue: 100, paidInvoices: 1, totalInvoices: 4, topCustomers: [{ id: ann.id, totalSpent: 100 }] });

    // A customer created before this calendar month (UTC) is one of the customers but not new this month.
    const lastMonth = new Date(Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth(), 0, 12));
    await stack.db.query(`update billing.customers set created_at = $3 where tenant_id = $1 and id = $2`, [
      me.organization.id,
      ann.id,
      lastMonth,
    ]);
    expect((await c.get('/api/dashboard/stats')).json).toMatchObject({ totalCustomers: 3, newCustomersThisMonth: 2 });
  });

  it('answers zeros for a new tenant', async () => {
    const c = stack.client();
    await c.register();
    const stats = (await c.get('/api/dashboard/stats')).json as DashboardStats;
    expect(stats).toMatchObject({
      totalRevenue: 0,
      outstanding: 0,
      overdue: 0,
      totalCustomers: 0,
      newCustomersThisMonth: 0,
      totalInvoices: 0,
      pendingInvoices: 0,
      overdueInvoices: 0,
      dueSoonInvoices: 0,
      revenueGrowth: null,
      recentInvoices: [],
      topCustomers: [],
    });
    expect(stats.revenueByMonth.every((m) => m.revenue === 0)).toBe(true);
  });
});
