import { sqlMigration } from '@billpoint/kit/migrations';

/**
 * Amounts keep the decimals their currency has: the dinars and rials (KWD, BHD, OMR, …) have three, which a column
 * of two decimals would round away. The money columns become plain numeric, which keeps the scale a value is written
 * with ("12.50" stays "12.50", "1.005" stays "1.005"); the application writes every amount rounded to its currency's
 * minor unit and with at least two decimals, and the defaults are written "0.00" so that an untouched figure reads as
 * before. Only the declared type changes: no row is rewritten and no value moves.
 */
export const m0007ThreeDecimalAmounts = sqlMigration('0007_three_decimal_amounts', [
  `alter table tax.expenses
     alter column amount type numeric,
     alter column tax_amount type numeric,
     alter column tax_amount set default 0.00`,
  `alter table tax.journal_entries
     alter column total_debit type numeric,
     alter column total_credit type numeric`,
  `alter table tax.journal_entry_lines
     alter column debit_amount type numeric,
     alter column debit_amount set default 0.00,
     alter column credit_amount type numeric,
     alter column credit_amount set default 0.00,
     alter column taxable_amount type numeric`,
  `alter table tax.ledger_credit_notes
     alter column subtotal type numeric,
     alter column tax_amount type numeric,
     alter column total type numeric`,
  `alter table tax.ledger_invoices
     alter column subtotal type numeric,
     alter column tax_amount type numeric,
     alter column discount_amount type numeric,
     alter column shipping_amount type numeric,
     alter column total type numeric,
     alter column amount_paid type numeric,
     alter column credit_applied type numeric,
     alter column credit_applied set default 0.00`,
  `alter table tax.ledger_payments
     alter column amount type numeric,
     alter column refunded_amount type numeric,
     alter column refunded_amount set default 0.00,
     alter column refund_posted type numeric,
     alter column refund_posted set default 0.00`,
]);
