import cookie from '@fastify/cookie';
import { createHash } from 'node:crypto';
import {
  createInternalTokenSigner,
  mailerFromConfig,
  planLimits,
  rpcCall,
  type PlanLimits,
  type ServiceContext,
  type ServiceDefinition,
} from '@billpoint/kit';
import {
  ApiKeyEvents,
  ApiKeyEventData,
  BillingLogoOwnedRpc,
  effectiveGrant,
  EventEnvelope,
  IntegrationsApiKeyVerifyRpc,
  PlanChangedData,
  PlanEvents,
} from '@billpoint/proto';
import { serviceRegistry, type ServiceEntry } from '@billpoint/proto/services';
import { gatewayConfigSchema, type Config } from './config.ts';
import { migrations } from './migrations/index.ts';
import { identityEntities } from './modules/identity/identity.entities.ts';
import { IdentityService } from './modules/identity/identity.service.ts';
import { SessionStore } from './modules/identity/session-store.ts';
import { Oidc } from './modules/identity/oidc.ts';
import { authRoutes } from './modules/identity/auth.routes.ts';
import { accessControl } from './modules/identity/access.ts';
import { accountSecurityRoutes } from './modules/identity/account-security.routes.ts';
import { AccountSecurityService } from './modules/identity/account-security.service.ts';
import { SecretBox } from './modules/identity/two-factor.ts';
import { GuessLimits } from './modules/identity/guess-limits.ts';
import { windowCounter } from './modules/identity/window-counter.ts';
import { settingsRoutes } from './modules/settings/settings.routes.ts';
import { MembersService } from './modules/settings/members.service.ts';
import { InvitationsService } from './modules/settings/invitations.service.ts';
import { membersRoutes } from './modules/settings/members.routes.ts';
import { proxyRoutes } from './modules/proxy/proxy.routes.ts';
import { publicRoutes, rateLimiting } from './modules/proxy/public-routes.ts';
import { upstreams } from './modules/proxy/upstreams.ts';
import { defaultWebDist, notFound, webRoutes } from './modules/web/web.routes.ts';
import { appConfigRoutes } from './modules/web/app-config.routes.ts';
import { csrfProtection, securityHeaders } from './modules/web/security.ts';
import { canonicalPaths } from './modules/web/canonical-path.ts';
import { transportGuards } from './modules/web/transport.ts';
import { compression } from './modules/web/compression.ts';
import { ApiKeyCache } from './modules/public-api/key-cache.ts';
import { IdempotencyStore } from './modules/public-api/idempotency.ts';
import { ApiVersions } from './modules/public-api/versions.ts';
import { UsageRecorder } from './modules/public-api/usage.ts';
import { publicApiV1Routes } from './modules/public-api/v1.routes.ts';
import { openApiRoutes } from './modules/public-api/openapi.routes.ts';
import { LiveHub } from './modules/live/live-hub.ts';
import { domainVerificationOf, settingsOf } from './modules/settings/settings-context.ts';
import { appHostsOf, HostDirectory, hostResolution } from './modules/portal/host.ts';
import { PortalSessions } from './modules/portal/portal-sessions.ts';
import { PortalService } from './modules/portal/portal.service.ts';
import { portalRoutes } from './modules/portal/portal.routes.ts';
import { portalProxyRoutes } from './modules/portal/portal-proxy.ts';
import { liveRoutes } from './modules/live/live.routes.ts';

let webBuilt = false;

/** The live notices of each running gateway (its routes stream them, its one subscription feeds them). */
const hubs = new WeakMap<object, LiveHub>();
const hubOf = (ctx: ServiceContext) => {
  let h = hubs.get(ctx);
  if (!h) hubs.set(ctx, (h = new LiveHub({ epoch: LiveHub.epochOf(ctx.bus), bufferSize: (ctx.config as Config).LIVE_BUFFER_SIZE })));
  return h;
};

