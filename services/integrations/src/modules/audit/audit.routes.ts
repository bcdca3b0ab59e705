import type { FastifyInstance } from 'fastify';
import { AuditLogQuery, TOTAL_COUNT_HEADER } from '@billpoint/proto';
import type { AuditService } from './audit.service.ts';

export function auditRoutes(app: FastifyInstance, audit: AuditService) {
  app.get('/api/audit-logs', { config: { permission: 'audit-log.read', contract: { query: AuditLogQuery } } }, async (req, reply) => {
    const id = req.identity;
    const { items, total } = await audit.list(id, AuditLogQuery.parse(req.query));
    return reply.header(TOTAL_COUNT_HEADER, String(total)).send(items);
  });
}
