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
 * The SQL of a list's metadata filter on column `column` (`c.metadata`) as placeholder `$n`, and its parameter: every
 * pair must be held (jsonb containment, which a GIN index on the column can serve). No filter: `true` and a null
 * parameter, so a query's placeholders keep their numbers.
 */
export function metadataFilterSql(column: string, n: number, filter: MetadataFilter | undefined): { sql: string; param: string | null } {
  if (!filter || !Object.keys(filter).length) return { sql: `($${n}::jsonb is null)`, param: null };
  return { sql: `${column} @> $${n}::jsonb`, param: JSON.stringify(filter) };
}
