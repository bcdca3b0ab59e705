/**
 * The machine-readable `code` of every error answer of the public API (/api/v1), with the status it comes
 * with. One list: the gateway sets a code on each of its own refusals, the services set one where a status alone is
 * ambiguous (409: a number that exists vs a state that forbids the change), and the gateway gives any other upstream
 * error the default code of its status. The OpenAPI document lists these per status.
 */
export const ApiErrorCodes = {
  parameter_unknown: { status: 400, description: 'A query parameter or body field the operation does not take; `param` names it.' },
  parameter_invalid: { status: 400, description: 'A parameter or field breaks its rule; `param` names it and `issues` lists every one.' },
  parameter_missing: { status: 400, description: 'A required parameter or field is missing; `param` names it.' },
  body_invalid: { status: 400, description: 'The body is not a JSON object (malformed JSON, or not UTF-8).' },
  idempotency_key_invalid: { status: 400, description: 'The Idempotency-Key header is not 1–255 printable characters.' },
  api_version_invalid: { status: 400, description: 'The Billpoint-Version header names no version of the API.' },
  api_key_invalid: { status: 401, description: 'No API key, or a malformed, mistyped, unknown, expired or revoked one.' },
  scope_missing: { status: 403, description: 'The key lacks the scope the operation needs; the message names it.' },
  api_access_not_in_plan: { status: 403, description: "The organization's plan does not include API access." },
  plan_limit_reached: { status: 403, description: "The organization's plan allows no more of this resource." },
  resource_missing: { status: 404, description: 'No such resource in your organization.' },
  route_unknown: { status: 404, description: 'No operation at this path.' },
  method_not_allowed: { status: 405, description: 'The path has no operation with this method; `Allow` lists those it has.' },
  resource_already_exists: { status: 409, description: 'A resource with this unique value exists (an invoice number).' },
  resource_state_invalid: {
    status: 409,
    description: "The resource's state does not allow this (an invoice that is no longer a draft, an invoice already paid).",
  },
  idempotency_key_in_use: { status: 409, description: 'A request with this Idempotency-Key is still running; retry it in a moment.' },
  body_too_large: { status: 413, description: 'The body is larger than 1 MiB.' },
  media_type_unsupported: { status: 415, description: 'A body that is not `application/json`.' },
  idempotency_key_reused: { status: 422, description: 'This Idempotency-Key was used with another request in the last 24 h.' },
  request_unprocessable: {
    status: 422,
    description: 'The request is valid but cannot be carried out (sending to a customer without an e-mail address).',
  },
  rate_limited: { status: 429, description: "The key's hourly allowance is spent; `Retry-After` says when to retry." },
  internal_error: { status: 500, description: 'Something went wrong on our side; retrying with the same Idempotency-Key is safe.' },
  provider_error: { status: 502, description: 'A payment provider or mail server failed.' },
  service_unavailable: { status: 503, description: 'A service is briefly unavailable; retry after `Retry-After` seconds.' },
  service_timeout: { status: 504, description: 'A service took too long to answer; retry with the same Idempotency-Key.' },
} as const satisfies Record<string, { status: number; description: string }>;
export type ApiErrorCode = keyof typeof ApiErrorCodes;
export const ApiErrorCodeNames = Object.keys(ApiErrorCodes) as ApiErrorCode[];

/** The code an error answer gets when nothing more specific set one. */
export const DEFAULT_ERROR_CODE: Record<number, ApiErrorCode> = {
  400: 'parameter_invalid',
  401: 'api_key_invalid',
  403: 'plan_limit_reached',
  404: 'resource_missing',
  405: 'method_not_allowed',
  409: 'resource_state_invalid',
  410: 'resource_missing',
  413: 'body_too_large',
  415: 'media_type_unsupported',
  422: 'request_unprocessable',
  429: 'rate_limited',
  500: 'internal_error',
  502: 'provider_error',
  503: 'service_unavailable',
  504: 'service_timeout',
};

/** The codes a status may carry (the OpenAPI document's description of each error answer). */
export const codesOfStatus = (status: number): ApiErrorCode[] => ApiErrorCodeNames.filter((c) => ApiErrorCodes[c].status === status);
