import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import { can, isPermission, type RouteAccess } from '@billpoint/proto';
import { PermissionDenied, Unauthorized } from '@billpoint/kit';
import type { ActiveSession, SessionStore } from './session-store.ts';
import type { PortalSession, PortalSessions } from '../portal/portal-sessions.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in member, on every route that declares a permission or `member` (set by `accessControl`). */
    session: ActiveSession | null;
    /** The signed-in customer, on every route that declares `portal` (set by `accessControl`). */
    portal: PortalSession | null;
  }
  interface FastifyContextConfig {
    /**
     * The route stays open while the organization requires two-factor sign-in and the member has not enrolled yet
     * (what enrolment itself needs: who is signed in, the two-factor status, setup and enable). Every other route
     * that declares a permission or `member` answers 403 `{twoFactorEnrollmentRequired: true}` until then.
     */
    twoFactorEnrollment?: boolean;
  }
}

/**
 * The gateway's side of the permission table: every route of the gateway declares what it admits
 * (`config: { permission }`, proto/src/permissions.ts); for a permission or `member` this hook, before any handler,
 * finds the session (401 without one) and refuses a role without the permission (403 naming it), then hands the
 * session to the handler as `request.session`. While the organization's two-factor rule waits for this member's
 * enrolment, the session store closes every such route but those declaring `twoFactorEnrollment` (403
 * `{twoFactorEnrollmentRequired}`). Proxied routes declare `member`: the owning service checks the permission of its
 * own route. `public` routes get no session lookup at all. `portal` routes (the customer portal) find the
 * portal session instead (its own cookie, `bp_portal`; 401 without one), never a staff session.
 */
export function accessControl(app: FastifyInstance, sessions: SessionStore, portal: PortalSessions) {
  app.decorateRequest('session', null);
  app.decorateRequest('portal', null);
  app.addHook('preHandler', async (req) => {
    const access = req.routeOptions.config?.permission;
    if (access === undefined || access === 'public') return;
    if (access === 'portal') {
      // Only the portal's own cookie: a staff session is no customer's. On a custom domain, only its organization's.
      const p = await portal.get(req);
      if (!p || (req.hostTenant && p.tenantId !== req.hostTenant)) throw new Unauthorized('Sign in to the customer portal');
      req.portal = p;
      return;
    }
    // Staff routes read only the staff cookie (bp_session): a portal session never reaches them.
    const s = await sessions.get(req, { enrolling: req.routeOptions.config.twoFactorEnrollment === true });
    if (!s) throw new Unauthorized('Unauthorized');
    if (isPermission(access) && !can(s.role, access)) throw new PermissionDenied(s.role, access);
    req.session = s;
  });
}

/** The signed-in member of a route that declares a permission or `member` (set by `accessControl`). */
export function sessionOf(req: FastifyRequest): ActiveSession {
  if (!req.session) throw new Unauthorized('Unauthorized');
  return req.session;
}

/** The signed-in customer of a route that declares `portal` (set by `accessControl`). */
export function portalOf(req: FastifyRequest): PortalSession {
  if (!req.portal) throw new Unauthorized('Sign in to the customer portal');
  return req.portal;
}

/**
 * Declares `access` on every route registered while `register` runs that declares none itself: for a plugin whose
 * route options we do not write (the static web app), registered on `app` itself so that its reply decorators stay
 * visible to `app` (the SPA fallback's `sendFile`). Routes registered afterwards are not touched.
 */
export async function withDefaultAccess(app: FastifyInstance, access: RouteAccess, register: () => PromiseLike<unknown>) {
  let active = true;
  app.addHook('onRoute', (route: RouteOptions) => {
    if (active && route.config?.permission === undefined) route.config = { ...route.config, permission: access };
  });
  try {
    await register();
  } finally {
    active = false;
  }
}
