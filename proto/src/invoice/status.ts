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
 * Issued: the invoice has its legal number and stands as a document, so it is neither a draft nor cancelled. Refunded
 * and credited invoices stay issued; their money went back, the document did not.
 */
export const IssuedInvoiceStatuses: readonly InvoiceStatus[] = ['sent', 'viewed', 'overdue', 'paid', 'refunded', 'credited'];

/** Open: issued and money still expected from the customer (whether or not the due date has passed). */
export const OpenInvoiceStatuses: readonly InvoiceStatus[] = ['sent', 'viewed', 'overdue'];

/** Pending: open and not yet marked overdue; the edit form shows both as "Pending". */
export const PendingInvoiceStatuses: readonly InvoiceStatus[] = ['sent', 'viewed'];

/** Settled: nothing more is owed and the sale is closed, by payment or by credit notes taking the whole total back. */
export const SettledInvoiceStatuses: readonly InvoiceStatus[] = ['paid', 'credited'];

/** Statuses the money decides (payments, refunds, credit notes) rather than the calendar or delivery. */
export const MoneyInvoiceStatuses: readonly InvoiceStatus[] = ['paid', 'refunded', 'credited'];

/** Sold: issued and the sale stands, i.e. open or paid; a refund or a full credit gives the goods back. */
export const SoldInvoiceStatuses: readonly InvoiceStatus[] = ['sent', 'viewed', 'overdue', 'paid'];

/** Whether a status (possibly unknown or missing) belongs to one of the groups above. */
export const inStatusGroup = (group: readonly InvoiceStatus[], s: string | null | undefined): boolean =>
  s != null && (group as readonly string[]).includes(s);

/**
 * The edit form offers Draft, Pending, Paid, Overdue; "Pending" is not a stored status.
 * It stands for an issued invoice awaiting payment, i.e. `sent` (and `viewed` shows as Pending too).
 */
export const EditFormStatuses = ['draft', 'pending', 'paid', 'overdue'] as const;
export type EditFormStatus = (typeof EditFormStatuses)[number];
export function statusToEditForm(s: InvoiceStatus | null | undefined): EditFormStatus {
  if (inStatusGroup(PendingInvoiceStatuses, s)) return 'pending';
  if (s === 'paid' || s === 'overdue') return s;
  return 'draft';
}
export function editFormToStatus(s: EditFormStatus): InvoiceStatus {
  return s === 'pending' ? 'sent' : s;
}

/**
 * An invoice's lifecycle as a document: a draft can still change and has no legal number, an issued invoice stands,
 * a void one was cancelled after issue (or as a numbered draft) and counts for nothing.
 */
export const InvoiceLifecycles = ['draft', 'issued', 'void'] as const;
export const InvoiceLifecycle = z.enum(InvoiceLifecycles);
export type InvoiceLifecycle = z.infer<typeof InvoiceLifecycle>;

/**
 * What money did to an invoice, apart from its lifecycle: nothing yet (`unpaid`), some of it (`partial`), all of it
 * (`paid`), everything paid given back (`refunded`), or credit notes took the whole total back (`credited`).
 */
export const InvoicePaymentStatuses = ['unpaid', 'partial', 'paid', 'refunded', 'credited'] as const;
export const InvoicePaymentStatus = z.enum(InvoicePaymentStatuses);
export type InvoicePaymentStatus = z.infer<typeof InvoicePaymentStatus>;

/** Payment states in which the customer still owes money. */
export const OpenInvoicePaymentStatuses: readonly InvoicePaymentStatus[] = ['unpaid', 'partial'];

/** Payment states in which nothing more is owed and the sale is closed (as SettledInvoiceStatuses). */
export const SettledInvoicePaymentStatuses: readonly InvoicePaymentStatus[] = ['paid', 'credited'];

/**
 * What a consumer of invoice events knows of one: the legacy status always, lifecycle and payment state from events of
 * a billing that stores them (null or absent on older ones).
 */
export interface InvoiceStateSeen {
  status: string;
  lifecycle?: InvoiceLifecycle | null;
  paymentStatus?: InvoicePaymentStatus | null;
}

