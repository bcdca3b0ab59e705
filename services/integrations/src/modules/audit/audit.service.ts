import type { AuditLog, AuditLogQuery, EventEnvelope } from '@billpoint/proto';
import { executePrepared, preparedStatement, type EntityManager, type Identity, type ServiceContext } from '@billpoint/kit';
import { ts } from '../shared.ts';

/** Keys whose values never reach the audit log (tokens, secrets, hashes, card data). */
const SECRET_KEY = /(secret|token|password|hash|card|cvc|iban)/i;
function redact(v: unknown, depth = 0): unknown {
  if (depth > 8 || v === null || typeof v !== 'object') return v;
  if (Array.isArray(v)) return v.map((x) => redact(x, depth + 1));
  return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, SECRET_KEY.test(k) ? '[redacted]' : redact(x, depth + 1)]));
}

/** evt.<service>.<entity>.<action> → its parts (a subject with more dots keeps them in the entity). */
export function parseSubject(subject: string): { service: string; entityType: string; action: string } {
  const parts = subject.split('.');
  if (parts.length < 4)
    return { service: parts[1] ?? 'unknown', entityType: parts.slice(2, -1).join('.') || 'unknown', action: parts.at(-1)! };
  return { service: parts[1]!, entityType: parts.slice(2, -1).join('.'), action: parts.at(-1)! };
}

/** Runs for every event of every service: a prepared statement (kit), planned once per connection. */
const INSERT_AUDIT_SQL = preparedStatement(`insert into integrations.audit_logs (tenant_id, event_id, subject, service, entity_type,
    entity_id, action, user_id, ip_address, user_agent, old_values, new_values, created_at)
  select $1::uuid, $2::uuid, $3::text, $4::text, $5::text, $6::text, $7::text, $8::text, $9::text, $10::text,
    (select coalesce(a.new_values, a.old_values) from integrations.audit_logs a
      where a.tenant_id = $1::uuid and a.entity_type = $5::text and a.entity_id = $6::text and a.created_at <= $12::timestamptz
      order by a.created_at desc, a.id desc limit 1),
    $11::jsonb, $12::timestamptz
  on conflict (tenant_id, event_id) do nothing`);

/**
 * One audit row per event: who (the event's actor, with the ip and user agent of the request that made it), what
 * (entity, id, action), and the values: new = the event's payload (none for a deletion), old = what the previous
 * event about the same entity said (events carry the state after the change, so the one before is the old state).
 */
export async function recordAudit(em: EntityManager, event: EventEnvelope): Promise<void> {
  const { service, entityType, action } = parseSubject(event.type);
  const data = redact(event.data) as Record<string, unknown> | null;
  // The entity's id: its own, else the one it is about (a payment's invoice, a refund's credit note, a credit's customer).
  const rawId = data && typeof data === 'object' ? (data.id ?? data.invoiceId ?? data.creditNoteId ?? data.customerId ?? null) : null;
  const entityId = rawId === null || rawId === undefined ? null : String(rawId);
  const deleted = action === 'deleted';
  await executePrepared(em, INSERT_AUDIT_SQL, [
    ...[event.tenantId, event.id, event.type, service, entityType, entityId, action, event.actorId],
    ...[event.metadata?.ip ?? null, event.metadata?.userAgent ?? null],
    deleted ? null : JSON.stringify(data),
    event.occurredAt,
  ]);
}

interface AuditRow {
  id: number;
  entity_type: string;
  entity_id: string | null;
  action: string;
  service: string;
  user_id: string | null;
  ip_address: string | null;
  user_agent: string | null;
  old_values: unknown;
  new_values: unknown;
  event_id: string;
  subject: string;
  created_at: string;
  total_count: string;
}

/** GET /api/audit-logs: the organization's trail, newest first, filtered. */
export class AuditService {
  readonly #ctx: ServiceContext;
  constructor(ctx: ServiceContext) {
    this.#ctx = ctx;
  }

  async list(id: Pick<Identity, 'tenantId'>, q: AuditLogQuery): Promise<{ items: AuditLog[]; total: number }> {
    const rows = await this.#ctx.reader.query<AuditRow>(
      id.tenantId,
      `select a.id::float8 as id, a.entity_type, a.entity_id, a.action, a.service, a.user_id, a.ip_address, a.user_agent, a.old_values,
              a.new_values, a.event_id::text as event_id, a.subject, ${ts('a.created_at')} as created_at, count(*) over ()::text as total_count
         from integrations.audit_logs a
        where a.tenant_id = $1 and ($2::text is null or a.entity_type = $2) and ($3::text is null or a.entity_id = $3)
          and ($4::text is null or a.action = $4) and ($5::text is null or a.user_id = $5)
          and ($6::timestamptz is null or a.created_at >= $6::timestamptz) and ($7::timestamptz is null or a.created_at <= $7::timestamptz)
        order by a.created_at desc, a.id desc limit $8 offset $9`,
      [
        id.tenantId,
        q.entityType ?? null,
        q.entityId ?? null,
        q.action ?? null,
        q.actorId ?? null,
        q.from ?? null,
        q.to ?? null,
        q.limit,
        q.offset,
      ],
    );
    return {
      total: Number(rows[0]?.total_count ?? 0),
      items: rows.map((r) => ({
        id: r.id,
        entityType: r.entity_type,
        entityId: r.entity_id,
        action: r.action,
        service: r.service,
        userId: r.user_id,
        ipAddress: r.ip_address,
        userAgent: r.user_agent,
        oldValues: r.old_values ?? null,
        newValues: r.new_values ?? null,
        metadata: { eventId: r.event_id, subject: r.subject },
        createdAt: r.created_at,
      })),
    };
  }
}
