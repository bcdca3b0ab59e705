import type { z } from 'zod';
import { AppError, Invalid, zodIssues } from '@billpoint/kit';
import { DEFAULT_ERROR_CODE, foldMetadataQuery, type ApiErrorCode, type ErrorBody, type PublicApiRoute } from '@billpoint/proto';
import { z as zod } from 'zod';

const NoBody = zod.strictObject({});
const NoQuery = zod.strictObject({});
const JSON_TYPE = /^application\/json\s*(;\s*charset\s*=\s*"?utf-8"?\s*)?$/i;
const utf8 = new TextDecoder('utf-8', { fatal: true });

const apiError = (status: number, code: ApiErrorCode, message: string, param?: string) =>
  new AppError(status, message, param === undefined ? undefined : [{ path: param, message }], code);

/**
 * A request's input judged against its operation before anything runs: the query and the body strictly
 * by the route's proto schemas — an unknown parameter or field is a 400 `parameter_unknown` naming it, a missing one
 * `parameter_missing`, a broken rule `parameter_invalid` — a body that is not JSON a 415, bytes that are not UTF-8 or
 * JSON that does not parse a 400 `body_invalid`. Answers what is forwarded: the query as the service reads it and
 * the body's JSON (the bytes themselves are forwarded unchanged).
 */
export function checkInput(
  route: PublicApiRoute,
  rawQuery: unknown,
  body: Buffer | undefined,
  contentType: string | undefined,
): { query: Record<string, unknown>; json: unknown } {
  // `metadata[key]=value` arrives as flat bracketed names; the list's schema reads them as one `metadata` object.
  const folded = rawQuery && typeof rawQuery === 'object' ? foldMetadataQuery(rawQuery as Record<string, unknown>) : rawQuery;
  const parsed = (route.query ?? NoQuery).safeParse(folded ?? {});
  if (!parsed.success) throw fromZod(parsed.error, folded, 'query');
  const query = parsed.data as Record<string, unknown>;
  if (query.starting_after !== undefined && query.ending_before !== undefined)
    throw apiError(400, 'parameter_invalid', 'Send starting_after or ending_before, not both', 'ending_before');

  let json: unknown = undefined;
  if (body && body.length > 0) {
    if (!contentType || !JSON_TYPE.test(contentType))
      throw apiError(415, 'media_type_unsupported', 'Send the body as application/json (UTF-8)');
    let text: string;
    try {
      text = utf8.decode(body);
    } catch {
      throw apiError(400, 'body_invalid', 'The body is not valid UTF-8');
    }
    try {
      json = JSON.parse(text);
    } catch {
      throw apiError(400, 'body_invalid', 'The body is not valid JSON');
    }
    if (!json || typeof json !== 'object' || Array.isArray(json)) throw apiError(400, 'body_invalid', 'The body must be a JSON object');
  }
  if (route.body || json !== undefined) {
    const checked = (route.body ?? NoBody).safeParse(json ?? {});
    if (!checked.success) throw fromZod(checked.error, json ?? {}, 'body');
  }
  return { query, json };
}

/** A zod failure as the API's 400: every issue listed, the first one's field as `param` and its kind as `code`. */
function fromZod(err: z.ZodError, input: unknown, where: 'query' | 'body'): AppError {
  const issues = zodIssues(err);
  const first = err.issues[0]!;
  const base = first.path.map(String);
  let code: ApiErrorCode = 'parameter_invalid';
  let param = base.join('.');
  if (first.code === 'unrecognized_keys') {
    code = 'parameter_unknown';
    param = [...base, first.keys[0]!].join('.');
  } else if (valueAt(input, base) === undefined) code = 'parameter_missing';
  const message =
    code === 'parameter_unknown'
      ? `Unknown ${where === 'query' ? 'query parameter' : 'field'}: ${param}`
      : `${param ? `${param}: ` : ''}${issues[0]?.message ?? 'Invalid input'}`;
  // The field at fault first: the answer's `param` is the first issue's path.
  const rest = issues.filter((i) => i.path !== param);
  const e = new Invalid(message, [
    { path: param, message: code === 'parameter_unknown' ? message : (issues[0]?.message ?? message) },
    ...rest,
  ]);
  e.code = code;
  return e;
}

function valueAt(input: unknown, path: string[]): unknown {
  let v = input;
  for (const k of path) {
    if (!v || typeof v !== 'object') return undefined;
    // A metadata filter's issue names the parameter as sent (`metadata[key]`); its value is in the folded object.
    const filter = /^metadata\[(.*)\]$/s.exec(k);
    v = filter ? ((v as { metadata?: Record<string, unknown> }).metadata ?? {})[filter[1]!] : (v as Record<string, unknown>)[k];
  }
  return v;
}

/**
 * An error body of /api/v1 completed with its machine-readable code (from the body's own `code`, the permission a
 * service refused, or its status) and, for a 400 or a 409, the field at fault as `param`.
 */
export function withCode(body: ErrorBody, param?: string): ErrorBody {
  if (!body.code) {
    if (body.statusCode === 403 && body.permission) body.code = 'scope_missing';
    else if (body.statusCode === 400 && body.issues?.[0]?.message.startsWith('Unknown field')) body.code = 'parameter_unknown';
    else body.code = DEFAULT_ERROR_CODE[body.statusCode] ?? (body.statusCode >= 500 ? 'internal_error' : 'parameter_invalid');
  }
  if (!body.param) {
    const p = param ?? (body.statusCode === 400 || body.statusCode === 409 ? body.issues?.[0]?.path : undefined);
    if (p) body.param = p;
  }
  return body;
}
