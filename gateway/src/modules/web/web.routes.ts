import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import { withDefaultAccess } from '../identity/access.ts';

export const defaultWebDist = () => resolve(import.meta.dirname, '../../../../web/dist');

/**
 * Serves the built SPA: hashed assets cached for a year, index.html never cached. With `preCompressed`, a file's
 * `.br` or `.gz` sibling written by the build (web/tooling/precompress.ts) goes out instead when the client accepts
 * that encoding, with the original's type and caching.
 */
export async function webRoutes(app: FastifyInstance, dist: string, { preCompressed }: { preCompressed: boolean }) {
  if (!existsSync(resolve(dist, 'index.html'))) {
    app.log.warn({ dist }, 'web app not built; run `npm run build -w web`');
    return false;
  }
  // The app's files: anyone may load them.
  await withDefaultAccess(app, 'public', () =>
    app.register(fastifyStatic, {
      root: dist,
      wildcard: false,
      index: ['index.html'],
      preCompressed,
      setHeaders: (reply, path) => {
        reply.header('cache-control', path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    }),
  );
  return true;
}

/** Unknown `/api/*` → 404 JSON; any other GET → index.html (client-side routes, history fallback). */
export function notFound(hasWeb: () => boolean) {
  return (req: FastifyRequest, reply: FastifyReply) => {
    const path = req.url.split('?')[0]!;
    if (path === '/api' || path.startsWith('/api/') || (req.method !== 'GET' && req.method !== 'HEAD')) {
      return reply.status(404).send({ statusCode: 404, error: 'Not Found', message: `No route for ${req.method} ${path}` });
    }
    if (!hasWeb()) return reply.status(404).type('text/plain').send('The web app is not built. Run: npm run build -w web');
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  };
}
