import type { Expense, ExpenseEventData } from '@billpoint/proto';
import { isoDate, isoTime } from '../sql.ts';

export const RECEIPT_URL_PREFIX = '/api/expenses/receipts/';

/** An expense answer (alias `e`), with its category as it is now and whether a live twin exists. */
export const EXPENSE_COLUMNS = `e.id::text as id, e.description, e.amount::text as amount, e.currency, ${isoDate('e.date')} as date,
  e.vendor, e.category_id::text as category_id, c.name as category_name, c.color as category_color, e.notes, e.receipt,
  e.payment_method, e.tax_amount::text as tax_amount, e.is_reimbursable, e.tags, e.suggested_category_id::text as suggested_category_id,
  e.category_confidence, e.manual_category_override, e.training_source, e.duplicate_checksum,
  exists (select 1 from tax.expenses d where d.tenant_id = e.tenant_id and d.duplicate_checksum = e.duplicate_checksum
           and d.id <> e.id and d.deleted_at is null) as possible_duplicate,
  ${isoTime('e.created_at')} as created_at, ${isoTime('e.updated_at')} as updated_at`;
export const EXPENSE_FROM = `tax.expenses e left join tax.expense_categories c on c.tenant_id = e.tenant_id and c.id = e.category_id`;

export interface ExpenseRow {
  id: string;
  description: string;
  amount: string;
  currency: string;
  date: string;
  vendor: string | null;
  category_id: string | null;
  category_name: string | null;
  category_color: string | null;
  notes: string | null;
  receipt: string | null;
  payment_method: string | null;
  tax_amount: string;
  is_reimbursable: boolean;
  tags: string[];
  suggested_category_id: string | null;
  category_confidence: number | string | null;
  manual_category_override: boolean;
  training_source: string;
  duplicate_checksum: string;
  possible_duplicate: boolean;
  created_at: string;
  updated_at: string;
}

const id = (v: string | null) => (v == null ? null : Number(v));

export const toExpense = (r: ExpenseRow): Expense => ({
  id: Number(r.id),
  description: r.description,
  amount: r.amount,
  currency: r.currency.trim(),
  date: r.date,
  vendor: r.vendor,
  categoryId: id(r.category_id),
  category: r.category_id == null ? null : { id: Number(r.category_id), name: r.category_name ?? '', color: r.category_color ?? '#3B82F6' },
  notes: r.notes,
  receipt: r.receipt,
  receiptUrl: r.receipt ? `${RECEIPT_URL_PREFIX}${r.receipt}` : null,
  paymentMethod: r.payment_method as Expense['paymentMethod'],
  taxAmount: r.tax_amount,
  isReimbursable: r.is_reimbursable,
  tags: r.tags ?? [],
  suggestedCategoryId: id(r.suggested_category_id),
  categoryConfidence: r.category_confidence == null ? null : Number(r.category_confidence),
  manualCategoryOverride: r.manual_category_override,
  trainingSource: r.training_source as Expense['trainingSource'],
  duplicateChecksum: r.duplicate_checksum,
  possibleDuplicate: r.possible_duplicate,
  createdAt: r.created_at,
  updatedAt: r.updated_at,
});

export const eventData = (e: Expense, deleted = false): ExpenseEventData => ({ ...e, deleted });