/** Issued: by its lifecycle where known, else by the legacy status. */
export const invoiceIsIssued = (s: InvoiceStateSeen): boolean =>
  s.lifecycle ? s.lifecycle === 'issued' : inStatusGroup(IssuedInvoiceStatuses, s.status);

/** Issued and settled: by lifecycle and payment state where known, else by the legacy status. */
export const invoiceIsSettled = (s: InvoiceStateSeen): boolean =>
  invoiceIsIssued(s) &&
  (s.paymentStatus ? SettledInvoicePaymentStatuses.includes(s.paymentStatus) : inStatusGroup(SettledInvoiceStatuses, s.status));

/** What the legacy `status` is derived from. `overdue`: the invoice counts as overdue; `viewed`: it has a viewedAt. */
export interface InvoiceStatusFacts {
  lifecycle: InvoiceLifecycle;
  paymentStatus: InvoicePaymentStatus;
  overdue: boolean;
  viewed: boolean;
}

/**
 * The legacy status as an ordered list of rules, the first that holds wins: the lifecycle first (a draft is a draft
 * and a void invoice is cancelled whatever money did), then the payment states that close the invoice, then the
 * overdue fact, then delivery. One list, so the function below and the SQL rendering of it cannot disagree.
 */
const STATUS_RULES: readonly { when: Partial<InvoiceStatusFacts>; status: InvoiceStatus }[] = [
  { when: { lifecycle: 'draft' }, status: 'draft' },
  { when: { lifecycle: 'void' }, status: 'cancelled' },
  { when: { paymentStatus: 'refunded' }, status: 'refunded' },
  { when: { paymentStatus: 'credited' }, status: 'credited' },
  { when: { paymentStatus: 'paid' }, status: 'paid' },
  { when: { overdue: true }, status: 'overdue' },
  { when: { viewed: true }, status: 'viewed' },
  { when: {}, status: 'sent' },
];

/** The legacy `status` of an invoice, derived from its lifecycle, its payment state and the overdue and viewed facts. */
export function legacyInvoiceStatus(facts: InvoiceStatusFacts): InvoiceStatus {
  const rule = STATUS_RULES.find((r) => (Object.keys(r.when) as (keyof InvoiceStatusFacts)[]).every((k) => r.when[k] === facts[k]));
  return rule!.status;
}

/**
 * The same derivation as a SQL `case` expression, for statements that write many rows or compute the facts in SQL.
 * Each fact is given as a SQL expression: lifecycle and paymentStatus of type text, overdue and viewed boolean.
 */
export function legacyInvoiceStatusSql(facts: { [K in keyof InvoiceStatusFacts]: string }): string {
  const cond = (when: Partial<InvoiceStatusFacts>) =>
    (Object.keys(when) as (keyof InvoiceStatusFacts)[])
      .map((k) => (typeof when[k] === 'boolean' ? `(${facts[k]}) is ${when[k] ? 'true' : 'not true'}` : `(${facts[k]}) = '${when[k]}'`))
      .join(' and ');
  const cases = STATUS_RULES.filter((r) => Object.keys(r.when).length > 0).map((r) => `when ${cond(r.when)} then '${r.status}'`);
  const otherwise = STATUS_RULES.find((r) => Object.keys(r.when).length === 0)!.status;
  return `(case ${cases.join(' ')} else '${otherwise}' end)`;
}

/** The lifecycle a legacy status stands for, where a client still sends one. */
export function lifecycleOfStatus(s: InvoiceStatus): InvoiceLifecycle {
  return s === 'draft' ? 'draft' : s === 'cancelled' ? 'void' : 'issued';
}

/**
 * The payment state a legacy status asks for, where a client still sends one: paid, refunded and credited say it
 * outright; any other status means money is still expected, partly received or not at all.
 */
export function paymentStatusOfStatus(s: InvoiceStatus, received: boolean): InvoicePaymentStatus {
  if (s === 'paid' || s === 'refunded' || s === 'credited') return s;
  return received ? 'partial' : 'unpaid';
}
