import type { FastifyInstance } from 'fastify';
import type { ZodType } from 'zod';

/** The proto schemas a route reads its input with: the safety suites generate hostile input from them. */
export interface RouteContract {
  body?: ZodType;
  query?: ZodType;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route's input contract (see RouteContract). */
    contract?: RouteContract;
  }
}

export interface RouteEntry {
  method: string;
  /** As registered, with `:param` placeholders. */
  url: string;
  contract?: RouteContract;
}

const tables = new WeakMap<FastifyInstance, RouteEntry[]>();

/**
 * Records every route registered on `app` from now on (Fastify's onRoute; the automatic HEAD twin of a GET is
 * left out). Test suites enumerate it — the isolation matrix and contract fuzzing cover each route, and a
 * route added later without an entry fails them.
 */
export function captureRoutes(app: FastifyInstance) {
  const list: RouteEntry[] = [];
  tables.set(app, list);
  app.addHook('onRoute', (o) => {
    for (const method of [o.method].flat()) if (method !== 'HEAD') list.push({ method, url: o.url, contract: o.config?.contract });
  });
}

/** The routes recorded by captureRoutes for `app`. */
export const routeTable = (app: FastifyInstance): readonly RouteEntry[] => tables.get(app) ?? [];
