import { z } from 'zod';
import { CurrencyCode, optionalText } from './common.ts';
import { IsoDate } from './invoice.ts';
import { fromMills, toMills } from './money.ts';
import { ExpenseMessages, optionalId, PositiveMoney } from './tax.ts';

/** Expenses: the form's body, the expense, its receipt upload and its events. */

export const ExpensePaymentMethods = ['cash', 'credit_card', 'debit_card', 'bank_transfer', 'check', 'digital_wallet', 'other'] as const;

/** How an expense's category was chosen; the ai service's training weighs manual corrections most. */
export const TrainingSources = ['user_input', 'auto_categorization', 'manual_correction'] as const;
export type TrainingSource = (typeof TrainingSources)[number];

/** The largest receipt (image or PDF), in bytes. */
export const MAX_RECEIPT_BYTES = 10 * 1024 * 1024;

/** POST /api/expenses and PUT /api/expenses/{id} (the expense form; it sends description, amount, vendor, date, notes, receipt, categoryId). */
export const ExpenseBody = z.strictObject({
  description: z
    .string({ error: ExpenseMessages.descriptionRequired })
    .trim()
    .min(1, ExpenseMessages.descriptionRequired)
    .max(500, 'Description must be at most 500 characters'),
  amount: PositiveMoney('Amount', ExpenseMessages.amountPositive),
  currency: CurrencyCode.default('USD'),
  date: IsoDate(ExpenseMessages.dateRequired),
  vendor: optionalText(200, 'Vendor'),
  categoryId: optionalId('Category'),
  notes: optionalText(5000, 'Notes'),
  /** The key answered by POST /api/expenses/receipts (upload first, then save the expense), or null. */
  receipt: z.preprocess(
    (v) => (v === '' ? null : v),
    z
      .string()
      .regex(/^[A-Za-z0-9_-]{16,64}$/, 'Receipt must be an uploaded receipt key')
      .nullish(),
  ),
  paymentMethod: z.enum(ExpensePaymentMethods, { error: `Payment method must be one of ${ExpensePaymentMethods.join(', ')}` }).nullish(),
  /** Reclaimable tax (input VAT/GST) included in the amount; books to input tax and reduces the VAT return. */
  taxAmount: z
    .preprocess((v) => (v === '' || v == null ? '0' : v), z.union([z.string(), z.number()]))
    .transform((v, ctx) => {
      const s = String(v).trim();
      if (!/^\d{1,12}(\.\d{1,3})?$/.test(s)) {
        ctx.addIssue({ code: 'custom', message: 'Tax amount must be a number ≥ 0 with at most 3 decimals' });
        return z.NEVER;
      }
      return fromMills(toMills(s));
    }),
  isReimbursable: z.boolean({ error: 'Reimbursable must be true or false' }).default(false),
  tags: z.array(z.string().trim().min(1).max(50)).max(20, 'At most 20 tags').default([]),
  /** What the AI suggested when the user asked (the panel), so accepting or correcting it trains the model. */
  suggestedCategoryId: optionalId('Suggested category'),
  categoryConfidence: z.number({ error: 'Confidence must be a number from 0 to 1' }).min(0).max(1).nullish(),
});
export type ExpenseBody = z.input<typeof ExpenseBody>;
export type ExpenseInput = z.output<typeof ExpenseBody>;

export const Expense = z.object({
  id: z.number().int(),
  description: z.string(),
  amount: z.string(),
  currency: z.string(),
  date: z.string(),
  vendor: z.string().nullable(),
  categoryId: z.number().int().nullable(),
  /** The category as it is now (name and colour for the list's dot), null when uncategorized. */
  category: z.object({ id: z.number().int(), name: z.string(), color: z.string() }).nullable(),
  notes: z.string().nullable(),
  receipt: z.string().nullable(),
  /** `/api/expenses/receipts/{key}` when a receipt is attached. */
  receiptUrl: z.string().nullable(),
  paymentMethod: z.enum(ExpensePaymentMethods).nullable(),
  taxAmount: z.string(),
  isReimbursable: z.boolean(),
  tags: z.array(z.string()),
  suggestedCategoryId: z.number().int().nullable(),
  categoryConfidence: z.number().nullable(),
  /** The category differs from the AI's suggestion (a correction the model learns from most). */
  manualCategoryOverride: z.boolean(),
  trainingSource: z.enum(TrainingSources),
  /** Same amount, vendor and date as another of the tenant's expenses: flagged, never refused. */
  duplicateChecksum: z.string(),
  possibleDuplicate: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Expense = z.infer<typeof Expense>;

/** POST /api/expenses/receipts (multipart, field `receipt`: PNG, JPEG, WebP, GIF or PDF by its bytes, ≤ 10 MB). */
export const ReceiptUpload = z.object({ receipt: z.string(), receiptUrl: z.string(), contentType: z.string(), size: z.number().int() });
export type ReceiptUpload = z.infer<typeof ReceiptUpload>;

export const ExpenseEvents = {
  Created: 'evt.tax.expense.created',
  Updated: 'evt.tax.expense.updated',
  Deleted: 'evt.tax.expense.deleted',
} as const;
/** Every expense event carries the expense as it is now (a deletion: as it was, with `deleted: true`). */
export const ExpenseEventData = Expense.extend({ deleted: z.boolean().default(false) });
export type ExpenseEventData = z.infer<typeof ExpenseEventData>;
