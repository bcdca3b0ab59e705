import { sqlMigration } from '@billpoint/kit/migrations';

/**
 * A customer carries its integrator's own keys and values (`metadata`, `{}` when none). A list filters on it by
 * containment, so it is jsonb with a GIN index (jsonb_path_ops: containment only, the smaller of the two kinds).
 */
export const m0009Metadata = sqlMigration('0009_metadata', [
  `alter table customers.customers add column metadata jsonb not null default '{}'::jsonb`,
  `create index customers_metadata_idx on customers.customers using gin (metadata jsonb_path_ops)`,
]);
