import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  AcceptInvitationBody,
  CreateInvitationBody,
  SwitchOrganizationBody,
  TransferOwnershipBody,
  UpdateMemberBody,
  type Invitations,
  type OrganizationMembers,
  type UserOrganizations,
} from '@billpoint/proto';
import { NotFound } from '@billpoint/kit';
import type { SessionStore } from '../identity/session-store.ts';
import { sessionOf } from '../identity/access.ts';
import type { IdentityService } from '../identity/identity.service.ts';
import type { MembersService } from './members.service.ts';
import type { InvitationsService } from './invitations.service.ts';

const IdParams = z.object({ id: z.uuid() });
const UserParams = z.object({ userId: z.uuid() });
const TokenParams = z.object({ token: z.string().max(200) });
/** The public invitation routes: per client IP, like the services' public routes. */
const PUBLIC_RATE_LIMIT = { max: 30, timeWindow: 60_000 };

/**
 * Members, invitations and the organizations of the signed-in person. Each route declares its permission
 * (members.manage for invitations and member changes, `member` for the person's own organizations, `public` for the
 * invitation's link); the access hook checks it before the handler. The tenant is always the session's;
 * ids in the path are looked up inside it (another organization's id is 404).
 */
export function membersRoutes(
  app: FastifyInstance,
  o: {
    sessions: SessionStore;
    identity: IdentityService;
    members: MembersService;
    invitations: InvitationsService;
    /** PUBLIC_URL: the origin of the links in e-mails; without it, the request's. */
    publicUrl?: string;
  },
) {
  const origin = (req: FastifyRequest) => (o.publicUrl ?? `${req.protocol}://${req.host}`).replace(/\/+$/, '');
  const noStore = { 'cache-control': 'no-store' };

  app.get('/api/organization/invitations', { config: { permission: 'members.manage' } }, async (req, reply) => {
    const s = sessionOf(req);
    const body: Invitations = { invitations: await o.invitations.list(s.tenantId) };
    return reply.headers(noStore).send(body);
  });

  app.post(
    '/api/organization/invitations',
    { config: { permission: 'members.manage', contract: { body: CreateInvitationBody } } },
    async (req, reply) => {
      const s = sessionOf(req);
      const b = CreateInvitationBody.parse(req.body ?? {});
      return reply
        .status(201)
        .headers(noStore)
        .send(await o.invitations.create(s.tenantId, s.userId, b, origin(req)));
    },
  );

  app.delete('/api/organization/invitations/:id', { config: { permission: 'members.manage' } }, async (req, reply) => {
    const s = sessionOf(req);
    const p = IdParams.safeParse(req.params);
    if (!p.success) throw new NotFound('Invitation not found');
    await o.invitations.revoke(s.tenantId, s.userId, p.data.id);
    return reply.status(204).send();
  });

  app.post('/api/organization/invitations/:id/resend', { config: { permission: 'members.manage' } }, async (req, reply) => {
    const s = sessionOf(req);
    const p = IdParams.safeParse(req.params);
    if (!p.success) throw new NotFound('Invitation not found');
    return reply.headers(noStore).send(await o.invitations.resend(s.tenantId, s.userId, p.data.id, origin(req)));
  });

  app.patch(
    '/api/organization/members/:userId',
    { config: { permission: 'members.manage', contract: { body: UpdateMemberBody } } },
    async (req, reply) => {
      const s = sessionOf(req);
      const p = UserParams.safeParse(req.params);
      if (!p.success) throw new NotFound('Member not found');
      const b = UpdateMemberBody.parse(req.body ?? {});
      return reply.headers(noStore).send(await o.members.updateRole(s.tenantId, s.userId, p.data.userId, b.role));
    },
  );

  app.delete('/api/organization/members/:userId', { config: { permission: 'members.manage' } }, async (req, reply) => {
    const s = sessionOf(req);
    const p = UserParams.safeParse(req.params);
    if (!p.success) throw new NotFound('Member not found');
    await o.members.remove(s.tenantId, s.userId, p.data.userId);
    return reply.status(204).send();
  });

  app.post(
    '/api/organization/transfer-ownership',
    { config: { permission: 'members.manage', contract: { body: TransferOwnershipBody } } },
    async (req, reply) => {
      const s = sessionOf(req);
      const b = TransferOwnershipBody.parse(req.body ?? {});
      const body: OrganizationMembers = { members: await o.members.transferOwnership(s.tenantId, s.userId, b.userId) };
      return reply.headers(noStore).send(body);
    },
  );

  // Public: the acceptance page's read (no session needed), and the acceptance itself.
  app.get('/api/invitations/:token', { config: { permission: 'public', rateLimit: PUBLIC_RATE_LIMIT } }, async (req, reply) => {
    const { token } = TokenParams.parse(req.params);
    return reply.headers(noStore).send(await o.invitations.preview(token));
  });

  app.post(
    '/api/invitations/:token/accept',
    { config: { permission: 'public', rateLimit: PUBLIC_RATE_LIMIT, contract: { body: AcceptInvitationBody } } },
    async (req, reply) => {
      const { token } = TokenParams.parse(req.params);
      const b = AcceptInvitationBody.parse(req.body ?? {});
      // A public route: who is signed in, if anyone, only names the account that accepts (an organization's
      // two-factor rule pending for that person does not stand in the way of joining another organization).
      const s = await o.sessions.get(req, { enrolling: true });
      const me = s && (await o.identity.currentUser(s.userId, s.tenantId));
      const joined = await o.invitations.accept(token, b, me ? { userId: me.id, email: me.email } : null);
      // Signed in to the organization just joined (a signed-in person's session moves there).
      await o.sessions.start(req, reply, { userId: joined.userId, tenantId: joined.organizationId });
      const user = await o.identity.currentUser(joined.userId, joined.organizationId);
      return reply.status(200).headers(noStore).send(user);
    },
  );

  /** The organizations of the signed-in person (the shell's switcher). */
  app.get('/api/auth/organizations', { config: { permission: 'member' } }, async (req, reply) => {
    const s = sessionOf(req);
    const body: UserOrganizations = { organizations: await o.identity.organizationsOf(s.userId, s.tenantId) };
    return reply.headers(noStore).send(body);
  });

  /** The session moves to another organization of the person's (a new session id; the previous one ends). */
  app.post(
    '/api/auth/switch-organization',
    { config: { permission: 'member', contract: { body: SwitchOrganizationBody } } },
    async (req, reply) => {
      const s = sessionOf(req);
      const b = SwitchOrganizationBody.parse(req.body ?? {});
      const user = await o.identity.currentUser(s.userId, b.organizationId);
      if (!user) throw new NotFound('Organization not found');
      await o.sessions.start(req, reply, { userId: s.userId, tenantId: b.organizationId });
      return reply.headers(noStore).send(user);
    },
  );
}
