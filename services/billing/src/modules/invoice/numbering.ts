export const DEFAULT_PREFIX = 'INV';

/** `INV-0001`: the prefix, a dash and the sequence zero-padded to at least 4 digits. */
export const formatInvoiceNumber = (prefix: string, seq: number) => `${prefix}-${String(seq).padStart(4, '0')}`;

/** The same format in SQL (`lpad` would cut a longer sequence). */
const SQL_FORMAT = (prefix: string, seq: string) =>
  `${prefix} || '-' || case when ${seq} < 1000 then lpad(${seq}::text, 4, '0') else ${seq}::text end`;

/**
 * A draft's reference, the SQL of an INSERT's `invoice_number` (`$tenant`: the tenant's column or parameter). Drafts do
 * not take a legal number: it is claimed when the invoice is issued (the `billing.issue_invoice_number` trigger of
 * migration 0027, whatever path moves it out of draft), so deleting a draft leaves no gap. Until then the draft shows
 * `DRAFT-0007`, from a counter of its own that is not the legal sequence; the row's `legal_number` is false.
 */
export const draftReferenceSql = (tenant: string) => `billing.claim_document_number(${tenant}, 'invoice_draft', 'DRAFT')`;

/**
 * What the next issued invoice will get: the first sequence number from the tenant's counter on whose formatted
 * number no invoice exists (numbers typed in before numbering moved to issue may have taken some). A read: nothing is
 * reserved. Run under the tenant (RLS).
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
