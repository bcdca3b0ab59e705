import { readFileSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { LoginBody, RegisterBody } from '@billpoint/proto';
import { Unauthorized, type Mailer } from '@billpoint/kit';
import type { IdentityService } from './identity.service.ts';
import type { SessionStore } from './session-store.ts';
import type { Oidc } from './oidc.ts';
import { sessionOf } from './access.ts';
import { escapeHtml, returnPathOf } from './return-address.ts';

const asset = (name: string) => readFileSync(new URL(`../../assets/${name}`, import.meta.url));
const LOGIN_HTML = asset('login.html').toString('utf8');
// The page's one slot for the checked return address (see login.js).
const RETURN_SLOT = '%RETURN%';
if (LOGIN_HTML.split(RETURN_SLOT).length !== 2) throw new Error(`login.html must hold ${RETURN_SLOT} exactly once`);
const LOGIN_JS = asset('login.js');
const LOGIN_CSS = asset('login.css');

export function authRoutes(
  app: FastifyInstance,
  // mailer: the gateway's e-mail (account mail such as password resets).
  o: { identity: IdentityService; sessions: SessionStore; oidc?: Oidc; mailer: Mailer },
) {
  const { identity, sessions, oidc } = o;

  /**
   * The sign-in / create-account page, or the OpenID Connect provider when one is configured. `?return=` is judged
   * here, once, by the rule of return addresses: the page (or the flow) only ever receives a path of this site.
   */
  app.get('/api/login', { config: { permission: 'public' } }, async (req, reply) => {
    const back = returnPathOf(req);
    if (oidc) return oidc.start(req, reply, back);
    return reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .send(LOGIN_HTML.replace(RETURN_SLOT, escapeHtml(back)));
  });
  app.get('/api/login/login.js', { config: { permission: 'public' } }, async (_req, reply) =>
    reply.type('text/javascript; charset=utf-8').send(LOGIN_JS),
  );
  app.get('/api/login/login.css', { config: { permission: 'public' } }, async (_req, reply) =>
    reply.type('text/css; charset=utf-8').send(LOGIN_CSS),
  );

  app.get('/api/callback', { config: { permission: 'public' } }, async (req, reply) => {
    if (!oidc) return reply.status(404).send({ statusCode: 404, error: 'Not Found', message: 'OpenID Connect is not configured' });
    const done = await oidc.finish(req, reply);
    if (!done) return reply.redirect('/api/login');
    const s = await identity.oidcLogin(done.claims);
    await sessions.start(req, reply, { userId: s.user.id, tenantId: s.tenantId });
    return reply.redirect(done.returnTo);
  });

  app.post('/api/auth/register', { config: { permission: 'public', contract: { body: RegisterBody } } }, async (req, reply) => {
    const s = await identity.register(RegisterBody.parse(req.body ?? {}), req.ip);
    await sessions.start(req, reply, { userId: s.user.id, tenantId: s.tenantId });
    return reply.status(201).send(s.user);
  });

  app.post('/api/auth/login', { config: { permission: 'public', contract: { body: LoginBody } } }, async (req, reply) => {
    const s = await identity.login(LoginBody.parse(req.body ?? {}), req.ip);
    await sessions.start(req, reply, { userId: s.user.id, tenantId: s.tenantId });
    return s.user;
  });

  // Open while two-factor enrolment is due: the SPA shows who is signed in on the enrolment screen.
  app.get('/api/auth/user', { config: { permission: 'member', twoFactorEnrollment: true } }, async (req, reply) => {
    const s = sessionOf(req);
    const user = await identity.currentUser(s.userId, s.tenantId);
    if (!user) throw new Unauthorized('Unauthorized');
    return reply.header('cache-control', 'no-store').send(user);
  });

  app.post('/api/logout', { config: { permission: 'public' } }, async (req, reply) => {
    await sessions.end(req, reply);
    return reply.header('cache-control', 'no-store').status(204).send();
  });

  /** Browser navigation to /api/logout (the web client's fallback) ends the session and shows sign-in. */
  app.get('/api/logout', { config: { permission: 'public' } }, async (req, reply) => {
    if (req.headers['sec-fetch-site'] !== 'cross-site') await sessions.end(req, reply);
    return reply.header('cache-control', 'no-store').redirect('/api/login');
  });
}
