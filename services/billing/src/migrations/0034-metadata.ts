import { sqlMigration } from '@billpoint/kit/migrations';

/**
 * Quotes and credit notes carry their integrator's own keys and values (`metadata`, `{}` when none), as invoices and
 * recurring invoices do in the column they have had from the start (unused until now, so `{}` on every row). The list
 * of invoices filters on it by containment, so it gets a GIN index (jsonb_path_ops: containment only, the smaller of
 * the two kinds); the other lists are small per tenant and go without.
 */
export const m0034Metadata = sqlMigration('0034_metadata', [
  `alter table billing.quotes add column metadata jsonb not null default '{}'::jsonb`,
  `alter table billing.credit_notes add column metadata jsonb not null default '{}'::jsonb`,
  `create index invoices_metadata_idx on billing.invoices using gin (metadata jsonb_path_ops)`,
]);
