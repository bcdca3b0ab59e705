import { sqlMigration } from '@billpoint/kit/migrations';

/**
 * Amounts keep the decimals their currency has: the dinars and rials (KWD, BHD, OMR, …) have three, which a column
 * of two decimals would round away. The money columns become plain numeric, which keeps the scale a value is written
 * with ("12.50" stays "12.50", "1.005" stays "1.005"); the application writes every amount rounded to its currency's
 * minor unit and with at least two decimals, and the defaults are written "0.00" so that an untouched figure reads as
 * before. Only the declared type changes: no row is rewritten and no value moves.
 */
export const m0008ThreeDecimalAmounts = sqlMigration('0008_three_decimal_amounts', [
  `alter table ai.draft_products
     alter column price type numeric`,
  `alter table ai.expense_category_training
     alter column amount type numeric`,
  `alter table ai.expense_facts
     alter column amount type numeric`,
  `alter table ai.insights
     alter column estimated_amount type numeric`,
  `alter table ai.invoice_facts
     alter column total type numeric,
     alter column balance_due type numeric,
     alter column tax_amount type numeric`,
  `alter table ai.schedule_facts
     alter column total type numeric`,
]);
