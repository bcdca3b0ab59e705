import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyBaseLogger, type FastifyInstance, type FastifyServerOptions } from 'fastify';
import closeWithGrace from 'close-with-grace';
import type { z } from 'zod';
import type { MigrationObject } from '@mikro-orm/core';
import type { MikroORM, EntityManager } from '@mikro-orm/postgresql';
import { loadConfig, type BaseConfig } from './config.ts';
import { createLogger, type Logger } from './logger.ts';
import { Forbidden, PermissionDenied, registerErrorHandling, type NotFoundHandler } from './errors.ts';
import { appDatabaseUrl, createOrm, migrate, tenantEm, type AnyEntitySchema } from './db.ts';
import { kitMigrations } from './migrations.ts';
import { eventOrigin, OutboxMessage, OutboxRelay } from './outbox.ts';
import { StoredFileEntity } from './files.ts';
import { allows, createInternalTokenVerifier, INTERNAL_TOKEN_HEADER, isPortalCall, type Identity } from './auth.ts';
import { createBus } from './bus/index.ts';
import type { Bus, Subscription } from './bus/types.ts';
import { otelPlugin, startTelemetry, stopTelemetry } from './telemetry.ts';
import { TenantReader } from './tenant-reader.ts';
import { isPublicRoute, publicRoutes, type PublicRoute } from './public-routes.ts';
import { DEFAULT_BODY_LIMIT } from '@billpoint/proto/services';
import type { PoolGuard } from './pool-guard.ts';
import { healthRoutes } from './health.ts';
import { captureRouteTable, undeclaredAccess } from './route-table.ts';
import { foldMetadataQuery, isPermission, PortalMessages } from '@billpoint/proto';
import { startJob, type JobDefinition } from './jobs.ts';
import { inputGuard } from './input-guard.ts';
import { closeIdleConnectionsFully } from './http-close.ts';
import { lazyChildLogger, RequestLogController } from './request-log.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set from the verified internal token on every `/api` route; null on public routes (no one vouched for the caller). */
    identity: Identity;
  }
}

/**
 * The largest request body a service reads on a route without its own limit (the registry's `bodyLimits`); the
 * gateway refuses bigger ones itself, so a service never refuses a body mid-upload.
 */
export const SERVICE_BODY_LIMIT = DEFAULT_BODY_LIMIT;

export interface ServiceContext<C extends BaseConfig = BaseConfig> {
  name: string;
  schema: string;
  config: C;
  logger: Logger;
  orm: MikroORM;
  bus: Bus;
  relay: OutboxRelay;
  /** A tenant-scoped EntityManager for reads (RLS context applied to its implicit transactions). */
  em(identity: Pick<Identity, 'tenantId'>): EntityManager;
  /** One-round-trip tenant reads for hot paths (RLS applies exactly as in `tx`). */
  reader: TenantReader;
  /** The guards of this service's connection pools (health, tests). */
  pools(): PoolGuard[];
  /** Runs `fn` in one transaction under the tenant; events added with `addEvent` commit with it. */
  tx<T>(identity: Pick<Identity, 'tenantId'>, fn: (em: EntityManager) => Promise<T>): Promise<T>;
}

