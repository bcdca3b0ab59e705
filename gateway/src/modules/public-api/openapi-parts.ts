/** The parts of the OpenAPI document (openapi.ts): names, tags, sentences, error codes per operation. */
import { z } from 'zod';
import type { WebhookEventPayloads } from '@billpoint/proto';
import {
  API_KEY_PREFIX,
  API_VERSIONS,
  ApiErrorCodes,
  ApiErrorCodeNames,
  CURRENT_API_VERSION,
  CreditNote,
  Customer,
  CustomerDeletedData,
  DashboardStats,
  DEFAULT_API_KEY_RATE_LIMIT,
  IDEMPOTENCY_TTL_HOURS,
  Invoice,
  InvoiceEventData,
  TaxRate,
  Payment,
  PaymentEventData,
  Product,
  RecurringEventData,
  RecurringInvoice,
  Webhook,
  WebhookCreated,
  WebhookDelivery,
  codesOfStatus,
  type ApiErrorCode,
  type PublicApiRoute,
} from '@billpoint/proto';

export type Json = Record<string, unknown>;

/**
 * Input schemas say what a request may leave out as the schema decides it: a field whose schema accepts `undefined`
 * (a preprocess that defaults it, a prefault) is not `required`, whatever zod's declared input type says.
 */
const requiredAsParsed = (ctx: { zodSchema: unknown; jsonSchema: Json }) => {
  const zs = ctx.zodSchema as z.ZodType;
  if (!(zs instanceof z.ZodObject) || !Array.isArray(ctx.jsonSchema.required)) return;
  const shape = zs.shape as Record<string, z.ZodType>;
  const required = (ctx.jsonSchema.required as string[]).filter((k) => !shape[k]?.safeParse(undefined).success);
  if (required.length) ctx.jsonSchema.required = required;
  else delete ctx.jsonSchema.required;
};

export const schemaOf = (s: z.ZodType, io: 'input' | 'output'): Json => {
  const { $schema: _drop, ...rest } = z.toJSONSchema(s, {
    io,
    unrepresentable: 'any',
    target: 'draft-2020-12',
    ...(io === 'input' ? { override: requiredAsParsed } : {}),
  }) as Json;
  return rest;
};
export const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
export const pascal = (s: string) => s.replace(/(^|[/:._-])(\w)/g, (_m, _s, c: string) => c.toUpperCase()).replace(/\W/g, '');
export const singular = (s: string) => s.replace(/s$/, '');

/** The request and answer headers of the public API, as the document spells them. */
export const Headers = {
  version: 'Billpoint-Version',
  idempotencyKey: 'Idempotency-Key',
  replayed: 'Idempotent-Replayed',
  limit: 'X-RateLimit-Limit',
  remaining: 'X-RateLimit-Remaining',
  reset: 'X-RateLimit-Reset',
  rateLimit: 'RateLimit',
  rateLimitPolicy: 'RateLimit-Policy',
  requestId: 'Request-Id',
  retryAfter: 'Retry-After',
  allow: 'Allow',
} as const;

/** The shared answer items, by name (one component each, whatever operation answers them). */
export const NAMED: [string, z.ZodType][] = [
  ['Customer', Customer],
  ['Invoice', Invoice],
  ['Payment', Payment],
  ['Product', Product],
  ['WebhookEndpoint', Webhook],
  ['WebhookEndpointCreated', WebhookCreated],
  ['WebhookDelivery', WebhookDelivery],
  ['CreditNote', CreditNote],
  ['TaxRate', TaxRate],
  ['RecurringInvoice', RecurringInvoice],
  ['DashboardStats', DashboardStats],
  ['InvoiceEventData', InvoiceEventData],
  ['CustomerDeletedData', CustomerDeletedData],
  ['PaymentEventData', PaymentEventData],
  ['SubscriptionEventData', RecurringEventData],
];

export const TAGS: Record<string, string> = {
  customers: 'The people and companies you invoice.',
  invoices: 'Invoices: drafts you edit, send by e-mail, download as PDF, void.',
  quotes: 'Quotes: offers your customer accepts or declines on a public page, then converted into an invoice.',
  'credit-notes': 'Credit notes: corrections of issued invoices, numbered on their own sequence, never changed once issued.',
  payments: 'Payments received: by card or PayPal on the pay page, or recorded by hand; refunds.',
  products: 'The catalog of products and services invoice lines can name.',
  'tax-rates': 'The tax rates invoice lines can name by `taxRateId`.',
  'recurring-invoices': 'Schedules that generate an invoice every period (the Subscriptions screen), paused and resumed.',
  webhooks: 'Endpoints that receive signed events (see `webhooks` below), and their delivery log.',
  events: 'The log of what webhooks report, kept 30 days: page it to catch up on deliveries you missed.',
  analytics: 'The dashboard figures.',
};

