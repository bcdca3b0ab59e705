import type { EntityManager } from '@billpoint/kit';
import type { InvoiceItem, Quote, QuoteEventData, QuoteStatus } from '@billpoint/proto';
import { CUSTOMER_COLUMNS, CUSTOMER_JOIN, decimalText, likePattern, toCustomer, ts, type InvoiceRow } from '../invoice/invoice.sql.ts';

/** The columns of a quote answer (alias `i`, so the invoice's customer join applies), every value text or a plain number. */
export const QUOTE_COLUMNS = `
  i.id::text as id, i.quote_number, i.customer_id::text as customer_id, i.status,
  i.issue_date::text as issue_date, i.valid_until::text as valid_until, i.currency,
  i.subtotal::text as subtotal, i.tax_amount::text as tax_amount, i.discount_amount::text as discount_amount,
  i.shipping_amount::text as shipping_amount, i.total::text as total, i.exchange_rate::text as exchange_rate,
  i.total_in_base_currency::text as total_in_base_currency, i.notes, i.terms, i.template_id::text as template_id,
  ${ts('i.sent_at')} as sent_at, ${ts('i.viewed_at')} as viewed_at, ${ts('i.accepted_at')} as accepted_at,
  i.accepted_name, i.accepted_ip, i.accepted_user_agent, ${ts('i.declined_at')} as declined_at, i.decline_reason,
  i.converted_invoice_id::text as converted_invoice_id, i.metadata,
  ${ts('i.created_at')} as created_at, ${ts('i.updated_at')} as updated_at,
  ${CUSTOMER_COLUMNS}`;

export { CUSTOMER_JOIN, likePattern };

/** The lines of quote `i` as a JSON array, from the table or from rows just inserted (a CTE's RETURNING). */
export const quoteItemsJson = (source = 'billing.quote_items') => `(select coalesce(json_agg(json_build_object(
    'id', it.id, 'productId', it.product_id, 'description', it.description, 'quantity', ${decimalText('it.quantity')},
    'rate', ${decimalText('it.rate')}, 'amount', it.amount::text, 'taxRate', it.tax_rate::text, 'taxAmount', it.tax_amount::text,
    'taxRateId', it.tax_rate_id, 'taxRateName', it.tax_rate_name, 'taxType', it.tax_type,
    'discountShare', it.discount_share::text, 'shippingShare', it.shipping_share::text
  ) order by it.position), '[]'::json) from ${source} it where it.quote_id = i.id and it.tenant_id = i.tenant_id)`;

/** The quote with its lines and token (`$1` id, `$2` tenant). */
export const GET_QUOTE_SQL = `select ${QUOTE_COLUMNS}, i.public_token, ${quoteItemsJson()} as items
  from billing.quotes i ${CUSTOMER_JOIN} where i.id = $1 and i.tenant_id = $2`;

export interface QuoteRow extends Pick<
  InvoiceRow,
  | 'c_id'
  | 'c_name'
  | 'c_email'
  | 'c_phone'
  | 'c_address'
  | 'c_company'
  | 'c_tax_id'
  | 'c_street'
  | 'c_postal_code'
  | 'c_city'
  | 'c_country'
  | 'public_token'
> {
  id: string;
  quote_number: string;
  customer_id: string;
  status: string;
  issue_date: string;
  valid_until: string;
  currency: string;
  subtotal: string;
  tax_amount: string;
  discount_amount: string;
  shipping_amount: string;
  total: string;
  exchange_rate: string;
  total_in_base_currency: string;
  notes: string | null;
  terms: string | null;
  template_id: string | null;
  sent_at: string | null;
  viewed_at: string | null;
  accepted_at: string | null;
  accepted_name: string | null;
  accepted_ip: string | null;
  accepted_user_agent: string | null;
  declined_at: string | null;
  decline_reason: string | null;
  converted_invoice_id: string | null;
  metadata?: Record<string, string> | null;
  created_at: string;
  updated_at: string;
  items?: InvoiceItem[] | string;
}

const num = (v: string | number | null | undefined) => (v == null ? null : Number(v));

