import { createHash } from 'node:crypto';
import { currencyDecimals, fitsMinorUnit, toMills, type Expense, type ExpenseInput, type TrainingSource } from '@billpoint/proto';
import { Invalid, type EntityManager } from '@billpoint/kit';

/**
 * sha256 of (amount, lower(trim(vendor)), date): two expenses of the same amount from the same vendor on the same
 * day are probably one bought twice or entered twice — flagged as `possibleDuplicate`, never refused.
 */
export function duplicateChecksum(amount: string, vendor: string | null, date: string): string {
  return createHash('sha256')
    .update(`${amount}\u0000${(vendor ?? '').trim().toLowerCase()}\u0000${date}`)
    .digest('hex');
}

/**
 * How the category was chosen, for the ai service's training: no suggestion → the user's own choice; the category
 * is the suggestion → accepted; otherwise the user corrected the model (an override it learns from most). An edit
 * that moves an auto-categorized expense away from its suggestion is thus a correction too.
 */
export function trainingSource(
  categoryId: number | null,
  suggestedCategoryId: number | null,
): {
  trainingSource: TrainingSource;
  manualCategoryOverride: boolean;
} {
  if (suggestedCategoryId == null) return { trainingSource: 'user_input', manualCategoryOverride: false };
  if (suggestedCategoryId === categoryId) return { trainingSource: 'auto_categorization', manualCategoryOverride: false };
  return { trainingSource: 'manual_correction', manualCategoryOverride: true };
}

/**
 * The references and figures of an expense, checked in its transaction (rows locked in share mode, so a category
 * being archived or deleted at the same moment waits for this save, or this save sees it gone):
 * - categoryId: an active category of the tenant (an existing expense may keep the archived one it has);
 * - suggestedCategoryId: a category of the tenant;
 * - receipt: a key this tenant uploaded;
 * - amount and taxAmount: no more decimals than the currency has, the tax at most the amount.
 */
export async function checkExpense(em: EntityManager, tenantId: string, input: ExpenseInput, current?: Expense): Promise<void> {
  const d = currencyDecimals(input.currency);
  const unit = `${input.currency} amounts have ${d === 0 ? 'no decimals' : `at most ${d} decimal${d === 1 ? '' : 's'}`}`;
  if (!fitsMinorUnit(input.amount, d)) throw new Invalid(unit, 'amount');
  if (!fitsMinorUnit(input.taxAmount, d)) throw new Invalid(unit, 'taxAmount');
  if (toMills(input.taxAmount) > toMills(input.amount)) throw new Invalid('Tax amount cannot be more than the amount', 'taxAmount');
  if (input.categoryId != null) {
    const [row] = await em.execute<{ is_active: boolean }[]>(
      `select is_active from tax.expense_categories where tenant_id = ? and id = ? for share`,
      [tenantId, input.categoryId],
    );
    const keepsArchived = current?.categoryId === input.categoryId;
    if (!row) throw new Invalid('Category must be one of your expense categories', 'categoryId');
    if (!row.is_active && !keepsArchived) throw new Invalid('This category is archived; choose another one', 'categoryId');
  }
  if (input.suggestedCategoryId != null && input.suggestedCategoryId !== current?.suggestedCategoryId) {
    const [row] = await em.execute<{ id: string }[]>(
      `select id::text as id from tax.expense_categories where tenant_id = ? and id = ? for share`,
      [tenantId, input.suggestedCategoryId],
    );
    if (!row) throw new Invalid('Suggested category must be one of your expense categories', 'suggestedCategoryId');
  }
  if (input.receipt != null && input.receipt !== current?.receipt) {
    const [row] = await em.execute<{ key: string }[]>(`select key from tax.receipts where tenant_id = ? and key = ? for share`, [
      tenantId,
      input.receipt,
    ]);
    if (!row) throw new Invalid('Receipt must be a receipt you uploaded', 'receipt');
  }
}
