import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  INTERNAL_TOKEN_HEADER,
  portalUserId,
  ReceiptEvents,
  type Invoice,
  type PortalReceipt,
  type ReceiptCreatedData,
} from '@billpoint/proto';
import { createInternalTokenSigner, createMailer, type ServiceContext } from '@billpoint/kit';
import { waitFor } from '@billpoint/kit/testing';
import { startStack, type Stack } from '../../../gateway/test/support/stack.ts';
import { deliverReceipts } from '../src/modules/receipt/receipt.mail.ts';
import { makeCustomer, makeInvoice } from './support/factories.ts';
import { brandOrganization, mailsTo, outboxOf } from './support/branding.ts';
import { pdfText } from './support/pdf.ts';

/** Receipts from `evt.payments.receipt.created` (published here as payments will), their e-mail and the portal's list. */
let stack: Stack;
let ctx: ServiceContext;
beforeAll(async () => {
  stack = await startStack();
  ctx = stack.billing.ctx as ServiceContext;
});
afterAll(() => stack?.close());

async function publishReceipt(tenantId: string, data: ReceiptCreatedData) {
  const id = randomUUID();
  const envelope = { id, type: ReceiptEvents.Created, occurredAt: new Date().toISOString(), tenantId, actorId: null, data };
  await stack.bus.publish(ReceiptEvents.Created, envelope, { msgId: id });
}
const receiptRows = async (tenantId: string) =>
  (
    await stack.db.query<{ id: string; receipt_number: string; mail_status: string; customer_id: string }>(
      `select id, receipt_number, mail_status, customer_id::text from billing.receipts where tenant_id = $1 order by receipt_number`,
      [tenantId],
    )
  ).rows;

/** A tenant with a customer and two sent invoices (201.00 USD each). */
async function tenant(organizationName: string, email: string) {
  const c = stack.client();
  const me = await c.register({ organizationName });
  const tenantId = me.organization.id as string;
  const customer = await makeCustomer(c, { name: 'Rita Receipt', email });
  const a = await makeInvoice(c, customer.id, { status: 'sent' });
  const b = await makeInvoice(c, customer.id, { status: 'sent' });
  return { c, tenantId, customer, a, b };
}
const receiptOf = (id: string, customerId: number | null, invoices: Invoice[], amount = '201.00'): ReceiptCreatedData => ({
  id,
  customerId,
  currency: 'USD',
  total: (invoices.length * Number(amount)).toFixed(2),
  paymentMethod: 'demo',
  paidAt: '2026-11-20T10:15:00.000Z',
  allocations: invoices.map((inv, i) => ({ paymentId: 100 + i, invoiceId: inv.id, invoiceNumber: inv.invoiceNumber, amount })),
});

/** GET on billing itself as the portal session of a customer (the gateway's internal token, sub portal:<id>). */
function asPortal(tenantId: string, customerId: number) {
  const sign = createInternalTokenSigner((ctx.config as unknown as { INTERNAL_TOKEN_KEY: string }).INTERNAL_TOKEN_KEY);
  const token = sign({ tenantId, userId: portalUserId(customerId), role: 'user', scopes: [] });
  return (path: string) => fetch(`${stack.billing.url}${path}`, { headers: { [INTERNAL_TOKEN_HEADER]: token } });
}

