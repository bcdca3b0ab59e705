export const DEFAULT_PREFIX = 'INV';

/** `INV-0001`: the prefix, a dash and the sequence zero-padded to at least 4 digits. */
export const formatInvoiceNumber = (prefix: string, seq: number) => `${prefix}-${String(seq).padStart(4, '0')}`;

/** The same format in SQL (`lpad` would cut a longer sequence). */
const SQL_FORMAT = (prefix: string, seq: string) =>
  `${prefix} || '-' || case when ${seq} < 1000 then lpad(${seq}::text, 4, '0') else ${seq}::text end`;

/**
 * Creates take their number with `billing.claim_invoice_number` (migration 0004) inside their INSERT.
 * What the next create will get: the first sequence number from the tenant's counter on whose formatted number
 * no invoice exists (custom numbers may have taken some). A read: nothing is reserved. Run under the tenant (RLS).
 */
export const NEXT_NUMBER_SQL = `
  with p as (select coalesce(max(prefix), '${DEFAULT_PREFIX}') as prefix from billing.numbering where tenant_id = $1),
  n as (
    select p.prefix, coalesce((select q.next_seq from billing.number_sequences q where q.tenant_id = $1 and q.prefix = p.prefix), 1) as start
    from p
  )
  select n.prefix, s.seq::text as seq from n cross join lateral (
    select g as seq from generate_series(n.start, n.start + 1000000) g
    where not exists (
      select 1 from billing.invoices i where i.tenant_id = $1 and i.invoice_number = ${SQL_FORMAT('n.prefix', 'g')}
    )
    limit 1
  ) s`;
