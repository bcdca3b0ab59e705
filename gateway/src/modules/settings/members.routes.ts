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
import { Forbidden, NotFound, Unauthorized } from '@billpoint/kit';
import type { ActiveSession, SessionStore } from '../identity/session-store.ts';
import type { IdentityService } from '../identity/identity.service.ts';
import type { MembersService } from './members.service.ts';
import type { InvitationsService } from './invitations.service.ts';

const IdParams = z.object({ id: z.uuid() });
const UserParams = z.object({ userId: z.uuid() });
const TokenParams = z.object({ token: z.string().max(200) });
/** The public invitation routes: per client IP, like the services' public routes. */
const PUBLIC_RATE_LIMIT = { max: 30, timeWindow: 60_000 };

const ADMIN_ONLY = 'Only administrators can manage members and invitations';

/**
 * Members, invitations and the organizations of the signed-in person (issue 22). The tenant is always the session's;
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
  const signedIn = async (req: FastifyRequest) => {
    const s = await o.sessions.get(req);
    if (!s) throw new Unauthorized('Unauthorized');
    return s;
  };
  // permission: members.manage
  const admin = async (req: FastifyRequest): Promise<ActiveSession> => {
    const s = await signedIn(req);
    if (s.role !== 'admin') throw new Forbidden(ADMIN_ONLY);
    return s;
  };
  const origin = (req: FastifyRequest) => (o.publicUrl ?? `${req.protocol}://${req.host}`).replace(/\/+$/, '');
  const noStore = { 'cache-control': 'no-store' };

  // permission: members.manage
  app.get('/api/organization/invitations', async (req, reply) => {
    const s = await admin(req);
    const body: Invitations = { invitations: await o.invitations.list(s.tenantId) };
    return reply.headers(noStore).send(body);
  });

  // permission: members.manage
  app.post('/api/organization/invitations', { config: { contract: { body: CreateInvitationBody } } }, async (req, reply) => {
    const s = await admin(req);
    const b = CreateInvitationBody.parse(req.body ?? {});
    return reply
      .status(201)
      .headers(noStore)
      .send(await o.invitations.create(s.tenantId, s.userId, b, origin(req)));
  });

  // permission: members.manage
  app.delete('/api/organization/invitations/:id', async (req, reply) => {
    const s = await admin(req);
    const p = IdParams.safeParse(req.params);
    if (!p.success) throw new NotFound('Invitation not found');
    await o.invitations.revoke(s.tenantId, s.userId, p.data.id);
    return reply.status(204).send();
  });

  // permission: members.manage
  app.post('/api/organization/invitations/:id/resend', async (req, reply) => {
    const s = await admin(req);
    const p = IdParams.safeParse(req.params);
    if (!p.success) throw new NotFound('Invitation not found');
    return reply.headers(noStore).send(await o.invitations.resend(s.tenantId, s.userId, p.data.id, origin(req)));
  });

  // permission: members.manage
  app.patch('/api/organization/members/:userId', { config: { contract: { body: UpdateMemberBody } } }, async (req, reply) => {
    const s = await admin(req);
    const p = UserParams.safeParse(req.params);
    if (!p.success) throw new NotFound('Member not found');
    const b = UpdateMemberBody.parse(req.body ?? {});
    return reply.headers(noStore).send(await o.members.updateRole(s.tenantId, s.userId, p.data.userId, b.role));
  });

  // permission: members.manage
  app.delete('/api/organization/members/:userId', async (req, reply) => {
    const s = await admin(req);
    const p = UserParams.safeParse(req.params);
    if (!p.success) throw new NotFound('Member not found');
    await o.members.remove(s.tenantId, s.userId, p.data.userId);
    return reply.status(204).send();
  });

  // permission: members.manage
  app.post('/api/organization/transfer-ownership', { config: { contract: { body: TransferOwnershipBody } } }, async (req, reply) => {
    const s = await admin(req);
    const b = TransferOwnershipBody.parse(req.body ?? {});
    const body: OrganizationMembers = { members: await o.members.transferOwnership(s.tenantId, s.userId, b.userId) };
    return reply.headers(noStore).send(body);
  });

  // Public: the acceptance page's read (no session needed), and the acceptance itself.
  app.get('/api/invitations/:token', { config: { rateLimit: PUBLIC_RATE_LIMIT } }, async (req, reply) => {
    const { token } = TokenParams.parse(req.params);
    return reply.headers(noStore).send(await o.invitations.preview(token));
  });

  app.post(
    '/api/invitations/:token/accept',
    { config: { rateLimit: PUBLIC_RATE_LIMIT, contract: { body: AcceptInvitationBody } } },
    async (req, reply) => {
      const { token } = TokenParams.parse(req.params);
      const b = AcceptInvitationBody.parse(req.body ?? {});
      const s = await o.sessions.get(req);
      const me = s && (await o.identity.currentUser(s.userId, s.tenantId));
      const joined = await o.invitations.accept(token, b, me ? { userId: me.id, email: me.email } : null);
      // Signed in to the organization just joined (a signed-in person's session moves there).
      await o.sessions.start(req, reply, { userId: joined.userId, tenantId: joined.organizationId });
      const user = await o.identity.currentUser(joined.userId, joined.organizationId);
      return reply.status(200).headers(noStore).send(user);
    },
  );

  /** The organizations of the signed-in person (the shell's switcher). */
  app.get('/api/auth/organizations', async (req, reply) => {
    const s = await signedIn(req);
    const body: UserOrganizations = { organizations: await o.identity.organizationsOf(s.userId, s.tenantId) };
    return reply.headers(noStore).send(body);
  });

  /** The session moves to another organization of the person's (a new session id; the previous one ends). */
  app.post('/api/auth/switch-organization', { config: { contract: { body: SwitchOrganizationBody } } }, async (req, reply) => {
    const s = await signedIn(req);
    const b = SwitchOrganizationBody.parse(req.body ?? {});
    const user = await o.identity.currentUser(s.userId, b.organizationId);
    if (!user) throw new NotFound('Organization not found');
    await o.sessions.start(req, reply, { userId: s.userId, tenantId: b.organizationId });
    return reply.headers(noStore).send(user);
  });
}
