import { moneyText } from './money-sql.ts';
import { sqlList } from '@billpoint/kit';
import {
  taxLinesOf,
  type Invoice,
  type CustomerPostalAddress,
  type InvoiceCustomer,
  type InvoiceEventData,
  type InvoiceItem,
  type InvoiceStatus,
  OpenInvoicePaymentStatuses,
  type InvoiceLifecycle,
  type InvoicePaymentStatus,
  legacyInvoiceStatus,
} from '@billpoint/proto';
import { draftReferenceSql } from './numbering.ts';

/** A quantity or unit price (4 places stored) as text with 2 places at least: 3 → "3.00", 0.0125 → "0.0125". */
export const decimalText = (col: string) => `round(${col}, greatest(2, scale(trim_scale(${col}))))::text`;

/** A timestamp as ISO-8601 UTC text, the same from a row and from json_agg. */
export const ts = (col: string) => `to_char(${col} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** The customer of a document (alias `c`, the read model): names, contacts and the postal address its PDF prints. */
export const CUSTOMER_COLUMNS = `c.id::text as c_id, c.name as c_name, c.email as c_email, c.phone as c_phone,
  c.address as c_address, c.company as c_company, c.tax_id as c_tax_id, c.street as c_street,
  c.postal_code as c_postal_code, c.city as c_city, c.country as c_country`;

/**
 * The columns of an invoice answer (alias `i`) with its customer (alias `c`, the read model), every value already
 * text or a plain number so that pg rows and json_agg rows map the same way and money never passes through a float.
 */
/** What is left to pay on invoice `i` (never below 0). */
const BALANCE_DUE = `greatest(i.total - i.credit_lowering - i.credit_applied - i.amount_paid, 0)`;

/**
 * Whether invoice `i` is overdue as a fact: issued, money still open (by its payment state and its balance) and its
 * due date before today (UTC, as the overdue job counts days).
 */
export const OVERDUE_FACT_SQL = `(i.lifecycle = 'issued' and i.payment_status in (${sqlList(OpenInvoicePaymentStatuses)})
  and ${BALANCE_DUE} > 0 and i.due_date < (now() at time zone 'UTC')::date)`;

export const INVOICE_COLUMNS = `
  i.id::text as id, i.invoice_number, i.customer_id::text as customer_id, i.status,
  i.lifecycle, i.payment_status, ${OVERDUE_FACT_SQL} as overdue,
  i.issue_date::text as issue_date, i.due_date::text as due_date, i.currency,
  i.exchange_rate::text as exchange_rate, i.subtotal::text as subtotal, i.tax_rate::text as tax_rate,
  i.tax_amount::text as tax_amount, i.discount_amount::text as discount_amount,
  i.shipping_amount::text as shipping_amount, i.total::text as total,
  i.total_in_base_currency::text as total_in_base_currency,
  i.notes, i.terms, i.payment_instructions,
  ${ts('i.sent_at')} as sent_at, ${ts('i.viewed_at')} as viewed_at, ${ts('i.paid_at')} as paid_at,
  i.reminders_sent, ${ts('i.last_reminder_at')} as last_reminder_at, i.recurring_invoice_id::text as recurring_invoice_id, i.quote_id::text as quote_id,
  i.template_id::text as template_id, i.amount_paid::text as amount_paid,
  ${moneyText(BALANCE_DUE)} as balance_due,
  i.credited_amount::text as credited_amount, i.credit_applied::text as credit_applied,
  i.metadata, ${ts('i.created_at')} as created_at, ${ts('i.updated_at')} as updated_at,
  ${CUSTOMER_COLUMNS}`;

/** A new invoice: a draft nothing has been paid on, and the status derived from that. */
const NEW_DRAFT = { lifecycle: 'draft', paymentStatus: 'unpaid', overdue: false, viewed: false } as const;
/** The columns an insert of a new invoice sets for its state, and their values (for an INSERT … SELECT). */
export const NEW_DRAFT_STATE_COLUMNS = 'lifecycle, payment_status, status';
export const NEW_DRAFT_STATE_VALUES = `${sqlList([NEW_DRAFT.lifecycle, NEW_DRAFT.paymentStatus, legacyInvoiceStatus(NEW_DRAFT)])}`;

export const CUSTOMER_JOIN = `left join billing.customers c on c.tenant_id = i.tenant_id and c.id = i.customer_id`;

/** The items of invoice `i` as a JSON array, from the table or from rows just inserted (a CTE's RETURNING). */
export const itemsJson = (source = 'billing.invoice_items') => `(select coalesce(json_agg(json_build_object(
    'id', it.id, 'productId', it.product_id, 'description', it.description, 'quantity', ${decimalText('it.quantity')},
    'rate', ${decimalText('it.rate')}, 'amount', it.amount::text, 'taxRate', it.tax_rate::text, 'taxAmount', it.tax_amount::text,
    'taxRateId', it.tax_rate_id, 'taxRateName', it.tax_rate_name, 'taxType', it.tax_type,
    'discountShare', it.discount_share::text, 'shippingShare', it.shipping_share::text
  ) order by it.position), '[]'::json) from ${source} it where it.invoice_id = i.id and it.tenant_id = i.tenant_id)`;

export const ITEMS_JSON = itemsJson();

export interface InvoiceRow {
  id: string | number;
  invoice_number: string;
  customer_id: string | number;
  status: string;
  lifecycle: string;
  payment_status: string;
  overdue: boolean;
  issue_date: string;
  due_date: string;
  currency: string;
  exchange_rate: string;
  subtotal: string;
  tax_rate: string;
  tax_amount: string;
  discount_amount: string;
  shipping_amount: string;
  total: string;
  total_in_base_currency: string;
  notes: string | null;
  terms: string | null;
  payment_instructions: string | null;
  sent_at: string | null;
  viewed_at: string | null;
  paid_at: string | null;
  reminders_sent: number;
  last_reminder_at: string | null;
  recurring_invoice_id: string | number | null;
  quote_id?: string | number | null;
  template_id: string | number | null;
  amount_paid: string;
  balance_due: string;
  credited_amount: string;
  credit_applied: string;
  metadata?: Record<string, string> | null;
  created_at: string;
  updated_at: string;
  c_id: string | number | null;
  c_name: string | null;
  c_email: string | null;
  c_phone: string | null;
  c_address: string | null;
  c_company: string | null;
  c_tax_id?: string | null;
  c_street?: string | null;
  c_postal_code?: string | null;
  c_city?: string | null;
  c_country?: string | null;
  public_token?: string;
  items?: InvoiceItem[] | string;
}

/** The customer's postal address and VAT id from a row with CUSTOMER_COLUMNS. */
export const postalAddressOf = (r: Partial<InvoiceRow>): CustomerPostalAddress => ({
  taxId: r.c_tax_id ?? null,
  street: r.c_street ?? null,
  postalCode: r.c_postal_code ?? null,
  city: r.c_city ?? null,
  country: r.c_country ?? null,
});

export function toCustomer(r: InvoiceRow): InvoiceCustomer | null {
  if (r.c_id == null) return null;
  return {
    id: Number(r.c_id),
    name: r.c_name ?? '',
    email: r.c_email ?? '',
    phone: r.c_phone ?? null,
    address: r.c_address ?? null,
    company: r.c_company ?? null,
    ...postalAddressOf(r),
  };
}

export function toInvoice(r: InvoiceRow): Invoice {
  const inv: Invoice = {
    id: Number(r.id),
    invoiceNumber: r.invoice_number,
    customerId: Number(r.customer_id),
    customer: toCustomer(r),
    status: r.status as InvoiceStatus,
    lifecycle: r.lifecycle as InvoiceLifecycle,
    paymentStatus: r.payment_status as InvoicePaymentStatus,
    overdue: r.overdue === true,
    issueDate: r.issue_date,
    dueDate: r.due_date,
    currency: r.currency,
    exchangeRate: r.exchange_rate,
    subtotal: r.subtotal,
    taxRate: r.tax_rate,
    taxAmount: r.tax_amount,
    discountAmount: r.discount_amount,
    shippingAmount: r.shipping_amount,
    total: r.total,
    totalInBaseCurrency: r.total_in_base_currency,
    notes: r.notes ?? null,
    terms: r.terms ?? null,
    paymentInstructions: r.payment_instructions ?? null,
    sentAt: r.sent_at ?? null,
    viewedAt: r.viewed_at ?? null,
    paidAt: r.paid_at ?? null,
    remindersSent: Number(r.reminders_sent),
    lastReminderAt: r.last_reminder_at ?? null,
    recurringInvoiceId: r.recurring_invoice_id == null ? null : Number(r.recurring_invoice_id),
    quoteId: r.quote_id == null ? null : Number(r.quote_id),
    templateId: r.template_id == null ? null : Number(r.template_id),
    amountPaid: r.amount_paid,
    balanceDue: r.balance_due,
    creditedAmount: r.credited_amount,
    creditApplied: r.credit_applied,
    metadata: r.metadata ?? {},
    createdAt: r.created_at,
    updatedAt: r.updated_at,
  };
  if (r.public_token !== undefined) inv.publicToken = r.public_token;
  if (r.items !== undefined) {
    const items = typeof r.items === 'string' ? (JSON.parse(r.items) as InvoiceItem[]) : r.items;
    inv.items = items.map((it) => ({
      ...it,
      id: Number(it.id),
      productId: it.productId == null ? null : Number(it.productId),
      taxRateId: it.taxRateId == null ? null : Number(it.taxRateId),
      taxRateName: it.taxRateName ?? null,
      taxType: it.taxType ?? null,
    }));
  }
  return inv;
}

/** `%`, `_` and `\` in a search term match themselves. */
export const likePattern = (term: string) => `%${term.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * Creates in ONE statement (see InvoiceCreations): the drafts (each with a draft reference, draftReferenceSql, claimed
 * inside this INSERT in arrival order; the legal number comes at issue), their lines, and the answers built from what
 * was inserted. The tenant's draft counter row and summary rows (stats triggers, once per statement) are locked only
 * from here to the commit — the last statement but the outbox rows. An invoice whose customer is not in the read
 * model (or deleted) is not inserted and claims no reference: no row comes back for it. Parameters (`?`, MikroORM's): the invoices as a JSON array, their
 * lines as a JSON array (each names its invoice by public token), the tenant. Money travels as JSON strings, never as
 * a float. Hand-written rather than ORM entities: a multi-row insert whose numbers come from the claim function and
 * whose answer comes back in the same round trip is what keeps the lock short; the ORM would flush row by row.
 */
export const INSERT_INVOICES_SQL = `with v as (
      select * from jsonb_to_recordset(?::jsonb) as v (ord int, user_id text, customer_id bigint,
        issue_date date, due_date date, currency text, exchange_rate numeric, subtotal numeric, tax_rate numeric,
        tax_amount numeric, discount_amount numeric, shipping_amount numeric, total numeric, total_in_base_currency numeric,
        notes text, terms text, payment_instructions text, public_token text, template_id bigint, quote_id bigint, metadata jsonb)
    ), l as (
      select * from jsonb_to_recordset(?::jsonb) as l (public_token text, position int, product_id bigint, description text,
        quantity numeric, rate numeric, amount numeric, tax_rate numeric, tax_amount numeric, tax_rate_id bigint,
        tax_rate_name text, tax_type text, discount_share numeric, shipping_share numeric)
    ), inv as (
      insert into billing.invoices (tenant_id, user_id, customer_id, invoice_number, ${NEW_DRAFT_STATE_COLUMNS}, issue_date, due_date, currency,
        exchange_rate, subtotal, tax_rate, tax_amount, discount_amount, shipping_amount, total, total_in_base_currency,
        notes, terms, payment_instructions, public_token, template_id, quote_id, metadata)
      select c.tenant_id, v.user_id, c.id, ${draftReferenceSql('c.tenant_id')}, ${NEW_DRAFT_STATE_VALUES}, v.issue_date,
        v.due_date, v.currency, v.exchange_rate, v.subtotal, v.tax_rate, v.tax_amount, v.discount_amount, v.shipping_amount,
        v.total, v.total_in_base_currency, v.notes, v.terms, v.payment_instructions, v.public_token, v.template_id, v.quote_id,
        coalesce(v.metadata, '{}'::jsonb)
      from v join billing.customers c on c.tenant_id = ?::uuid and c.id = v.customer_id and not c.deleted
      order by v.ord
      returning *
    ), it_new as (
      insert into billing.invoice_items (tenant_id, invoice_id, position, product_id, description, quantity, rate, amount, tax_rate,
        tax_amount, tax_rate_id, tax_rate_name, tax_type, discount_share, shipping_share)
      select inv.tenant_id, inv.id, l.position, l.product_id, l.description, l.quantity, l.rate, l.amount, l.tax_rate,
        l.tax_amount, l.tax_rate_id, l.tax_rate_name, l.tax_type, coalesce(l.discount_share, 0), coalesce(l.shipping_share, 0)
      from l join inv on inv.public_token = l.public_token
      returning *
    )
    select ${INVOICE_COLUMNS}, i.public_token, ${itemsJson('it_new')} as items
    from inv i ${CUSTOMER_JOIN}`;

/**
 * An invoice as its events carry it (see InvoiceEventData): no items or token; the lines that name a product, and the
 * tax per rate (the ledger books sales tax from it) — both only when the lines were loaded.
 */
export const eventData = (inv: Invoice): InvoiceEventData => {
  const { items, publicToken: _token, ...data } = inv;
  if (!items) return data;
  const productLines = items
    .filter((it) => it.productId != null)
    .map((it) => ({ productId: it.productId!, quantity: it.quantity, amount: it.amount }));
  const lines = items.map((it) => ({
    description: it.description,
    quantity: it.quantity,
    rate: it.rate,
    productId: it.productId ?? null,
    taxRateId: it.taxRateId ?? null,
  }));
  return { ...data, productLines, lines, taxLines: taxLinesOf(items) };
};
