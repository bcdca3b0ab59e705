import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Pool } from 'undici';
import { AppError, TooManyRequests, Unauthorized, hashApiKey, type Identity, type Logger, type PlanLimits } from '@billpoint/kit';
import {
  API_VERSION_HEADER,
  CURRENT_API_VERSION,
  PUBLIC_API_BASE,
  IDEMPOTENCY_HEADER,
  IDEMPOTENT_REPLAYED_HEADER,
  IntegrationMessages,
  apiAccessMessage,
  checkApiKeyFormat,
  hasScope,
  publicApiRoutes,
  type ApiVersion,
  type ErrorBody,
  type PublicApiRoute,
} from '@billpoint/proto';
import { API_SECURITY_HEADERS } from '../proxy/proxy.routes.ts';
import type { Upstream } from '../proxy/upstreams.ts';
import { type ApiKeyCache, type ApiPrincipal } from './key-cache.ts';
import { parseIdempotencyKey, requestHash, type IdempotencyStore, type StoredAnswer } from './idempotency.ts';
import type { UsageRecorder } from './usage.ts';
import { isApiVersion, type ApiVersions } from './versions.ts';
import { checkInput, withCode } from './v1.input.ts';
import { Headers } from './openapi-parts.ts';
import { LookupBatch } from '../identity/lookup-batch.ts';
import { forward, upstreamFailure } from './v1.forward.ts';

declare module 'fastify' {
  interface FastifyRequest {
    apiKey?: ApiPrincipal;
    apiRoute?: { route: PublicApiRoute; target: string; pool: Pool };
    apiVersion?: ApiVersion;
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

const err = (status: number, code: ConstructorParameters<typeof AppError>[3], message: string) =>
  new AppError(status, message, undefined, code);

/**
 * `/api/v1/*`, the public API. Per call, in this order: the key (`Authorization: Bearer bp_…`, from
 * the key cache: 401 `api_key_invalid`), the key's hourly allowance (one counter per key for every method, HEAD
 * included, shared by every gateway replica: X-RateLimit-* on every answer from here on, 429 with Retry-After), the
 * version (Billpoint-Version, else the organization's pin), the operation (404 `route_unknown`, 405 with Allow), the
 * plan (403 `api_access_not_in_plan`), the scope (403 `scope_missing`), the input (strict: 400 naming the parameter or
 * field, 415), the Idempotency-Key of a POST (claimed only now, so a refused input is never stored), then the owning
 * service's route with an internal token for the key's tenant. Every error answer carries a `code`. One wildcard
 * route, so that one counter per key covers every operation; the operations are the proto table `publicApiRoutes`.
 */
export async function publicApiV1Routes(
  app: FastifyInstance,
  o: {
    upstreams: readonly Upstream[];
    keys: ApiKeyCache;
    /** The tenants' plans (the gateway's own read model): a plan without API access refuses its keys' calls. */
    plans: Pick<PlanLimits, 'grant'>;
    idempotency: IdempotencyStore;
    versions: ApiVersions;
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
    const targetPath = route.target.split('?')[0]!;
    const owner = o.upstreams
      .flatMap((u) => u.prefixes.map((prefix) => ({ u, prefix })))
      .filter(({ prefix }) => targetPath === prefix || targetPath.startsWith(`${prefix}/`))
      .sort((a, b) => b.prefix.length - a.prefix.length)[0];
    if (!owner) return [];
    const pattern = new RegExp(`^${PUBLIC_API_BASE}${route.path.replace(/:id\b/g, '(\\d{1,16})')}$`);
    return [{ route, pattern, pool: poolFor(owner.u.url) }];
  });
  app.addHook('onClose', async () => void (await Promise.all([...pools.values()].map((p) => p.close()))));

  // The tenant's plan, read at every call (a downgrade applies at the next call) — but calls of one tenant that
  // arrive together share one read, which starts after each of them arrived (LookupBatch: never an older answer).
  type Grant = Awaited<ReturnType<typeof o.plans.grant>>;
  const plans = new LookupBatch<string, Grant>(
    async (tenants) => new Map(await Promise.all(tenants.map(async (t) => [t, await o.plans.grant(t)] as const))),
  );

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

