import { sqlMigration } from '@billpoint/kit/migrations';

/**
 * Amounts keep the decimals their currency has: the dinars and rials (KWD, BHD, OMR, …) have three, which a column
 * of two decimals would round away. The money columns become plain numeric, which keeps the scale a value is written
 * with ("12.50" stays "12.50", "1.005" stays "1.005"); the application writes every amount rounded to its currency's
 * minor unit and with at least two decimals, and the defaults are written "0.00" so that an untouched figure reads as
 * before. The analytics rollups stay at two decimals: they add up figures for the dashboard, whose amounts are
 * cents. Only the declared type changes: no row is rewritten and no value moves. The two checks that credit notes
 * stay within their invoice's total watch that column, so they are set aside for the change and put back as they were.
 */
export const m0033ThreeDecimalAmounts = sqlMigration('0033_three_decimal_amounts', [
  `drop trigger credit_notes_within_total on billing.credit_notes`,
  `drop trigger invoice_total_covers_credit_notes on billing.invoices`,
  `alter table billing.credit_note_items
     alter column amount type numeric,
     alter column tax_amount type numeric,
     alter column tax_amount set default 0.00`,
  `alter table billing.credit_notes
     alter column subtotal type numeric,
     alter column tax_amount type numeric,
     alter column total type numeric,
     alter column refunded_amount type numeric,
     alter column refunded_amount set default 0.00,
     alter column total_in_base_currency type numeric,
     alter column total_in_base_currency set default 0.00`,
  `alter table billing.customer_credits
     alter column amount type numeric`,
  `alter table billing.invoice_items
     alter column amount type numeric,
     alter column tax_amount type numeric,
     alter column tax_amount set default 0.00,
     alter column discount_amount type numeric,
     alter column discount_amount set default 0.00,
     alter column discount_share type numeric,
     alter column discount_share set default 0.00,
     alter column shipping_share type numeric,
     alter column shipping_share set default 0.00`,
  `alter table billing.invoice_payments
     alter column amount type numeric,
     alter column refunded_amount type numeric,
     alter column refunded_amount set default 0.00,
     alter column amount_base type numeric`,
  `alter table billing.invoices
     alter column subtotal type numeric,
     alter column subtotal set default 0.00,
     alter column tax_amount type numeric,
     alter column tax_amount set default 0.00,
     alter column discount_amount type numeric,
     alter column discount_amount set default 0.00,
     alter column shipping_amount type numeric,
     alter column shipping_amount set default 0.00,
     alter column total type numeric,
     alter column total set default 0.00,
     alter column total_in_base_currency type numeric,
     alter column total_in_base_currency set default 0.00,
     alter column amount_paid type numeric,
     alter column amount_paid set default 0.00,
     alter column credited_amount type numeric,
     alter column credited_amount set default 0.00,
     alter column credit_lowering type numeric,
     alter column credit_lowering set default 0.00,
     alter column credit_applied type numeric,
     alter column credit_applied set default 0.00`,
  `alter table billing.quote_items
     alter column amount type numeric,
     alter column tax_amount type numeric,
     alter column tax_amount set default 0.00,
     alter column discount_share type numeric,
     alter column discount_share set default 0.00,
     alter column shipping_share type numeric,
     alter column shipping_share set default 0.00`,
  `alter table billing.quotes
     alter column subtotal type numeric,
     alter column subtotal set default 0.00,
     alter column tax_amount type numeric,
     alter column tax_amount set default 0.00,
     alter column discount_amount type numeric,
     alter column discount_amount set default 0.00,
     alter column shipping_amount type numeric,
     alter column shipping_amount set default 0.00,
     alter column total type numeric,
     alter column total set default 0.00,
     alter column total_in_base_currency type numeric,
     alter column total_in_base_currency set default 0.00`,
  `alter table billing.receipts
     alter column total type numeric`,
  `alter table billing.recurring_invoices
     alter column total type numeric,
     alter column total set default 0.00`,
  `alter table billing.recurring_items
     alter column amount type numeric`,
  `create constraint trigger credit_notes_within_total after insert or update of total, invoice_id on billing.credit_notes
     deferrable initially deferred for each row execute function billing.credit_notes_within_total()`,
  `create constraint trigger invoice_total_covers_credit_notes after update of total on billing.invoices
     deferrable initially deferred for each row when (new.total < old.total)
     execute function billing.invoice_total_covers_credit_notes()`,
]);
