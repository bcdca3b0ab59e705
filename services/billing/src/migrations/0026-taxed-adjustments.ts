import { sqlMigration } from '@billpoint/kit/migrations';

/**
 * Discounts and shipping inside VAT. Each line keeps the part of the document discount and of the shipping it carries,
 * so the taxable base of every rate (its lines less their discount plus their shipping) can be read back from what was
 * stored, by the e-invoice, the PDF and the ledger alike. Lines written before this carry 0 and 0: their invoices kept
 * discount and shipping outside VAT, and keep the figures they were issued with.
 *
 * Quantities and unit prices take 4 decimals (a unit price of 0.0125); line amounts stay in the currency's minor unit.
 *
 * The organization chooses how VAT is rounded: once per rate (the default, as EN 16931 computes the VAT breakdown) or
 * per line (some US sales-tax jurisdictions).
 */
export const m0026TaxedAdjustments = sqlMigration('0026_taxed_adjustments', [
  `alter table billing.invoice_items
     add column discount_share numeric(15,2) not null default 0 check (discount_share >= 0),
     add column shipping_share numeric(15,2) not null default 0 check (shipping_share >= 0)`,
  `alter table billing.quote_items
     add column discount_share numeric(15,2) not null default 0 check (discount_share >= 0),
     add column shipping_share numeric(15,2) not null default 0 check (shipping_share >= 0)`,
  `alter table billing.invoice_items alter column quantity type numeric(17,4), alter column rate type numeric(17,4)`,
  `alter table billing.quote_items alter column quantity type numeric(17,4), alter column rate type numeric(17,4)`,
  `alter table billing.credit_note_items alter column quantity type numeric(17,4), alter column rate type numeric(17,4)`,
  `alter table billing.recurring_items alter column quantity type numeric(17,4), alter column unit_price type numeric(17,4)`,
  `alter table billing.organizations
     add column tax_rounding text not null default 'per_rate' check (tax_rounding in ('per_rate', 'per_line'))`,
]);
