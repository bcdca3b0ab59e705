import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitFor, type HttpClient } from '@billpoint/kit/testing';
import { createMailer, rpcCall, type ServiceContext } from '@billpoint/kit';
import { runRecurringJob } from '../src/modules/recurring/recurring.job.ts';
import { deliverPending } from '../src/modules/delivery/deliveries.ts';
import { makeSchedule } from './support/recurring.ts';
import {
  BillingPayableRpc,
  CreditNoteRefundEvents,
  type CreditNote,
  type CreditNoteRefundedData,
  type AuditLog,
  type CustomerCredit,
  type ErrorBody,
  type WebhookDelivery,
} from '@billpoint/proto';
import { startStack, type Stack } from '../../../gateway/test/support/stack.ts';
import { makeCustomer, makeInvoice } from './support/factories.ts';
import { getInvoice, issuedInvoice, makeCreditNote, pay, postCreditNote } from './support/credit-notes.ts';
import { fetchBytes, pdfText } from './support/pdf.ts';
import { makeTemplate } from './support/templates.ts';

let stack: Stack;
beforeAll(async () => {
  stack = await startStack();
});
afterAll(() => stack?.close());

async function tenant(): Promise<{ c: HttpClient; customerId: number; tenantId: string }> {
  const c = stack.client();
  const me = await c.register();
  const customer = await makeCustomer(c, { name: 'Ada Lovelace', email: 'ada@engine.test' });
  return { c, customerId: customer.id, tenantId: me.organization.id };
}

const hundred = [{ description: 'Analysis', quantity: '1', rate: '100' }];
const cookie = (c: HttpClient) => ({ cookie: [...c.cookies].map(([k, v]) => `${k}=${v}`).join('; ') });
const credit = async (c: HttpClient, customerId: number) => (await c.get(`/api/customers/${customerId}/credit`)).json as CustomerCredit;