export interface ServiceDefinition<S extends z.ZodObject = z.ZodObject> {
  /** Service name (logs, traces, NATS connection name). */
  name: string;
  /** Its own Postgres schema; its runtime role is `<schema>_app`. */
  schema: string;
  configSchema: S;
  entities: AnyEntitySchema[];
  migrations: MigrationObject[];
  /** HTTP routes; every `/api` route has a verified `request.identity`. */
  routes: (app: FastifyInstance, ctx: ServiceContext<z.output<S> & BaseConfig>) => Promise<void> | void;
  /** Bus consumers and responders, started after the routes. */
  consumers?: (ctx: ServiceContext<z.output<S> & BaseConfig>) => Promise<Subscription[]>;
  /** Periodic jobs, each run once per interval across all replicas (jobs.ts); started after the consumers. */
  jobs?: (ctx: ServiceContext<z.output<S> & BaseConfig>) => JobDefinition[];
  /**
   * Routes anyone may call without a session (pay pages, provider webhooks), as the service registry declares
   * them (`publicRoutes: registeredService('<name>').public`): no internal token, `request.identity` stays
   * null, `request.rawBody` holds the exact body bytes. The service registers each at exactly the declared path.
   */
  publicRoutes?: readonly PublicRoute[];
  /**
   * Routes (exact paths) that read bodies larger than SERVICE_BODY_LIMIT, as the registry declares them
   * (`bodyLimits: registeredService('<name>').bodyLimits`): the gateway forwards up to the same limit, so the two
   * always agree. Every path named must be a route the service registers.
   */
  bodyLimits?: Readonly<Record<string, number>>;
  /** Answers requests no route matched (default: 404 JSON). */
  notFound?: NotFoundHandler;
  /** Extra Fastify options from the config (e.g. the gateway's trustProxy). */
  fastifyOptions?: (config: z.output<S> & BaseConfig) => { trustProxy?: boolean | number | string | string[] };
  /** 'internal' (default): every other route needs the gateway's internal token. 'none': the gateway itself. */
  auth?: 'internal' | 'none';
}

export interface StartOptions {
  env?: Record<string, string | undefined>;
  /** A bus shared by several services (the one-process local topology); not closed by this service. */
  bus?: Bus;
  logger?: Logger;
  /** Listen on PORT (default true); tests may use `app.inject` instead. */
  listen?: boolean;
}

export interface RunningService<C extends BaseConfig = BaseConfig> {
  app: FastifyInstance;
  ctx: ServiceContext<C>;
  /** http://host:port once listening. */
  url: string;
  close(): Promise<void>;
}

/** Migrations of a definition: the kit's tables first, then the service's. */
export const allMigrations = (def: Pick<ServiceDefinition, 'schema' | 'migrations'>) => [...kitMigrations(def.schema), ...def.migrations];

export async function runMigrations<S extends z.ZodObject>(
  def: ServiceDefinition<S>,
  env: Record<string, string | undefined> = process.env,
  logger?: Logger,
) {
  const log = logger ?? createLogger(`${def.name}-migrate`, env.LOG_LEVEL);
  const url = env.DATABASE_URL;
  if (!url) throw new Error('Invalid configuration:\n  - DATABASE_URL is missing');
  const applied = await migrate({
    schema: def.schema,
    url,
    entities: [...def.entities, OutboxMessage, StoredFileEntity],
    migrations: allMigrations(def),
    appPassword: env.DATABASE_APP_PASSWORD || undefined,
  });
  log.info({ schema: def.schema, applied }, applied.length ? 'migrations applied' : 'schema up to date');
  return applied;
}