/** The public API's key cache of each running gateway (its routes read it, its revocation consumer empties it). */
const keyCaches = new WeakMap<object, ApiKeyCache>();
const keyCacheOf = (ctx: ServiceContext) => {
  let c = keyCaches.get(ctx);
  if (!c)
    keyCaches.set(
      ctx,
      (c = new ApiKeyCache({
        resolve: (keyHash) => rpcCall(ctx.bus, IntegrationsApiKeyVerifyRpc, { keyHash }, { timeoutMs: 3_000 }),
      })),
    );
  return c;
};

/** The tenants' plans of each running gateway (the public API refuses keys of a plan without API access). */
const plans = new WeakMap<object, PlanLimits>();
const plansOf = (ctx: ServiceContext) => {
  let p = plans.get(ctx);
  if (!p) plans.set(ctx, (p = planLimits(ctx)));
  return p;
};

/** TRUST_PROXY: `true`, a hop count, or a comma-separated list of addresses/CIDRs (Fastify trustProxy). */
export function parseTrustProxy(v: string | undefined): boolean | number | string[] {
  if (!v || v === 'false') return false;
  if (v === 'true') return true;
  if (/^\d+$/.test(v)) return Number(v);
  return v
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}

/**
 * The gateway (BFF) in front of the services of a registry: identity, sessions, CSRF, security headers, routing
 * to the services (their signed-in prefixes and their public routes), the SPA.
 */
