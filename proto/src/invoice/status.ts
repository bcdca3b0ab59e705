import { z } from 'zod';

export const InvoiceStatuses = ['draft', 'sent', 'viewed', 'paid', 'overdue', 'cancelled', 'refunded'] as const;
export const InvoiceStatus = z.enum(InvoiceStatuses, { error: `Status must be one of ${InvoiceStatuses.join(', ')}` });
export type InvoiceStatus = z.infer<typeof InvoiceStatus>;

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
