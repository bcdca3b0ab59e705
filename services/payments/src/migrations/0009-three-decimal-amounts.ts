import { sqlMigration } from '@billpoint/kit/migrations';

/**
 * Amounts keep the decimals their currency has: the dinars and rials (KWD, BHD, OMR, …) have three, which a column
 * of two decimals would round away. The money columns become plain numeric, which keeps the scale a value is written
 * with ("12.50" stays "12.50", "1.005" stays "1.005"); the application writes every amount rounded to its currency's
 * minor unit and with at least two decimals, and the defaults are written "0.00" so that an untouched figure reads as
 * before. Only the declared type changes: no row is rewritten and no value moves.
 */
export const m0009ThreeDecimalAmounts = sqlMigration('0009_three_decimal_amounts', [
  `alter table payments.credit_note_refund_steps
     alter column amount type numeric`,
  `alter table payments.credit_note_refunds
     alter column amount type numeric,
     alter column refunded_amount type numeric,
     alter column refunded_amount set default 0.00`,
  `alter table payments.invoice_totals
     alter column total type numeric`,
  `alter table payments.payments
     alter column amount type numeric,
     alter column amount_in_base_currency type numeric,
     alter column refunded_amount type numeric,
     alter column refunded_amount set default 0.00,
     alter column fees type numeric,
     alter column fees set default 0.00`,
  `alter table payments.portal_payments
     alter column total type numeric`,
]);