describe('credit notes and the money of an invoice', () => {
  it('reduce_balance lowers the balance due and what payments may collect; the invoice is paid when nothing is left', async () => {
    const { c, customerId, tenantId } = await tenant();
    const inv = await issuedInvoice(c, customerId, { items: hundred });
    expect(await pay(c, inv.id, '40')).toMatchObject({ amountPaid: '40.00', balanceDue: '60.00', status: 'sent' });

    await makeCreditNote(c, { invoiceId: inv.id, reason: 'Discount agreed', resolution: 'reduce_balance', amount: '25' });
    expect(await getInvoice(c, inv.id)).toMatchObject({ creditedAmount: '25.00', balanceDue: '35.00', status: 'sent', paidAt: null });
    const payable = await rpcCall(stack.bus, BillingPayableRpc, { tenantId, invoiceId: inv.id });
    expect(payable).toMatchObject({ total: '100.00', collectableTotal: '75.00' });

    const over = await postCreditNote(c, { invoiceId: inv.id, reason: 'More', resolution: 'reduce_balance', amount: '35.01' });
    expect((over.json as ErrorBody).issues).toEqual([
      { path: 'amount', message: 'A credit note that reduces the balance cannot exceed the balance due: 35.00 USD' },
    ]);
    await makeCreditNote(c, { invoiceId: inv.id, reason: 'The rest', resolution: 'reduce_balance', amount: '35' });
    expect(await getInvoice(c, inv.id)).toMatchObject({
      creditedAmount: '60.00',
      amountPaid: '40.00',
      balanceDue: '0.00',
      status: 'paid',
      paidAt: expect.any(String),
    });
    expect(await rpcCall(stack.bus, BillingPayableRpc, { tenantId, invoiceId: inv.id })).toMatchObject({ collectableTotal: '40.00' });
  });

  it('credit becomes customer credit, applied to the next issued invoice in that currency; voiding it gives the credit back', async () => {
    const { c, customerId } = await tenant();
    const first = await issuedInvoice(c, customerId, { items: hundred });
    await pay(c, first.id, '100');
    const refused = await postCreditNote(c, { invoiceId: first.id, reason: 'Too much', resolution: 'credit', amount: '100.01' });
    expect(refused.status).toBe(400);
    const note = await makeCreditNote(c, { invoiceId: first.id, reason: 'Returned goods', resolution: 'credit', amount: '30' });
    expect(await getInvoice(c, first.id)).toMatchObject({ creditedAmount: '30.00', balanceDue: '0.00', status: 'paid' });
    expect(await credit(c, customerId)).toMatchObject({
      balances: [{ currency: 'USD', amount: '30.00' }],
      entries: [
        {
          kind: 'credit_note',
          amount: '30.00',
          currency: 'USD',
          creditNoteId: note.id,
          creditNoteNumber: note.creditNoteNumber,
          invoiceId: first.id,
        },
      ],
    });
    // Only what was paid and not given back can become credit: 70 left.
    const more = await postCreditNote(c, { invoiceId: first.id, reason: 'More', resolution: 'credit', amount: '70.01' });
    expect((more.json as ErrorBody).issues).toEqual([
      { path: 'amount', message: 'Credit notes cannot exceed the invoice total: 70.00 USD left' },
    ]);

    // A euro invoice takes none of the dollar credit; the next dollar invoice takes it when it is issued.
    const euros = await issuedInvoice(c, customerId, { invoice: { currency: 'EUR', exchangeRate: '1.1' }, items: hundred });
    expect(euros).toMatchObject({ creditApplied: '0.00', balanceDue: '100.00' });
    const draft = await makeInvoice(c, customerId, { items: [{ description: 'Support', quantity: '1', rate: '20' }] });
    expect(draft).toMatchObject({ creditApplied: '0.00', balanceDue: '20.00' });
    const sent = await c.put(`/api/invoices/${draft.id}`, {
      customerId,
      status: 'sent',
      items: [{ description: 'Support', quantity: '1', rate: '20' }],
    });
    expect(sent.json).toMatchObject({ creditApplied: '20.00', balanceDue: '0.00', status: 'paid' });
    expect((await credit(c, customerId)).balances).toEqual([{ currency: 'USD', amount: '10.00' }]);

    const next = await makeInvoice(c, customerId, { items: hundred });
    const mailed = await c.post(`/api/invoices/${next.id}/send`);
    expect(mailed.json).toMatchObject({ status: 'sent', creditApplied: '10.00', balanceDue: '90.00' });
    expect((await credit(c, customerId)).balances).toEqual([{ currency: 'USD', amount: '0.00' }]);
    const pdf = await pdfText((await fetchBytes(`${stack.url}/api/invoices/${next.id}/pdf`, cookie(c))).body);
    expect(pdf).toMatch(/Credit applied\s+-\$10\.00/);
    expect(pdf).toMatch(/Balance due\s+\$90\.00/);
    // The pay page shows the invoice's total and the true balance, with the credit applied.
    const token = (await getInvoice(c, next.id)).publicToken!;
    expect((await stack.client().get(`/api/invoices/${token}/public`)).json).toMatchObject({
      total: '100.00',
      creditApplied: '10.00',
      balanceDue: '90.00',
    });

    // Voided: its credit goes back to the customer; the credit-paid invoice can be voided too.
    expect((await c.post(`/api/invoices/${next.id}/void`)).json).toMatchObject({ status: 'cancelled', creditApplied: '0.00' });
    expect((await c.post(`/api/invoices/${draft.id}/void`)).json).toMatchObject({ status: 'cancelled', creditApplied: '0.00' });
    const after = await credit(c, customerId);
    expect(after.balances).toEqual([{ currency: 'USD', amount: '30.00' }]);
    expect(after.entries.map((e) => [e.kind, e.amount])).toEqual([
      ['returned', '20.00'],
      ['returned', '10.00'],
      ['applied', '-10.00'],
      ['applied', '-20.00'],
      ['credit_note', '30.00'],
    ]);
    expect((await c.get('/api/customers/999999999/credit')).status).toBe(404);
  });

  it('a recurring invoice sent by auto-send takes the customer’s credit too (the one function every issue path calls)', async () => {
    const { c, customerId, tenantId } = await tenant();
    const first = await issuedInvoice(c, customerId, { items: hundred });
    await pay(c, first.id, '100');
    await makeCreditNote(c, { invoiceId: first.id, reason: 'Service credit', resolution: 'credit', amount: '50' });
    await makeSchedule(c, customerId, { startDate: '2025-04-01', autoSend: true });
    const ctx = stack.billing.ctx as ServiceContext;
    const [generated] = await runRecurringJob(ctx, { now: () => new Date('2025-04-01T09:00:00Z') });
    expect(await getInvoice(c, generated!.id)).toMatchObject({ status: 'draft', creditApplied: '0.00' });
    const dir = (ctx.config as { MAIL_OUTBOX_DIR?: string }).MAIL_OUTBOX_DIR!;
    const mailer = createMailer({ outboxDir: dir, from: 'Billpoint <no-reply@billpoint.local>', logger: ctx.logger });
    expect(await deliverPending(ctx, mailer, { tenantId })).toBe(1);
    // The schedule's invoice is 199.99 (49.99 + 2 × 75.00): 50.00 of credit applied, 149.99 left.
    expect(await getInvoice(c, generated!.id)).toMatchObject({ status: 'sent', creditApplied: '50.00', balanceDue: '149.99' });
    expect((await credit(c, customerId)).balances).toEqual([{ currency: 'USD', amount: '0.00' }]);
  });

  it('refund is recorded pending, holds back what can be given again, and follows the payments service’s answer', async () => {
    const { c, customerId, tenantId } = await tenant();
    const inv = await issuedInvoice(c, customerId, { items: hundred });
    await pay(c, inv.id, '60');
    const note = await makeCreditNote(c, { invoiceId: inv.id, reason: 'Cancelled session', resolution: 'refund', amount: '30' });
    expect(note).toMatchObject({ refundStatus: 'pending', refundedAmount: '0.00' });
    // T 100 − refund 30 − paid 60: 10 left to pay; payments may collect 70 in all.
    expect(await getInvoice(c, inv.id)).toMatchObject({ balanceDue: '10.00', status: 'sent' });
    expect(await rpcCall(stack.bus, BillingPayableRpc, { tenantId, invoiceId: inv.id })).toMatchObject({ collectableTotal: '70.00' });
    // A second refund above what is left is refused whatever the payments service has done meanwhile: it refunds the
    // note on the demo payment by itself, and its two answers (the payment refunded, the note refunded) reach billing
    // in either order. Never more than 30.00 is offered; while only the payment's answer has arrived, the money shows
    // both as refunded and as still pending, so 0.00 is offered until the note's answer follows.
    const more = await postCreditNote(c, { invoiceId: inv.id, reason: 'Again', resolution: 'refund', amount: '30.01' });
    expect(more.status, more.text).toBe(400);
    expect((more.json as ErrorBody).issues?.[0]?.path).toBe('amount');
    expect((more.json as ErrorBody).issues?.[0]?.message).toMatch(
      /^A credit note that refunds cannot exceed the money paid on the invoice and not given back yet: (30|0)\.00 USD$/,
    );

    const published: string[] = [];
    const publish = async (data: CreditNoteRefundedData) => {
      const id = randomUUID();
      published.push(id);
      const envelope = { id, type: CreditNoteRefundEvents.Refunded, occurredAt: new Date().toISOString(), tenantId, actorId: null, data };
      await stack.bus.publish(CreditNoteRefundEvents.Refunded, envelope, { msgId: id });
    };
    await publish({ creditNoteId: note.id, amount: '30.00', status: 'refunded' });
    await waitFor(async () => ((await c.get(`/api/credit-notes/${note.id}`)).json as CreditNote).refundStatus === 'refunded');
    await publish({ creditNoteId: note.id, amount: '10.00', status: 'failed' }); // late and out of order: changes nothing
    await publish({ creditNoteId: note.id, amount: '30.00', status: 'refunded' });
    // All three handled (the kit's processed-message log of the consumer; the payments service's own answer for the
    // note, refunding it on the demo payment, may be among the messages too), then the note is as the newest word left it.
    await waitFor(async () => {
      const rows = await stack.db.query<{ n: number }>(
        `select count(*)::int as n from billing.processed_messages where consumer = 'billing-credit-note-refunds' and message_id = any($1)`,
        [published],
      );
      return rows.rows[0]!.n === 3;
    });
    expect((await c.get(`/api/credit-notes/${note.id}`)).json).toMatchObject({ refundStatus: 'refunded', refundedAmount: '30.00' });
  });

  it('prints the credit note: title, number, the invoice it credits, reason, lines, tax and resolution in words', async () => {
    const { c, customerId } = await tenant();
    const inv = await issuedInvoice(c, customerId, {
      items: [{ description: 'Consulting day', quantity: '2', rate: '500', taxRate: '20' }],
    });
    const note = await makeCreditNote(c, {
      invoiceId: inv.id,
      reason: 'Second day cancelled by the customer',
      resolution: 'reduce_balance',
      items: [{ invoiceItemId: inv.items![0]!.id, description: 'Consulting day (cancelled)', quantity: '1', rate: '500' }],
    });
    const res = await fetchBytes(`${stack.url}/api/credit-notes/${note.id}/pdf`, cookie(c));
    expect(res.status).toBe(200);
    const text = await pdfText(res.body);
    const issued = new Date(`${inv.issueDate}T00:00:00Z`).toLocaleDateString('en-US', {
      month: 'short',
      day: 'numeric',
      year: 'numeric',
      timeZone: 'UTC',
    });
    expect(text).toContain('CREDIT NOTE');
    expect(text).toContain(note.creditNoteNumber);
    expect(text).toContain(`Credits invoice ${inv.invoiceNumber} of ${issued}`);
    expect(text).toContain('Second day cancelled by the customer');
    expect(text).toContain('Consulting day (cancelled)');
    expect(text).toMatch(/Tax \(20%\)\s+\$100\.00/);
    expect(text).toMatch(/Total credit\s+\$600\.00/);
    expect(text).toContain('Deducted from the balance due of the invoice.');
    const invoicePdf = await pdfText((await fetchBytes(`${stack.url}/api/invoices/${inv.id}/pdf`, cookie(c))).body);
    expect(invoicePdf).toMatch(new RegExp(`Credit note ${note.creditNoteNumber}\\s+-\\$600\\.00`));
    expect(invoicePdf).toMatch(/Balance due\s+\$600\.00/);
  });

  it.each(['classic', 'modern', 'minimal', 'professional'] as const)(
    'draws the credit note in the %s layout of its invoice’s template, in the template’s language',
    async (layout) => {
      const { c, customerId } = await tenant();
      const template = await makeTemplate(c, { name: `Look ${layout}`, layout, language: 'de' });
      const inv = await issuedInvoice(c, customerId, { invoice: { templateId: template.id }, items: hundred });
      const note = await makeCreditNote(c, { invoiceId: inv.id, reason: 'Falsche Menge', resolution: 'reduce_balance', amount: '40' });
      const text = await pdfText((await fetchBytes(`${stack.url}/api/credit-notes/${note.id}/pdf`, cookie(c))).body);
      expect(text.toLowerCase()).toContain('gutschrift');
      expect(text).toContain(note.creditNoteNumber);
      expect(text).toContain(`Gutschrift zur Rechnung ${inv.invoiceNumber} vom`);
      expect(text).toContain('Falsche Menge');
      expect(text).toContain('Vom offenen Betrag der Rechnung abgezogen.');
    },
  );

  it('announces credit_note.created to webhook endpoints (with its tax per rate) and in the audit log', async () => {
    const { c, customerId } = await tenant();
    const hook = await c.post('/api/integrations/webhooks', {
      name: 'Books',
      url: 'https://hooks.example.com/credit-notes',
      events: ['credit_note.created'],
    });
    expect(hook.status).toBe(201);
    const inv = await issuedInvoice(c, customerId, { items: [{ description: 'Work', quantity: '1', rate: '100', taxRate: '10' }] });
    const note = await makeCreditNote(c, { invoiceId: inv.id, reason: 'Audit me', resolution: 'reduce_balance', amount: '11' });
    const deliveries = await waitFor(async () => {
      const list = (await c.get(`/api/integrations/webhooks/${hook.json.webhook.id}/deliveries`)).json as WebhookDelivery[];
      return list.length > 0 && list;
    });
    expect(deliveries).toEqual([
      expect.objectContaining({
        eventType: 'credit_note.created',
        eventData: expect.objectContaining({
          type: 'credit_note.created',
          data: expect.objectContaining({
            id: note.id,
            creditNoteNumber: note.creditNoteNumber,
            invoiceNumber: inv.invoiceNumber,
            total: '11.00',
            taxLines: [expect.objectContaining({ rate: '10.00', taxableAmount: '10.00', taxAmount: '1.00' })],
          }),
        }),
      }),
    ]);
    const audit = await waitFor(async () => {
      const rows = (await c.get(`/api/audit-logs?entityType=credit_note&entityId=${note.id}`)).json as AuditLog[];
      return rows.length > 0 && rows;
    });
    expect(audit[0]).toMatchObject({ action: 'created', service: 'billing', newValues: expect.objectContaining({ reason: 'Audit me' }) });
  });
});
