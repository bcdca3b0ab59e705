import { z } from 'zod';
import { instant } from './common.ts';

// ---- Audit log -------------------------------------------------------------------------------------------------------

export const AuditLog = z.object({
  id: z.number().int(),
  /** e.g. customer, invoice, product, api-key (from the event subject evt.<service>.<entity>.<action>). */
  entityType: z.string(),
  entityId: z.string().nullable(),
  action: z.string(),
  service: z.string(),
  /** The user who made the change (null for the system: jobs, providers). */
  userId: z.string().nullable(),
  ipAddress: z.string().nullable(),
  userAgent: z.string().nullable(),
  /** What the entity looked like before, as the previous event about it said (null for the first). */
  oldValues: z.unknown().nullable(),
  newValues: z.unknown().nullable(),
  metadata: z.object({ eventId: z.string(), subject: z.string() }),
  createdAt: z.string(),
});
export type AuditLog = z.infer<typeof AuditLog>;

/** GET /api/audit-logs (admins): filters, newest first, total in x-total-count. */
export const AuditLogQuery = z
  .object({
    entityType: z.string().trim().max(100).optional(),
    entityId: z.string().trim().max(100).optional(),
    action: z.string().trim().max(100).optional(),
    actorId: z.string().trim().max(100).optional(),
    from: instant('from must be a date or date-time').optional(),
    to: instant('to must be a date or date-time').optional(),
    limit: z.coerce.number().int().min(1, 'limit must be at least 1').max(200, 'limit must be at most 200').default(50),
    offset: z.coerce.number().int().min(0, 'offset must be at least 0').max(10_000_000).default(0),
  })
  .refine((q) => !q.from || !q.to || new Date(q.from) <= new Date(q.to), { error: 'from must not be after to', path: ['to'] });
export type AuditLogQuery = z.infer<typeof AuditLogQuery>;