export async function startService<S extends z.ZodObject>(
  def: ServiceDefinition<S>,
  opts: StartOptions = {},
): Promise<RunningService<z.output<S> & BaseConfig>> {
  type C = z.output<S> & BaseConfig;
  const env = opts.env ?? process.env;
  const config = loadConfig(def.configSchema, env) as C;
  const logger = opts.logger ?? createLogger(def.name, config.LOG_LEVEL);
  startTelemetry({ serviceName: config.OTEL_SERVICE_NAME ?? def.name, endpoint: config.OTEL_EXPORTER_OTLP_ENDPOINT });

  if (config.MIGRATE_ON_START) await runMigrations(def, env, logger);

  const appUrl = appDatabaseUrl(def.schema, config.DATABASE_URL, config.DATABASE_APP_URL, config.DATABASE_APP_PASSWORD);
  const reader = new TenantReader(appUrl, { max: config.DATABASE_POOL_MAX, acquireTimeoutMs: config.DATABASE_ACQUIRE_TIMEOUT_MS });
  const pools: PoolGuard[] = [reader.guard];
  const orm = await createOrm({
    schema: def.schema,
    url: appUrl,
    entities: [...def.entities, OutboxMessage, StoredFileEntity],
    poolMax: config.DATABASE_POOL_MAX,
    acquireTimeoutMs: config.DATABASE_ACQUIRE_TIMEOUT_MS,
    onPool: (guard) => pools.push(guard),
    logger,
  });
  const ownBus = !opts.bus;
  const bus = opts.bus ?? (await createBus({ natsUrl: config.NATS_URL, name: def.name, namespace: config.BUS_NAMESPACE, logger }));
  const relay = new OutboxRelay({ orm, schema: def.schema, bus, logger });

  const ctx: ServiceContext<C> = {
    name: def.name,
    schema: def.schema,
    config,
    logger,
    orm,
    bus,
    relay,
    reader,
    pools: () => pools,
    em: (identity) => tenantEm(orm.em, identity),
    async tx(identity, fn) {
      const run = () => tenantEm(orm.em, identity).transactional(fn);
      // A request's identity (with userId) names where its events came from; a bare { tenantId } (jobs) does not.
      const id = identity as Partial<Identity>;
      const result = id.userId
        ? await eventOrigin.run({ tenantId: identity.tenantId, userId: id.userId, ip: id.ip ?? null, userAgent: id.userAgent ?? null }, run)
        : await run();
      relay.nudge();
      return result;
    },
  };

  const app = await buildServiceApp(def, ctx);
  relay.start();
  const subscriptions = (await def.consumers?.(ctx)) ?? [];
  for (const job of def.jobs?.(ctx) ?? []) subscriptions.push(startJob({ orm, schema: def.schema, logger }, job));

  let url = '';
  if (opts.listen !== false) {
    const port = Number(env.PORT ?? 0);
    url = await app.listen({ port, host: config.HOST });
    logger.info({ url }, `${def.name} listening`);
  }

  let closing: Promise<void> | undefined;
  const close = () =>
    (closing ??= (async () => {
      await app.close(); // stops accepting, waits for in-flight requests
      await Promise.allSettled(subscriptions.map((s) => s.stop()));
      await relay.stop();
      if (ownBus) await bus.close();
      await reader.close();
      await orm.close(true);
    })());
  return { app, ctx, url, close };
}

