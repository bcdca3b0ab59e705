import { sqlMigration } from '@billpoint/kit/migrations';

/**
 * Credit notes on the ledger.
 *
 * - `ledger_credit_notes`: each credit note as billing announced it (a credit note never changes once issued): its
 *   resolution, figures and tax per rate; the posting slot `credit_note:<id>` holds its reversal entry.
 * - `ledger_invoices.credit_applied`: the customer credit applied to the invoice when it was issued (the slot
 *   `invoice:<id>:credit` moves it from 2200 Customer Credit to Accounts Receivable).
 */
export const m0003CreditNotes = sqlMigration('0003_credit_notes', [
  `create table tax.ledger_credit_notes (
    tenant_id uuid not null,
    credit_note_id bigint not null,
    credit_note_number text not null,
    invoice_id bigint not null,
    invoice_number text not null,
    resolution text not null check (resolution in ('reduce_balance', 'refund', 'credit')),
    currency char(3) not null,
    issue_date date not null,
    subtotal numeric(15,2) not null,
    tax_amount numeric(15,2) not null,
    total numeric(15,2) not null,
    tax_lines jsonb not null,
    primary key (tenant_id, credit_note_id)
  )`,
  `create index ledger_credit_notes_invoice on tax.ledger_credit_notes (tenant_id, invoice_id)`,
  `alter table "tax"."ledger_credit_notes" enable row level security`,
  `alter table "tax"."ledger_credit_notes" force row level security`,
  `create policy tenant_isolation on "tax"."ledger_credit_notes" using (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid) with check (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid)`,
  `alter table tax.ledger_invoices add column credit_applied numeric(15,2) not null default 0`,
]);
