import { z } from 'zod';
import {
  API_KEY_PREFIX,
  API_VERSIONS,
  ApiErrorCodeNames,
  ApiList,
  CURRENT_API_VERSION,
  ErrorBody,
  IDEMPOTENCY_TTL_HOURS,
  PUBLIC_API_BASE,
  WEBHOOK_TEST_EVENT,
  WebhookEventPayloads,
  codesOfStatus,
  publicApiRoutes,
  type ApiErrorCode,
  type PublicApiRoute,
} from '@billpoint/proto';
import {
  DESCRIPTION,
  EVENT_SENTENCES,
  Headers,
  NAMED,
  STATUS_TEXT,
  TAGS,
  codeList,
  errorCodesOf,
  errorStatusesOf,
  operationIdOf,
  pascal,
  ref,
  schemaOf,
  singular,
  type Json,
} from './openapi-parts.ts';

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
    [Headers.rateLimitPolicy]: {
      description: 'The key\'s quota policy as the IETF RateLimit fields write it: `"api-key";q=<requests>;w=<seconds>`.',
      required: true,
      schema: { type: 'string', pattern: '^"api-key";q=\\d+;w=\\d+$' },
    },
    [Headers.rateLimit]: {
      description: 'What is left of the quota now: `"api-key";r=<remaining>;t=<seconds until the window resets>`.',
      required: true,
      schema: { type: 'string', pattern: '^"api-key";r=\\d+;t=\\d+$' },
    },
    [Headers.requestId]: {
      description: 'The id of this request, as our logs and traces know it: quote it when you ask for support.',
      required: true,
      schema: { type: 'string', minLength: 1, maxLength: 100 },
    },
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
  const rate = [
    Headers.limit,
    Headers.remaining,
    Headers.reset,
    Headers.rateLimitPolicy,
    Headers.rateLimit,
    Headers.version,
    Headers.requestId,
  ] as const;

  const errorAnswer = (status: number, codes: readonly ApiErrorCode[], lead: string): Json => ({
    description: `${lead}\n\n${codeList(codes)}`,
    headers: headerRefs(
      ...(status === 401 ? [Headers.version, Headers.requestId] : rate),
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
          // An object parameter (the metadata filter) is written as `name[key]=value` pairs.
          ...(schema.type === 'object' ? { style: 'deepObject', explode: true } : {}),
          schema,
        });
    }
    parameters.push({ $ref: '#/components/parameters/BillpointVersion' });
    if (r.method === 'POST') parameters.push({ $ref: '#/components/parameters/IdempotencyKey' });

    const okHeaders = headerRefs(...rate, ...(r.method === 'POST' ? [Headers.replayed] : []));
    const success: Json = { description: r.summary, headers: okHeaders };
    if (r.produces)
      success.content = Object.fromEntries([r.produces].flat().map((type) => [type, { schema: { type: 'string', format: 'binary' } }]));
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
        // A test send is no change: it has no place in the events log, so no id.
        ...(event === WEBHOOK_TEST_EVENT
          ? {}
          : { id: { type: 'integer', description: "The event's id in the events log (`getEvent`): the same on every retry." } }),
        type: { type: 'string', const: event },
        timestamp: { type: 'string', format: 'date-time', description: 'When the event happened.' },
        data,
      },
      required: event === WEBHOOK_TEST_EVENT ? ['type', 'timestamp', 'data'] : ['id', 'type', 'timestamp', 'data'],
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
