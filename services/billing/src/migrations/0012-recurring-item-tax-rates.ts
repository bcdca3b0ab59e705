import { sqlMigration } from '@billpoint/kit/migrations';

/**
 * Schedule lines taxed at one of the tenant's tax rates, as invoice lines are (0010): the rate's id, and its
 * percentage, name and type as they were when the schedule was saved — the scheduler copies them onto every invoice
 * it generates (the tax service may change or delete the rate later). Lines without a rate keep nulls (untaxed).
 */
export const m0012RecurringItemTaxRates = sqlMigration('0012_recurring_item_tax_rates', [
  `alter table billing.recurring_items
     add column tax_rate_id bigint,
     add column tax_rate numeric(5,2) check (tax_rate >= 0),
     add column tax_rate_name text,
     add column tax_type text,
     add constraint recurring_items_tax_rate_named check (tax_rate_id is null or tax_rate_name is not null),
     add constraint recurring_items_tax_rate_set check ((tax_rate_id is null) = (tax_rate is null))`,
]);