export function createGatewayService(registry: readonly ServiceEntry[]) {
  const configSchema = gatewayConfigSchema(registry);
  return {
    name: 'gateway',
    schema: 'gateway',
    configSchema,
    entities: identityEntities,
    migrations,
    auth: 'none',
    notFound: notFound(() => webBuilt),
    fastifyOptions: (c) => ({ trustProxy: parseTrustProxy(c.TRUST_PROXY) }),
    async routes(app, ctx) {
      const c = ctx.config as Config;
      // Every answer names its request (the id the logs and traces carry), so a caller can quote one call to support.
      app.addHook('onRequest', (req, reply, done) => {
        reply.header('request-id', req.id);
        done();
      });
      // First of the gateway's hooks after that: every rule below (CSRF, public routes, limits, /api/v1, routing) judges the
      // path the router routed, because a path in any other spelling is refused here.
      canonicalPaths(app);
      // Then: Expect: 100-continue, body limits by Content-Length, TRACE/CONNECT — before any other rule.
      transportGuards(app);
      // Brotli/gzip for the answers declared below (JSON, proxied answers); COMPRESSION=off serves every byte as it is.
      const compressed = c.COMPRESSION === 'on';
      if (compressed) await compression(app);
      const https = c.PUBLIC_URL?.startsWith('https:') ?? false;
      // Cookie signing (OIDC flow state) uses a key derived from, never equal to, the internal token key.
      const cookieSecret = createHash('sha256').update(`cookie:${c.INTERNAL_TOKEN_KEY}`).digest('base64url');
      await app.register(cookie, { secret: cookieSecret });
      securityHeaders(app, https);
      csrfProtection(app);
      // Which organization's custom domain the Host is (the portal and pay pages only there; nothing branded on an
      // unknown host). After the security headers: its 404s carry them too.
      const hosts = new HostDirectory({ orm: ctx.orm });
      hostResolution(app, {
        appHosts: appHostsOf(c.PUBLIC_URL, c.APP_HOSTS),
        directory: hosts,
        publicRoutes: registry.flatMap((s) => s.public ?? []),
      });

      const sessions = new SessionStore({
        orm: ctx.orm,
        reader: ctx.reader,
        idleMinutes: c.SESSION_IDLE_MINUTES,
        secureOrigin: https,
        logger: ctx.logger,
        sign: createInternalTokenSigner(c.INTERNAL_TOKEN_KEY),
      });
      const oidc =
        c.OIDC_ISSUER_URL && c.OIDC_CLIENT_ID && c.OIDC_CLIENT_SECRET
          ? new Oidc(
              { issuer: c.OIDC_ISSUER_URL, clientId: c.OIDC_CLIENT_ID, clientSecret: c.OIDC_CLIENT_SECRET, publicUrl: c.PUBLIC_URL },
              ctx.logger,
            )
          : undefined;
      const portalSessions = new PortalSessions({
        orm: ctx.orm,
        secureOrigin: https,
        sign: createInternalTokenSigner(c.INTERNAL_TOKEN_KEY),
      });
      accessControl(app, sessions, portalSessions); // every route's declared permission, before its handler
      // Invitations and account e-mails: SMTP_URL, or .eml files in MAIL_OUTBOX_DIR (the same outbox as billing's).
      const mailer = mailerFromConfig(c, ctx.logger);
      const counters = windowCounter({ redisUrl: c.REDIS_URL, prefix: 'billpoint-guess:', logger: ctx.logger });
      app.addHook('onClose', counters.close);
      const limits = new GuessLimits(counters.counter, { signInFailuresPerIp: c.SIGN_IN_FAILURES_PER_IP, signUpsPerIp: c.SIGN_UPS_PER_IP });
      const security = new AccountSecurityService({
        orm: ctx.orm,
        box: new SecretBox(c.TWO_FACTOR_KEY ?? `derived:${c.INTERNAL_TOKEN_KEY}`),
        mail: (m) => mailer.send(m),
        // Links in e-mails use the configured public address, never the request's Host (a forged Host would otherwise
        // put an attacker's site in the reset link).
        publicUrl: c.PUBLIC_URL ?? `http://localhost:${c.PORT}`,
        logger: ctx.logger,
        limits,
      });
      const identity = new IdentityService(
        ctx.orm,
        () => ctx.relay.nudge(),
        (userId, b) => security.secondFactor(userId, b),
        limits,
      );
      const members = new MembersService(ctx.orm, () => ctx.relay.nudge());
      authRoutes(app, { identity, sessions, oidc, mailer });
      const settings = settingsOf(ctx as ServiceContext, plansOf(ctx as ServiceContext));
      settingsRoutes(app, {
        settings,
        members,
        logoOwned: async (tenantId, key) => (await rpcCall(ctx.bus, BillingLogoOwnedRpc, { tenantId, key }, { timeoutMs: 3_000 })).owned,
        domains: domainVerificationOf(ctx as ServiceContext, plansOf(ctx as ServiceContext)),
        domainChanged: (domain) => hosts.forget(domain),
      });
      const routes = upstreams(c, registry);
      await rateLimiting(app, { redisUrl: c.REDIS_URL, logger: ctx.logger });
      accountSecurityRoutes(app, { sessions, security });
      // After rateLimiting: the public invitation routes are limited per client IP.
      membersRoutes(app, {
        sessions,
        identity,
        members,
        invitations: new InvitationsService({ orm: ctx.orm, mailer, published: () => ctx.relay.nudge(), logger: ctx.logger }),
        publicUrl: c.PUBLIC_URL,
      });
      const upstream = { timeoutMs: c.UPSTREAM_TIMEOUT_MS, logger: ctx.logger };
      // The customer portal: sign-in by link, its session, profile and branding; the services' portal routes.
      portalRoutes(app, {
        portal: new PortalService({
          orm: ctx.orm,
          settings,
          sessions: portalSessions,
          bus: ctx.bus,
          mailer,
          mailFrom: c.MAIL_FROM,
          logger: ctx.logger,
        }),
        sessions: portalSessions,
        publicUrl: c.PUBLIC_URL,
      });
      await portalProxyRoutes(app, { portal: portalSessions, upstreams: routes, ...upstream });
      await publicRoutes(app, routes, upstream);
      await proxyRoutes(app, { sessions, upstreams: routes, ...upstream });
      // The public REST API (/api/v1) for API keys, and its OpenAPI document and reference page.
      const usage = UsageRecorder.onBus(ctx.bus, ctx.logger);
      app.addHook('onClose', () => usage.close());
      await publicApiV1Routes(app, {
        upstreams: routes,
        keys: keyCacheOf(ctx as ServiceContext),
        plans: plansOf(ctx as ServiceContext),
        idempotency: new IdempotencyStore({ root: ctx.orm.em, staleAfterMs: c.UPSTREAM_TIMEOUT_MS + 30_000 }),
        versions: new ApiVersions(ctx.orm.em),
        usage,
        sign: createInternalTokenSigner(c.INTERNAL_TOKEN_KEY),
        ...upstream,
      });
      liveRoutes(app, {
        hub: hubOf(ctx as ServiceContext),
        sessions,
        limits: {
          heartbeatMs: c.LIVE_HEARTBEAT_MS,
          sessionCheckMs: c.LIVE_SESSION_CHECK_MS,
          perSession: c.LIVE_MAX_STREAMS_PER_SESSION,
          perUser: c.LIVE_MAX_STREAMS_PER_USER,
          perTenant: c.LIVE_MAX_STREAMS_PER_TENANT,
        },
        cursorSecret: c.INTERNAL_TOKEN_KEY,
      });
      openApiRoutes(app, { publicUrl: c.PUBLIC_URL });
      appConfigRoutes(app, { maintenanceNotice: c.MAINTENANCE_NOTICE });
      webBuilt = await webRoutes(app, c.WEB_DIST ?? defaultWebDist(), { preCompressed: compressed });
    },
    consumers: async (ctx) => [
      await plansOf(ctx as ServiceContext).start(),
      // Every replica hears every event (its own consumer) and streams the notices to its own open streams.
      await hubOf(ctx as ServiceContext).subscribe(ctx.bus),
      // Every replica hears each revocation (its own consumer) and drops the key from its cache at once.
      await ctx.bus.subscribe({ durable: 'gateway-api-key-revocations', subject: ApiKeyEvents.Revoked, perInstance: true }, async (msg) => {
        const env = EventEnvelope.parse(msg.data);
        keyCacheOf(ctx as ServiceContext).forget(ApiKeyEventData.pick({ id: true }).parse(env.data).id);
      }),
      // A plan change turns white-label's effect on or off: billing hears the organization's settings again.
      await ctx.bus.subscribe({ durable: 'gateway-plan-white-label', subject: PlanEvents.Changed }, async (msg) => {
        const plan = PlanChangedData.parse(EventEnvelope.parse(msg.data).data);
        await settingsOf(ctx as ServiceContext, plansOf(ctx as ServiceContext)).planChanged(
          plan.tenantId,
          effectiveGrant(plan, new Date()).grant,
        );
      }),
    ],
    jobs: (ctx) => [
      {
        name: 'idempotency-keys-purge',
        intervalMs: 3_600_000,
        run: () => new IdempotencyStore({ root: ctx.orm.em, staleAfterMs: 0 }).purgeExpired(),
      },
      {
        // Unverified custom domains: is their TXT record there yet? (Verified ones are checked again once a day.)
        name: 'custom-domain-verification',
        intervalMs: (ctx.config as Config).CUSTOM_DOMAIN_CHECK_INTERVAL_MS,
        run: async () => void (await domainVerificationOf(ctx as ServiceContext, plansOf(ctx as ServiceContext)).run()),
      },
      {
        name: 'portal-sessions-purge',
        intervalMs: 3_600_000,
        run: () =>
          new PortalSessions({
            orm: ctx.orm,
            secureOrigin: false,
            sign: createInternalTokenSigner((ctx.config as Config).INTERNAL_TOKEN_KEY),
          }).purge(),
      },
    ],
  } satisfies ServiceDefinition<typeof configSchema>;
}

/** The gateway of the registered services (proto/src/services.ts). */
export const gatewayService = createGatewayService(serviceRegistry);