/** The service as a Fastify instance (no listen): error mapping, health, internal-token identity, routes. */
export async function buildServiceApp<S extends z.ZodObject, C extends BaseConfig>(
  def: ServiceDefinition<S>,
  ctx: ServiceContext<C>,
): Promise<FastifyInstance> {
  const app = Fastify({
    loggerInstance: ctx.logger as FastifyBaseLogger,
    // The caller's (a proxy's) id when it is a plain token, so one request keeps one id across the hops; else a new one.
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && /^[A-Za-z0-9._:-]{1,100}$/.test(given) ? given : randomUUID();
    },
    bodyLimit: SERVICE_BODY_LIMIT,
    logController: new RequestLogController(), // one line per request at debug (info when slow), not two at info
    childLoggerFactory: lazyChildLogger, // and no pino child made for a request that writes nothing
    return503OnClosing: true,
    forceCloseConnections: 'idle',
    routerOptions: { ignoreTrailingSlash: true },
    ...(def.fastifyOptions?.(ctx.config as never) as Pick<FastifyServerOptions, 'trustProxy'> | undefined),
  });
  // Idle connections Node's close leaves open (never used; kept alive after a response that ended mid-close).
  closeIdleConnectionsFully(app.server);
  const otel = otelPlugin();
  if (otel) await app.register(otel);
  registerErrorHandling(app, def.notFound);
  captureRouteTable(app); // app.routeTable: every route below, for the safety suites
  // NUL, lone surrogates, absurd nesting: a 400 before any handler. The gateway keeps Fastify's JSON parser (its
  // proxy forwards bodies untouched) but checks what its own routes parse.
  inputGuard(app, { parser: def.auth !== 'none' });
  healthRoutes(app, ctx);

  app.decorateRequest('identity', null as unknown as Identity);
  const checkPublicRoutes = publicRoutes(app, def.publicRoutes ?? []);
  if (def.auth !== 'none') {
    const verify = createInternalTokenVerifier(ctx.config.INTERNAL_TOKEN_KEY);
    const publicPaths = new Set(['/healthz', '/readyz']);
    // A callback hook, not an async one: it runs on every request and has nothing to wait for.
    app.addHook('onRequest', (request, _reply, done) => {
      const q = request.url.indexOf('?');
      if (publicPaths.has(q === -1 ? request.url : request.url.slice(0, q)) || isPublicRoute(request)) return done();
      const token = request.headers[INTERNAL_TOKEN_HEADER];
      const identity = (request.identity = verify(Array.isArray(token) ? token[0] : token));
      // The route's declared permission against the caller's role (proto's ROLE_PERMISSIONS), before any handler.
      const permission = request.routeOptions.config?.permission;
      // Portal routes admit portal sessions only, and a portal session reaches nothing else.
      if (permission === 'portal') return done(isPortalCall(identity) ? undefined : new Forbidden(PortalMessages.portalOnly));
      if (isPortalCall(identity)) return done(new Forbidden(PortalMessages.notForPortal));
      if (isPermission(permission) && !allows(identity, permission)) return done(new PermissionDenied(identity.role, permission, identity));
      done();
    });
  }

  const checkBodyLimits = routeBodyLimits(app, def.bodyLimits ?? {});
  app.addHook('onReady', async () => {
    checkPublicRoutes();
    checkBodyLimits();
  });
  // Every route says who may call it, or the service does not start: a forgotten declaration is found at once.
  app.addHook('onReady', async () => {
    const problems = undeclaredAccess(app.routeTable, def.auth ?? 'internal');
    if (problems.length) throw new Error(`${def.name}: routes without a declared permission:\n  - ${problems.join('\n  - ')}`);
  });
  // A list's `metadata[key]=value` filter arrives as flat bracketed names; its schema reads them as one object.
  app.addHook('preValidation', (request, _reply, done) => {
    if (request.url.includes('metadata') && request.query && typeof request.query === 'object')
      request.query = foldMetadataQuery(request.query as Record<string, unknown>);
    done();
  });
  await def.routes(app, ctx as never);
  return app;
}

/** Gives each route the definition names its body limit; returns a check that every named path is a route. */
function routeBodyLimits(app: FastifyInstance, limits: Readonly<Record<string, number>>) {
  const used = new Set<string>();
  app.addHook('onRoute', (route) => {
    const limit = limits[route.url];
    if (limit === undefined) return;
    used.add(route.url);
    route.bodyLimit = limit;
  });
  return () => {
    const missing = Object.keys(limits).filter((p) => !used.has(p));
    if (missing.length) throw new Error(`bodyLimits name paths the service does not register: ${missing.join(', ')}`);
  };
}

/** The runner of `src/server.ts`: start, then close gracefully on SIGINT/SIGTERM (drain, stop relay, close bus and ORM). */
export async function runService<S extends z.ZodObject>(def: ServiceDefinition<S>): Promise<RunningService> {
  let running: RunningService;
  try {
    running = await startService(def);
  } catch (err) {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  }
  closeWithGrace({ delay: 15_000 }, async ({ signal, err }) => {
    if (err) running.ctx.logger.error({ err }, 'fatal error, shutting down');
    else running.ctx.logger.info({ signal }, 'shutting down');
    await running.close();
    await stopTelemetry(); // flushes the spans still buffered
  });
  return running;
}

/** The runner of `src/migrate.ts` (the Kubernetes migrations Job and compose's migrate step). */
export async function runMigrationsMain<S extends z.ZodObject>(def: ServiceDefinition<S>) {
  try {
    await runMigrations(def);
    process.exit(0);
  } catch (err) {
    console.error(err);
    process.exit(1);
  }
}
