import { sqlMigration } from '@billpoint/kit/migrations';

/** The rates of the quotes that were there before (exported for its test). */
export const QUOTE_BACKFILL = [
  `update billing.quotes x set exchange_rate = r.rate, total_in_base_currency = round(x.total * r.rate, 2)
     from (select q.tenant_id, q.id, case when q.currency = coalesce((select o.default_currency from billing.organizations o where o.tenant_id = q.tenant_id), 'USD') then 1 else coalesce(
             (select greatest(round(e.rate, 6), 0.000001) from billing.exchange_rates e
               where e.tenant_id = q.tenant_id and e.currency = q.currency and e.day <= q.issue_date order by e.day desc limit 1),
             1) end as rate
           from billing.quotes q) r
    where x.tenant_id = r.tenant_id and x.id = r.id and round(x.total * r.rate, 2) < 10000000000000`,
  `update billing.quotes set total_in_base_currency = total where exchange_rate = 1`,
];

/** Credit notes that were there before: their invoice's rate. */
export const CREDIT_NOTE_BACKFILL = [
  `update billing.credit_notes x set exchange_rate = i.exchange_rate, total_in_base_currency = round(x.total * i.exchange_rate, 2)
     from billing.invoices i where i.tenant_id = x.tenant_id and i.id = x.invoice_id`,
];

/**
 * Quotes and credit notes in the base currency, as invoices are (0001, 0021).
 *
 * - quotes: `exchange_rate` (base units per unit of the quote's currency, 6 places) and `total_in_base_currency`. A
 *   quote takes the rate in force on its issue date, like an invoice. Existing quotes: 1 in the base currency, else the
 *   table's rate in force on their issue date (half-up to 6 places, at least 0.000001), else 1 (no rate known: the
 *   same fallback the invoices had before rates existed).
 * - credit notes: `exchange_rate` is the credited invoice's rate — a credit note corrects that invoice, so it takes
 *   back exactly the base amount the invoice counted (a rate of the note's own day would leave a remainder — an exchange
 *   difference nobody realised — in the base figures of an invoice credited in full). Existing notes take their invoice's rate.
 * Totals in base currency: total × rate, half-up to cents. A change of base currency restates both (rebase.ts).
 */
export const m0022QuoteCreditNoteBaseCurrency = sqlMigration('0022_quote_credit_note_base_currency', [
  `alter table billing.quotes
     add column exchange_rate numeric(15,6) not null default 1 check (exchange_rate > 0),
     add column total_in_base_currency numeric(15,2) not null default 0`,
  ...QUOTE_BACKFILL,
  `alter table billing.credit_notes
     add column exchange_rate numeric(15,6) not null default 1 check (exchange_rate > 0),
     add column total_in_base_currency numeric(15,2) not null default 0`,
  ...CREDIT_NOTE_BACKFILL,
]);
