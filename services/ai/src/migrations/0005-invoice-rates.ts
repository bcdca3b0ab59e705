import { sqlMigration } from '@billpoint/kit/migrations';

/**
 * An invoice fact keeps its exchange rate (base-currency units per unit of its currency, as billing's
 * invoice events carry it), so the insights total in the organization's base currency. Null: no rate known in the
 * current base (facts kept before this migration, or a base change billing's rates could not restate): the insight
 * names such a currency instead of counting it as 0.
 */
export const m0005InvoiceRates = sqlMigration('0005_invoice_rates', [
  `alter table ai.invoice_facts add column exchange_rate numeric(20,10)`,
]);
