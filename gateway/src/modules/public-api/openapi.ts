import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  API_KEY_PREFIX,
  API_VERSIONS,
  ApiErrorCodes,
  ApiErrorCodeNames,
  ApiList,
  CURRENT_API_VERSION,
  Customer,
  CustomerDeletedData,
  DashboardStats,
  DEFAULT_API_KEY_RATE_LIMIT,
  ErrorBody,
  IDEMPOTENCY_TTL_HOURS,
  Invoice,
  InvoiceEventData,
  Payment,
  PaymentEventData,
  Product,
  PUBLIC_API_BASE,
  RecurringEventData,
  Webhook,
  WebhookCreated,
  WebhookDelivery,
  WEBHOOK_TEST_EVENT,
  WebhookEventPayloads,
  codesOfStatus,
  publicApiRoutes,
  type ApiErrorCode,
  type PublicApiRoute,
} from '@billpoint/proto';

type Json = Record<string, unknown>;

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

const schemaOf = (s: z.ZodType, io: 'input' | 'output'): Json => {
  const { $schema: _drop, ...rest } = z.toJSONSchema(s, {
    io,
    unrepresentable: 'any',
    target: 'draft-2020-12',
    ...(io === 'input' ? { override: requiredAsParsed } : {}),
  }) as Json;
  return rest;
};
const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const pascal = (s: string) => s.replace(/(^|[/:._-])(\w)/g, (_m, _s, c: string) => c.toUpperCase()).replace(/\W/g, '');
const singular = (s: string) => s.replace(/s$/, '');

/** The request and answer headers of the public API, as the document spells them. */
export const Headers = {
  version: 'Billpoint-Version',
  idempotencyKey: 'Idempotency-Key',
  replayed: 'Idempotent-Replayed',
  limit: 'X-RateLimit-Limit',
  remaining: 'X-RateLimit-Remaining',
  reset: 'X-RateLimit-Reset',
  retryAfter: 'Retry-After',
  allow: 'Allow',
} as const;

/** The shared answer items, by name (one component each, whatever operation answers them). */
const NAMED: [string, z.ZodType][] = [
  ['Customer', Customer],
  ['Invoice', Invoice],
  ['Payment', Payment],
  ['Product', Product],
  ['WebhookEndpoint', Webhook],
  ['WebhookEndpointCreated', WebhookCreated],
  ['WebhookDelivery', WebhookDelivery],
  ['DashboardStats', DashboardStats],
  ['InvoiceEventData', InvoiceEventData],
  ['CustomerDeletedData', CustomerDeletedData],
  ['PaymentEventData', PaymentEventData],
  ['SubscriptionEventData', RecurringEventData],
];

const TAGS: Record<string, string> = {
  customers: 'The people and companies you invoice.',
  invoices: 'Invoices: drafts you edit, send by e-mail, download as PDF, void.',
  payments: 'Payments received: by card or PayPal on the pay page, or recorded by hand; refunds.',
  products: 'The catalog of products and services invoice lines can name.',
  webhooks: 'Endpoints that receive signed events (see `webhooks` below), and their delivery log.',
  analytics: 'The dashboard figures.',
};

