import { sqlMigration } from '@billpoint/kit/migrations';

/**
 * Refunds of credit notes (resolution `refund`): billing records the credit note and announces it; payments
 * gives its total back through the processors that took the invoice's money.
 *
 * - `credit_note_refunds`: one row per credit note (its natural key), written in the transaction of the consumer
 *   that received `credit_note.created` — a redelivered event finds it and starts nothing new. `pending` until the
 *   money is back (`refunded`) or cannot be (`failed`: no payment left to refund, or the processors refused it
 *   `MAX_FAILED_ATTEMPTS` times); `failed_attempts` and `last_error` say why it is still pending. The periodic payments job
 *   retries the pending ones.
 * - `credit_note_refund_steps`: what was given back of which payment for which credit note, one row per
 *   (credit note, payment) — the same natural key the processor's idempotency key is built from, so a retry never
 *   refunds a payment twice for one credit note.
 */
export const m0005CreditNoteRefunds = sqlMigration('0005_credit_note_refunds', [
  `create table payments.credit_note_refunds (
    tenant_id uuid not null,
    credit_note_id bigint not null,
    credit_note_number text not null,
    invoice_id bigint not null,
    currency char(3) not null,
    amount numeric(15,2) not null check (amount > 0),
    refunded_amount numeric(15,2) not null default 0 check (refunded_amount >= 0 and refunded_amount <= amount),
    status text not null default 'pending' check (status in ('pending', 'refunded', 'failed')),
    failed_attempts int not null default 0,
    last_error text,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now(),
    primary key (tenant_id, credit_note_id)
  )`,
  `create index credit_note_refunds_pending on payments.credit_note_refunds (tenant_id, created_at) where status = 'pending'`,
  `alter table "payments"."credit_note_refunds" enable row level security`,
  `alter table "payments"."credit_note_refunds" force row level security`,
  `create policy tenant_isolation on "payments"."credit_note_refunds" using (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid) with check (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid)`,
  `create table payments.credit_note_refund_steps (
    tenant_id uuid not null,
    credit_note_id bigint not null,
    payment_id bigint not null,
    amount numeric(15,2) not null check (amount > 0),
    created_at timestamptz not null default now(),
    primary key (tenant_id, credit_note_id, payment_id),
    foreign key (tenant_id, credit_note_id) references payments.credit_note_refunds (tenant_id, credit_note_id)
  )`,
  `alter table "payments"."credit_note_refund_steps" enable row level security`,
  `alter table "payments"."credit_note_refund_steps" force row level security`,
  `create policy tenant_isolation on "payments"."credit_note_refund_steps" using (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid) with check (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid)`,
]);
