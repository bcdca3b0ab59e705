import { createHash } from 'node:crypto';
import {
  InvoiceEvents,
  toMills,
  type Invoice,
  legacyInvoiceStatus,
  type InvoiceLifecycle,
  type InvoicePaymentStatus,
} from '@billpoint/proto';
import { addEvent, type EntityManager, type ServiceContext } from '@billpoint/kit';
import { invoicePdfBuffer, type InvoiceCreditNoteRow, type PdfDesign, type PdfSeller } from './pdf/index.ts';
import { loadDesign } from '../template/design.ts';
import type { OutgoingMail } from '@billpoint/kit';
import { applyCustomerCredit } from '../credit/customer-credit.ts';
import { invoiceFacturX } from '../e-invoice/e-invoice.service.ts';
import { CUSTOMER_JOIN, eventData, INVOICE_COLUMNS, ITEMS_JSON, toInvoice, type InvoiceRow } from './invoice.sql.ts';
import { loadOrganization, portalLink, type OrganizationBrand } from '../readmodel/organization.ts';
import { composeMail } from '../email-template/email-template.service.ts';
import { invoiceValues, mailLanguage } from '../email-template/variables.ts';

/** The invoice with its items and token (`$1` id, `$2` tenant). */
export const GET_INVOICE_SQL = `select ${INVOICE_COLUMNS}, i.public_token, ${ITEMS_JSON} as items
  from billing.invoices i ${CUSTOMER_JOIN} where i.id = $1 and i.tenant_id = $2`;

/** The invoice inside a transaction (FOR UPDATE when about to change it); null when the tenant has none. */
export async function loadInvoice(em: EntityManager, tenantId: string, invoiceId: number, lock = false): Promise<Invoice | null> {
  const sql = GET_INVOICE_SQL.replace(/\$1/, '?').replace(/\$2/, '?') + (lock ? ' for update of i' : '');
  const [row] = await em.execute<InvoiceRow[]>(sql, [invoiceId, tenantId]);
  return row ? toInvoice(row) : null;
}

/**
 * The seller as the PDF and the e-mails name it (the organization read model: its name, and once its settings are
 * saved its address and contacts; the name is null until the organization has arrived), and its invoices' look.
 */
export interface PdfSender extends PdfSeller {
  /** An invoice's template, else the tenant's default, else the built-in classic. */
  design(templateId: number | null): Promise<PdfDesign>;
  /** The invoice's credit notes as its PDF lists them (none read when it has none). */
  creditNotes(invoice: Invoice): Promise<InvoiceCreditNoteRow[]>;
  /** The organization setting: invoice e-mails carry the Factur-X PDF instead of the plain one. */
  attachFacturX: boolean;
  /** The invoice as Factur-X (PDF/A-3 with its CII XML); a 422 naming what is missing when it cannot be made. */
  facturX(invoice: Invoice): Promise<Buffer>;
  /** The organization's portal address, white-label and default language. */
  brand: OrganizationBrand;
  /** The service the sender was loaded by: its e-mail templates render the organization's mails. */
  ctx: ServiceContext;
  tenantId: string;
}
export async function loadSender(ctx: ServiceContext, tenantId: string): Promise<PdfSender> {
  const [found] = await ctx.reader.query<PdfSeller & { attachFacturX: boolean }>(
    tenantId,
    `select name, address, street, postal_code as "postalCode", city, country,
            coalesce(billing_email, company_email) as email, phone, company_website as website, tax_id as "taxId",
            logo_url as "logoUrl", bank_iban as iban, bank_bic as bic, bank_account_holder as "accountHolder",
            attach_factur_x as "attachFacturX"
       from billing.organizations where tenant_id = $1`,
    [tenantId],
  );
  const { attachFacturX = false, ...org } = found ?? { name: null };
  const brand = await loadOrganization(ctx, tenantId);
  const sender: PdfSender = {
    ...org,
    whiteLabel: brand.whiteLabel,
    brand,
    ctx,
    tenantId,
    attachFacturX,
    facturX: (invoice) => invoiceFacturX(ctx, { tenantId }, invoice, sender),
    design: (templateId) => loadDesign(ctx, tenantId, templateId),
    creditNotes: async (invoice) =>
      toMills(invoice.creditedAmount) === 0n
        ? []
        : ctx.reader.query<InvoiceCreditNoteRow>(
            tenantId,
            `select credit_note_number as "creditNoteNumber", total::text as total from billing.credit_notes
              where tenant_id = $1 and invoice_id = $2 order by created_at, id`,
            [tenantId, invoice.id],
          ),
  };
  return sender;
}

/** The invoice's PDF for an e-mail: the Factur-X one when the organization asks for it, else the plain one. */
const pdfAttachment = async (invoice: Invoice, sender: PdfSender) => ({
  filename: `invoice-${invoice.invoiceNumber}.pdf`,
  content: sender.attachFacturX
    ? await sender.facturX(invoice)
    : await invoicePdfBuffer(invoice, sender, await sender.design(invoice.templateId), await sender.creditNotes(invoice)),
  contentType: 'application/pdf',
});

/** The public pay page of an invoice: `/pay/{token}` under the app's public origin. */
export const payLink = (publicUrl: string, invoice: Invoice) => `${publicUrl.replace(/\/$/, '')}/pay/${invoice.publicToken}`;

