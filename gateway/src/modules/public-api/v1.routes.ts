import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Pool } from 'undici';
import { context, propagation } from '@opentelemetry/api';
import {
  AppError,
  Forbidden,
  NotFound,
  TooManyRequests,
  Unauthorized,
  hashApiKey,
  type Identity,
  type Logger,
  type PlanLimits,
} from '@billpoint/kit';
import {
  INTERNAL_TOKEN_HEADER,
  PUBLIC_API_BASE,
  TOTAL_COUNT_HEADER,
  IDEMPOTENCY_HEADER,
  IDEMPOTENT_REPLAYED_HEADER,
  IntegrationMessages,
  apiAccessMessage,
  checkApiKeyFormat,
  hasScope,
  publicApiRoutes,
  type PublicApiRoute,
} from '@billpoint/proto';
import { API_SECURITY_HEADERS } from '../proxy/proxy.routes.ts';
import { upstreamStatus } from '../proxy/upstream-errors.ts';
import type { Upstream } from '../proxy/upstreams.ts';
import { type ApiKeyCache, type ApiPrincipal } from './key-cache.ts';
import { parseIdempotencyKey, requestHash, type IdempotencyStore, type StoredAnswer } from './idempotency.ts';
import type { UsageRecorder } from './usage.ts';

declare module 'fastify' {
  interface FastifyRequest {
    apiKey?: ApiPrincipal;
    apiRoute?: { route: PublicApiRoute; target: string; pool: Pool };
  }
}

/** Largest body of a public API call. */
export const PUBLIC_API_BODY_LIMIT = 1024 * 1024;
const WINDOW_MS = 3_600_000;

interface Matcher {
  route: PublicApiRoute;
  pattern: RegExp;
  pool: Pool;
}

/**
 * `/api/v1/*` (areas §7 public API): `Authorization: Bearer bp_…` checked against the key cache (no round trip
 * while the key is cached), the tenant's plan (403 without API access), the route's scope (403 naming it), a per-key
 * hourly limit shared by every route and every gateway replica (X-RateLimit-* headers, 429 with Retry-After),
 * Idempotency-Key on POST, then the owning service's own route with an internal token for the key's tenant. One wildcard route, so that one counter per key
 * covers every endpoint; the endpoints themselves are the proto table `publicApiRoutes`.
 */
