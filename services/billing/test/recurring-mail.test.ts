import { readdirSync, readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { simpleParser } from 'mailparser';
import type { Invoice } from '@billpoint/proto';
import type { ServiceContext } from '@billpoint/kit';
import { startStack, type Stack } from '../../../gateway/test/support/stack.ts';
import { runRecurringJob } from '../src/modules/recurring/recurring.job.ts';
import { deliverPending } from '../src/modules/delivery/deliveries.ts';
import { scheduleReminders } from '../src/modules/delivery/reminders.ts';
import { createMailer, type Mailer } from '@billpoint/kit';
import { inDays, makeCustomer, makeInvoice } from './support/factories.ts';
import { makeSchedule } from './support/recurring.ts';

let stack: Stack;
let ctx: ServiceContext;
let mailer: Mailer;
let dir: string;
beforeAll(async () => {
  stack = await startStack({ env: { RECURRING_INTERVAL_MS: '3600000', REMINDERS_INTERVAL_MS: '3600000' } });
  ctx = stack.billing.ctx as ServiceContext;
  dir = (ctx.config as { MAIL_OUTBOX_DIR?: string }).MAIL_OUTBOX_DIR!;
  mailer = createMailer({ outboxDir: dir, from: 'Billpoint <no-reply@billpoint.local>', logger: ctx.logger });
});
afterAll(() => stack?.close());

const at = (date: string) => () => new Date(`${date}T09:00:00Z`);
/** The mails in the outbox addressed to `to`, parsed. */
const mailsTo = (to: string) =>
  Promise.all(
    readdirSync(dir)
      .map((f) => readFileSync(`${dir}/${f}`))
      .filter((raw) => raw.toString('utf8').includes(`To: ${to}`))
      .map((raw) => simpleParser(raw)),
  );

describe('auto-send and payment reminders', () => {
  it('auto-send mails a generated invoice once, even when the sender dies after the mail went out', async () => {
    const c = stack.client();
    const { organization } = await c.register();
    const customer = await makeCustomer(c, { email: 'auto@example.test' });
    const s = await makeSchedule(c, customer.id, { startDate: '2025-04-01', autoSend: true });
    const [generated] = await runRecurringJob(ctx, { now: at('2025-04-01') });
    expect(generated!.recurringInvoiceId).toBe(s.id);

    const died = await deliverPending(ctx, mailer, {
      tenantId: organization.id,
      afterSend: async (em) => void (await em.execute('select pg_terminate_backend(pg_backend_pid())').catch(() => undefined)),
    }).catch(() => 0);
    expect(died).toBe(0);
    expect((await mailsTo('auto@example.test')).length).toBe(1); // the mail went out…
    expect(((await c.get(`/api/invoices/${generated!.id}`)).json as Invoice).status).toBe('draft'); // …but was not recorded

    expect(await deliverPending(ctx, mailer, { tenantId: organization.id })).toBe(1);
    expect(await deliverPending(ctx, mailer, { tenantId: organization.id })).toBe(0);
    const mails = await mailsTo('auto@example.test');
    expect(mails).toHaveLength(1); // the second send was the same message (same Message-ID): not a second mail
    // The draft (DRAFT-0001) was issued for its mail: the mail carries the legal number, claimed again after the crash.
    expect(generated!.invoiceNumber).toBe('DRAFT-0001');
    expect(mails[0]!.subject).toBe('Invoice INV-0001 from Test Org');
    expect(mails[0]!.attachments.map((a) => a.filename)).toEqual(['invoice-INV-0001.pdf']);
    const inv = (await c.get(`/api/invoices/${generated!.id}`)).json as Invoice;
    expect(inv).toMatchObject({ status: 'sent', remindersSent: 0, invoiceNumber: 'INV-0001' });
    expect(mails[0]!.text).toContain(`View and pay it online: http://localhost:8080/pay/${inv.publicToken}`);
    const d = await stack.db.query(`select status, message_id from billing.deliveries where invoice_id = $1`, [generated!.id]);
    expect(d.rows).toEqual([{ status: 'done', message_id: mails[0]!.messageId }]);
  });

  it('reminders: N days before the due date, then every M days while unpaid, at most K, never two on one day', async () => {
    const c = stack.client();
    const { organization } = await c.register();
    const customer = await makeCustomer(c, { email: 'late@example.test' });
    const due = inDays(10);
    const inv = await makeInvoice(c, customer.id, { invoice: { dueDate: due }, status: 'sent' });
    const put = await c.put('/api/reminder-settings', { enabled: true, daysBefore: 3, everyDaysAfter: 7, maxReminders: 3 });
    expect(put.json).toEqual({ enabled: true, daysBefore: 3, everyDaysAfter: 7, maxReminders: 3 });
    const day = (offset: number) => new Date(Date.parse(`${due}T09:00:00Z`) + offset * 86_400_000);
    const run = async (offset: number) => {
      const now = () => day(offset);
      await scheduleReminders(ctx, { now });
      return deliverPending(ctx, mailer, { tenantId: organization.id, now });
    };
    const sentOn: number[] = [];
    for (const offset of [-5, -4, -3, -3, -2, 0, 6, 7, 7, 8, 13, 14, 15, 21, 28]) if (await run(offset)) sentOn.push(offset);
    expect(sentOn).toEqual([-3, 7, 14]); // the third is the last (maxReminders 3); day 21 and 28 send nothing
    const got = (await c.get(`/api/invoices/${inv.id}`)).json as Invoice;
    expect(got.remindersSent).toBe(3);
    expect(got.lastReminderAt).toBe(day(14).toISOString());
    const mails = await mailsTo('late@example.test');
    expect(mails).toHaveLength(3);
    expect(mails.map((m) => m.subject).sort()).toEqual([
      `Reminder: invoice ${inv.invoiceNumber} from Test Org is due on ${due}`,
      `Reminder: invoice ${inv.invoiceNumber} from Test Org is overdue`,
      `Reminder: invoice ${inv.invoiceNumber} from Test Org is overdue`,
    ]);
    for (const m of mails) expect(m.attachments.map((a) => a.contentType)).toEqual(['application/pdf']);

    // Off by default, and a paid invoice gets none.
    const quiet = stack.client();
    const q = await quiet.register();
    expect((await quiet.get('/api/reminder-settings')).json).toEqual({ enabled: false, daysBefore: 3, everyDaysAfter: 7, maxReminders: 3 });
    const qc = await makeCustomer(quiet, { email: 'quiet@example.test' });
    await makeInvoice(quiet, qc.id, { invoice: { dueDate: due }, status: 'sent' });
    await scheduleReminders(ctx, { now: () => day(8) });
    await deliverPending(ctx, mailer, { tenantId: q.organization.id, now: () => day(8) });
    expect(await mailsTo('quiet@example.test')).toHaveLength(0);
    const paidCustomer = await makeCustomer(c, { email: 'paid@example.test' });
    await makeInvoice(c, paidCustomer.id, { invoice: { dueDate: due }, status: 'paid' });
    await run(35);
    expect(await mailsTo('paid@example.test')).toHaveLength(0);
  });

  it('reminder settings: bad values name the field and change nothing', async () => {
    const c = stack.client();
    await c.register();
    const bad = await c.put('/api/reminder-settings', { enabled: true, daysBefore: -1, everyDaysAfter: 0, maxReminders: 11 });
    expect(bad.status).toBe(400);
    expect((bad.json.issues as { path: string }[]).map((i) => i.path).sort()).toEqual(['daysBefore', 'everyDaysAfter', 'maxReminders']);
    expect((await c.put('/api/reminder-settings', { enabled: 'yes', daysBefore: 1, everyDaysAfter: 1, maxReminders: 1 })).status).toBe(400);
    expect((await c.get('/api/reminder-settings')).json).toMatchObject({ enabled: false });
  });
});