describe('receipts', () => {
  it('are kept once per receipt id, numbered RCT-0001…, and mailed exactly once with the receipt PDF', async () => {
    const { tenantId, customer, a, b } = await tenant('Receipt House', 'rita.receipt@example.test');
    const data = receiptOf('pp-1', customer.id, [a, b]);
    await publishReceipt(tenantId, data);
    await publishReceipt(tenantId, data); // the same receipt again (a redelivery under another message id)
    await waitFor(async () => (await receiptRows(tenantId)).some((r) => r.mail_status === 'sent'));
    await publishReceipt(tenantId, receiptOf(`p-${a.id}`, null, [a], '50.00')); // customer from the invoice
    await waitFor(async () => (await receiptRows(tenantId)).filter((r) => r.mail_status === 'sent').length === 2);
    expect(await receiptRows(tenantId)).toEqual([
      { id: 'pp-1', receipt_number: 'RCT-0001', mail_status: 'sent', customer_id: String(customer.id) },
      { id: `p-${a.id}`, receipt_number: 'RCT-0002', mail_status: 'sent', customer_id: String(customer.id) },
    ]);

    const mails = await mailsTo(stack, 'rita.receipt@example.test');
    const first = mails.filter((m) => m.subject === 'Receipt RCT-0001 from Receipt House');
    expect(first).toHaveLength(1);
    expect(first[0]!.text).toContain(
      `thank you for your payment of 402.00 USD on 2026-11-20 (Card) for invoice(s) ${a.invoiceNumber}, ${b.invoiceNumber}.`,
    );
    expect(first[0]!.html).toContain('Your receipt RCT-0001 is attached.');
    const [pdf] = first[0]!.attachments;
    expect(pdf!.filename).toBe('receipt-RCT-0001.pdf');
    const text = await pdfText(pdf!.content);
    for (const expected of ['Receipt', 'RCT-0001', 'Receipt House', 'Rita Receipt', 'Card', a.invoiceNumber, b.invoiceNumber, '$402.00'])
      expect(text).toContain(expected);
  });

  it('a crash after the mail was accepted sends the same message again, never a second one', async () => {
    const { tenantId, customer, a } = await tenant('Crashy Receipts', 'crash.receipt@example.test');
    const mailer = createMailer({ outboxDir: outboxOf(stack), from: 'Billpoint <no-reply@billpoint.local>', logger: ctx.logger });
    // Kept but not mailed yet (as if the process died right after the receipt's transaction).
    await ctx.tx({ tenantId }, (em) =>
      em.execute(
        `insert into billing.receipts (tenant_id, id, receipt_number, customer_id, currency, total, method, paid_at, allocations)
         values (?, 'pp-crash', 'RCT-0009', ?, 'USD', '201.00', 'bank_transfer', now(), ?::jsonb)`,
        [tenantId, customer.id, JSON.stringify(receiptOf('x', null, [a]).allocations)],
      ),
    );
    const died = await deliverReceipts(ctx, mailer, {
      tenantId,
      afterSend: async (em) => void (await em.execute('select pg_terminate_backend(pg_backend_pid())').catch(() => undefined)),
    });
    expect(died).toBe(0);
    expect((await receiptRows(tenantId)).map((r) => r.mail_status)).toEqual(['pending']);
    expect(await deliverReceipts(ctx, mailer)).toBeGreaterThanOrEqual(1); // the job's run: every tenant with one pending
    expect((await receiptRows(tenantId)).map((r) => r.mail_status)).toEqual(['sent']);
    expect(await deliverReceipts(ctx, mailer, { tenantId })).toBe(0);
    const mails = await mailsTo(stack, 'crash.receipt@example.test');
    expect(mails.map((m) => m.subject)).toEqual(['Receipt RCT-0009 from Crashy Receipts']);
  });

  it('white-label: the receipt e-mail and PDF never name the product', async () => {
    const { c, tenantId, customer, a } = await tenant('Plain Label', 'plain.receipt@example.test');
    await brandOrganization(stack, c, tenantId, { whiteLabelActive: true, portalSlug: 'plain-label' });
    await publishReceipt(tenantId, receiptOf('wl-1', customer.id, [a]));
    await waitFor(async () => (await mailsTo(stack, 'plain.receipt@example.test')).length === 1);
    const [mail] = await mailsTo(stack, 'plain.receipt@example.test');
    expect(mail!.from!.value[0]!.name).toBe('Plain Label');
    for (const part of [mail!.subject, mail!.text, mail!.html]) expect(part).not.toMatch(/billpoint/i);
    expect(mail!.attachments[0]!.content.toString('latin1')).not.toMatch(/billpoint/i);
    expect(await pdfText(mail!.attachments[0]!.content)).not.toMatch(/billpoint/i);
  });

  it('the portal lists only the signed-in customer’s receipts, newest first, and serves only their PDFs', async () => {
    const { c, tenantId, customer, a, b } = await tenant('Portal Receipts', 'portal.receipt@example.test');
    const other = await makeCustomer(c, { email: 'other.receipt@example.test' });
    const theirs = await makeInvoice(c, other.id, { status: 'sent' });
    await publishReceipt(tenantId, { ...receiptOf('r-old', customer.id, [a]), paidAt: '2026-10-01T08:00:00.000Z' });
    await publishReceipt(tenantId, { ...receiptOf('r-new', customer.id, [b]), paidAt: '2026-11-01T08:00:00.000Z' });
    await publishReceipt(tenantId, receiptOf('r-other', other.id, [theirs]));
    await waitFor(async () => (await receiptRows(tenantId)).length === 3);

    const get = asPortal(tenantId, customer.id);
    const list = (await (await get('/api/portal/receipts')).json()) as PortalReceipt[];
    expect(list.map((r) => [r.id, r.paidAt, r.total, r.paymentMethod])).toEqual([
      ['r-new', '2026-11-01T08:00:00.000Z', '201.00', 'demo'],
      ['r-old', '2026-10-01T08:00:00.000Z', '201.00', 'demo'],
    ]);
    expect(list[0]!.allocations).toEqual([{ paymentId: 100, invoiceId: b.id, invoiceNumber: b.invoiceNumber, amount: '201.00' }]);
    const pdf = await get('/api/portal/receipts/r-new/pdf');
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect(await pdfText(Buffer.from(await pdf.arrayBuffer()))).toContain(b.invoiceNumber);
    expect((await get('/api/portal/receipts/r-other/pdf')).status).toBe(404);
    expect((await get('/api/portal/receipts/nope/pdf')).status).toBe(404);

    // Another tenant's portal session for the same customer id sees nothing; staff routes refuse a portal session.
    const stranger = asPortal(randomUUID(), customer.id);
    expect(await (await stranger('/api/portal/receipts')).json()).toEqual([]);
    expect((await get('/api/email-templates')).status).toBe(403);
    // A staff session cannot use the portal's routes.
    expect((await c.get('/api/portal/receipts')).status).toBeGreaterThanOrEqual(401);
  });
});
