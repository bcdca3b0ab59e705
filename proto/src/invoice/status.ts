import { z } from 'zod';

/**
 * `credited`: credit notes take back the invoice's whole total (whatever was paid of it), so nothing is owed and no
 * sale is left; it is never "paid". Billing derives it from the credit notes, like `paid` and `refunded` from money.
 */
export const InvoiceStatuses = ['draft', 'sent', 'viewed', 'paid', 'overdue', 'cancelled', 'refunded', 'credited'] as const;
export const InvoiceStatus = z.enum(InvoiceStatuses, { error: `Status must be one of ${InvoiceStatuses.join(', ')}` });
export type InvoiceStatus = z.infer<typeof InvoiceStatus>;

/** Statuses that follow from credit notes alone: an edit keeps them, it never moves an invoice into one. */
export const DerivedInvoiceStatuses: readonly InvoiceStatus[] = ['credited'];

/**
 * The edit form offers Draft, Pending, Paid, Overdue (spec core §2); "Pending" is not a stored status.
 * It stands for an issued invoice awaiting payment, i.e. `sent` (and `viewed` shows as Pending too).
 */
export const EditFormStatuses = ['draft', 'pending', 'paid', 'overdue'] as const;
export type EditFormStatus = (typeof EditFormStatuses)[number];
export function statusToEditForm(s: InvoiceStatus | null | undefined): EditFormStatus {
  if (s === 'sent' || s === 'viewed') return 'pending';
  if (s === 'paid' || s === 'overdue') return s;
  return 'draft';
}
export function editFormToStatus(s: EditFormStatus): InvoiceStatus {
  return s === 'pending' ? 'sent' : s;
}
