import { EVENT_RETENTION_DAYS, type ApiEvent, type EventListQuery, type WebhookEventType } from '@billpoint/proto';
import {
  checkCursor,
  cursorPage,
  cursorPlan,
  NotFound,
  scanTenants,
  type Identity,
  type JobDefinition,
  type ServiceContext,
} from '@billpoint/kit';
import { ts } from '../shared.ts';

type Tenant = Pick<Identity, 'tenantId'>;

const EVENT_COLUMNS = `e.id::float8 as id, e.type, e.data, ${ts('e.created_at')} as created_at`;
interface EventRow {
  id: number;
  type: string;
  data: Record<string, unknown>;
  created_at: string;
  [k: string]: unknown;
}
const toEvent = (r: EventRow): ApiEvent => ({
  id: r.id,
  object: 'event',
  type: r.type as WebhookEventType,
  createdAt: r.created_at,
  data: r.data,
});

/** Rows the retention job deletes per statement: short transactions, so the fan-out's inserts never wait long. */
export const RETENTION_BATCH = 1000;

/** The events log: what the webhooks report, listed and read back by id (the public API's /events). */
export class EventService {
  readonly #ctx: ServiceContext;
  readonly #now: () => Date;
  constructor(ctx: ServiceContext, o: { now?: () => Date } = {}) {
    this.#ctx = ctx;
    this.#now = o.now ?? (() => new Date());
  }

  /** A cursor page, newest first (kit cursorPlan: keyset on creation), of the given types and creation instants. */
  async page(id: Tenant, q: EventListQuery): Promise<{ items: ApiEvent[]; hasMore: boolean }> {
    const cursor = { limit: q.limit, starting_after: q.starting_after, ending_before: q.ending_before };
    const plan = cursorPlan(cursor, { table: 'integrations.events', alias: 'e' }, 5);
    const rows = await this.#ctx.reader.query<EventRow>(
      id.tenantId,
      `select ${EVENT_COLUMNS} from integrations.events e
        where e.tenant_id = $1 and ($2::text is null or e.type = any(string_to_array($2::text, ',')))
          and ($3::timestamptz is null or e.created_at >= $3::timestamptz)
          and ($4::timestamptz is null or e.created_at <= $4::timestamptz)
          and ${plan.where}
        order by ${plan.order} limit ${plan.take}`,
      // The types go as one comma-separated text (the reader binds scalars only); each was checked against the known types.
      [id.tenantId, q.type?.join(',') ?? null, q['created[gte]'] ?? null, q['created[lte]'] ?? null, ...plan.params],
    );
    await checkCursor(this.#ctx.reader, id.tenantId, plan, cursor, rows.length);
    const page = cursorPage(rows, cursor);
    return { items: page.items.map(toEvent), hasMore: page.hasMore };
  }

  /** One event of the tenant; another tenant's id, or one no longer kept, is a 404. */
  async get(id: Tenant, eventId: number): Promise<ApiEvent> {
    const [row] = await this.#ctx.reader.query<EventRow>(
      id.tenantId,
      `select ${EVENT_COLUMNS} from integrations.events e where e.id = $1 and e.tenant_id = $2`,
      [eventId, id.tenantId],
    );
    if (!row) throw new NotFound('Event not found');
    return toEvent(row);
  }

  /**
   * Deletes the events older than the retention, in batches per tenant (found through the scan role, which reads only
   * tenant ids and creation times). Answers how many rows it deleted.
   */
  async prune(): Promise<number> {
    const before = new Date(this.#now().getTime() - EVENT_RETENTION_DAYS * 24 * 3600_000);
    const tenants = await scanTenants(this.#ctx.orm.em, this.#ctx.schema, (em) =>
      em.execute<{ tenant_id: string }[]>(
        `select distinct tenant_id::text as tenant_id from integrations.events where created_at < ? order by tenant_id`,
        [before],
      ),
    );
    let deleted = 0;
    for (const { tenant_id: tenantId } of tenants) {
      try {
        for (;;) {
          const n = await this.#ctx.tx({ tenantId }, async (em) => {
            const rows = await em.execute<{ id: string }[]>(
              `delete from integrations.events where id in (
                 select id from integrations.events where tenant_id = ? and created_at < ? order by created_at limit ${RETENTION_BATCH}
               ) returning id::text as id`,
              [tenantId, before],
            );
            return rows.length;
          });
          deleted += n;
          if (n < RETENTION_BATCH) break;
        }
      } catch (err) {
        this.#ctx.logger.error({ err, tenantId }, 'deleting old events failed for a tenant; will retry on the next run');
      }
    }
    if (deleted) this.#ctx.logger.info({ deleted }, 'old events deleted');
    return deleted;
  }

  /** The retention job: across all replicas together, every `intervalMs`. */
  job(intervalMs: number): JobDefinition {
    return { name: 'events-retention', intervalMs, run: () => this.prune() };
  }
}