const EVENT_SENTENCES: Record<keyof typeof WebhookEventPayloads, string> = {
  'invoice.created': 'an invoice is created',
  'invoice.updated': 'an invoice changes',
  'invoice.paid': 'an invoice is paid in full',
  'invoice.overdue': 'an invoice becomes overdue',
  'customer.created': 'a customer is created',
  'customer.updated': 'a customer changes',
  'customer.deleted': 'a customer is deleted (`data` is its id only)',
  'payment.completed': 'a payment completes',
  'payment.failed': 'a payment fails',
  'subscription.created': 'a recurring invoice schedule is created',
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

const STATUS_TEXT: Record<number, string> = {
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

const codeList = (codes: readonly ApiErrorCode[]) => codes.map((c) => `- \`${c}\`: ${ApiErrorCodes[c].description}`).join('\n');

const DESCRIPTION = `The Billpoint REST API: customers, invoices, payments, products, webhook endpoints and the dashboard figures of your organization.

## Authentication
Send an API key (made under Integrations → API Keys) as \`Authorization: Bearer ${API_KEY_PREFIX}…\`. Each operation needs one scope of the key (or \`*\`); a key without it answers 403 \`scope_missing\`.

## Versioning
The API is versioned by date. Send \`${Headers.version}: ${CURRENT_API_VERSION}\` to pin a version; without it, your organization's version applies (pinned to the current one at its first call). Every answer names the version that answered it in \`${Headers.version}\`. Versions: ${API_VERSIONS.join(', ')} (current: ${CURRENT_API_VERSION}). Adding an operation, an optional field or a field of an answer is not a new version; removing or changing one is.

## Pagination
Lists answer \`{ "object": "list", "data": [...], "has_more": true }\`, newest first. Pass \`limit\` (1–100, default 10), and \`starting_after\` the last id of a page for the next (older) page, or \`ending_before\` the first id for the previous one. An item created meanwhile never shows twice and none is skipped.

## Idempotency
A POST may carry \`${Headers.idempotencyKey}\` (1–255 printable characters; a UUID is best). A retry with the same key and the same request within ${IDEMPOTENCY_TTL_HOURS} h replays the first answer, status and body, with \`${Headers.replayed}: true\`; the same key with another request answers 422 \`idempotency_key_reused\`; while the first request runs, 409 \`idempotency_key_in_use\`.

## Errors
Every error answers JSON with \`statusCode\`, \`error\`, \`message\`, a machine-readable \`code\`, and \`param\` when one parameter or field is at fault (\`issues\` lists every field problem of a 400). An unknown query parameter or body field is a 400 \`parameter_unknown\`.

| code | status | meaning |
|---|---|---|
${ApiErrorCodeNames.map((c) => `| \`${c}\` | ${ApiErrorCodes[c].status} | ${ApiErrorCodes[c].description.replace(/\|/g, '\\|')} |`).join('\n')}

## Rate limits
Each key has an hourly allowance (${DEFAULT_API_KEY_RATE_LIMIT} requests unless set otherwise). Every answer to a known key carries \`${Headers.limit}\`, \`${Headers.remaining}\` and \`${Headers.reset}\` (seconds until the window resets); when it is spent, 429 \`rate_limited\` with \`${Headers.retryAfter}\`.

## Webhooks
Endpoints receive the events below (see \`webhooks\`), signed per the Standard Webhooks specification.`;

/**
 * The OpenAPI 3.1 document of /api/v1, generated from the route table and the proto schemas the services themselves
 * validate with (so it cannot drift from what the API accepts): every operation with its scope, parameters, body,
 * success answer and every error status with the codes it may carry, the headers of each answer, and the outgoing
 * webhooks with their Standard Webhooks signature headers.
 */
