import { taxLinesOf, type CreditNote, type CreditNoteItem, type CreditNoteResolution, type CreditNoteRefundStatus } from '@billpoint/proto';
import type { EntityManager } from '@billpoint/kit';
import { decimalText } from '../invoice/invoice.sql.ts';

/** A timestamp as ISO-8601 UTC text. */
const ts = (col: string) => `to_char(${col} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * The columns of a credit note answer: the note (alias `n`), its invoice (`i`: number and issue date), its customer
 * (`c`, the read model) and its lines as JSON; every value text or a plain number, money never through a float.
 */
export const CREDIT_NOTE_COLUMNS = `
  n.id::text as id, n.credit_note_number, n.invoice_id::text as invoice_id, i.invoice_number,
  i.issue_date::text as invoice_issue_date, n.customer_id::text as customer_id, c.name as c_name, c.email as c_email,
  c.company as c_company, c.address as c_address, c.tax_id as c_tax_id, c.street as c_street,
  c.postal_code as c_postal_code, c.city as c_city, c.country as c_country,
  n.issue_date::text as issue_date, n.currency, n.reason, n.resolution, n.subtotal::text as subtotal,
  n.tax_amount::text as tax_amount, n.total::text as total, n.exchange_rate::text as exchange_rate,
  n.total_in_base_currency::text as total_in_base_currency, n.refund_status, n.refunded_amount::text as refunded_amount,
  n.metadata, ${ts('n.created_at')} as created_at, n.created_by,
  (select coalesce(json_agg(json_build_object(
    'id', it.id, 'invoiceItemId', it.invoice_item_id, 'productId', it.product_id, 'description', it.description,
    'quantity', ${decimalText('it.quantity')}, 'rate', ${decimalText('it.rate')}, 'amount', it.amount::text, 'taxRate', it.tax_rate::text,
    'taxAmount', it.tax_amount::text, 'taxRateId', it.tax_rate_id, 'taxRateName', it.tax_rate_name, 'taxType', it.tax_type
  ) order by it.position), '[]'::json) from billing.credit_note_items it
   where it.credit_note_id = n.id and it.tenant_id = n.tenant_id) as items`;

export const CREDIT_NOTE_FROM = `billing.credit_notes n
  join billing.invoices i on i.id = n.invoice_id and i.tenant_id = n.tenant_id
  left join billing.customers c on c.tenant_id = n.tenant_id and c.id = n.customer_id`;

export interface CreditNoteRow {
  id: string;
  credit_note_number: string;
  invoice_id: string;
  invoice_number: string;
  invoice_issue_date: string;
  customer_id: string;
  c_name: string | null;
  c_email: string | null;
  c_company?: string | null;
  c_address?: string | null;
  c_tax_id?: string | null;
  c_street?: string | null;
  c_postal_code?: string | null;
  c_city?: string | null;
  c_country?: string | null;
  issue_date: string;
  currency: string;
  reason: string;
  resolution: string;
  subtotal: string;
  tax_amount: string;
  total: string;
  exchange_rate: string;
  total_in_base_currency: string;
  refund_status: string | null;
  refunded_amount: string;
  metadata?: Record<string, string> | null;
  created_at: string;
  created_by: string | null;
  items: CreditNoteItem[] | string;
}

const num = (v: unknown) => (v == null ? null : Number(v));

/** A row as the API answers it; `withItems` false: a list row (no lines, the tax per rate still). */
export function toCreditNote(r: CreditNoteRow, withItems = true): CreditNote {
  const raw = typeof r.items === 'string' ? (JSON.parse(r.items) as CreditNoteItem[]) : r.items;
  const items = raw.map((it) => ({
    ...it,
    id: Number(it.id),
    invoiceItemId: num(it.invoiceItemId),
    productId: num(it.productId),
    taxRateId: num(it.taxRateId),
    taxRateName: it.taxRateName ?? null,
    taxType: it.taxType ?? null,
  }));
  const note: CreditNote = {
    id: Number(r.id),
    creditNoteNumber: r.credit_note_number,
    invoiceId: Number(r.invoice_id),
    invoiceNumber: r.invoice_number,
    invoiceIssueDate: r.invoice_issue_date,
    customerId: Number(r.customer_id),
    customer:
      r.c_name == null
        ? null
        : {
            name: r.c_name,
            email: r.c_email || null,
            company: r.c_company ?? null,
            address: r.c_address ?? null,
            taxId: r.c_tax_id ?? null,
            street: r.c_street ?? null,
            postalCode: r.c_postal_code ?? null,
            city: r.c_city ?? null,
            country: r.c_country ?? null,
          },
    issueDate: r.issue_date,
    currency: r.currency,
    reason: r.reason,
    resolution: r.resolution as CreditNoteResolution,
    subtotal: r.subtotal,
    taxAmount: r.tax_amount,
    total: r.total,
    exchangeRate: r.exchange_rate,
    totalInBaseCurrency: r.total_in_base_currency,
    refundStatus: (r.refund_status as CreditNoteRefundStatus | null) ?? null,
    refundedAmount: r.refunded_amount,
    taxLines: taxLinesOf(items),
    metadata: r.metadata ?? {},
    createdAt: r.created_at,
    createdBy: r.created_by ?? null,
  };
  if (withItems) note.items = items;
  return note;
}

/** One credit note of the tenant inside a transaction (FOR UPDATE of the note when about to change it), or null. */
export async function loadCreditNote(em: EntityManager, tenantId: string, id: number, lock = false): Promise<CreditNote | null> {
  const [row] = await em.execute<CreditNoteRow[]>(
    `select ${CREDIT_NOTE_COLUMNS} from ${CREDIT_NOTE_FROM} where n.id = ? and n.tenant_id = ?${lock ? ' for update of n' : ''}`,
    [id, tenantId],
  );
  return row ? toCreditNote(row) : null;
}

/** A credit note's lines as they are written (money as decimal text). */
export interface NewCreditNoteLine {
  invoiceItemId: number | null;
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
}

/**
 * Inserts a credit note and its lines in one statement; its number is claimed inside the INSERT
 * (`billing.claim_document_number(tenant, 'credit_note', 'CN')`, migration 0016: the tenant's counter row of that kind
 * is locked from here to the commit, and a rollback gives the number back). Answers the new id.
 */
export async function insertCreditNote(
  em: EntityManager,
  n: {
    tenantId: string;
    invoiceId: number;
    customerId: number;
    issueDate: string;
    currency: string;
    reason: string;
    resolution: CreditNoteResolution;
    subtotal: string;
    taxAmount: string;
    total: string;
    exchangeRate: string;
    totalInBaseCurrency: string;
    createdBy: string | null;
    metadata: Record<string, string>;
    lines: NewCreditNoteLine[];
  },
): Promise<number> {
  const [row] = await em.execute<{ id: string }[]>(
    `with n as (
       insert into billing.credit_notes (tenant_id, credit_note_number, invoice_id, customer_id, issue_date, currency, reason,
         resolution, subtotal, tax_amount, total, exchange_rate, total_in_base_currency, refund_status, created_by, metadata)
       values (?::uuid, billing.claim_document_number(?::uuid, 'credit_note', 'CN'), ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?,
         case when ? = 'refund' then 'pending' end, ?, ?::jsonb)
       returning id, tenant_id
     ), l as (
       insert into billing.credit_note_items (tenant_id, credit_note_id, position, invoice_item_id, product_id, description,
         quantity, rate, amount, tax_rate, tax_amount, tax_rate_id, tax_rate_name, tax_type)
       select n.tenant_id, n.id, l.position, l.invoice_item_id, l.product_id, l.description, l.quantity, l.rate, l.amount,
              l.tax_rate, l.tax_amount, l.tax_rate_id, l.tax_rate_name, l.tax_type
         from n cross join jsonb_to_recordset(?::jsonb) as l (position int, invoice_item_id bigint, product_id bigint,
           description text, quantity numeric, rate numeric, amount numeric, tax_rate numeric, tax_amount numeric,
           tax_rate_id bigint, tax_rate_name text, tax_type text)
       returning 1
     )
     select n.id::text as id from n`,
    [
      n.tenantId,
      n.tenantId,
      n.invoiceId,
      n.customerId,
      n.issueDate,
      n.currency,
      n.reason,
      n.resolution,
      n.subtotal,
      n.taxAmount,
      n.total,
      n.exchangeRate,
      n.totalInBaseCurrency,
      n.resolution,
      n.createdBy,
      JSON.stringify(n.metadata),
      JSON.stringify(
        n.lines.map((l, position) => ({
          position,
          invoice_item_id: l.invoiceItemId,
          product_id: l.productId,
          description: l.description,
          quantity: l.quantity,
          rate: l.rate,
          amount: l.amount,
          tax_rate: l.taxRate,
          tax_amount: l.taxAmount,
          tax_rate_id: l.taxRateId,
          tax_rate_name: l.taxRateName,
          tax_type: l.taxType,
        })),
      ),
    ],
  );
  return Number(row!.id);
}
