import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  PortalBrandingQuery,
  PortalProfileBody,
  PortalSessionBody,
  PortalSignInBody,
  PortalSignInMessages,
  PortalSlugParams,
} from '@billpoint/proto';
import { Invalid, TooManyRequests } from '@billpoint/kit';
import { portalOf } from '../identity/access.ts';
import { brandingOf, type PortalService } from './portal.service.ts';
import type { PortalSessions } from './portal-sessions.ts';

const noStore = { 'cache-control': 'no-store' } as const;
/** Per client IP: sign-in requests, link exchanges, and everything else of the portal's own routes. */
const SIGN_IN_PER_IP = { max: 20, timeWindow: 60_000 };
const SESSIONS_PER_IP = { max: 20, timeWindow: 60_000 };
const PORTAL_PER_IP = { max: 120, timeWindow: 60_000 };
/** Per e-mail address (whichever IP asks): a mailbox gets at most this many sign-in links. */
const SIGN_IN_PER_EMAIL = { max: 5, timeWindow: 15 * 60_000 };

/**
 * The customer portal's own routes in the gateway: sign-in by an e-mailed link, the portal session, the
 * signed-in customer's profile, the organization's branding. Invoices, statements, receipts and payments are the
 * services' (`portalPrefixes`, forwarded by portal-proxy.ts).
 */
export function portalRoutes(
  app: FastifyInstance,
  o: {
    portal: PortalService;
    sessions: PortalSessions;
    /** PUBLIC_URL: the origin of sign-in links without a verified custom domain; without it, the request's. */
    publicUrl?: string;
  },
) {
  const origin = (req: FastifyRequest) => (o.publicUrl ?? `${req.protocol}://${req.host}`).replace(/\/+$/, '');
  // A second counter beside the route's per-IP one (the route's hook marks the request as limited already, so this
  // one is asked directly): per address, whichever IP asks.
  const perEmail = app.createRateLimit({
    ...SIGN_IN_PER_EMAIL,
    keyGenerator: (req) => {
      const parsed = PortalSignInBody.safeParse(req.body);
      return `portal-sign-in:${parsed.success ? parsed.data.email.toLowerCase() : req.ip}`;
    },
  });
  const emailLimit = async (req: FastifyRequest) => {
    const r = await perEmail(req);
    if (!r.isAllowed && r.isExceeded)
      throw new TooManyRequests(`Too many requests: try again in ${Math.ceil(r.ttlInSeconds / 60)} minutes`);
  };

  app.post(
    '/api/portal/:slug/sign-in',
    {
      config: { permission: 'public', rateLimit: SIGN_IN_PER_IP, contract: { params: PortalSlugParams, body: PortalSignInBody } },
      preHandler: emailLimit,
    },
    async (req, reply) => {
      const { slug } = PortalSlugParams.parse(req.params);
      const { email } = PortalSignInBody.parse(req.body);
      const org = await o.portal.organization(slug, req.hostTenant);
      // Answered before anything about the address is looked up: known or not, the same answer at the same speed.
      void o.portal.signIn(org, email, o.portal.linkOrigin(org.settings, origin(req)));
      return reply.status(202).headers(noStore).send({ message: PortalSignInMessages.sent });
    },
  );

  app.post(
    '/api/portal/sessions',
    { config: { permission: 'public', rateLimit: SESSIONS_PER_IP, contract: { body: PortalSessionBody } } },
    async (req, reply) => {
      const parsed = PortalSessionBody.safeParse(req.body);
      if (!parsed.success) throw new Invalid(PortalSignInMessages.linkInvalid, 'token');
      const s = await o.sessions.start(req, reply, parsed.data.token);
      if (!s || (req.hostTenant && s.tenantId !== req.hostTenant)) {
        if (s) await o.sessions.end(req, reply);
        throw new Invalid(PortalSignInMessages.linkInvalid, 'token');
      }
      return reply.headers(noStore).send(await o.portal.me(s));
    },
  );

  app.post('/api/portal/sign-out', { config: { permission: 'public', rateLimit: PORTAL_PER_IP } }, async (req, reply) => {
    await o.sessions.end(req, reply);
    return reply.status(204).send();
  });

  app.get('/api/portal/me', { config: { permission: 'portal', rateLimit: PORTAL_PER_IP } }, async (req, reply) =>
    reply.headers(noStore).send(await o.portal.me(portalOf(req))),
  );

  app.put(
    '/api/portal/me',
    { config: { permission: 'portal', rateLimit: PORTAL_PER_IP, contract: { body: PortalProfileBody } } },
    async (req, reply) => {
      const body = PortalProfileBody.parse(req.body);
      return reply.headers(noStore).send(await o.portal.updateProfile(portalOf(req), body));
    },
  );

  app.get(
    '/api/portal/branding',
    { config: { permission: 'public', rateLimit: PORTAL_PER_IP, contract: { query: PortalBrandingQuery } } },
    async (req, reply) => {
      const { slug } = PortalBrandingQuery.parse(req.query);
      const org = await o.portal.organization(slug, req.hostTenant);
      return reply.header('cache-control', 'no-cache').send(brandingOf(org.settings));
    },
  );
}
