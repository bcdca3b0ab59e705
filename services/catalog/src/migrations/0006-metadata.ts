import { sqlMigration } from '@billpoint/kit/migrations';

/**
 * A product carries its integrator's own keys and values (`metadata`, `{}` when none). A list filters on it by
 * containment, so it is jsonb with a GIN index (jsonb_path_ops: containment only, the smaller of the two kinds).
 */
export const m0006Metadata = sqlMigration('0006_metadata', [
  `alter table catalog.products add column metadata jsonb not null default '{}'::jsonb`,
  `create index products_metadata_idx on catalog.products using gin (metadata jsonb_path_ops)`,
]);
