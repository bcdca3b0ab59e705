import {
  CreditNoteResolutionLabels,
  TaxRatesGetRpc,
  type CreditNote,
  type EInvoiceFormat,
  type Invoice,
  type InvoiceItem,
} from '@billpoint/proto';
import { NotFound, rpcCall, type Identity, type ServiceContext } from '@billpoint/kit';
import { GET_INVOICE_SQL, loadSender } from '../invoice/invoice.send.ts';
import { toInvoice, type InvoiceRow } from '../invoice/invoice.sql.ts';
import { creditNotePdf, invoicePdf, pdfBuffer } from '../invoice/pdf/index.ts';
import { TAX_RPC_TIMEOUT_MS } from '../invoice/invoice.tax.ts';
import { getCreditNote } from '../credit-note/credit-note.list.ts';
import { creditNoteDocument, invoiceDocument, type EDocument, type Parties, type RateCategory } from './document.ts';
import { facturXAttachment } from './factur-x.ts';
import { renderXml, type XmlFormat } from './render.ts';

type Tenant = Pick<Identity, 'tenantId'>;

/** A rendered e-invoice: its bytes, content type and the file name it is downloaded under. */
export interface EInvoiceFile {
  filename: string;
  contentType: 'application/xml' | 'application/pdf';
  body: Buffer;
}

interface PartyRow {
  name: string | null;
  tax_id: string | null;
  street: string | null;
  city: string | null;
  postal_code: string | null;
  country: string | null;
  email: string | null;
  phone: string | null;
}

const party = (r: PartyRow | undefined) => ({
  name: r?.name ?? null,
  vatId: r?.tax_id ?? null,
  street: r?.street ?? null,
  city: r?.city ?? null,
  postalCode: r?.postal_code ?? null,
  country: r?.country ?? null,
  email: r?.email ?? null,
  phone: r?.phone ?? null,
});

/**
 * The seller (billing's copy of the organization settings) and the buyer (billing's copy of the customer: the company
 * name when it has one, else the person's name). Nothing is filled in that the user did not enter.
 */
async function partiesOf(ctx: ServiceContext, tenantId: string, customerId: number): Promise<Parties> {
  const [[org], [customer]] = await Promise.all([
    ctx.reader.query<PartyRow & { iban: string | null; bic: string | null; holder: string | null; base_currency: string | null }>(
      tenantId,
      `select name, tax_id, street, city, postal_code, country, coalesce(billing_email, company_email) as email, phone,
              bank_iban as iban, bank_bic as bic, bank_account_holder as holder, base_currency
         from billing.organizations where tenant_id = $1`,
      [tenantId],
    ),
    ctx.reader.query<PartyRow & { buyer_reference: string | null }>(
      tenantId,
      `select coalesce(nullif(company, ''), name) as name, tax_id, street, city, postal_code, country, email, phone, buyer_reference
         from billing.customers where tenant_id = $1 and id = $2`,
      [tenantId, customerId],
    ),
  ]);
  return {
    seller: { ...party(org), iban: org?.iban ?? null, bic: org?.bic ?? null, accountHolder: org?.holder ?? null },
    buyer: { ...party(customer), buyerReference: customer?.buyer_reference ?? null },
    // The organization's default currency, USD until its settings are saved (the settings' own default).
    baseCurrency: org?.base_currency?.trim() || 'USD',
  };
}

/** The EN 16931 category and exemption of each tax rate the lines name, asked of the tax service (one request). */
async function rateCategories(ctx: ServiceContext, tenantId: string, items: readonly InvoiceItem[]) {
  const ids = [...new Set(items.map((it) => it.taxRateId).filter((id): id is number => id != null))];
  const rates = ids.length ? await rpcCall(ctx.bus, TaxRatesGetRpc, { tenantId, ids }, { timeoutMs: TAX_RPC_TIMEOUT_MS }) : [];
  return new Map<number, RateCategory>(rates.map((r) => [r.id, r]));
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

/** The invoice's EN 16931 document (for the e-mail's Factur-X attachment too). */
export async function invoiceEDocument(ctx: ServiceContext, id: Tenant, invoice: Invoice): Promise<EDocument> {
  const [parties, rates] = await Promise.all([
    partiesOf(ctx, id.tenantId, invoice.customerId),
    rateCategories(ctx, id.tenantId, invoice.items ?? []),
  ]);
  return invoiceDocument(invoice, parties, rates);
}

/** The invoice's Factur-X PDF: its own PDF (template, credit notes listed) as PDF/A-3b with the CII XML inside. */
export async function invoiceFacturX(ctx: ServiceContext, id: Tenant, invoice: Invoice): Promise<Buffer> {
  const xml = renderXml(await invoiceEDocument(ctx, id, invoice), 'cii');
  const sender = await loadSender(ctx, id.tenantId);
  const [design, creditNotes] = await Promise.all([sender.design(invoice.templateId), sender.creditNotes(invoice)]);
  return pdfBuffer(invoicePdf(invoice, sender, design, creditNotes, facturXAttachment(xml, new Date(invoice.createdAt))));
}

/** GET /api/invoices/{id}/e-invoice?format=… */
export async function invoiceEInvoice(ctx: ServiceContext, id: Tenant, invoiceId: number, format: EInvoiceFormat): Promise<EInvoiceFile> {
  const invoice = await loadInvoice(ctx, id, invoiceId);
  const stem = `invoice-${invoice.invoiceNumber}`;
  if (format === 'factur-x')
    return { filename: `${stem}-factur-x.pdf`, contentType: 'application/pdf', body: await invoiceFacturX(ctx, id, invoice) };
  return xmlFile(await invoiceEDocument(ctx, id, invoice), format, stem);
}

/** GET /api/credit-notes/{id}/e-invoice?format=…: the credit note (381) naming the invoice it corrects (BT-25). */
export async function creditNoteEInvoice(ctx: ServiceContext, id: Tenant, noteId: number, format: EInvoiceFormat): Promise<EInvoiceFile> {
  const note: CreditNote = await getCreditNote(ctx, id, noteId);
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