export function openApiDocument(serverUrl?: string): Json {
  const schemas: Json = {};
  const named = new Map<z.ZodType, string>(NAMED.map(([name, schema]) => [schema, name]));
  const component = (s: z.ZodType, fallback: string): Json => {
    const name = named.get(s) ?? fallback;
    if (!schemas[name]) {
      named.set(s, name);
      schemas[name] = schemaOf(s, 'output');
    }
    return ref(name);
  };

  const errorSchema = schemaOf(ErrorBody, 'output') as { properties: Record<string, Json>; required: string[] };
  errorSchema.properties.code = {
    type: 'string',
    enum: ApiErrorCodeNames,
    description: 'What went wrong, for programs (the status alone can mean several things).',
  };
  errorSchema.required = [...errorSchema.required, 'code'];
  schemas.Error = errorSchema;

  const intHeader = (description: string) => ({ description, required: true, schema: { type: 'integer', minimum: 0 } });
  const headers = {
    [Headers.limit]: intHeader("The key's requests per hour."),
    [Headers.remaining]: intHeader('Requests left in the current window.'),
    [Headers.reset]: intHeader('Seconds until the window resets.'),
    [Headers.version]: {
      description: 'The API version that answered.',
      required: true,
      schema: { type: 'string', enum: [...API_VERSIONS] },
    },
    [Headers.replayed]: {
      description: `\`true\` on an answer replayed for a repeated ${Headers.idempotencyKey}.`,
      required: false,
      schema: { type: 'string', enum: ['true'] },
    },
    [Headers.retryAfter]: { description: 'Seconds to wait before retrying.', required: true, schema: { type: 'integer', minimum: 0 } },
    [Headers.allow]: {
      description: 'The methods the path has.',
      required: true,
      schema: { type: 'string', pattern: '^[A-Z]+(, [A-Z]+)*$' },
    },
  };
  const headerRefs = (...names: (keyof typeof headers)[]) =>
    Object.fromEntries(names.map((n) => [n, { $ref: `#/components/headers/${n}` }]));
  const rate = [Headers.limit, Headers.remaining, Headers.reset, Headers.version] as const;

  const errorAnswer = (status: number, codes: readonly ApiErrorCode[], lead: string): Json => ({
    description: `${lead}\n\n${codeList(codes)}`,
    headers: headerRefs(
      ...(status === 401 ? [Headers.version] : rate),
      ...(status === 429 || status === 503 ? [Headers.retryAfter] : []),
      ...(status === 405 ? [Headers.allow] : []),
    ),
    content: {
      'application/json': {
        schema: { allOf: [ref('Error'), { type: 'object', properties: { code: { type: 'string', enum: codes } } }] },
      },
    },
  });
  const LEADS: Record<number, string> = {
    400: 'A parameter, field or header is wrong: `param` names it, `issues` lists every field problem.',
    401: 'No API key, or not a valid one. Such an answer carries no rate-limit headers.',
    403: 'The key or the plan does not allow this.',
    404: 'No such resource in your organization.',
    405: 'The path has no operation with this method; `Allow` lists those it has.',
    409: 'The request conflicts with the state of the resource or with a request still running.',
    413: 'The body is too large.',
    415: 'The body is not JSON.',
    422: 'The request is well-formed but cannot be carried out.',
    429: "The key's hourly allowance is spent.",
    500: 'Something went wrong on our side.',
    502: 'A payment provider or mail server failed.',
    503: 'A service is briefly unavailable.',
    504: 'A service took too long to answer.',
  };
  const responses: Json = {};
  const statusName = (status: number) => pascal(STATUS_TEXT[status]!.toLowerCase().replace(/ /g, '-'));
  /** A shared error answer where every operation's codes are those of the status; else the operation's own. */
  const errorRef = (r: PublicApiRoute, status: number): Json => {
    const codes = errorCodesOf(r, status);
    const shared = codesOfStatus(status);
    if (codes.length === shared.length && codes.every((c, i) => c === shared[i])) {
      const name = statusName(status);
      responses[name] ??= errorAnswer(status, shared, LEADS[status]!);
      return { $ref: `#/components/responses/${name}` };
    }
    return errorAnswer(status, codes, LEADS[status]!);
  };

  const paths: Record<string, Json> = {};
  for (const r of publicApiRoutes) {
    const operationId = operationIdOf(r);
    const status = r.status ?? 200;
    const path = `${PUBLIC_API_BASE}${r.path.replace(':id', '{id}')}`;
    const parameters: Json[] = [];
    if (r.path.includes(':id'))
      parameters.push({
        name: 'id',
        in: 'path',
        required: true,
        description: `The ${singular(r.path.split('/')[1]!).replace('webhook', 'webhook endpoint')}'s id.`,
        schema: { type: 'integer', minimum: 1, maximum: Number.MAX_SAFE_INTEGER },
      });
    if (r.query) {
      const q = schemaOf(r.query, 'input') as { properties?: Record<string, Json>; required?: string[] };
      for (const [name, schema] of Object.entries(q.properties ?? {}))
        parameters.push({
          name,
          in: 'query',
          required: q.required?.includes(name) ?? false,
          ...(typeof schema.description === 'string' ? { description: schema.description } : {}),
          schema,
        });
    }
    parameters.push({ $ref: '#/components/parameters/BillpointVersion' });
    if (r.method === 'POST') parameters.push({ $ref: '#/components/parameters/IdempotencyKey' });

    const okHeaders = headerRefs(...rate, ...(r.method === 'POST' ? [Headers.replayed] : []));
    const success: Json = { description: r.summary, headers: okHeaders };
    if (r.produces) success.content = { [r.produces]: { schema: { type: 'string', format: 'binary' } } };
    else if (r.response) {
      const item = component(r.response, `${pascal(operationId)}Item`);
      if (r.list) {
        const listName = `${(named.get(r.response) ?? pascal(operationId)).replace(/Item$/, '')}List`;
        schemas[listName] ??= {
          ...schemaOf(ApiList(z.object({})), 'output'),
          properties: {
            ...(schemaOf(ApiList(z.object({})), 'output').properties as Json),
            data: { type: 'array', items: item },
          },
          description: 'A page of a list, newest first; `has_more`: whether more items follow in the direction of paging.',
        };
        success.content = { 'application/json': { schema: ref(listName) } };
      } else success.content = { 'application/json': { schema: item } };
    }

    const op: Json = {
      operationId,
      summary: r.summary,
      description: `${r.description ? `${r.description}\n\n` : ''}Scope: \`${r.scope}\` (or \`*\`).`,
      tags: [r.path.split('/')[1]],
      security: [{ bearer: [r.scope] }],
      parameters,
      responses: {
        [String(status)]: success,
        ...Object.fromEntries(errorStatusesOf(r).map((s) => [String(s), errorRef(r, s)])),
      },
    };
    // Inline, not a component: generators (openapi-typescript) read a `default` of a request body's field as "optional"
    // only where they see it is a request body, and as "always present" in a shared component.
    if (r.body) op.requestBody = { required: true, content: { 'application/json': { schema: schemaOf(r.body, 'input') } } };
    paths[path] = { ...(paths[path] ?? {}), [r.method.toLowerCase()]: op };
  }

  const webhookHeaders = [
    ['webhook-id', "The delivery's message id, the same on every retry: use it to ignore duplicates."],
    ['webhook-timestamp', 'Unix seconds of this attempt; reject one more than 5 minutes away from your clock.'],
    [
      'webhook-signature',
      '`v1,<base64 HMAC-SHA256 of "webhook-id.webhook-timestamp.body">` with your endpoint secret (`whsec_…`, base64 after the prefix); space-separated with the previous secret\'s for 24 h after a rotation.',
    ],
  ].map(([name, description]) => ({ name, in: 'header', required: true, description, schema: { type: 'string' } }));
  const testData = {
    type: 'object',
    properties: { webhookId: { type: 'integer' }, name: { type: 'string' }, message: { type: 'string' } },
    required: ['webhookId', 'name', 'message'],
    additionalProperties: false,
  };
  const webhooks: Record<string, Json> = {};
  const events: [string, Json, string][] = [
    ...Object.entries(WebhookEventPayloads).map(([event, data]): [string, Json, string] => [
      event,
      component(data, `${pascal(event)}Data`),
      `Sent when ${EVENT_SENTENCES[event as keyof typeof WebhookEventPayloads]}.`,
    ]),
    [WEBHOOK_TEST_EVENT, testData, 'Sent by the `testWebhook` operation (or the Test button) only, never by a real change.'],
  ];
  for (const [event, data, description] of events) {
    const name = `${pascal(event)}Event`;
    schemas[name] = {
      type: 'object',
      properties: {
        type: { type: 'string', const: event },
        timestamp: { type: 'string', format: 'date-time', description: 'When the event happened.' },
        data,
      },
      required: ['type', 'timestamp', 'data'],
      additionalProperties: false,
    };
    webhooks[event] = {
      post: {
        operationId: `on${pascal(event)}`,
        summary: `The ${event} event`,
        description: `${description} Signed per the Standard Webhooks specification: verify \`webhook-signature\` with your endpoint secret before trusting the body. Your endpoint's own headers (set on the endpoint) come too.`,
        tags: ['webhooks'],
        security: [],
        parameters: webhookHeaders,
        requestBody: { required: true, content: { 'application/json': { schema: ref(name) } } },
        responses: {
          '200': { description: 'Any 2xx acknowledges the delivery.' },
          '400': { description: 'Anything but a 2xx (or no answer within the timeout) is retried with backoff.' },
        },
      },
    };
  }

  return {
    openapi: '3.1.0',
    info: {
      title: 'Billpoint API',
      version: CURRENT_API_VERSION,
      summary: 'Invoices, customers, payments, products and webhooks of a Billpoint organization.',
      description: DESCRIPTION,
      contact: { name: 'Billpoint support', url: `${serverUrl ?? ''}/api/v1/reference` },
      license: { name: 'Proprietary', identifier: 'LicenseRef-Billpoint-Proprietary' },
    },
    servers: [{ url: serverUrl ?? '/', description: 'This Billpoint installation' }],
    security: [{ bearer: [] }],
    tags: Object.entries(TAGS).map(([name, description]) => ({ name, description })),
    paths,
    webhooks,
    components: {
      securitySchemes: {
        bearer: {
          type: 'http',
          scheme: 'bearer',
          bearerFormat: `${API_KEY_PREFIX}… API key`,
          description: 'An API key of your organization.',
        },
      },
      parameters: {
        BillpointVersion: {
          name: Headers.version,
          in: 'header',
          required: false,
          description: "The API version to answer with; without it, the organization's version.",
          schema: { type: 'string', enum: [...API_VERSIONS] },
        },
        IdempotencyKey: {
          name: Headers.idempotencyKey,
          in: 'header',
          required: false,
          description: `Makes a retry safe: the same key and request within ${IDEMPOTENCY_TTL_HOURS} h replay the first answer (with \`${Headers.replayed}: true\`).`,
          schema: { type: 'string', minLength: 1, maxLength: 255, pattern: '^[\\x21-\\x7e]+$' },
        },
      },
      headers,
      responses,
      schemas,
    },
  };
}

