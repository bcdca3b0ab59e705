import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '@billpoint/proto';

/**
 * GET /api/config: what the operator set for this deployment, for every visitor (no session needed). The notice is
 * read at boot from MAINTENANCE_NOTICE; blank means none.
 */
export function appConfigRoutes(app: FastifyInstance, o: { maintenanceNotice: string | undefined }) {
  const body: AppConfig = { maintenanceNotice: o.maintenanceNotice?.trim() || null };
  app.get('/api/config', { config: { permission: 'public' } }, async (_req, reply) => reply.header('cache-control', 'no-cache').send(body));
}
