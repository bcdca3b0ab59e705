import { createHash } from 'node:crypto';
import type { EntityManager, Mailer, ServiceContext } from '@billpoint/kit';
import { forEachPendingTenant } from '../delivery/pending-tenants.ts';
import { loadSender } from '../invoice/invoice.send.ts';
import { mailFromOf, portalLink } from '../readmodel/organization.ts';
import { composeMail } from '../email-template/email-template.service.ts';
import { mailLanguage, receiptValues } from '../email-template/variables.ts';
import { MAX_DELIVERY_ATTEMPTS } from '../delivery/deliveries.ts';
import { loadReceiptCustomer, receiptFilename, receiptPdfBuffer } from './receipt.pdf.ts';
import { RECEIPT_COLUMNS, type ReceiptRow } from './receipt.store.ts';

/**
 * The Message-ID of a receipt's e-mail: derived from the receipt (a mail sent again after a crash is the same
 * message), hashed, under MAIL_FROM's domain (nothing of ours in it, whatever the organization's branding).
 */
export function receiptMessageId(tenantId: string, receiptId: string, mailFrom: string): string {
  const h = createHash('sha256').update(`${tenantId}:receipt:${receiptId}`).digest('hex').slice(0, 32);
  const domain = /@([^>\s]+)>?\s*$/.exec(mailFrom)?.[1] ?? 'localhost';
  return `<receipt.${h}@${domain}>`;
}

export interface ReceiptMailOptions {
  /** Only this tenant (right after a receipt arrived); default: every tenant with a receipt e-mail pending. */
  tenantId?: string;
  /** Test seam: after the mail was accepted, before the transaction that records it commits. */
  afterSend?: (em: EntityManager) => Promise<void>;
}

/**
 * Sends the `payment_received` e-mail of each pending receipt, the receipt PDF attached, to the customer's address.
 * Exactly once: each receipt is sent inside the transaction that holds its row (FOR UPDATE SKIP LOCKED) and marked
 * there once the mail was accepted; a crash in between leaves it pending and the retry sends the SAME Message-ID. A
 * customer without an address: skipped. A refused mail: tried again, given up after MAX_DELIVERY_ATTEMPTS.
 */
export async function deliverReceipts(ctx: ServiceContext, mailer: Mailer, o: ReceiptMailOptions = {}): Promise<number> {
  return forEachPendingTenant(
    ctx,
    { tenantId: o.tenantId, table: 'billing.receipts', pending: `mail_status = 'pending'`, what: 'receipt e-mails' },
    (tenantId) => deliverTenant(ctx, mailer, tenantId, o),
  );
}

async function deliverTenant(ctx: ServiceContext, mailer: Mailer, tenantId: string, o: ReceiptMailOptions): Promise<number> {
  const sender = await loadSender(ctx, tenantId);
  const url = (ctx.config as unknown as { PUBLIC_URL: string }).PUBLIC_URL;
  return ctx.tx({ tenantId }, async (em) => {
    const pending = await em.execute<ReceiptRow[]>(
      `select ${RECEIPT_COLUMNS}, mail_attempts as attempts from billing.receipts
        where tenant_id = ? and mail_status = 'pending' order by created_at limit 50 for update skip locked`,
      [tenantId],
    );
    let sent = 0;
    const mark = (id: string, status: string, error: string | null, attempts?: number) =>
      em.execute(
        `update billing.receipts set mail_status = ?, mail_error = ?, mail_attempts = coalesce(?, mail_attempts),
           mailed_at = case when ? = 'sent' then now() else mailed_at end where tenant_id = ? and id = ?`,
        [status, error, attempts ?? null, status, tenantId, id],
      );
    for (const r of pending as (ReceiptRow & { attempts: number })[]) {
      const customer = await loadReceiptCustomer(ctx, tenantId, r.customerId);
      if (!customer?.email) {
        await mark(r.id, 'skipped', 'the customer has no e-mail address');
        continue;
      }
      const [first] = await em.execute<{ language: string }[]>(`select language from billing.invoices where tenant_id = ? and id = ?`, [
        tenantId,
        r.allocations[0]?.invoiceId ?? 0,
      ]);
      const values = receiptValues(
        { ...r, invoiceNumbers: r.allocations.map((a) => a.invoiceNumber) },
        customer,
        sender.brand,
        portalLink(sender.brand, url),
      );
      const mail = await composeMail(ctx, tenantId, sender.brand, 'payment_received', mailLanguage(first?.language, sender.brand), values);
      const attachment = {
        filename: receiptFilename(r),
        content: await receiptPdfBuffer(r, customer, sender),
        contentType: 'application/pdf',
      };
      try {
        await mailer.send({
          to: customer.email,
          ...mail,
          attachments: [attachment],
          messageId: receiptMessageId(tenantId, r.id, mailFromOf(ctx)),
        });
      } catch (err) {
        const attempts = r.attempts + 1;
        ctx.logger.warn({ err, tenantId, receiptId: r.id, attempts }, 'a receipt e-mail failed; it is tried again');
        const message = (err instanceof Error ? err.message : String(err)).slice(0, 1000);
        await mark(r.id, attempts >= MAX_DELIVERY_ATTEMPTS ? 'failed' : 'pending', message, attempts);
        continue;
      }
      await mark(r.id, 'sent', null);
      sent++;
    }
    await o.afterSend?.(em);
    return sent;
  });
}
