import { sqlMigration } from '@billpoint/kit/migrations';

/**
 * The public API's invoice list filters by customer and creation time and pages by cursor, with or without
 * a search. The app's unfiltered searched page keeps `search_invoice_page`; a filtered or cursor search takes the
 * ids matching the pattern from this function (trigram index, same reasons and same tenant rule as
 * `search_invoice_page`: the tenant from the transaction's setting, ids only, joined back under RLS) and filters and
 * pages them in the caller's query.
 */
export const m0013InvoiceListFilters = sqlMigration('0013_invoice_list_filters', [
  `create function billing.search_invoice_ids(pattern text)
  returns table (id bigint)
  language plpgsql stable security definer set search_path = pg_catalog, public as $fn$
  declare
    t uuid := nullif(current_setting('app.tenant_id', true), '')::uuid;
  begin
    if t is null then return; end if;
    return query execute 'select i.id from billing.invoices i where i.tenant_id = $1 and i.search like $2' using t, pattern;
  end $fn$`,
]);
