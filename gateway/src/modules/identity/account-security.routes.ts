import { readFileSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import {
  AccountSecurityMessages,
  ChangePasswordBody,
  ForgotPasswordBody,
  OrganizationSecurity,
  ResetPasswordBody,
  SessionIdParams,
  TwoFactorDisableBody,
  TwoFactorEnableBody,
  type AccountSessions,
} from '@billpoint/proto';
import { NotFound } from '@billpoint/kit';
import { sessionOf } from './access.ts';
import type { SessionStore } from './session-store.ts';
import type { AccountSecurityService } from './account-security.service.ts';
import { describeDevice } from './device.ts';

const asset = (name: string) => readFileSync(new URL(`../../assets/${name}`, import.meta.url), 'utf8');
const RESET_HTML = asset('reset-password.html');
const RESET_JS = asset('reset-password.js');

/** Per client IP, for the routes anyone can call with an e-mail or a token (guessing, mail flooding). */
const PUBLIC_LIMIT = { max: 10, timeWindow: 15 * 60_000 };

/**
 * Account security: password reset (public), change password, two-factor sign-in, the person's sessions
 * and the organization's "require two-factor" rule. Registered after the rate-limit plugin (its per-route limits).
 */
export function accountSecurityRoutes(app: FastifyInstance, o: { sessions: SessionStore; security: AccountSecurityService }) {
  const { sessions, security } = o;
  /** A person's own account: any signed-in member (the access hook finds the session). */
  const MEMBER = { permission: 'member' } as const;
  /** …and open while the organization's two-factor rule waits for this person's enrolment (what enrolment needs). */
  const ENROLLING = { permission: 'member', twoFactorEnrollment: true } as const;

  // ── Password reset (no session) ───────────────────────────────────────────────────────────────────────────────

  app.post(
    '/api/auth/forgot-password',
    { config: { permission: 'public', contract: { body: ForgotPasswordBody }, rateLimit: PUBLIC_LIMIT } },
    async (req, reply) => {
      await security.requestReset(ForgotPasswordBody.parse(req.body ?? {}).email);
      return reply.status(202).header('cache-control', 'no-store').send({ message: AccountSecurityMessages.forgotSent });
    },
  );

  app.post(
    '/api/auth/reset-password',
    { config: { permission: 'public', contract: { body: ResetPasswordBody }, rateLimit: PUBLIC_LIMIT } },
    async (req, reply) => {
      const { userId } = await security.resetPassword(ResetPasswordBody.parse(req.body ?? {}));
      // Whoever had the old password (or a session) is out; the person signs in again, with two-factor if it is on.
      await sessions.endAllOf(userId);
      sessions.clearCookie(reply);
      return reply.status(204).header('cache-control', 'no-store').send();
    },
  );

  /** The page of the e-mailed link: a form for the new password, or "invalid or expired". */
  app.get('/reset-password/:token', { config: { permission: 'public', rateLimit: PUBLIC_LIMIT } }, async (req, reply) => {
    const { token } = req.params as { token: string };
    // Not a link we e-mail at all (another spelling, a truncated copy): no page, as for any unknown path.
    if (!/^[A-Za-z0-9_-]{43}$/.test(token)) return reply.callNotFound();
    const valid = await security.resetTokenValid(token);
    return (
      reply
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        // The token is in the path: no Referer carries it anywhere.
        .header('referrer-policy', 'no-referrer')
        .send(valid ? RESET_HTML : RESET_HTML.replace('data-state="form"', 'data-state="invalid"'))
    );
  });
  app.get('/api/login/reset-password.js', { config: { permission: 'public' } }, async (_req, reply) =>
    reply.type('text/javascript; charset=utf-8').send(RESET_JS),
  );

  // ── Signed in ─────────────────────────────────────────────────────────────────────────────────────────────────

  app.post('/api/auth/change-password', { config: { ...MEMBER, contract: { body: ChangePasswordBody } } }, async (req, reply) => {
    const s = sessionOf(req);
    await security.changePassword(s.userId, ChangePasswordBody.parse(req.body ?? {}), { ip: req.ip, session: s.idHash });
    await sessions.endAllOf(s.userId, s.idHash);
    return reply.status(204).send();
  });

  app.get('/api/auth/two-factor', { config: ENROLLING }, async (req, reply) => {
    const s = sessionOf(req);
    return reply.header('cache-control', 'no-store').send(await security.status(s.userId, s.tenantId));
  });

  app.post('/api/auth/two-factor/setup', { config: ENROLLING }, async (req, reply) => {
    const s = sessionOf(req);
    return reply.header('cache-control', 'no-store').send(await security.setup(s.userId));
  });

  app.post('/api/auth/two-factor/enable', { config: { ...ENROLLING, contract: { body: TwoFactorEnableBody } } }, async (req, reply) => {
    const s = sessionOf(req);
    const codes = await security.enable(s.userId, TwoFactorEnableBody.parse(req.body ?? {}).code);
    return reply.header('cache-control', 'no-store').send(codes);
  });

  app.post('/api/auth/two-factor/disable', { config: { ...MEMBER, contract: { body: TwoFactorDisableBody } } }, async (req, reply) => {
    const s = sessionOf(req);
    await security.disable(s.userId, s.tenantId, TwoFactorDisableBody.parse(req.body ?? {}), { ip: req.ip, session: s.idHash });
    return reply.status(204).send();
  });

  app.get('/api/auth/sessions', { config: MEMBER }, async (req, reply) => {
    const s = sessionOf(req);
    const body: AccountSessions = {
      sessions: (await sessions.list(s.userId)).map((r) => ({
        id: r.id,
        device: describeDevice(r.user_agent),
        ip: r.ip,
        organization: r.organization,
        createdAt: new Date(r.created_at).toISOString(),
        lastSeenAt: new Date(r.last_seen_at).toISOString(),
        current: r.id_hash === s.idHash,
      })),
    };
    return reply.header('cache-control', 'no-store').send(body);
  });

  app.delete('/api/auth/sessions/others', { config: MEMBER }, async (req, reply) => {
    const s = sessionOf(req);
    await sessions.endAllOf(s.userId, s.idHash);
    return reply.status(204).send();
  });

  /** Ends one of the person's sessions (this one too: its cookie is cleared). */
  app.delete('/api/auth/sessions/:id', { config: MEMBER }, async (req, reply) => {
    const s = sessionOf(req);
    const p = SessionIdParams.safeParse(req.params);
    const ended = p.success ? await sessions.endOne(s.userId, p.data.id) : null;
    if (!ended) throw new NotFound('No such session');
    if (ended.idHash === s.idHash) sessions.clearCookie(reply);
    return reply.status(204).send();
  });

  // ── The organization's rule ───────────────────────────────────────────────────────────────────────────────────

  app.get('/api/organization/security', { config: { permission: 'organization.read' } }, async (req, reply) => {
    const s = sessionOf(req);
    const body: OrganizationSecurity = { requireTwoFactor: await security.organizationRequiresTwoFactor(s.tenantId) };
    return reply.header('cache-control', 'no-store').send(body);
  });

  app.put(
    '/api/organization/security',
    { config: { permission: 'organization.manage', contract: { body: OrganizationSecurity } } },
    async (req, reply) => {
      const s = sessionOf(req);
      const b = OrganizationSecurity.parse(req.body ?? {});
      await security.setOrganizationRequiresTwoFactor(s.tenantId, s.userId, b.requireTwoFactor);
      return reply.header('cache-control', 'no-store').send(b);
    },
  );
}
