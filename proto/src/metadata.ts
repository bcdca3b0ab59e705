import { z } from 'zod';
import { documentText } from './text.ts';

/**
 * Metadata: an integrator's own keys and values on an object (their order id on our invoice), stored as given and never
 * read by Billpoint. Text values only; at most 50 keys, a key 1–40 characters without `[` or `]` (a list filters by
 * `metadata[key]=value`, so a bracket in a key could not be written there), a value at most 500 characters, and nothing
 * a document cannot print (the codebase's text rule: metadata travels into exports and webhooks beside printed fields).
 */
export const METADATA_MAX_KEYS = 50;
export const METADATA_MAX_KEY_LENGTH = 40;
export const METADATA_MAX_VALUE_LENGTH = 500;

export const MetadataMessages = {
  notObject: 'Metadata must be an object of text values',
  tooMany: `Metadata can have at most ${METADATA_MAX_KEYS} keys`,
  keyLength: `Metadata keys must be 1–${METADATA_MAX_KEY_LENGTH} characters`,
  keyBrackets: 'Metadata keys cannot contain [ or ]',
  valueText: 'Metadata values must be text',
  valueLength: `Metadata values must be at most ${METADATA_MAX_VALUE_LENGTH} characters`,
} as const;

const key = documentText(
  z
    .string()
    .min(1, MetadataMessages.keyLength)
    .max(METADATA_MAX_KEY_LENGTH, MetadataMessages.keyLength)
    .regex(/^[^[\]]*$/, MetadataMessages.keyBrackets),
  'A metadata key',
);
const value = documentText(
  z.string({ error: MetadataMessages.valueText }).max(METADATA_MAX_VALUE_LENGTH, MetadataMessages.valueLength),
  'A metadata value',
);

/** What every object answers: its metadata, `{}` when it has none. */
export const Metadata = z
  .record(z.string(), z.string())
  .meta({ description: 'Your own keys and text values on this object (`{}` when none).' });
export type Metadata = z.infer<typeof Metadata>;

/**
 * `metadata` of a create or update body. A key's issue sits on the key (`metadata.order_ref: …`), so a 400 names it.
 * On a create, a key whose value is `""` is left out; on an update, see `mergeMetadata`.
 */
export const MetadataInput = z
  // Only a value that is no object at all takes this message; a bad key keeps its own (on `metadata.<key>`).
  .record(key, value, { error: (iss) => (iss.code === 'invalid_type' ? MetadataMessages.notObject : undefined) })
  .check((ctx) => {
    const keys = Object.keys(ctx.value);
    if (keys.length > METADATA_MAX_KEYS) ctx.issues.push({ code: 'custom', input: ctx.value, message: MetadataMessages.tooMany });
  })
  .meta({
    maxProperties: METADATA_MAX_KEYS,
    description: `Your own keys and text values: at most ${METADATA_MAX_KEYS} keys, a key 1–${METADATA_MAX_KEY_LENGTH} characters without \`[\` or \`]\`, a value at most ${METADATA_MAX_VALUE_LENGTH} characters. On an update the keys sent are merged into the stored ones and a key sent as \`""\` is removed; \`{}\` changes nothing.`,
  });
export type MetadataInput = z.infer<typeof MetadataInput>;

/**
 * The update rule (Stripe's): the keys sent replace or join the stored ones, a key sent as `""` is removed, the others
 * stay; `{}` changes nothing. A create is the same rule applied to `{}`. Answers the new metadata, or `tooMany` when the
 * result would hold more than 50 keys (each request may be valid alone and their sum not).
 */
export function mergeMetadata(
  stored: Metadata | null | undefined,
  patch: MetadataInput | undefined,
): { ok: true; metadata: Metadata } | { ok: false; message: string } {
  const merged: Metadata = { ...(stored ?? {}) };
  for (const [k, v] of Object.entries(patch ?? {})) {
    if (v === '') delete merged[k];
    else merged[k] = v;
  }
  if (Object.keys(merged).length > METADATA_MAX_KEYS) return { ok: false, message: MetadataMessages.tooMany };
  return { ok: true, metadata: merged };
}

/**
 * A list's metadata filter, `metadata[order_ref]=A-17` in the query string: every pair must match (AND), a key by the
 * rules of `MetadataInput`. Query strings arrive flat (`{"metadata[order_ref]": "A-17"}`); `foldMetadataQuery` makes
 * them this object before the list's schema reads them.
 */
export const MetadataFilter = z.record(z.string(), z.string({ error: 'A metadata filter is one text value per key' })).meta({
  propertyNames: { type: 'string', minLength: 1, maxLength: METADATA_MAX_KEY_LENGTH, pattern: '^[^[\\]]*$' },
  description:
    'Only the objects whose metadata holds every pair given, written `metadata[key]=value` (`?metadata[order_ref]=A-17&metadata[channel]=shop`).',
});
export type MetadataFilter = z.infer<typeof MetadataFilter>;

const BRACKETED = /^metadata\[(.*)\]$/s;

/**
 * A parsed query string with its `metadata[key]=value` parameters gathered into `metadata: {key: value}`; everything
 * else unchanged. A plain `metadata=…` beside them is kept as sent (the list's schema refuses it), as is a query with no
 * bracketed parameter.
 */
export function foldMetadataQuery<T extends Record<string, unknown>>(query: T): T {
  let found: Record<string, unknown> | undefined;
  let rest: Record<string, unknown> | undefined;
  for (const [k, v] of Object.entries(query)) {
    const m = BRACKETED.exec(k);
    if (!m) continue;
    found ??= Object.create(null) as Record<string, unknown>;
    rest ??= { ...query };
    delete rest[k];
    Object.defineProperty(found, m[1]!, { value: v, enumerable: true, writable: true, configurable: true });
  }
  if (!found || !rest) return query;
  if (rest.metadata === undefined) rest.metadata = { ...found };
  return rest as T;
}

/**
 * A list's query schema taking the metadata filter: `shape` plus `metadata`, its keys checked by the key rule with the
 * issue on `metadata[key]` (as the caller wrote it), so a 400 names the parameter sent.
 */
export function withMetadataFilter<S extends z.ZodRawShape, C extends z.core.$ZodObjectConfig>(schema: z.ZodObject<S, C>) {
  return schema.extend({ metadata: MetadataFilter.optional() }).check((ctx) => {
    const filter = (ctx.value as { metadata?: Record<string, string> }).metadata;
    for (const [k, v] of Object.entries(filter ?? {})) {
      const checked = key.safeParse(k);
      const message = checked.success
        ? v.length > METADATA_MAX_VALUE_LENGTH
          ? MetadataMessages.valueLength
          : undefined
        : checked.error.issues[0]!.message;
      if (message) ctx.issues.push({ code: 'custom', input: k, path: [`metadata[${k}]`], message });
    }
  });
}
