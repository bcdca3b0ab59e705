import { z } from 'zod';
import { documentText } from './text.ts';

/** Body of every non-2xx JSON answer from the gateway and the services. */
export const ErrorBody = z.object({
  statusCode: z.number().int(),
  error: z.string(),
  message: z.string(),
  /** Field-level problems of a 400: `path` is the dotted field name, e.g. `email` or `items.0.rate`. */
  issues: z
    .array(
      z.object({
        path: z.string(),
        message: z.string(),
        /** A 422 of an e-invoice: the EN 16931 business term the missing field is (BT-31). */
        bt: z.string().optional(),
      }),
    )
    .optional(),
  /** On a 403 for lack of a permission (proto/src/permissions.ts): the permission the caller's role does not have. */
  permission: z.string().optional(),
  /** 401 of POST /api/auth/login: the password was right; send it again with `code` or `recoveryCode`. */
  twoFactorRequired: z.literal(true).optional(),
  /** 403 of a signed-in call: the organization requires two-factor sign-in and this person has not set it up yet. */
  twoFactorEnrollmentRequired: z.literal(true).optional(),
  /** The public API's machine-readable code (proto/src/api-errors.ts): the same status can mean different things. */
  code: z.string().optional(),
  /** The public API: the query parameter, header or dotted body field the error is about. */
  param: z.string().optional(),
});
export type ErrorBody = z.infer<typeof ErrorBody>;

export const Id = z.coerce
  .number({ error: 'Id must be a number' })
  .int('Id must be a whole number')
  .positive('Id must be positive')
  .max(Number.MAX_SAFE_INTEGER);
export const IdParams = z.object({ id: Id });
export type IdParams = z.infer<typeof IdParams>;

/** Pagination of list calls. Without parameters a list call answers its first page of `limit` default. */
export const PageQuery = z.object({
  search: z.string().trim().max(200, 'Search must be at most 200 characters').optional(),
  limit: z.coerce.number().int().min(1, 'limit must be at least 1').max(500, 'limit must be at most 500').default(500),
  offset: z.coerce.number().int().min(0, 'offset must be at least 0').max(10_000_000).default(0),
});
export type PageQuery = z.infer<typeof PageQuery>;
/** Lists answer a plain JSON array; the total number of matches is in this header. */
export const TOTAL_COUNT_HEADER = 'x-total-count';

/**
 * Cursor pagination (the public API's lists): newest first by creation; `starting_after` an id gives the items
 * after it (older), `ending_before` an id the items before it (newer). Keyset on creation and id, so an item created between two
 * pages never shows on both, and none is skipped. A list route of a service takes these beside its offset paging when
 * `pagination=cursor`, and answers whether more items follow in the direction of paging in `x-has-more`.
 */
export const CursorFields = {
  limit: z.coerce
    .number()
    .int('limit must be a whole number')
    .min(1, 'limit must be at least 1')
    .max(100, 'limit must be at most 100')
    .default(10),
  starting_after: Id.optional(),
  ending_before: Id.optional(),
};
export const CursorQuery = z.strictObject(CursorFields);
export type CursorQuery = z.infer<typeof CursorQuery>;
/** What a service's list query adds to take cursor paging: the mode, then the cursor fields. */
export const CursorMode = {
  pagination: z.enum(['offset', 'cursor']).default('offset'),
  starting_after: Id.optional(),
  ending_before: Id.optional(),
};
/** The service's answer to a cursor page: whether more items follow in the direction of paging. */
export const HAS_MORE_HEADER = 'x-has-more';

export const Roles = ['admin', 'manager', 'user'] as const;
export const Role = z.enum(Roles);
export type Role = z.infer<typeof Role>;

/** Optional free text: trimmed, empty becomes null, bounded, nothing a document cannot print (`documentText`). */
export const optionalText = (max: number, label: string) =>
  documentText(
    z
      .string({ error: `${label} must be text` })
      .trim()
      .max(max, `${label} must be at most ${max} characters`),
    label,
  )
    .nullish()
    .transform((v) => (v === '' || v == null ? null : v));

/**
 * JSON Schema (input side) of a decimal the API takes as text or number: what the zod transform checks by hand, as
 * `pattern`/`maximum`/`multipleOf`, so the OpenAPI document states the rule (z.toJSONSchema cannot see inside a
 * transform). Text may carry spaces around it (trimmed); `empty` when '' means none (or 0).
 */
export const decimalJsonSchema = (o: {
  digits: number;
  places: number;
  max: number;
  description: string;
  empty?: boolean;
  nullable?: boolean;
  /** The check counts significant digits only ("007" is 1 digit). */
  leadingZeros?: boolean;
}) => {
  const number = `${o.leadingZeros ? '0*' : ''}\\d{1,${o.digits}}(\\.\\d{1,${o.places}})?`;
  return {
    description: o.description,
    anyOf: [
      { type: 'string', pattern: o.empty ? `^\\s*(${number})?\\s*$` : `^\\s*${number}\\s*$` },
      { type: 'number', minimum: 0, maximum: o.max, multipleOf: 10 ** -o.places },
      ...(o.nullable ? [{ type: 'null' }] : []),
    ],
  };
};

/**
 * An ISO 4217 currency code, upper-cased. Any case is accepted (and spaces around it): the document says so rather than
 * claim `^[A-Z]{3}$`, which is what the answer carries, not what the request must.
 */
export const CurrencyCode = z
  .string({ error: 'Currency must be a 3-letter code' })
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]{3}$/, 'Currency must be a 3-letter code')
  .meta({
    pattern: '^\\s*[A-Za-z]{3}\\s*$',
    description: 'An ISO 4217 currency code, e.g. USD; any case (upper-cased when stored and answered).',
  });