/** The language the invoice was written in (null when it has none yet). */
async function invoiceLanguage(sender: PdfSender, invoice: Invoice): Promise<string | null> {
  const [row] = await sender.ctx.reader.query<{ language: string }>(
    sender.tenantId,
    `select language from billing.invoices where tenant_id = $1 and id = $2`,
    [sender.tenantId, invoice.id],
  );
  return row?.language ?? null;
}

/** An invoice e-mail of a template type, rendered from the organization's template (or the built-in one). */
async function templatedInvoiceMail(
  type: 'invoice' | 'reminder',
  invoice: Invoice,
  sender: PdfSender,
  to: string,
  today: string,
  publicUrl: string,
): Promise<OutgoingMail> {
  const links = { payLink: payLink(publicUrl, invoice), portalLink: portalLink(sender.brand, publicUrl) };
  const language = mailLanguage(await invoiceLanguage(sender, invoice), sender.brand);
  const values = invoiceValues(invoice, sender.brand, links, today);
  const mail = await composeMail(sender.ctx, sender.tenantId, sender.brand, type, language, values);
  return { to, ...mail, attachments: [await pdfAttachment(invoice, sender)] };
}

/** The invoice e-mail (template `invoice`): the PDF attached, the pay and portal links, to the customer (`to` checked by the caller). */
export async function invoiceMail(invoice: Invoice, sender: PdfSender, to: string, publicUrl: string): Promise<OutgoingMail> {
  return templatedInvoiceMail('invoice', invoice, sender, to, new Date().toISOString().slice(0, 10), publicUrl);
}

/** A payment reminder (template `reminder`), the current PDF attached. `today` decides "due on" or "overdue since". */
export async function reminderMail(
  invoice: Invoice,
  sender: PdfSender,
  to: string,
  today: string,
  publicUrl: string,
): Promise<OutgoingMail> {
  return templatedInvoiceMail('reminder', invoice, sender, to, today, publicUrl);
}

/**
 * A Message-ID derived from what the mail is (tenant, invoice, kind, key): sending it again after a crash sends the
 * same message. Hashed, so the header names neither the tenant nor anything else of ours.
 */
export function deliveryMessageId(tenantId: string, invoiceId: number, kind: string, key: string): string {
  const h = createHash('sha256').update(`${tenantId}:${invoiceId}:${kind}:${key}`).digest('hex').slice(0, 32);
  return `<${kind}.${h}@billpoint.mail>`;
}

/**
 * Gives a draft its legal number before its e-mail and PDF are made, so that the customer receives the number the
 * invoice keeps (the row lock of the tenant's counter is held only to the caller's commit, not over the mail). Already
 * numbered: nothing changes. The number is not given back if the mail then fails: the draft keeps it for the next
 * attempt, and since freeing it would leave a gap such a draft can be cancelled but not deleted. The updated event
 * carries the new number in the same transaction. Answers the invoice as it is now (null: the tenant has none).
 */
export async function claimLegalNumber(em: EntityManager, tenantId: string, invoiceId: number): Promise<Invoice | null> {
  const claimed = await em.execute<{ id: string }[]>(
    `update billing.invoices set invoice_number = billing.claim_invoice_number(tenant_id, null), legal_number = true, updated_at = now()
      where id = ? and tenant_id = ? and not legal_number returning id::text as id`,
    [invoiceId, tenantId],
  );
  const invoice = await loadInvoice(em, tenantId, invoiceId);
  if (claimed.length && invoice) addEvent(em, { subject: InvoiceEvents.Updated, tenantId, actorId: null, data: eventData(invoice) });
  return invoice;
}

/**
 * Records an accepted invoice e-mail in the caller's transaction: a draft becomes sent, sentAt is set (first send),
 * a re-send counts as a reminder; the sent event goes out. Other statuses (paid, overdue, …) are kept: sending a copy
 * never moves an invoice backwards. A draft that becomes sent is issued: the customer's credit is applied to it
 * (applyCustomerCredit) before the sent event, which carries it. Answers the invoice as it is now.
 */
export async function markInvoiceSent(em: EntityManager, tenantId: string, invoiceId: number, actorId: string | null): Promise<Invoice> {
  const [was] = await em.execute<{ status: string; lifecycle: InvoiceLifecycle; payment_status: InvoicePaymentStatus; viewed: boolean }[]>(
    `select status, lifecycle, payment_status, viewed_at is not null as viewed from billing.invoices where id = ? and tenant_id = ? for update`,
    [invoiceId, tenantId],
  );
  // Sending issues a draft; any other lifecycle stays, and so does its status.
  const issues = was?.lifecycle === 'draft';
  const status =
    was && issues
      ? legacyInvoiceStatus({ lifecycle: 'issued', paymentStatus: was.payment_status, overdue: false, viewed: was.viewed })
      : null;
  await em.execute(
    `update billing.invoices set
       lifecycle = case when ?::boolean then 'issued' else lifecycle end,
       status = coalesce(?::text, status),
       reminders_sent = reminders_sent + case when sent_at is null then 0 else 1 end,
       last_reminder_at = case when sent_at is null then last_reminder_at else now() end,
       sent_at = coalesce(sent_at, now()),
       updated_at = now()
     where id = ? and tenant_id = ?`,
    [issues, status, invoiceId, tenantId],
  );
  if (issues) await applyCustomerCredit(em, tenantId, (await loadInvoice(em, tenantId, invoiceId))!, actorId);
  const sent = (await loadInvoice(em, tenantId, invoiceId))!;
  addEvent(em, { subject: InvoiceEvents.Sent, tenantId, actorId, data: eventData(sent) });
  return sent;
}
