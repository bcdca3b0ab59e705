import type { InvoiceDraft } from '@billpoint/proto';
import type { InvoiceCreateFormInput } from './invoice-form';

/**
 * The create form filled from an AI proposal, for review: the customer (when it is one of the tenant's), the lines,
 * the dates, currency, discount and notes. What the proposal leaves out keeps the form's value; terms and template stay.
 */
export function draftToForm(draft: InvoiceDraft, current: InvoiceCreateFormInput, customerId?: number | null): InvoiceCreateFormInput {
  const id = customerId ?? draft.customer?.id ?? null;
  return {
    ...current,
    customerId: id != null ? String(id) : current.customerId,
    issueDate: draft.issueDate.value,
    dueDate: draft.dueDate.value,
    currency: draft.currency.value,
    discountAmount: draft.discountAmount.value,
    notes: draft.notes || current.notes,
    items: draft.items.length
      ? draft.items.map((it) => ({
          description: it.description,
          quantity: it.quantity,
          rate: it.rate,
          taxRate: it.taxRate,
          productId: it.productId,
          taxRateId: it.taxRateId,
          taxRateName: it.taxRateName,
        }))
      : current.items,
  };
}
