import type { FastifyInstance, RouteOptions } from 'fastify';
import type { z } from 'zod';
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
          publicRoute: route.config?.publicRoute,
          implicitHead: method === 'HEAD' && gets.has(route.url),
        });
      }
    }
  });
}
