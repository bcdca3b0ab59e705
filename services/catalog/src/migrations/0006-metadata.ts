import { sqlMigration } from '@billpoint/kit/migrations';

/**
 * A product's `metadata` (its integrator's own keys and values) lives in the column products have had from the start,
 * unused until now (`{}` on every row). A list filters on it by containment: a GIN index (jsonb_path_ops: containment
 * only, the smaller of the two kinds) serves that.
 */
export const m0006Metadata = sqlMigration('0006_metadata', [
  `create index products_metadata_idx on catalog.products using gin (metadata jsonb_path_ops)`,
]);
