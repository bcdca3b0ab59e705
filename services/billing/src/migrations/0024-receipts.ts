import { sqlMigration, tenantRlsSql, tenantScanSql } from '@billpoint/kit';

/**
 * Issue 27: receipts (`evt.payments.receipt.created`), numbered per tenant RCT-0001…, and the state of their e-mail:
 * `mail_status` pending → sent (or skipped: no address), attempts counted; the Message-ID derives from the receipt, so
 * a mail re-sent after a crash is the same message.
 */
export const m0024Receipts = sqlMigration('0024_receipts', [
  `create table billing.receipts (
    tenant_id uuid not null,
    id text not null,
    receipt_number text not null,
    customer_id bigint,
    currency text not null,
    total numeric(15,2) not null,
    method text not null,
    paid_at timestamptz not null,
    allocations jsonb not null,
    mail_status text not null default 'pending' check (mail_status in ('pending', 'sent', 'skipped', 'failed')),
    mail_attempts integer not null default 0,
    mail_error text,
    mailed_at timestamptz,
    created_at timestamptz not null default now(),
    primary key (tenant_id, id),
    unique (tenant_id, receipt_number)
  )`,
  `create index receipts_customer on billing.receipts (tenant_id, customer_id, paid_at desc)`,
  ...tenantRlsSql('billing', 'receipts'),
  // The job that retries receipt e-mails finds the tenants with one pending (as the deliveries job does).
  ...tenantScanSql('billing', 'receipts', ['tenant_id', 'mail_status']),
  `create table billing.receipt_numbers (
    tenant_id uuid primary key,
    next_seq bigint not null default 1 check (next_seq >= 1)
  )`,
  ...tenantRlsSql('billing', 'receipt_numbers'),
]);