export const EVENT_SENTENCES: Record<keyof typeof WebhookEventPayloads, string> = {
  'invoice.created': 'an invoice is created',
  'invoice.updated': 'an invoice changes',
  'invoice.paid': 'an invoice is paid in full',
  'invoice.overdue': 'an invoice becomes overdue',
  'invoice.sent': 'an invoice is sent to its customer (each send, a resend too)',
  'invoice.voided': 'an invoice is voided (`invoice.updated` is sent too)',
  'invoice.deleted': 'a draft invoice is deleted',
  'quote.created': 'a quote is created',
  'quote.updated': 'a quote changes',
  'quote.sent': 'a quote is sent to its customer',
  'quote.accepted': 'a customer accepts a quote on its public page',
  'quote.declined': 'a customer declines a quote on its public page',
  'quote.expired': 'a quote passes its valid-until date unanswered',
  'quote.converted': 'a quote is converted into a draft invoice',
  'quote.deleted': 'a quote is deleted',
  'credit_note.created': 'a credit note is issued for an invoice (its lines, tax per rate and resolution)',
  'customer.created': 'a customer is created',
  'customer.updated': 'a customer changes',
  'customer.deleted': 'a customer is deleted (`data` is its id only)',
  'payment.completed': 'a payment completes',
  'payment.failed': 'a payment fails',
  'payment.refunded': 'a payment is refunded, in part or in full',
  'product.created': 'a product is created',
  'product.updated': 'a product changes (its stock included)',
  'product.deleted': 'a product is deleted (`data` is its id only)',
  'tax_rate.created': 'a tax rate is created',
  'tax_rate.updated': 'a tax rate changes',
  'tax_rate.deleted': 'a tax rate is deleted (`data` is the rate as it was)',
  'subscription.created': 'a recurring invoice schedule is created',
  'subscription.updated': 'a recurring invoice schedule is edited, paused or resumed',
  'subscription.cancelled': 'a recurring invoice schedule is cancelled',
};

/** Extra codes an operation gives beyond what its method implies (the table could carry these: see the report). */
const EXTRA_CODES: Record<string, ApiErrorCode[]> = {
  'POST /invoices': ['resource_already_exists'],
};

/** `operationId` from method and path: listInvoices, createInvoice, getInvoice, sendInvoice, getInvoicePdf, listWebhookDeliveries. */
export const operationIdOf = (r: Pick<PublicApiRoute, 'method' | 'path' | 'list'>): string => {
  const [collection = '', id, sub] = r.path.split('/').slice(1);
  if (!id)
    return r.method === 'GET'
      ? r.list
        ? `list${pascal(collection)}`
        : `get${pascal(collection)}`
      : `create${pascal(singular(collection))}`;
  const one = pascal(singular(collection));
  if (id !== ':id') return `get${pascal(collection)}${pascal(id)}`;
  const verbs: Record<string, string> = { GET: 'get', PATCH: 'update', PUT: 'replace', DELETE: 'delete' };
  if (!sub) return `${verbs[r.method] ?? r.method.toLowerCase()}${one}`;
  if (r.method === 'POST') return `${sub}${one}`;
  return `${r.list ? 'list' : 'get'}${one}${pascal(sub)}`;
};

/** The codes an error status of this operation may carry. */
export const errorCodesOf = (r: PublicApiRoute, status: number): ApiErrorCode[] => {
  const mentioned = [...(r.description ?? '').matchAll(/`([a-z_]+)`/g)]
    .map((m) => m[1] as ApiErrorCode)
    .filter((c) => c in ApiErrorCodes && ApiErrorCodes[c].status === status);
  const extra = (EXTRA_CODES[`${r.method} ${r.path}`] ?? []).filter((c) => ApiErrorCodes[c].status === status);
  let codes: ApiErrorCode[] = codesOfStatus(status);
  if (status === 400) {
    if (!r.body && r.method !== 'POST') codes = codes.filter((c) => c !== 'body_invalid');
    if (r.method !== 'POST') codes = codes.filter((c) => c !== 'idempotency_key_invalid');
  }
  if (status === 409) {
    codes = [];
    if (r.method === 'POST') codes.push('idempotency_key_in_use');
    if (r.method === 'PATCH' || r.method === 'DELETE' || (r.method === 'POST' && r.path.includes(':id/')))
      codes.push('resource_state_invalid');
  }
  if (status === 422) codes = r.method === 'POST' ? ['idempotency_key_reused', ...(mentioned.length ? mentioned : [])] : mentioned;
  return [...new Set([...codes, ...mentioned, ...extra])].sort(
    (a, b) => ApiErrorCodeNames.indexOf(a) - ApiErrorCodeNames.indexOf(b),
  ) as ApiErrorCode[];
};

