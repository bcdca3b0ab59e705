import type { CustomerPostalAddress } from '@billpoint/proto';
import { NotFound, type ServiceContext } from '@billpoint/kit';
import { loadSender, type PdfSender } from '../invoice/invoice.send.ts';
import { pdfBuffer, receiptPdf } from '../invoice/pdf/index.ts';
import { methodLabel } from '../email-template/variables.ts';
import { RECEIPT_COLUMNS, type ReceiptRow } from './receipt.store.ts';

/** The customer as the receipt addresses them (billing's customer read model), with its postal address. */
export interface ReceiptCustomer extends CustomerPostalAddress {
  name: string | null;
  email: string | null;
  address: string | null;
  company: string | null;
}

export async function loadReceiptCustomer(
  ctx: ServiceContext,
  tenantId: string,
  customerId: string | null,
): Promise<ReceiptCustomer | null> {
  if (customerId == null) return null;
  const [row] = await ctx.reader.query<ReceiptCustomer>(
    tenantId,
    `select nullif(name, '') as name, nullif(trim(email), '') as email, address, company, tax_id as "taxId", street,
            postal_code as "postalCode", city, country from billing.customers
      where tenant_id = $1 and id = $2 and not deleted`,
    [tenantId, customerId],
  );
  return row ?? null;
}

/** The receipt's PDF in the tenant's default invoice layout (white-label aware through the sender). */
export async function receiptPdfBuffer(receipt: ReceiptRow, customer: ReceiptCustomer | null, sender: PdfSender): Promise<Buffer> {
  const doc = {
    receiptNumber: receipt.receiptNumber,
    currency: receipt.currency,
    total: receipt.total,
    method: methodLabel(receipt.method),
    paidAt: receipt.paidAt,
    customer,
    allocations: receipt.allocations,
  };
  return pdfBuffer(receiptPdf(doc, sender, await sender.design(null)));
}

export const receiptFilename = (r: Pick<ReceiptRow, 'receiptNumber'>) => `receipt-${r.receiptNumber}.pdf`;

/** GET /api/portal/receipts/{id}/pdf: only the customer's own receipt (else 404). */
export async function portalReceiptPdf(ctx: ServiceContext, tenantId: string, customerId: number, id: string) {
  const [receipt] = await ctx.reader.query<ReceiptRow>(
    tenantId,
    `select ${RECEIPT_COLUMNS} from billing.receipts where tenant_id = $1 and id = $2 and customer_id = $3`,
    [tenantId, id, customerId],
  );
  if (!receipt) throw new NotFound('Receipt not found');
  const customer = await loadReceiptCustomer(ctx, tenantId, receipt.customerId);
  return { filename: receiptFilename(receipt), body: await receiptPdfBuffer(receipt, customer, await loadSender(ctx, tenantId)) };
}