export async function publicApiV1Routes(
  app: FastifyInstance,
  o: {
    upstreams: readonly Upstream[];
    keys: ApiKeyCache;
    /** The tenants' plans (the gateway's own read model): a plan without API access refuses its keys' calls. */
    plans: Pick<PlanLimits, 'grant'>;
    idempotency: IdempotencyStore;
    usage: UsageRecorder;
    sign: (id: Identity) => string;
    timeoutMs: number;
    logger: Logger;
  },
) {
  const pools = new Map<string, Pool>();
  const poolFor = (url: string) => {
    let p = pools.get(url);
    if (!p) {
      p = new Pool(url, {
        connections: 128,
        pipelining: 1,
        keepAliveTimeout: 60_000,
        headersTimeout: o.timeoutMs,
        bodyTimeout: o.timeoutMs,
      });
      pools.set(url, p);
    }
    return p;
  };
  // A route whose service is not in this gateway's registry (a test's own registry) is left out: 404.
  const matchers: Matcher[] = publicApiRoutes.flatMap((route) => {
    const owner = o.upstreams
      .flatMap((u) => u.prefixes.map((prefix) => ({ u, prefix })))
      .filter(({ prefix }) => route.target === prefix || route.target.startsWith(`${prefix}/`))
      .sort((a, b) => b.prefix.length - a.prefix.length)[0];
    if (!owner) return [];
    const pattern = new RegExp(`^${PUBLIC_API_BASE}${route.path.replace(/:id\b/g, '(\\d{1,15})')}$`);
    return [{ route, pattern, pool: poolFor(owner.u.url) }];
  });
  app.addHook('onClose', async () => void (await Promise.all([...pools.values()].map((p) => p.close()))));

  // Internal tokens per key, reused while they have 20 s of life left (as sessions do).
  const tokens = new Map<number, { token: string; until: number }>();
  const tokenFor = (p: ApiPrincipal) => {
    const t = tokens.get(p.keyId);
    if (t && t.until - Date.now() > 20_000) return t.token;
    const token = o.sign({ tenantId: p.tenantId, userId: `api-key:${p.keyId}`, role: 'user', scopes: p.scopes });
    if (tokens.size > 10_000) tokens.clear();
    tokens.set(p.keyId, { token, until: Date.now() + 60_000 });
    return token;
  };

  await app.register(async (scope) => {
    // Bodies are read as bytes: hashed for Idempotency-Key and passed on exactly as sent.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer' }, (_req, body, done) => done(null, body));
    scope.addHook('onResponse', async (req, reply) => {
      if (req.apiKey) o.usage.record(req, reply);
    });

    scope.route({
      // HEAD listed here, not added by Fastify as a route of its own: so it counts against the key's one limit.
      method: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
      url: `${PUBLIC_API_BASE}/*`,
      bodyLimit: PUBLIC_API_BODY_LIMIT,
      config: {
        permission: 'public', // no session: the key's own scopes (publicApiRoutes), then the service's route as 'user'
        helmet: { skipRoute: true },
        csrf: false, // bearer keys, never cookies: nothing a cross-site page could ride on
        rateLimit: {
          hook: 'preHandler',
          groupId: 'api-v1',
          keyGenerator: (req: FastifyRequest) => `key:${req.apiKey!.tenantId}:${req.apiKey!.keyId}`,
          max: (req: FastifyRequest) => req.apiKey!.rateLimit,
          timeWindow: WINDOW_MS,
          errorResponseBuilder: (_req: FastifyRequest, ctx: { after: string }) =>
            new TooManyRequests(`This API key's rate limit is reached: try again in ${ctx.after}`),
        },
      },
      onRequest: async (req, reply) => {
        reply.headers(API_SECURITY_HEADERS);
        const path = req.url.split('?')[0]!;
        const hits = matchers.filter((m) => m.pattern.test(path));
        if (!hits.length) throw new NotFound(`No public API route ${path}`);
        const method = req.method === 'HEAD' ? 'GET' : req.method; // Fastify answers HEAD with the GET handler
        const m = hits.find((h) => h.route.method === method);
        if (!m) {
          reply.header('allow', hits.map((h) => h.route.method).join(', '));
          throw new AppError(405, `${req.method} is not allowed on ${path}`);
        }
        req.apiKey = await authenticate(o.keys, req.headers.authorization);
        // Judged at every call from the local read model (no cache): a downgrade applies as soon as its event lands.
        const plan = await o.plans.grant(req.apiKey.tenantId);
        if (plan && !plan.grant.flags.hasApiAccess) throw new Forbidden(apiAccessMessage(plan.grant, plan.trial, 'use the API'));
        if (!hasScope(req.apiKey.scopes, m.route.scope)) throw new Forbidden(`This API key lacks the ${m.route.scope} scope`);
        const id = m.pattern.exec(path)![1];
        req.apiRoute = { route: m.route, target: m.route.target.replace(':id', id ?? ''), pool: m.pool };
      },
      handler: async (req, reply) => {
        const { route, target, pool } = req.apiRoute!;
        const key = req.apiKey!;
        const body = Buffer.isBuffer(req.body) ? req.body : undefined;
        const search = req.url.includes('?') ? req.url.slice(req.url.indexOf('?')) : '';
        const idemKey = req.method === 'POST' ? parseIdempotencyKey(req.headers[IDEMPOTENCY_HEADER]) : null;
        if (idemKey) {
          const claim = await o.idempotency.claim(key.tenantId, String(key.keyId), idemKey, requestHash(req.method, req.url, body));
          if (claim.kind === 'replay') return send(reply.header(IDEMPOTENT_REPLAYED_HEADER, 'true'), claim.answer);
        }
        let answer: StoredAnswer;
        try {
          answer = await forward(pool, {
            method: req.method === 'HEAD' ? 'GET' : req.method,
            path: target + search,
            body,
            contentType: req.headers['content-type'],
            token: tokenFor(key),
            requestId: req.id,
            list: route.list ?? false,
            query: req.query as Record<string, unknown>,
          });
        } catch (err) {
          const status = upstreamStatus(err);
          o.logger[status === 500 ? 'error' : 'warn']({ err, url: req.url }, 'public API upstream failed');
          answer = {
            statusCode: status,
            contentType: 'application/json; charset=utf-8',
            body: JSON.stringify({
              statusCode: status,
              error: status === 504 ? 'Gateway Timeout' : status === 503 ? 'Service Unavailable' : 'Internal Server Error',
              message:
                status === 504
                  ? 'The service took too long to answer. Please try again.'
                  : 'The service is temporarily unavailable. Please try again in a moment.',
            }),
          };
        }
        if (idemKey) await o.idempotency.complete(key.tenantId, String(key.keyId), idemKey, answer);
        return send(reply, answer);
      },
    });
  });
}

