import type { FastifyInstance } from 'fastify';
import proxy from '@fastify/http-proxy';
import { context, propagation } from '@opentelemetry/api';
import { HOST_TENANT_HEADER, INTERNAL_TOKEN_HEADER } from '@billpoint/proto';
import type { Logger } from '@billpoint/kit';
import { API_SECURITY_HEADERS, HOP_HEADERS, IDENTITY_HEADERS } from '../proxy/proxy.routes.ts';
import { onUpstreamError } from '../proxy/upstream-errors.ts';
import { portalOf } from '../identity/access.ts';
import type { PortalSessions } from './portal-sessions.ts';

/**
 * `/api/portal/<…>` of each service's `portalPrefixes` (proto/src/services.ts) → the owning service, for a customer
 * signed in to the portal only (`permission: 'portal'`), with an internal token whose subject is `portal:<customerId>`.
 * On a custom domain the service also gets the domain's tenant (HOST_TENANT_HEADER), set here over anything sent.
 */
export async function portalProxyRoutes(
  app: FastifyInstance,
  o: {
    portal: PortalSessions;
    upstreams: { name: string; url: string; portalPrefixes?: string[] }[];
    timeoutMs: number;
    logger: Logger;
  },
) {
  await app.register(async (scope) => {
    scope.addHook('onRequest', (_req, reply, done) => {
      void reply.headers(API_SECURITY_HEADERS);
      done();
    });
    for (const u of o.upstreams) {
      for (const prefix of u.portalPrefixes ?? []) {
        await scope.register(proxy, {
          upstream: u.url,
          prefix,
          rewritePrefix: prefix,
          http2: false,
          disableRequestLogging: true,
          destroyAgent: true,
          undici: { connections: 64, pipelining: 1, keepAliveTimeout: 60_000, headersTimeout: o.timeoutMs, bodyTimeout: o.timeoutMs },
          config: { helmet: { skipRoute: true }, permission: 'portal' },
          preHandler: (req, _reply, done) => {
            const ua = req.headers['user-agent'];
            req.internalToken = o.portal.token(portalOf(req), { ip: req.ip, userAgent: typeof ua === 'string' ? ua : null });
            done();
          },
          replyOptions: {
            onError: onUpstreamError(u.name, o.logger),
            rewriteRequestHeaders: (req, headers: Record<string, string | string[] | undefined>) => {
              for (const k in headers)
                if (IDENTITY_HEADERS.test(k) || HOP_HEADERS.test(k) || k.toLowerCase() === HOST_TENANT_HEADER) delete headers[k];
              headers[INTERNAL_TOKEN_HEADER] = (req as { internalToken?: string }).internalToken;
              headers['x-request-id'] = req.id;
              const hostTenant = (req as { hostTenant?: string | null }).hostTenant;
              if (hostTenant) headers[HOST_TENANT_HEADER] = hostTenant;
              propagation.inject(context.active(), headers);
              return headers as never;
            },
          },
        });
      }
    }
  });
}
