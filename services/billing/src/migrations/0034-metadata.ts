import { sqlMigration } from '@billpoint/kit/migrations';

/**
 * Invoices, quotes, credit notes and recurring invoices carry their integrator's own keys and values (`metadata`, `{}`
 * when none). The lists of invoices filter on it by containment, so theirs has a GIN index (jsonb_path_ops:
 * containment only, the smaller of the two kinds); the other lists are small enough per tenant to go without.
 */
export const m0034Metadata = sqlMigration('0034_metadata', [
  `alter table billing.invoices add column metadata jsonb not null default '{}'::jsonb`,
  `alter table billing.quotes add column metadata jsonb not null default '{}'::jsonb`,
  `alter table billing.credit_notes add column metadata jsonb not null default '{}'::jsonb`,
  `alter table billing.recurring_invoices add column metadata jsonb not null default '{}'::jsonb`,
  `create index invoices_metadata_idx on billing.invoices using gin (metadata jsonb_path_ops)`,
]);