const require = createRequire(import.meta.url);
const swaggerDir = () => join(require.resolve('swagger-ui-dist/package.json'), '..');

const REFERENCE_HTML = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Billpoint API reference</title>
<link rel="stylesheet" href="${PUBLIC_API_BASE}/reference/swagger-ui.css"></head>
<body><main id="api-reference" aria-label="Billpoint API reference"></main>
<script src="${PUBLIC_API_BASE}/reference/swagger-ui-bundle.js"></script>
<script src="${PUBLIC_API_BASE}/reference/init.js"></script>
</body></html>`;

// Its own file, not an inline script: the pages' CSP allows our own scripts only.
const INIT_JS = `window.ui = SwaggerUIBundle({ url: '${PUBLIC_API_BASE}/openapi.json', dom_id: '#api-reference', deepLinking: true, tryItOutEnabled: false });`;

/** GET /api/v1/openapi.json and the interactive reference page (Swagger UI, served from our own origin). */
export function openApiRoutes(app: FastifyInstance, o: { publicUrl?: string }) {
  const doc = JSON.stringify(openApiDocument(o.publicUrl));
  const assets: Record<string, { type: string; body: Buffer | string }> = {
    'swagger-ui.css': { type: 'text/css; charset=utf-8', body: readFileSync(join(swaggerDir(), 'swagger-ui.css')) },
    'swagger-ui-bundle.js': { type: 'text/javascript; charset=utf-8', body: readFileSync(join(swaggerDir(), 'swagger-ui-bundle.js')) },
    'init.js': { type: 'text/javascript; charset=utf-8', body: INIT_JS },
  };
  app.get(`${PUBLIC_API_BASE}/openapi.json`, { config: { permission: 'public' } }, async (_req, reply) =>
    reply.header('cache-control', 'public, max-age=300').header('access-control-allow-origin', '*').type('application/json').send(doc),
  );
  app.get(`${PUBLIC_API_BASE}/reference`, { config: { permission: 'public' } }, async (_req, reply) =>
    reply.type('text/html; charset=utf-8').send(REFERENCE_HTML),
  );
  app.get<{ Params: { file: string } }>(`${PUBLIC_API_BASE}/reference/:file`, { config: { permission: 'public' } }, async (req, reply) => {
    const a = assets[req.params.file];
    if (!a) return reply.code(404).send({ statusCode: 404, error: 'Not Found', message: 'Not Found' });
    return reply.header('cache-control', 'public, max-age=3600').type(a.type).send(a.body);
  });
}
