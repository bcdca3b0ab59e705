import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import { Readable } from 'node:stream';
import { DEFAULT_PUBLIC_BODY_LIMIT, type PublicRoute } from '@billpoint/proto/services';
import { AppError, bodyTooLargeMessage } from './errors.ts';

export type { PublicRoute };

declare module 'fastify' {
  interface FastifyRequest {
    /** On a public route only: the request body exactly as received (for signature checks), at most its bodyLimit. */
    rawBody?: Buffer;
  }
  interface FastifyContextConfig {
    /** Set by the kit on a route a public declaration names: no internal token, no identity. */
    publicRoute?: PublicRoute;
  }
}

const matches = (r: PublicRoute, method: string, url: string) =>
  (r.method === method || (r.method === 'GET' && method === 'HEAD')) &&
  (r.path !== undefined ? url === r.path : url === r.prefix || url.startsWith(`${r.prefix}/`));

class PayloadTooLarge extends AppError {
  constructor(limit: number) {
    super(413, bodyTooLargeMessage(limit));
  }
}

/** Reads the body once, bounded, keeps it as `request.rawBody`, and hands the same bytes on to the body parser. */
async function keepRawBody(request: FastifyRequest, limit: number, payload: AsyncIterable<Buffer>) {
  const declared = Number(request.headers['content-length']);
  if (declared > limit) throw new PayloadTooLarge(limit);
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of payload) {
    size += chunk.length;
    if (size > limit) throw new PayloadTooLarge(limit);
    chunks.push(chunk);
  }
  request.rawBody = Buffer.concat(chunks, size);
  return Readable.from([request.rawBody], { objectMode: false });
}

/**
 * Marks the routes the definition declares public (call before the service's routes are added): they skip the
 * internal-token check (see `isPublicRoute`), get the declared bodyLimit, and keep their raw body. Returns a
 * check to run after the routes: every declaration must name a route the service really registered.
 */
export function publicRoutes(app: FastifyInstance, declared: readonly PublicRoute[]) {
  const used = new Set<PublicRoute>();
  app.addHook('onRoute', (route: RouteOptions) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const decl = declared.find((r) => methods.some((m) => matches(r, m, route.url)));
    if (!decl) return;
    if (methods.some((m) => !declared.some((r) => matches(r, m, route.url)) && m !== 'HEAD'))
      throw new Error(`Route ${methods.join(',')} ${route.url} mixes public and non-public methods; declare each or split it`);
    used.add(decl);
    const limit = decl.bodyLimit ?? DEFAULT_PUBLIC_BODY_LIMIT;
    route.config = { ...route.config, publicRoute: decl };
    route.bodyLimit = limit;
    const own = route.preParsing;
    route.preParsing = [
      async (request, _reply, payload) => keepRawBody(request, limit, payload as AsyncIterable<Buffer>),
      ...(own ? (Array.isArray(own) ? own : [own]) : []),
    ];
  });
  return () => {
    const missing = declared.filter((r) => !used.has(r));
    if (missing.length)
      throw new Error(
        `Public routes declared but not registered by the service: ${missing.map((r) => `${r.method} ${r.path ?? `${r.prefix}/*`}`).join(', ')}`,
      );
  };
}

export const isPublicRoute = (request: FastifyRequest) => request.routeOptions.config?.publicRoute !== undefined;