/** The error statuses an operation documents. */
export const errorStatusesOf = (r: PublicApiRoute): number[] =>
  [400, 401, 403, 404, 405, 409, 413, 415, 422, 429, 500, 502, 503, 504].filter((s) => {
    if (s === 404) return r.path.includes(':id');
    if (s === 413 || s === 415) return !!r.body || r.method === 'POST';
    return errorCodesOf(r, s).length > 0;
  });

export const STATUS_TEXT: Record<number, string> = {
  400: 'Bad request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not found',
  405: 'Method not allowed',
  409: 'Conflict',
  413: 'Body too large',
  415: 'Unsupported media type',
  422: 'Unprocessable',
  429: 'Too many requests',
  500: 'Internal error',
  502: 'Provider error',
  503: 'Service unavailable',
  504: 'Gateway timeout',
};

export const codeList = (codes: readonly ApiErrorCode[]) => codes.map((c) => `- \`${c}\`: ${ApiErrorCodes[c].description}`).join('\n');

export const DESCRIPTION = `The Billpoint REST API: customers, invoices, payments, products, webhook endpoints and the dashboard figures of your organization.

## Authentication
Send an API key (made under Integrations → API Keys) as \`Authorization: Bearer ${API_KEY_PREFIX}…\`. Each operation needs one scope of the key (or \`*\`); a key without it answers 403 \`scope_missing\`.

## Versioning
The API is versioned by date. Send \`${Headers.version}: ${CURRENT_API_VERSION}\` to pin a version; without it, your organization's version applies (pinned to the current one at its first call). Every answer names the version that answered it in \`${Headers.version}\`. Versions: ${API_VERSIONS.join(', ')} (current: ${CURRENT_API_VERSION}). Adding an operation, an optional field or a field of an answer is not a new version; removing or changing one is.

## Pagination
Lists answer \`{ "object": "list", "data": [...], "has_more": true }\`, newest first. Pass \`limit\` (1–100, default 10), and \`starting_after\` the last id of a page for the next (older) page, or \`ending_before\` the first id for the previous one. An item created meanwhile never shows twice and none is skipped. A cursor that names no item of the list (unknown, removed or not yours) is a 400 \`parameter_invalid\` naming it. Ids are opaque: they follow no order and tell nothing of other records.

## Idempotency
A POST may carry \`${Headers.idempotencyKey}\` (1–255 printable characters; a UUID is best). A retry with the same key and the same request within ${IDEMPOTENCY_TTL_HOURS} h replays the first answer, status and body, with \`${Headers.replayed}: true\`; the same key with another request answers 422 \`idempotency_key_reused\`; while the first request runs, 409 \`idempotency_key_in_use\`.

## Errors
Every error answers JSON with \`statusCode\`, \`error\`, \`message\`, a machine-readable \`code\`, and \`param\` when one parameter or field is at fault (\`issues\` lists every field problem of a 400). An unknown query parameter or body field is a 400 \`parameter_unknown\`.

| code | status | meaning |
|---|---|---|
${ApiErrorCodeNames.map((c) => `| \`${c}\` | ${ApiErrorCodes[c].status} | ${ApiErrorCodes[c].description.replace(/\|/g, '\\|')} |`).join('\n')}

## Rate limits
Each key has an hourly allowance (${DEFAULT_API_KEY_RATE_LIMIT} requests unless set otherwise). Every answer to a known key carries \`${Headers.limit}\`, \`${Headers.remaining}\` and \`${Headers.reset}\` (seconds until the window resets), and the same figures as the IETF fields \`${Headers.rateLimitPolicy}: "api-key";q=<allowance>;w=3600\` and \`${Headers.rateLimit}: "api-key";r=<remaining>;t=<seconds>\`; when it is spent, 429 \`rate_limited\` with \`${Headers.retryAfter}\`.

## Request ids
Every answer carries \`${Headers.requestId}\`, the id under which our logs and traces know the request: quote it when you ask for support.

## Webhooks
Endpoints receive the events below (see \`webhooks\`), signed per the Standard Webhooks specification.`;

/**
 * The OpenAPI 3.1 document of /api/v1, generated from the route table and the proto schemas the services themselves
 * validate with (so it cannot drift from what the API accepts): every operation with its scope, parameters, body,
 * success answer and every error status with the codes it may carry, the headers of each answer, and the outgoing
 * webhooks with their Standard Webhooks signature headers.
 */
