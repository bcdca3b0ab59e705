import type { Frequency, RecurringInvoice, RecurringItem } from '@billpoint/proto';
import { decimalText } from '../invoice/invoice.sql.ts';
import { SCHEDULE_LINE_TAX_CTES } from './recurring.lines.ts';

const ts = (col: string) => `to_char(${col} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** A schedule answer (alias `r`) with its customer's name (alias `c`, the read model); money and dates as text. */
export const RECURRING_COLUMNS = `
  r.id::text as id, r.name, r.customer_id::text as customer_id, c.id::text as c_id, c.name as c_name, r.frequency,
  r.start_date::text as start_date, r.end_date::text as end_date, r.next_invoice_date::text as next_invoice_date,
  r.last_invoice_date::text as last_invoice_date, r.is_active, r.auto_send, r.currency, r.total::text as total,
  r.total_invoices_generated, r.notes, r.next_period, r.metadata, ${ts('r.created_at')} as created_at, ${ts('r.updated_at')} as updated_at`;

export const RECURRING_CUSTOMER_JOIN = `left join billing.customers c on c.tenant_id = r.tenant_id and c.id = r.customer_id`;

/** The schedule's items (alias `r`) as a JSON array; each line's tax computed as the generated invoice's will be. */
export const RECURRING_ITEMS_JSON = `(with ${SCHEDULE_LINE_TAX_CTES('(r.id)')}
  select coalesce(json_agg(json_build_object(
    'id', it.id, 'productId', it.product_id, 'description', it.description, 'quantity', ${decimalText('it.quantity')},
    'unitPrice', ${decimalText('it.unit_price')}, 'amount', it.amount::text, 'taxRate', coalesce(it.tax_rate, 0)::numeric(5,2)::text,
    'taxAmount', it.tax::numeric(15,2)::text, 'taxRateId', it.tax_rate_id, 'taxRateName', it.tax_rate_name,
    'taxType', it.tax_type) order by it.position), '[]'::json)
  from taxed it)`;

export interface RecurringRow {
  id: string;
  name: string;
  customer_id: string;
  c_id: string | null;
  c_name: string | null;
  frequency: Frequency;
  start_date: string;
  end_date: string | null;
  next_invoice_date: string | null;
  last_invoice_date: string | null;
  is_active: boolean;
  auto_send: boolean;
  currency: string;
  total: string;
  total_invoices_generated: number;
  notes: string | null;
  next_period: number;
  metadata?: Record<string, string> | null;
  created_at: string;
  updated_at: string;
  items?: RecurringItem[] | string;
}

export function toRecurring(r: RecurringRow): RecurringInvoice {
  const items = typeof r.items === 'string' ? (JSON.parse(r.items) as RecurringItem[]) : (r.items ?? []);
  return {
    id: Number(r.id),
    name: r.name,
    customerId: Number(r.customer_id),
    customer: r.c_id == null ? null : { id: Number(r.c_id), name: r.c_name ?? '' },
    frequency: r.frequency,
    startDate: r.start_date,
    endDate: r.end_date ?? null,
    nextInvoiceDate: r.next_invoice_date ?? null,
    lastInvoiceDate: r.last_invoice_date ?? null,
    isActive: r.is_active,
    autoSend: r.auto_send,
    currency: r.currency,
    total: r.total,
    totalInvoicesGenerated: Number(r.total_invoices_generated),
    notes: r.notes ?? null,
    items: items.map((it) => ({
      ...it,
      id: Number(it.id),
      productId: it.productId == null ? null : Number(it.productId),
      taxRateId: it.taxRateId == null ? null : Number(it.taxRateId),
      taxRateName: it.taxRateName ?? null,
      taxType: it.taxType ?? null,
    })),
    metadata: r.metadata ?? {},
    createdAt: r.created_at,
    updatedAt: r.updated_at,
  };
}

/** The schedule as events carry it: without its items. */
export const recurringEventData = (s: RecurringInvoice) => {
  const { items: _items, ...data } = s;
  return data;
};

/**
 * Today in the tenant's organization time zone (UTC until its settings say otherwise) at the instant `?` (a
 * timestamptz); placeholders: instant, tenant. Run under the tenant (RLS).
 */
export const TODAY_SQL = `select (?::timestamptz at time zone coalesce(
    (select o.timezone from billing.organizations o where o.tenant_id = ?), 'UTC'))::date::text as today`;
