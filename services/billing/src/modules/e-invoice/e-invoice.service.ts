import { TaxRatesGetRpc, type Invoice, type InvoiceItem } from '@billpoint/proto';
import { rpcCall, type Identity, type ServiceContext } from '@billpoint/kit';
import type { PdfSender } from '../invoice/invoice.send.ts';
import { invoicePdf, pdfBuffer } from '../invoice/pdf/index.ts';
import { TAX_RPC_TIMEOUT_MS } from '../invoice/invoice.tax.ts';
import { invoiceDocument, type EDocument, type Parties, type RateCategory } from './document.ts';
import { facturXAttachment } from './factur-x.ts';
import { renderXml } from './render.ts';

type Tenant = Pick<Identity, 'tenantId'>;

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
export async function partiesOf(ctx: ServiceContext, tenantId: string, customerId: number): Promise<Parties> {
  const [[org], [customer]] = await Promise.all([
    ctx.reader.query<PartyRow & { iban: string | null; bic: string | null; holder: string | null; base_currency: string | null }>(
      tenantId,
      `select name, tax_id, street, city, postal_code, country, coalesce(billing_email, company_email) as email, phone,
              bank_iban as iban, bank_bic as bic, bank_account_holder as holder, default_currency as base_currency
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
export async function rateCategories(ctx: ServiceContext, tenantId: string, items: readonly InvoiceItem[]) {
  const ids = [...new Set(items.map((it) => it.taxRateId).filter((id): id is number => id != null))];
  const rates = ids.length ? await rpcCall(ctx.bus, TaxRatesGetRpc, { tenantId, ids }, { timeoutMs: TAX_RPC_TIMEOUT_MS }) : [];
  return new Map<number, RateCategory>(rates.map((r) => [r.id, r]));
}

/** The invoice's EN 16931 document (for the e-mail's Factur-X attachment too). */
export async function invoiceEDocument(ctx: ServiceContext, id: Tenant, invoice: Invoice): Promise<EDocument> {
  const [parties, rates] = await Promise.all([
    partiesOf(ctx, id.tenantId, invoice.customerId),
    rateCategories(ctx, id.tenantId, invoice.items ?? []),
  ]);
  return invoiceDocument(invoice, parties, rates);
}

/**
 * The invoice's Factur-X PDF: its own PDF (template, credit notes listed) as PDF/A-3b with the CII XML inside; the
 * download and the invoice e-mail (organization setting attachFacturX) alike.
 */
export async function invoiceFacturX(ctx: ServiceContext, id: Tenant, invoice: Invoice, sender: PdfSender): Promise<Buffer> {
  const xml = renderXml(await invoiceEDocument(ctx, id, invoice), 'cii');
  const [design, creditNotes] = await Promise.all([sender.design(invoice.templateId), sender.creditNotes(invoice)]);
  return pdfBuffer(invoicePdf(invoice, sender, design, creditNotes, facturXAttachment(xml, new Date(invoice.createdAt))));
}
