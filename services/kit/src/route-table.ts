import type { FastifyInstance, RouteOptions } from 'fastify';
import type { z } from 'zod';
import { isPermission, type RouteAccess } from '@billpoint/proto';
import type { PublicRoute } from './public-routes.ts';

/**
 * The proto schemas a route parses, declared on the route (`app.post(url, { config: { contract: { body } } }, …)`).
 * The handler still parses with the same schema; the declaration is what the safety suites (the isolation matrix,
 * the contract fuzzer) read, so the route → schema mapping lives in one place: beside the route.
 */
export interface RouteContract {
  body?: z.ZodType;
  query?: z.ZodType;
  params?: z.ZodType;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    contract?: RouteContract;
    /**
     * Who may call the route (proto/src/permissions.ts): the permission a member's role needs, `member` (any signed-in
     * member) or `public`. Every route declares it; a service's routes other than its registry-declared public ones
     * need a permission or `member`. The kit refuses a role without the permission with a 403 naming it.
     */
    permission?: RouteAccess;
  }
  interface FastifyInstance {
    /** Every route this instance registered, in registration order (see `captureRouteTable`). */
    routeTable: readonly RouteTableEntry[];
  }
}

export interface RouteTableEntry {
  method: string;
  url: string;
  contract?: RouteContract;
  /** What the route admits, as declared (see FastifyContextConfig.permission). */
  permission?: RouteAccess;
  /** Set when the service declares this route public (no session, no identity). */
  publicRoute?: PublicRoute;
  /** A HEAD route Fastify added by itself for a GET route of the same url. */
  implicitHead: boolean;
}

/**
 * Records every route added to `app` (and its child plugins) from now on, exposed as `app.routeTable`. Reads the
 * route's config once the app is ready, so what later onRoute hooks set (the public-route marking) is seen too.
 */
export function captureRouteTable(app: FastifyInstance) {
  const seen: RouteOptions[] = [];
  const table: RouteTableEntry[] = [];
  app.decorate('routeTable', table);
  app.addHook('onRoute', (route) => void seen.push(route));
  app.addHook('onReady', async () => {
    const gets = new Set<string>();
    for (const route of seen) {
      for (const method of Array.isArray(route.method) ? route.method : [route.method]) {
        if (method === 'GET') gets.add(route.url);
        table.push({
          method,
          url: route.url,
          contract: route.config?.contract,
          permission: route.config?.permission,
          publicRoute: route.config?.publicRoute,
          implicitHead: method === 'HEAD' && gets.has(route.url),
        });
      }
    }
  });
}

/** Kit routes every workload has; they need no declaration. */
const HEALTH = new Set(['/healthz', '/readyz']);

/**
 * Lines naming each route whose access is not declared as it must be; empty when every route declares it. With
 * `identity: 'internal'` (a service behind the gateway) a route needs a permission or `member`, unless the registry
 * declares it public; the gateway's own routes (`identity: 'none'`) may also say `public`.
 */
export function undeclaredAccess(table: readonly RouteTableEntry[], identity: 'internal' | 'none'): string[] {
  const problems: string[] = [];
  for (const r of table) {
    if (HEALTH.has(r.url) || r.implicitHead || r.publicRoute) continue;
    const p = r.permission;
    const ok = isPermission(p) || p === 'member' || p === 'portal' || (p === 'public' && identity === 'none');
    if (!ok)
      problems.push(
        p === 'public'
          ? `${r.method} ${r.url} says public: declare it in the service registry (proto/src/services.ts) instead`
          : `${r.method} ${r.url} declares no permission: add config: { permission: '<one of proto/src/permissions.ts>' }`,
      );
  }
  return problems;
}