  // Every error answer under /api/v1 — the gateway's own, a service's, Fastify's (a body over the limit) — gets its code.
  // A callback hook: it runs on every answer of the gateway and has nothing to wait for.
  app.addHook('onSend', (req, reply, payload, done) => {
    if (reply.statusCode < 400 || typeof payload !== 'string' || !req.url.startsWith(`${PUBLIC_API_BASE}/`)) return done(null, payload);
    if (!String(reply.getHeader('content-type') ?? '').startsWith('application/json')) return done(null, payload);
    let body: ErrorBody;
    try {
      body = JSON.parse(payload) as ErrorBody;
    } catch {
      return done(null, payload);
    }
    if (!body || typeof body !== 'object' || typeof body.statusCode !== 'number') return done(null, payload);
    done(null, JSON.stringify(withCode(body)));
  });

  await app.register(async (scope) => {
    // Bodies are read as bytes: checked as JSON here and passed on exactly as sent.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer' }, (_req, body, done) => done(null, body));
    // The IETF RateLimit fields beside the X-RateLimit ones, from the same counter: the key's policy (its quota per
    // window, in seconds) and what is left of it now. On every answer the limiter counted, a 429 included.
    scope.addHook('onSend', (_req, reply, payload, done) => {
      const quota = reply.getHeader('x-ratelimit-limit');
      if (quota !== undefined) {
        const remaining = Number(reply.getHeader('x-ratelimit-remaining') ?? 0);
        const reset = Number(reply.getHeader('x-ratelimit-reset') ?? 0);
        reply.header(Headers.rateLimitPolicy, `"api-key";q=${Number(quota)};w=${WINDOW_MS / 1000}`);
        reply.header(Headers.rateLimit, `"api-key";r=${remaining};t=${reset}`);
      }
      done(null, payload);
    });
    scope.addHook('onResponse', async (req, reply) => {
      // A call is counted once it arrived whole: a body the client cut short is no call (and writes nothing).
      if (req.apiKey && req.raw.complete) o.usage.record(req, reply);
    });
    const limit = scope.rateLimit({
      keyGenerator: (req: FastifyRequest) => `api-key:${req.apiKey!.tenantId}:${req.apiKey!.keyId}`,
      max: (req: FastifyRequest) => req.apiKey!.rateLimit,
      timeWindow: WINDOW_MS,
      errorResponseBuilder: (_req: FastifyRequest, ctx: { after: string }) => {
        const e = new TooManyRequests(`This API key's rate limit is reached: try again in ${ctx.after}`);
        e.code = 'rate_limited';
        return e;
      },
    });

    scope.route({
      // HEAD listed here, not added by Fastify as a route of its own: it is answered like GET and counted with it.
      method: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
      url: `${PUBLIC_API_BASE}/*`,
      bodyLimit: PUBLIC_API_BODY_LIMIT,
      config: {
        permission: 'public', // no session: the key's own scopes (publicApiRoutes), then the service's route checks them too
        helmet: { skipRoute: true },
        csrf: false, // bearer keys, never cookies: nothing a cross-site page could ride on
      },
      onRequest: async (req, reply) => {
        reply.headers(API_SECURITY_HEADERS);
        reply.header(API_VERSION_HEADER, CURRENT_API_VERSION);
        req.apiKey = await authenticate(o.keys, req.headers.authorization);
        await limit.call(scope, req, reply);
        const asked = req.headers[API_VERSION_HEADER];
        if (asked !== undefined) {
          const v = Array.isArray(asked) ? asked[0] : asked;
          if (!v || !isApiVersion(v)) {
            const e = new AppError(400, `Billpoint-Version must be one of the API's versions (the current one is ${CURRENT_API_VERSION})`, [
              { path: 'Billpoint-Version', message: 'Unknown version' },
            ]);
            e.code = 'api_version_invalid';
            throw e;
          }
          req.apiVersion = v;
        } else req.apiVersion = o.versions.known(req.apiKey.tenantId);
        // An organization's first pin is written by the handler, once the whole request has arrived: a request
        // cut short (or refused before its body) changes nothing.
        if (req.apiVersion) reply.header(API_VERSION_HEADER, req.apiVersion);

        const path = req.url.split('?')[0]!;
        const hits = matchers.filter((m) => m.pattern.test(path));
        if (!hits.length) throw err(404, 'route_unknown', `No public API operation at ${path}`);
        const method = req.method === 'HEAD' ? 'GET' : req.method; // HEAD is answered as GET
        const m = hits.find((h) => h.route.method === method);
        if (!m) {
          reply.header(
            'allow',
            [...new Set(hits.flatMap((h) => (h.route.method === 'GET' ? ['GET', 'HEAD'] : [h.route.method])))].join(', '),
          );
          throw err(405, 'method_not_allowed', `${req.method} is not allowed on ${path}`);
        }
        // Judged at every call from the local read model (no cache): a downgrade applies as soon as its event lands.
        const plan = await plans.get(req.apiKey.tenantId);
        if (plan && !plan.grant.flags.hasApiAccess)
          throw err(403, 'api_access_not_in_plan', apiAccessMessage(plan.grant, plan.trial, 'use the API'));
        if (!hasScope(req.apiKey.scopes, m.route.scope)) throw err(403, 'scope_missing', `This API key lacks the ${m.route.scope} scope`);
        const id = m.pattern.exec(path)![1];
        req.apiRoute = { route: m.route, target: m.route.target.replace(':id', id ?? ''), pool: m.pool };
      },
      handler: async (req, reply) => {
        const { route, target, pool } = req.apiRoute!;
        const key = req.apiKey!;
        const body = Buffer.isBuffer(req.body) ? req.body : undefined;
        if (!req.apiVersion) reply.header(API_VERSION_HEADER, (req.apiVersion = await o.versions.pinned(key.tenantId)));
        const input = checkInput(route, req.query, body, req.headers['content-type']);
        const idemKey = req.method === 'POST' ? parseIdempotencyKey(req.headers[IDEMPOTENCY_HEADER]) : null;
        const path = req.url.split('?')[0]!;
        if (idemKey) {
          const claim = await o.idempotency.claim(
            key.tenantId,
            String(key.keyId),
            idemKey,
            requestHash(req.method, path, input.query, input.json),
          );
          if (claim.kind === 'replay') return send(reply.header(IDEMPOTENT_REPLAYED_HEADER, 'true'), claim.answer);
        }
        let answer: StoredAnswer;
        try {
          answer = await forward(pool, {
            method: req.method === 'HEAD' ? 'GET' : req.method,
            target,
            query: input.query,
            list: route.list ?? false,
            body: route.body ? body : undefined,
            token: tokenFor(key),
            requestId: req.id,
          });
        } catch (e) {
          answer = upstreamFailure(e, o.logger, req.url);
        }
        if (idemKey) await o.idempotency.complete(key.tenantId, idemKey, answer);
        return send(reply, answer);
      },
    });
  });
}

const send = (reply: FastifyReply, a: StoredAnswer) => {
  if (a.statusCode === 503) reply.header('retry-after', '2');
  if (a.headers) reply.headers(a.headers);
  reply.code(a.statusCode);
  if (a.statusCode === 204) return reply.send();
  return reply.type(a.contentType ?? 'application/json; charset=utf-8').send(a.body);
};

/** The key of `Authorization: Bearer bp_…`, or 401 (a malformed key is refused without a lookup). */
async function authenticate(keys: ApiKeyCache, header: string | undefined): Promise<ApiPrincipal> {
  const unauthorized = (message: string) => {
    const e = new Unauthorized(message);
    e.code = 'api_key_invalid';
    return e;
  };
  const m = /^Bearer[ ]+(\S+)$/i.exec(header ?? '');
  if (!m) throw unauthorized('An API key is required: Authorization: Bearer bp_…');
  const format = checkApiKeyFormat(m[1]!);
  if (format !== 'ok') throw unauthorized(format === 'checksum' ? IntegrationMessages.keyChecksum : IntegrationMessages.keyMalformed);
  const p = await keys.get(hashApiKey(m[1]!));
  if (!p) throw unauthorized('This API key is unknown, expired or revoked');
  return p;
}
