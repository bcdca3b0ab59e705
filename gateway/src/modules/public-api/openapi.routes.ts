import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { PUBLIC_API_BASE } from '@billpoint/proto';
import { openApiDocument } from './openapi.ts';

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
