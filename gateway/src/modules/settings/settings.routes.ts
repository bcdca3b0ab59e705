import type { FastifyInstance } from 'fastify';
import { OrganizationSettingsBody } from '@billpoint/proto';
import { Forbidden, Unauthorized } from '@billpoint/kit';
import type { SessionStore } from '../identity/session-store.ts';
import type { SettingsService } from './settings.service.ts';

/** GET/POST /api/organization-settings: the gateway owns the organization, so it answers these itself. */
export function settingsRoutes(app: FastifyInstance, o: { sessions: SessionStore; settings: SettingsService }) {
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
}