export function toQuote(r: QuoteRow): Quote {
  const q: Quote = {
    id: Number(r.id),
    quoteNumber: r.quote_number,
    status: r.status as QuoteStatus,
    customerId: Number(r.customer_id),
    customer: toCustomer(r as unknown as InvoiceRow),
    issueDate: r.issue_date,
    validUntil: r.valid_until,
    currency: r.currency.trim(),
    subtotal: r.subtotal,
    taxAmount: r.tax_amount,
    discountAmount: r.discount_amount,
    shippingAmount: r.shipping_amount,
    total: r.total,
    exchangeRate: r.exchange_rate,
    totalInBaseCurrency: r.total_in_base_currency,
    notes: r.notes ?? null,
    terms: r.terms ?? null,
    templateId: num(r.template_id),
    sentAt: r.sent_at ?? null,
    viewedAt: r.viewed_at ?? null,
    acceptedAt: r.accepted_at ?? null,
    acceptedBy:
      r.accepted_name == null ? null : { name: r.accepted_name, ip: r.accepted_ip ?? null, userAgent: r.accepted_user_agent ?? null },
    declinedAt: r.declined_at ?? null,
    declineReason: r.decline_reason ?? null,
    convertedInvoiceId: num(r.converted_invoice_id),
    metadata: r.metadata ?? {},
    createdAt: r.created_at,
    updatedAt: r.updated_at,
  };
  if (r.public_token !== undefined) q.publicToken = r.public_token;
  if (r.items !== undefined) {
    const items = typeof r.items === 'string' ? (JSON.parse(r.items) as InvoiceItem[]) : r.items;
    q.items = items.map((it) => ({
      ...it,
      id: Number(it.id),
      productId: num(it.productId),
      taxRateId: num(it.taxRateId),
      taxRateName: it.taxRateName ?? null,
      taxType: it.taxType ?? null,
    }));
  }
  return q;
}

/** A quote as its events carry it: no lines or token. */
export const quoteEventData = (q: Quote): QuoteEventData => {
  const { items: _items, publicToken: _token, ...data } = q;
  return data;
};

/** The quote inside a transaction (FOR UPDATE when about to change it); null when the tenant has none. */
export async function loadQuote(em: EntityManager, tenantId: string, quoteId: number, lock = false): Promise<Quote | null> {
  const sql = GET_QUOTE_SQL.replace('$1', '?').replace('$2', '?') + (lock ? ' for update of i' : '');
  const [row] = await em.execute<QuoteRow[]>(sql, [quoteId, tenantId]);
  return row ? toQuote(row) : null;
}

/** Lines of a quote as written by create and update (figures already computed). */
export interface QuoteLine {
  productId: number | null;
  description: string;
  quantity: string;
  rate: string;
  amount: string;
  taxRate: string;
  taxAmount: string;
  taxRateId: number | null;
  taxRateName: string | null;
  taxType: string | null;
  discountShare?: string;
  shippingShare?: string;
}

/** Inserts the quote's lines in order (one statement). */
export async function writeQuoteItems(em: EntityManager, tenantId: string, quoteId: number, lines: readonly QuoteLine[]) {
  const rows = lines.map((l, position) => ({ position, ...l }));
  await em.execute(
    `insert into billing.quote_items (tenant_id, quote_id, position, product_id, description, quantity, rate, amount, tax_rate,
       tax_amount, tax_rate_id, tax_rate_name, tax_type, discount_share, shipping_share)
     select ?::uuid, ?::bigint, l.position, l."productId", l.description, l.quantity, l.rate, l.amount, l."taxRate", l."taxAmount",
       l."taxRateId", l."taxRateName", l."taxType", coalesce(l."discountShare", 0), coalesce(l."shippingShare", 0)
     from jsonb_to_recordset(?::jsonb) as l (position int, "productId" bigint, description text, quantity numeric, rate numeric,
       amount numeric, "taxRate" numeric, "taxAmount" numeric, "taxRateId" bigint, "taxRateName" text, "taxType" text,
       "discountShare" numeric, "shippingShare" numeric)`,
    [tenantId, quoteId, JSON.stringify(rows)],
  );
}
