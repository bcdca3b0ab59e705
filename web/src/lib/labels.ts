import type { CustomerType, EditFormStatus, Frequency, InvoiceStatus, PaymentStatus, QuoteStatus, ReportStatuses } from '@billpoint/proto';

type ReportStatus = (typeof ReportStatuses)[number];

/**
 * How each stored value reads on screen. Every enum a person sees goes through one of these tables (never through
 * the raw value or a capitalised copy of it), so a new value cannot show up as "Past_due" and the message catalogue
 * has one place to take them from.
 */
export const INVOICE_STATUS_LABELS: Record<InvoiceStatus | EditFormStatus, string> = {
  draft: 'Draft',
  sent: 'Sent',
  viewed: 'Viewed',
  paid: 'Paid',
  overdue: 'Overdue',
  cancelled: 'Cancelled',
  refunded: 'Refunded',
  credited: 'Credited',
  pending: 'Pending',
};

export const QUOTE_STATUS_LABELS: Record<QuoteStatus, string> = {
  draft: 'Draft',
  sent: 'Sent',
  viewed: 'Viewed',
  accepted: 'Accepted',
  declined: 'Declined',
  expired: 'Expired',
  converted: 'Converted',
};

export const PAYMENT_STATUS_LABELS: Record<PaymentStatus, string> = {
  pending: 'Pending',
  completed: 'Completed',
  failed: 'Failed',
  refunded: 'Refunded',
  cancelled: 'Cancelled',
  overpaid: 'Overpaid',
};

export const CUSTOMER_TYPE_LABELS: Record<CustomerType, string> = { individual: 'Individual', business: 'Business' };

export const REPORT_STATUS_LABELS: Record<ReportStatus, string> = {
  draft: 'Draft',
  generated: 'Generated',
  filed: 'Filed',
  archived: 'Archived',
};

export const FREQUENCY_LABELS: Record<Frequency, string> = {
  weekly: 'Weekly',
  monthly: 'Monthly',
  quarterly: 'Quarterly',
  annually: 'Annually',
};

/** The label of `value` in `labels`; a value no table knows yet (a newer server) reads as itself. */
export const labelOf = <K extends string>(labels: Record<K, string>, value: string | null | undefined): string =>
  value == null ? '' : ((labels as Record<string, string>)[value] ?? value);
