import { CreditNoteResolutionLabels, type EInvoiceFormat, type Invoice } from '@billpoint/proto';
import { NotFound, type Identity, type ServiceContext } from '@billpoint/kit';
import { GET_INVOICE_SQL, loadSender } from '../invoice/invoice.send.ts';
import { toInvoice, type InvoiceRow } from '../invoice/invoice.sql.ts';
import { creditNotePdf, pdfBuffer } from '../invoice/pdf/index.ts';
import { getCreditNote } from '../credit-note/credit-note.list.ts';
import { creditNoteDocument, type EDocument } from './document.ts';
import { invoiceEDocument, invoiceFacturX, partiesOf, rateCategories } from './e-invoice.service.ts';
import { facturXAttachment } from './factur-x.ts';
import { renderXml, type XmlFormat } from './render.ts';

type Tenant = Pick<Identity, 'tenantId'>;

/** A rendered e-invoice: its bytes, content type and the file name it is downloaded under. */
export interface EInvoiceFile {
  filename: string;
  contentType: 'application/xml' | 'application/pdf';
  body: Buffer;
}

async function loadInvoice(ctx: ServiceContext, id: Tenant, invoiceId: number): Promise<Invoice> {
  const [row] = await ctx.reader.query<InvoiceRow>(id.tenantId, GET_INVOICE_SQL, [invoiceId, id.tenantId]);
  if (!row) throw new NotFound('Invoice not found');
  return toInvoice(row);
}

const xmlFile = (doc: EDocument, format: XmlFormat, stem: string): EInvoiceFile => ({
  filename: `${stem}-${format}.xml`,
  contentType: 'application/xml',
  body: Buffer.from(renderXml(doc, format), 'utf8'),
});

/** GET /api/invoices/{id}/e-invoice?format=… */
export async function invoiceEInvoice(ctx: ServiceContext, id: Tenant, invoiceId: number, format: EInvoiceFormat): Promise<EInvoiceFile> {
  const invoice = await loadInvoice(ctx, id, invoiceId);
  const stem = `invoice-${invoice.invoiceNumber}`;
  if (format === 'factur-x') {
    const body = await invoiceFacturX(ctx, id, invoice, await loadSender(ctx, id.tenantId));
    return { filename: `${stem}-factur-x.pdf`, contentType: 'application/pdf', body };
  }
  return xmlFile(await invoiceEDocument(ctx, id, invoice), format, stem);
}

/** GET /api/credit-notes/{id}/e-invoice?format=…: the credit note (381) naming the invoice it corrects (BT-25). */
export async function creditNoteEInvoice(ctx: ServiceContext, id: Tenant, noteId: number, format: EInvoiceFormat): Promise<EInvoiceFile> {
  const note = await getCreditNote(ctx, id, noteId);
  const [invoice] = await ctx.reader.query<{ exchange_rate: string; template_id: string | null }>(
    id.tenantId,
    `select exchange_rate::text as exchange_rate, template_id::text as template_id from billing.invoices where id = $1 and tenant_id = $2`,
    [note.invoiceId, id.tenantId],
  );
  const [parties, rates] = await Promise.all([
    partiesOf(ctx, id.tenantId, note.customerId),
    rateCategories(ctx, id.tenantId, note.items ?? []),
  ]);
  const doc = creditNoteDocument(
    note,
    { exchangeRate: invoice?.exchange_rate ?? '1' },
    parties,
    rates,
    CreditNoteResolutionLabels[note.resolution],
  );
  const stem = `credit-note-${note.creditNoteNumber}`;
  if (format !== 'factur-x') return xmlFile(doc, format, stem);
  const xml = renderXml(doc, 'cii');
  const sender = await loadSender(ctx, id.tenantId);
  const design = await sender.design(invoice?.template_id == null ? null : Number(invoice.template_id));
  const pdf = await pdfBuffer(creditNotePdf(note, sender, design, facturXAttachment(xml, new Date(note.createdAt))));
  return { filename: `${stem}-factur-x.pdf`, contentType: 'application/pdf', body: pdf };
}
