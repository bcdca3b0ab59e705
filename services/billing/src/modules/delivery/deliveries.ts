import { OpenInvoiceStatuses } from '@billpoint/proto';
import type { EntityManager, ServiceContext } from '@billpoint/kit';
import { forEachPendingTenant } from './pending-tenants.ts';
import type { Mailer } from '@billpoint/kit';
import {
  claimLegalNumber,
  deliveryMessageId,
  invoiceMail,
  loadInvoice,
  loadSender,
  markInvoiceSent,
  reminderMail,
} from '../invoice/invoice.send.ts';
import { TODAY_SQL } from '../recurring/recurring.sql.ts';

/** A delivery whose mail failed this many times is given up (status failed, its last error kept). */
export const MAX_DELIVERY_ATTEMPTS = 5;
const UNPAID = new Set<string>(OpenInvoiceStatuses);

export interface DeliverOptions {
  now?: () => Date;
  /** Only this tenant (right after a request produced mail for it); default: every tenant with pending mail. */
  tenantId?: string;
  batchSize?: number;
  /** Test seam: after the mail was accepted, before the transaction that records it commits. */
  afterSend?: (em: EntityManager) => Promise<void>;
}

interface Pending {
  id: string;
  invoice_id: string;
  kind: 'invoice' | 'reminder';
  key: string;
  attempts: number;
}

/**
 * Sends pending deliveries (auto-sent invoices, reminders). Each is sent inside the transaction that holds its row
 * (FOR UPDATE SKIP LOCKED: one sender per delivery across replicas) and recorded there once the mail was accepted:
 * an invoice through the same marking as a user's send, a reminder by counting it. If the process dies between the
 * accepted mail and the commit, the row is pending again and is sent again with the SAME Message-ID (derived from
 * the delivery), so the recipient still gets one message. Answers how many mails went out.
 */
export async function deliverPending(ctx: ServiceContext, mailer: Mailer, o: DeliverOptions = {}): Promise<number> {
  const sent = await forEachPendingTenant(
    ctx,
    { tenantId: o.tenantId, table: 'billing.deliveries', pending: `status = 'pending'`, what: 'deliveries' },
    (tenantId) => deliverTenant(ctx, mailer, tenantId, o),
  );
  if (sent) ctx.logger.info({ sent }, 'deliveries sent');
  return sent;
}

async function deliverTenant(ctx: ServiceContext, mailer: Mailer, tenantId: string, o: DeliverOptions): Promise<number> {
  const sender = await loadSender(ctx, tenantId);
  return ctx.tx({ tenantId }, async (em) => {
    const [{ today }] = (await em.execute<{ today: string }[]>(TODAY_SQL, [(o.now?.() ?? new Date()).toISOString(), tenantId])) as [
      { today: string },
    ];
    const pending = await em.execute<Pending[]>(
      `select id::text as id, invoice_id::text as invoice_id, kind, key, attempts from billing.deliveries
        where tenant_id = ? and status = 'pending' order by created_at, id limit ? for update skip locked`,
      [tenantId, o.batchSize ?? 50],
    );
    // Every invoice of the batch locked first, in id order: a draft's number is claimed below under the tenant's counter
    // lock, and taking an invoice's row lock while holding it could deadlock with a user's send or edit (invoice, then counter).
    await em.execute(`select id from billing.invoices where tenant_id = ? and id = any(?::bigint[]) order by id for update`, [
      tenantId,
      `{${pending.map((d) => d.invoice_id).join(',')}}`,
    ]);
    let sent = 0;
    const finish = (d: Pending, status: string, error: string | null, messageId: string | null = null) =>
      em.execute(
        `update billing.deliveries set status = ?, last_error = ?, message_id = coalesce(?, message_id),
           sent_at = case when ? = 'done' then now() else sent_at end where id = ? and tenant_id = ?`,
        [status, error, messageId, status, d.id, tenantId],
      );
    for (const d of pending) {
      const invoiceId = Number(d.invoice_id);
      let invoice = await loadInvoice(em, tenantId, invoiceId, true);
      const to = invoice?.customer?.email?.trim();
      if (!invoice || !to) {
        await finish(d, 'skipped', invoice ? 'the customer has no e-mail address' : 'the invoice no longer exists');
        continue;
      }
      if (d.kind === 'invoice' && invoice.sentAt) {
        await finish(d, 'skipped', 'the invoice was already sent');
        continue;
      }
      if (d.kind === 'reminder' && !UNPAID.has(invoice.status)) {
        await finish(d, 'skipped', `the invoice is ${invoice.status}`);
        continue;
      }
      // A draft's mail carries the legal number it is issued under (claimed here, kept if the mail fails).
      if (d.kind === 'invoice' && invoice.status === 'draft') invoice = (await claimLegalNumber(em, tenantId, invoiceId))!;
      const url = (ctx.config as unknown as { PUBLIC_URL: string }).PUBLIC_URL;
      const mail = d.kind === 'invoice' ? await invoiceMail(invoice, sender, to, url) : await reminderMail(invoice, sender, to, today, url);
      const messageId = deliveryMessageId(tenantId, invoiceId, d.kind, d.key);
      try {
        await mailer.send({ ...mail, messageId });
      } catch (err) {
        const attempts = d.attempts + 1;
        ctx.logger.warn({ err, tenantId, invoiceId, kind: d.kind, attempts }, 'a delivery failed; it is tried again');
        await em.execute(`update billing.deliveries set attempts = ?, status = ?, last_error = ? where id = ? and tenant_id = ?`, [
          attempts,
          attempts >= MAX_DELIVERY_ATTEMPTS ? 'failed' : 'pending',
          (err instanceof Error ? err.message : String(err)).slice(0, 1000),
          d.id,
          tenantId,
        ]);
        continue;
      }
      if (d.kind === 'invoice') await markInvoiceSent(em, tenantId, invoiceId, null);
      else
        await em.execute(
          `update billing.invoices set reminders_sent = reminders_sent + 1, last_reminder_at = ?, updated_at = now()
            where id = ? and tenant_id = ?`,
          [(o.now?.() ?? new Date()).toISOString(), invoiceId, tenantId],
        );
      await finish(d, 'done', null, messageId);
      sent++;
    }
    await o.afterSend?.(em);
    return sent;
  });
}
