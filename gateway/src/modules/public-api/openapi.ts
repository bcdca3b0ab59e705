import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  ApiList,
  ErrorBody,
  PUBLIC_API_BASE,
  IDEMPOTENCY_HEADER,
  IDEMPOTENT_REPLAYED_HEADER,
  RateLimitHeaders,
  publicApiRoutes,
  WebhookEventPayloads,
} from '@billpoint/proto';

type Json = Record<string, unknown>;
const schemaOf = (s: z.ZodType, io: 'input' | 'output'): Json => {
  const { $schema: _drop, ...rest } = z.toJSONSchema(s, { io, unrepresentable: 'any', target: 'draft-2020-12' }) as Json;
  return rest;
};
const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const pascal = (s: string) => s.replace(/(^|[/:._-])(\w)/g, (_m, _s, c: string) => c.toUpperCase()).replace(/\W/g, '');

/**
 * The OpenAPI 3.1 document of /api/v1, generated from the proto schemas the services themselves validate with (so
 * it cannot drift from what the API accepts), with the bearer scheme, the scopes, the rate-limit and
 * Idempotency-Key headers, and the outgoing webhooks with their Standard Webhooks signature headers.
 */
export function openApiDocument(serverUrl?: string): Json {
  const schemas: Json = { Error: schemaOf(ErrorBody, 'output') };
  const paths: Record<string, Json> = {};
  const rateHeaders = {
    'X-RateLimit-Limit': { description: "The key's requests per hour", schema: { type: 'integer' } },
    'X-RateLimit-Remaining': { description: 'Requests left in the current hour', schema: { type: 'integer' } },
    'X-RateLimit-Reset': { description: 'Seconds until the window resets', schema: { type: 'integer' } },
  };
  const error = (description: string, extra: Json = {}) => ({
    description,
    content: { 'application/json': { schema: ref('Error') } },
    ...extra,
  });
  for (const r of publicApiRoutes) {
    const base = pascal(r.path.replace(/:id/, 'ById'));
    const itemName = `${base}${r.method === 'POST' ? 'Created' : ''}`;
    if (r.response) schemas[itemName] = schemaOf(r.list ? ApiList(r.response) : r.response, 'output');
    const path = `${PUBLIC_API_BASE}${r.path.replace(':id', '{id}')}`;
    const parameters: Json[] = [];
    if (r.path.includes(':id')) parameters.push({ name: 'id', in: 'path', required: true, schema: { type: 'integer', minimum: 1 } });
    if (r.query) {
      const q = schemaOf(r.query, 'input') as { properties?: Record<string, Json> };
      for (const [name, schema] of Object.entries(q.properties ?? {})) parameters.push({ name, in: 'query', required: false, schema });
    }
    if (r.method === 'POST')
      parameters.push({
        name: 'Idempotency-Key',
        in: 'header',
        required: false,
        description: `Retries with the same key and body within 24 h replay the first answer (with \`${IDEMPOTENT_REPLAYED_HEADER}: true\`); another body → 422; while the first is running → 409.`,
        schema: { type: 'string', maxLength: 255 },
      });
    const op: Json = {
      operationId: `${r.method.toLowerCase()}${base}`,
      summary: r.summary,
      description: `Scope: \`${r.scope}\` (or \`*\`).`,
      tags: [r.path.split('/')[1]],
      security: [{ bearer: [r.scope] }],
      parameters,
      responses: {
        [r.method === 'POST' ? '201' : '200']: {
          description: 'OK',
          headers: rateHeaders,
          content: { 'application/json': { schema: ref(itemName) } },
        },
        '400': error('A field is invalid: `issues` names each one'),
        '401': error('No key, or an unknown, expired or revoked key'),
        '403': error(`The key lacks the \`${r.scope}\` scope`),
        ...(r.path.includes(':id') ? { '404': error('No such item in your organization') } : {}),
        ...(r.method === 'POST'
          ? { '409': error('The same Idempotency-Key is in progress'), '422': error('The Idempotency-Key was used with another body') }
          : {}),
        '429': error("The key's hourly limit is reached", { headers: { ...rateHeaders, 'Retry-After': { schema: { type: 'integer' } } } }),
      },
    };
    if (r.body) {
      schemas[`${base}Input`] = schemaOf(r.body, 'input');
      op.requestBody = { required: true, content: { 'application/json': { schema: ref(`${base}Input`) } } };
    }
    paths[path] = { ...(paths[path] ?? {}), [r.method.toLowerCase()]: op };
  }

  const webhooks: Record<string, Json> = {};
  for (const [event, data] of Object.entries(WebhookEventPayloads)) {
    const name = `Webhook${pascal(event)}`;
    schemas[name] = schemaOf(z.object({ type: z.literal(event), timestamp: z.string(), data: data as z.ZodType }), 'output');
    webhooks[event] = {
      post: {
        summary: `${event}`,
        description:
          'Signed per the Standard Webhooks specification: verify `webhook-signature` (v1, HMAC-SHA256 of `webhook-id.webhook-timestamp.body` with your endpoint secret `whsec_…`) and reject timestamps older than 5 minutes.',
        parameters: ['webhook-id', 'webhook-timestamp', 'webhook-signature'].map((h) => ({
          name: h,
          in: 'header',
          required: true,
          schema: { type: 'string' },
        })),
        requestBody: { required: true, content: { 'application/json': { schema: ref(name) } } },
        responses: { '200': { description: 'Any 2xx acknowledges the delivery; anything else is retried with backoff.' } },
      },
    };
  }

  return {
    openapi: '3.1.0',
    info: {
      title: 'Billpoint API',
      version: '1.0.0',
      description:
        'The public REST API. Authenticate with `Authorization: Bearer bp_…` (an API key made under Integrations). Every answer carries ' +
        `\`${RateLimitHeaders.limit}\` and \`${RateLimitHeaders.remaining}\`; POSTs accept \`${IDEMPOTENCY_HEADER}\`. Lists take \`limit\` and \`offset\` and answer \`{ object: "list", data, total, limit, offset, nextOffset }\`.`,
    },
    servers: [{ url: serverUrl ?? '/' }],
    security: [{ bearer: [] }],
    components: {
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'bp_ API key' } },
      schemas,
    },
    paths,
    webhooks,
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
