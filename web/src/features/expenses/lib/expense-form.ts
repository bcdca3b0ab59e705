import { z } from 'zod';
import { ExpenseBody, type CategorizeBody, type CategorizeResult, type Expense } from '@billpoint/proto';
import { toIsoDate } from '@/lib/format';
import { checkNumber, localNumbers, numberForInput } from '@/lib/number-input';

/**
 * The Add/Edit Expense form: proto's body for the typed fields, so the browser shows the server's
 * messages; the category is held as the select's text and sent as an integer (or null for none); the receipt is
 * the key of a receipt uploaded first.
 */
export const expenseFormSchema = localNumbers(
  ExpenseBody.pick({ description: true, amount: true, date: true, vendor: true, notes: true }).extend({
    categoryId: z.string(),
    receipt: z.string(),
  }),
  // The amount typed as the person writes numbers ("1.234,50" in German).
  { amount: { label: 'Amount' } },
);
export type ExpenseFormInput = z.input<typeof expenseFormSchema>;
export type ExpenseFormOutput = z.output<typeof expenseFormSchema>;
export const EXPENSE_FIELDS = ['description', 'amount', 'date', 'vendor', 'notes', 'categoryId', 'receipt'] as const;

export const emptyExpenseForm = (today: Date = new Date()): ExpenseFormInput => ({
  description: '',
  amount: '',
  vendor: '',
  date: toIsoDate(today),
  categoryId: '',
  notes: '',
  receipt: '',
});

export const expenseToForm = (e: Expense): ExpenseFormInput => ({
  description: e.description,
  amount: numberForInput(e.amount),
  vendor: e.vendor ?? '',
  date: e.date.slice(0, 10),
  categoryId: e.categoryId === null ? '' : String(e.categoryId),
  notes: e.notes ?? '',
  receipt: e.receipt ?? '',
});

/** What the AI was asked for this expense: its suggestion and confidence travel with the expense (training). */
export type SuggestionSent = { suggestedCategoryId: number | null; categoryConfidence: number | null };

export const suggestionOf = (result: CategorizeResult | null): SuggestionSent | null =>
  result ? { suggestedCategoryId: result.suggested.categoryId, categoryConfidence: result.suggested.confidence } : null;

/**
 * The body of POST /api/expenses (new) or PUT /api/expenses/{id} (editing: the fields this form does not show are sent
 * as they are, the earlier suggestion too unless the AI was asked again).
 */
export function expenseBody(
  v: ExpenseFormOutput,
  { existing, suggestion, currency }: { existing: Expense | null; suggestion: SuggestionSent | null; currency: string | undefined },
): ExpenseBody {
  const kept: Partial<ExpenseBody> = existing
    ? {
        currency: existing.currency,
        paymentMethod: existing.paymentMethod,
        isReimbursable: existing.isReimbursable,
        tags: existing.tags,
      }
    : currency
      ? { currency }
      : {};
  const sent = suggestion ??
    (existing ? { suggestedCategoryId: existing.suggestedCategoryId, categoryConfidence: existing.categoryConfidence } : null) ?? {
      suggestedCategoryId: null,
      categoryConfidence: null,
    };
  return {
    ...kept,
    taxAmount: existing?.taxAmount ?? '0',
    description: v.description,
    amount: v.amount,
    date: v.date,
    vendor: v.vendor ?? null,
    notes: v.notes ?? null,
    categoryId: v.categoryId ? Number.parseInt(v.categoryId, 10) : null,
    receipt: v.receipt || null,
    ...sent,
  };
}

/** The AI suggestion needs a description and a non-zero amount; answers the call's body, or null when either is missing. */
export function categorizeRequest(v: Pick<ExpenseFormInput, 'description' | 'amount' | 'vendor' | 'date'>): CategorizeBody | null {
  const description = String(v.description ?? '').trim();
  const read = checkNumber(String(v.amount ?? ''), 'Amount');
  const amount = read.ok ? read.value : '';
  if (!description || !amount || !/[1-9]/.test(amount)) return null;
  return { description, amount, vendor: String(v.vendor ?? '').trim() || null, date: String(v.date ?? '') || null };
}
