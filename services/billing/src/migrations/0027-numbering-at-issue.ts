import { sqlMigration } from '@billpoint/kit/migrations';

/**
 * An invoice takes its legal number when it is issued, not when it is created. The law wants a tenant's invoice
 * numbers unique, continuous and chronological; a number handed to a draft that is then deleted would leave a gap,
 * and a draft issued weeks after later invoices would break the order.
 *
 * - `legal_number`: whether `invoice_number` holds a number of the legal sequence. A draft holds a draft reference
 *   instead (`DRAFT-0007`, from its own per-tenant counter, a `document_sequences` row of kind `invoice_draft`), kept
 *   in `invoice_number` so that lists, search and the API show something readable before the invoice is issued.
 * - `billing.issue_invoice_number`: the first move of a row out of `draft`, by whatever path (sending, the edit form,
 *   a payment, the public API, a delivery of a schedule), claims the next legal number with `claim_invoice_number`
 *   in that same UPDATE. The claim locks the tenant's counter row until commit and a rollback undoes it, so issues of
 *   a tenant run one after another and stay gap-free; the search text follows the new number.
 *
 * Existing data: no issued invoice is renumbered. Existing drafts already hold a number of the sequence; they keep it
 * (marked legal) and carry it when they are issued later, so that no number already given out leaves the sequence.
 * Such a draft can no longer be deleted (its number would become a gap); it can be cancelled instead.
 */
export const m0027NumberingAtIssue = sqlMigration('0027_numbering_at_issue', [
  `alter table billing.invoices add column legal_number boolean not null default true`,
  `alter table billing.invoices alter column legal_number set default false`,
  `alter table billing.document_sequences drop constraint document_sequences_kind_check`,
  `alter table billing.document_sequences add constraint document_sequences_kind_check
     check (kind in ('quote', 'credit_note', 'invoice_draft'))`,
  `create function billing.issue_invoice_number() returns trigger
  language plpgsql set search_path = pg_catalog, public as $fn$
  begin
    if new.status <> 'draft' and not new.legal_number then
      new.invoice_number := billing.claim_invoice_number(new.tenant_id, null);
      new.legal_number := true;
      select lower(new.invoice_number || ' ' || c.name || ' ' || coalesce(c.email, '')) into new.search
        from billing.customers c where c.tenant_id = new.tenant_id and c.id = new.customer_id;
      if not found then new.search := lower(new.invoice_number); end if;
    end if;
    return new;
  end $fn$`,
  `create trigger invoices_issue_number before insert or update of status on billing.invoices
    for each row execute function billing.issue_invoice_number()`,
]);
