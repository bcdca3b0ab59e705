import type { Invoice, InvoiceItem, InvoicePatch, InvoiceUpdate } from '@billpoint/proto';
import type { Identity } from '@billpoint/kit';
import type { InvoiceService } from './invoice.service.ts';
import { requireDraft } from './invoice.state.ts';

/**
 * A stored line as PUT takes it: its id (kept), text, figures, product and tax rate. A line taxed at the invoice's
 * own percentage sends none, so it follows the invoice's percentage when the patch changes that.
 */
const asInput = (it: InvoiceItem, invoiceTaxRate: string): InvoiceUpdate['items'][number] => ({
  id: it.id,
  description: it.description,
  quantity: it.quantity,
  rate: it.rate,
  taxRate: it.taxRateId == null && it.taxRate !== invoiceTaxRate ? it.taxRate : null,
  productId: it.productId,
  taxRateId: it.taxRateId,
});

/**
 * PATCH /api/invoices/:id (the public API): a draft only (409 resource_state_invalid otherwise, checked again under
 * the invoice's row lock by the update); only the fields sent change, `items` (when sent) replace the stored lines.
 * `metadata` alone changes any invoice, a sent one too (InvoiceService.updateMetadata). The rest is PUT's use case: the same checks of customer, products and tax rates, the totals computed again, the
 * same events in the same transaction.
 */
export async function patchInvoice(invoices: InvoiceService, id: Identity, invoiceId: number, patch: InvoicePatch): Promise<Invoice> {
  const sent = Object.entries(patch).filter(([, v]) => v !== undefined);
  if (patch.metadata && sent.length === 1) return invoices.updateMetadata(id, invoiceId, patch.metadata);
  const before = await invoices.get(id, invoiceId); // 404 first
  requireDraft(before, 'edited');
  const update: InvoiceUpdate = {
    ...patch,
    customerId: patch.customerId ?? before.customerId,
    items: patch.items ?? (before.items ?? []).map((it) => asInput(it, before.taxRate)),
  };
  return invoices.update(id, invoiceId, update, { draftOnly: true });
}
