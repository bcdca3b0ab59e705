import type { FastifyInstance } from 'fastify';
import { OrganizationSettingsBody, type OrganizationMembers } from '@billpoint/proto';
import { Forbidden, Unauthorized } from '@billpoint/kit';
import type { SessionStore } from '../identity/session-store.ts';
import type { SettingsService } from './settings.service.ts';
import type { MembersService } from './members.service.ts';

/** GET/POST /api/organization-settings, GET /api/organization/members: the gateway owns the organization, so it answers these itself. */
export function settingsRoutes(app: FastifyInstance, o: { sessions: SessionStore; settings: SettingsService; members: MembersService }) {
  app.get('/api/organization-settings', async (req, reply) => {
    const s = await o.sessions.get(req);
    if (!s) throw new Unauthorized('Unauthorized');
    return reply.header('cache-control', 'no-store').send(await o.settings.get(s.tenantId));
  });

  app.post('/api/organization-settings', { config: { contract: { body: OrganizationSettingsBody } } }, async (req, reply) => {
    const s = await o.sessions.get(req);
    if (!s) throw new Unauthorized('Unauthorized');
    if (s.role !== 'admin') throw new Forbidden('Only administrators can change the organization settings');
    const saved = await o.settings.save(s.tenantId, s.userId, OrganizationSettingsBody.parse(req.body ?? {}));
    return reply.header('cache-control', 'no-store').send(saved);
  });

  /**
   * The members of the caller's own organization (the session's, never a parameter). Any signed-in member may read
   * it, not only admins: who else belongs to one's organization is no secret among its members, and every screen
   * that names a colleague (the audit log's "Who") needs it.
   */
  app.get('/api/organization/members', async (req, reply) => {
    const s = await o.sessions.get(req);
    if (!s) throw new Unauthorized('Unauthorized');
    const body: OrganizationMembers = { members: await o.members.list(s.tenantId) };
    return reply.header('cache-control', 'no-store').send(body);
  });
}
