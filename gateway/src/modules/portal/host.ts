import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { MikroORM } from '@mikro-orm/postgresql';
import { LRUCache } from 'lru-cache';
import type { PublicRoute } from '@billpoint/proto/services';

declare module 'fastify' {
  interface FastifyRequest {
    /**
     * The organization whose verified custom domain the request's Host is (set by `hostResolution`); null on the app's
     * own hosts and on unknown ones.
     */
    hostTenant: string | null;
    /** `app`: one of the app's own hosts; `custom`: an organization's verified domain; `unknown`: neither. */
    hostKind: 'app' | 'custom' | 'unknown';
  }
}

/** `Example.COM:8443` → `example.com`; `[::1]:8080` → `[::1]`. */
export function hostnameOf(host: string | undefined): string {
  const h = (host ?? '').trim().toLowerCase();
  if (h.startsWith('[')) return h.slice(0, h.indexOf(']') + 1);
  return h.replace(/:\d*$/, '').replace(/\.$/, '');
}

/** The app's own hosts: PUBLIC_URL's, localhost, 127.0.0.1, [::1], and APP_HOSTS (comma-separated). */
export function appHostsOf(publicUrl: string | undefined, appHosts: string | undefined): Set<string> {
  const hosts = new Set(['localhost', '127.0.0.1', '[::1]']);
  if (publicUrl) hosts.add(hostnameOf(new URL(publicUrl).host));
  for (const h of (appHosts ?? '').split(',')) if (h.trim()) hosts.add(hostnameOf(h));
  return hosts;
}

/** Which organization's verified custom domain a host is; answers cached for a short while (a new verification shows within it). */
export class HostDirectory {
  readonly #orm: MikroORM;
  readonly #cache: LRUCache<string, { tenantId: string | null }>;
  constructor(o: { orm: MikroORM; ttlMs?: number }) {
    this.#orm = o.orm;
    this.#cache = new LRUCache({ max: 10_000, ttl: o.ttlMs ?? 15_000 });
  }

  async tenantOf(host: string): Promise<string | null> {
    const hit = this.#cache.get(host);
    if (hit) return hit.tenantId;
    const [row] = await this.#orm.em
      .getConnection()
      .execute<{ organization_id: string }[]>(
        `select organization_id from gateway.organization_settings where lower(custom_domain) = ? and custom_domain_verified_at is not null`,
        [host],
      );
    const tenantId = row?.organization_id ?? null;
    this.#cache.set(host, { tenantId });
    return tenantId;
  }

  /** Forgets what is known of `host` (its verification changed on this replica). */
  forget(host: string | null) {
    if (host) this.#cache.delete(host.toLowerCase());
  }
}

/** Pages of the portal and the pay pages (served on a custom domain; 404 on an unknown host). */
const PORTAL_PAGES = /^\/(portal|pay|payment|quote)(\/|$)/;
/** What a custom domain serves besides those pages: the SPA's files and the APIs those pages call. */
const CUSTOM_DOMAIN_FILES = /^\/(assets\/|favicon\.svg$|index\.html$)/;
const CUSTOM_DOMAIN_APIS = /^\/api\/(portal(\/|$)|logos\/|config$)/;
/** Routes that belong to one organization's customers: never answered on a host that is neither the app's nor a verified domain. */
const BRANDED = /^\/(portal|pay|payment|quote)(\/|$)|^\/api\/portal(\/|$)|^\/api\/logos\//;

const notFoundBody = (path: string, method: string) => ({ statusCode: 404, error: 'Not Found', message: `No route for ${method} ${path}` });

/**
 * Resolves each request's Host (lowercased, port stripped). On an organization's verified custom domain only the
 * portal, the pay and quote pages, the app's files and the APIs those pages use answer (no staff sign-in on a
 * customer's domain), `/` leads to the portal, and the request carries its tenant (`hostTenant`). On a host that is
 * neither the app's nor a verified domain, the portal, pay and branding routes answer 404.
 */
export function hostResolution(
  app: FastifyInstance,
  o: { appHosts: Set<string>; directory: HostDirectory; publicRoutes: readonly PublicRoute[] },
) {
  // The services' public pay and quote routes (not a provider's webhook, which has no business on a customer's domain).
  const publicPaths = o.publicRoutes.filter((r) => r.csrf !== false).map((r) => (r.path ?? r.prefix)!);
  const isPublicRoute = (req: FastifyRequest) => {
    const url = req.routeOptions.url;
    return url !== undefined && publicPaths.some((p) => url === p || url.startsWith(`${p}/`));
  };
  app.decorateRequest('hostTenant', null);
  app.decorateRequest('hostKind', 'app');
  // A callback hook: a request to the app's own host (nearly all of them) has nothing to wait for.
  app.addHook('onRequest', (req, reply, done) => {
    const host = hostnameOf(req.host);
    if (o.appHosts.has(host)) return done();
    otherHost(req, reply, host).then((answered) => void (answered ? undefined : done()), done);
  });
  /** True when it answered the request itself. */
  const otherHost = async (req: FastifyRequest, reply: FastifyReply, host: string): Promise<boolean> => {
    const tenantId = host ? await o.directory.tenantOf(host) : null;
    const path = req.url.split('?')[0]!;
    if (!tenantId) {
      req.hostKind = 'unknown';
      if (!BRANDED.test(path) && !isPublicRoute(req)) return false;
      void reply.status(404).send(notFoundBody(path, req.method));
      return true;
    }
    req.hostKind = 'custom';
    req.hostTenant = tenantId;
    if (path === '/' && (req.method === 'GET' || req.method === 'HEAD')) {
      void reply.redirect('/portal', 302);
      return true;
    }
    if (PORTAL_PAGES.test(path) || CUSTOM_DOMAIN_FILES.test(path) || CUSTOM_DOMAIN_APIS.test(path) || isPublicRoute(req)) return false;
    void reply.status(404).send(notFoundBody(path, req.method));
    return true;
  };
}