const send = (reply: FastifyReply, a: StoredAnswer) => {
  if (a.statusCode === 503) reply.header('retry-after', '2');
  return reply
    .code(a.statusCode)
    .type(a.contentType ?? 'application/json; charset=utf-8')
    .send(a.body);
};

/** The key of `Authorization: Bearer bp_…`, or 401 (a malformed key is refused without a lookup). */
async function authenticate(keys: ApiKeyCache, header: string | undefined): Promise<ApiPrincipal> {
  const m = /^Bearer[ ]+(\S+)$/i.exec(header ?? '');
  if (!m) throw new Unauthorized('An API key is required: Authorization: Bearer bp_…');
  const format = checkApiKeyFormat(m[1]!);
  if (format !== 'ok') throw new Unauthorized(format === 'checksum' ? IntegrationMessages.keyChecksum : IntegrationMessages.keyMalformed);
  const p = await keys.get(hashApiKey(m[1]!));
  if (!p) throw new Unauthorized('This API key is unknown, expired or revoked');
  return p;
}

async function forward(
  pool: Pool,
  r: {
    method: string;
    path: string;
    body?: Buffer;
    contentType?: string;
    token: string;
    requestId: string;
    list: boolean;
    query: Record<string, unknown>;
  },
): Promise<StoredAnswer> {
  // Built from scratch: nothing of the client's (its `expect`, its connection headers) is forwarded.
  const headers: Record<string, string> = {
    accept: 'application/json',
    [INTERNAL_TOKEN_HEADER]: r.token,
    'x-request-id': r.requestId,
  };
  if (r.body) headers['content-type'] = r.contentType ?? 'application/json';
  propagation.inject(context.active(), headers);
  const res = await pool.request({ method: r.method as 'GET', path: r.path, headers, body: r.body });
  const text = await res.body.text();
  const contentType = (res.headers['content-type'] as string | undefined) ?? null;
  if (!r.list || res.statusCode !== 200) return { statusCode: res.statusCode, contentType, body: text };
  const data = JSON.parse(text) as unknown[];
  const total = Number(res.headers[TOTAL_COUNT_HEADER] ?? data.length);
  const limit = Number(r.query.limit ?? 500);
  const offset = Number(r.query.offset ?? 0);
  const next = offset + data.length < total ? offset + data.length : null;
  return {
    statusCode: 200,
    contentType: 'application/json; charset=utf-8',
    body: JSON.stringify({ object: 'list', data, total, limit, offset, nextOffset: next }),
  };
}
