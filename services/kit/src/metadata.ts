import { mergeMetadata, type Metadata, type MetadataFilter, type MetadataInput } from '@billpoint/proto';
import { Invalid } from './errors.ts';

/**
 * The metadata to store: `patch` applied to `stored` by proto's one rule (`mergeMetadata`: keys sent replace or join,
 * `""` removes, `{}` changes nothing), or a 400 naming `metadata` when the result would exceed the key limit. A create
 * passes no `stored`. Every service's create and update goes through here, so the rule exists once.
 */
export function storedMetadata(stored: Metadata | null | undefined, patch: MetadataInput | undefined): Metadata {
  const merged = mergeMetadata(stored, patch);
  if (!merged.ok) throw new Invalid(`metadata: ${merged.message}`, [{ path: 'metadata', message: merged.message }]);
  return merged.metadata;
}

/**
 * A list's metadata filter on column `column` (`c.metadata`) as placeholder `$n`: every pair must be held (jsonb
 * containment, which the column's GIN index serves); `param` is null without a filter, and the condition then holds for
 * every row, so a query's text and placeholders stay the same either way.
 */
export function metadataFilterSql(column: string, n: number, filter: MetadataFilter | undefined): { sql: string; param: string | null } {
  return {
    sql: `($${n}::jsonb is null or ${column} @> $${n}::jsonb)`,
    param: filter && Object.keys(filter).length ? JSON.stringify(filter) : null,
  };
}
