import type { WebhookBody } from '@billpoint/proto';
import {
  WEBHOOK_SECRET_OVERLAP_MS,
  WEBHOOK_TEST_EVENT,
  WebhookEvents,
  type Webhook,
  type WebhookEventData,
  type WebhookCreated,
  type WebhookDelivery,
  type WebhookDeliveryQuery,
  type WebhookListQuery,
  type WebhookPatch,
} from '@billpoint/proto';
import {
  addEvent,
  Invalid,
  NotFound,
  planLimits,
  type EntityManager,
  type Identity,
  type PlanLimits,
  type ServiceContext,
} from '@billpoint/kit';
import type { z } from 'zod';
import {
  DELIVERY_COLUMNS,
  loadWebhook,
  textArray,
  toDelivery,
  toWebhook,
  WEBHOOK_COLUMNS,
  writeWebhook,
  type DeliveryRow,
  type WebhookRow,
} from './webhook.sql.ts';
import { deliveryPage, webhookPage } from './webhook.pages.ts';
import { patchWebhook } from './webhook.patch.ts';
import { newWebhookSecret } from './webhook.sender.ts';
import { refusedHost } from './ssrf.ts';
import { newMessageId, type DeliveryWorker } from './webhook.worker.ts';

type Tenant = Pick<Identity, 'tenantId'>;
type Input = z.output<typeof WebhookBody>;
const COUNT_SQL = `select count(*)::int as n from (select 1 from integrations.webhooks where tenant_id = ? and deleted_at is null limit ?) w`;

const eventData = ({ headers: _headers, ...w }: Webhook): WebhookEventData => w;

/** Webhook endpoints: CRUD, secret rotation, test sends, the delivery log and manual retries. */
export class WebhookService {
  readonly #ctx: ServiceContext;
  readonly #worker: DeliveryWorker;
  readonly #limits: PlanLimits;
  readonly #allowPrivate: boolean;
  readonly #now: () => Date;
  constructor(ctx: ServiceContext, worker: DeliveryWorker, o: { allowPrivate: boolean; limits?: PlanLimits; now?: () => Date }) {
    this.#ctx = ctx;
    this.#worker = worker;
    this.#allowPrivate = o.allowPrivate;
    this.#limits = o.limits ?? planLimits(ctx);
    this.#now = o.now ?? (() => new Date());
  }

  /** A URL whose host is written as a refused address is refused at once (names are checked at every connection). */
  #checkUrl(url: string) {
    if (this.#allowPrivate) return;
    const reason = refusedHost(new URL(url).hostname);
    if (reason) throw new Invalid(`URL must be a public address: ${new URL(url).hostname} is ${reason}`, 'url');
  }

  async list(id: Tenant): Promise<Webhook[]> {
    const rows = await this.#ctx.reader.query<WebhookRow>(
      id.tenantId,
      `select ${WEBHOOK_COLUMNS} from integrations.webhooks w where w.tenant_id = $1 and w.deleted_at is null order by w.created_at desc, w.id desc`,
      [id.tenantId],
    );
    return rows.map(toWebhook);
  }

  /** A cursor page of endpoints (the public API; webhook.pages.ts). */
  page(id: Tenant, q: WebhookListQuery) {
    return webhookPage(this.#ctx, id, q);
  }

  async create(id: Identity, input: Input): Promise<WebhookCreated> {
    this.#checkUrl(input.url);
    const limit = await this.#limits.check(id.tenantId, 'webhooks');
    const secret = newWebhookSecret();
    const webhook = await this.#ctx.tx(id, async (em) => {
      await limit(em, async (tem, max) => (await tem.execute<{ n: number }[]>(COUNT_SQL, [id.tenantId, max]))[0]!.n);
      const [row] = await em.execute<{ id: number }[]>(
        `insert into integrations.webhooks (tenant_id, name, url, events, is_active, retry_attempts, timeout_seconds, headers, secret, created_by)
         values (?, ?, ?, ?::text[], ?, ?, ?, ?::jsonb, ?, ?) returning id::float8 as id`,
        [
          ...[id.tenantId, input.name, input.url, textArray(input.events), input.isActive, input.retryAttempts, input.timeoutSeconds],
          ...[JSON.stringify(input.headers), secret, id.userId],
        ],
      );
      const created = await this.#load(em, id.tenantId, row!.id);
      addEvent<WebhookEventData>(em, {
        subject: WebhookEvents.Created,
        tenantId: id.tenantId,
        actorId: id.userId,
        data: eventData(created),
      });
      return created;
    });
    return { webhook, secret };
  }

  /** The whole endpoint; switching it on again clears a 3-day disable. */
  async update(id: Identity, webhookId: number, input: Input): Promise<Webhook> {
    this.#checkUrl(input.url);
    return this.#ctx.tx(id, async (em) => {
      await this.#load(em, id.tenantId, webhookId, true);
      await writeWebhook(em, id.tenantId, webhookId, input, input.isActive);
      return this.#load(em, id.tenantId, webhookId);
    });
  }

  /** Only the fields sent change (webhook.patch.ts), under the same URL rules as create and update. */
  patch(id: Identity, webhookId: number, input: WebhookPatch): Promise<Webhook> {
    return patchWebhook(this.#ctx, id, webhookId, input, (url) => this.#checkUrl(url));
  }

  /** Soft delete: its delivery log stays readable to the audit; pending deliveries fail as "endpoint deleted". */
  async remove(id: Identity, webhookId: number): Promise<void> {
    await this.#ctx.tx(id, async (em) => {
      await this.#load(em, id.tenantId, webhookId, true);
      const [deleted] = await em.execute<WebhookRow[]>(
        `update integrations.webhooks w set deleted_at = now(), is_active = false, updated_at = now()
          where id = ? and tenant_id = ? and deleted_at is null returning ${WEBHOOK_COLUMNS}`,
        [webhookId, id.tenantId],
      );
      if (!deleted) throw new NotFound('Webhook not found');
      const data = eventData(toWebhook(deleted));
      addEvent<WebhookEventData>(em, { subject: WebhookEvents.Deleted, tenantId: id.tenantId, actorId: id.userId, data });
    });
  }

  /** A new secret, shown once; the previous one keeps signing (a second signature) for 24 h. */
  async rotateSecret(id: Identity, webhookId: number) {
    const secret = newWebhookSecret();
    const until = new Date(this.#now().getTime() + WEBHOOK_SECRET_OVERLAP_MS);
    const webhook = await this.#ctx.tx(id, async (em) => {
      await this.#load(em, id.tenantId, webhookId, true);
      await em.execute(
        `update integrations.webhooks set previous_secret = secret, previous_secret_expires_at = ?, secret = ?, updated_at = now()
          where id = ? and tenant_id = ?`,
        [until, secret, webhookId, id.tenantId],
      );
      return this.#load(em, id.tenantId, webhookId);
    });
    return { webhook, secret, previousSecretExpiresAt: until.toISOString() };
  }

  /** Sends a `webhook.test` event now and answers the recorded attempt (it is in the delivery log too). */
  async test(id: Identity, webhookId: number): Promise<WebhookDelivery> {
    const deliveryId = await this.#ctx.tx(id, async (em) => {
      const w = await this.#load(em, id.tenantId, webhookId);
      const payload = {
        type: WEBHOOK_TEST_EVENT,
        timestamp: this.#now().toISOString(),
        data: { webhookId: w.id, name: w.name, message: 'This is a test event from Billpoint.' },
      };
      const [row] = await em.execute<{ id: number }[]>(
        `insert into integrations.webhook_deliveries (tenant_id, webhook_id, message_id, event_type, event_data, next_retry_at)
         values (?, ?, ?, ?, ?::jsonb, ?) returning id::float8 as id`,
        [id.tenantId, webhookId, newMessageId(), WEBHOOK_TEST_EVENT, JSON.stringify(payload), this.#now()],
      );
      return row!.id;
    });
    return this.#attemptAndGet(id, deliveryId);
  }

  /** Attempts a delivery again now (failed or waiting for its next retry); a success is not sent twice. */
  async retry(id: Identity, deliveryId: number): Promise<WebhookDelivery> {
    const current = await this.delivery(id, deliveryId);
    if (current.status === 'success') throw new Invalid('This delivery already succeeded', 'id');
    await this.#ctx.tx(id, (em) =>
      em.execute(`update integrations.webhook_deliveries set status = 'retrying', next_retry_at = ? where id = ? and tenant_id = ?`, [
        this.#now(),
        deliveryId,
        id.tenantId,
      ]),
    );
    return this.#attemptAndGet(id, deliveryId);
  }

  async #attemptAndGet(id: Identity, deliveryId: number): Promise<WebhookDelivery> {
    await this.#worker.attemptNow(id.tenantId, deliveryId);
    return this.delivery(id, deliveryId);
  }

  async delivery(id: Tenant, deliveryId: number): Promise<WebhookDelivery> {
    const [row] = await this.#ctx.reader.query<DeliveryRow>(
      id.tenantId,
      `select ${DELIVERY_COLUMNS} from integrations.webhook_deliveries d where d.id = $1 and d.tenant_id = $2`,
      [deliveryId, id.tenantId],
    );
    if (!row) throw new NotFound('Delivery not found');
    return toDelivery(row);
  }

  async deliveries(id: Tenant, q: WebhookDeliveryQuery, webhookId?: number): Promise<{ items: WebhookDelivery[]; total: number }> {
    if (webhookId !== undefined) await this.get(id, webhookId);
    const hook = webhookId ?? q.webhookId ?? null;
    const rows = await this.#ctx.reader.query<DeliveryRow & { total_count: string }>(
      id.tenantId,
      `select ${DELIVERY_COLUMNS}, count(*) over ()::text as total_count from integrations.webhook_deliveries d
        where d.tenant_id = $1 and ($2::bigint is null or d.webhook_id = $2::bigint) and ($3::text is null or d.status = $3::text)
        order by d.created_at desc, d.id desc limit $4 offset $5`,
      [id.tenantId, hook, q.status ?? null, q.limit ?? 50, q.offset],
    );
    return { items: rows.map(toDelivery), total: Number(rows[0]?.total_count ?? 0) };
  }

  /** A cursor page of deliveries (the public API; webhook.pages.ts); 404 for an endpoint not the tenant's. */
  async deliveryPage(id: Tenant, q: WebhookDeliveryQuery, webhookId?: number) {
    if (webhookId !== undefined) await this.get(id, webhookId);
    return deliveryPage(this.#ctx, id, q, webhookId ?? q.webhookId ?? null);
  }

  async get(id: Tenant, webhookId: number): Promise<Webhook> {
    const [row] = await this.#ctx.reader.query<WebhookRow>(
      id.tenantId,
      `select ${WEBHOOK_COLUMNS} from integrations.webhooks w where w.id = $1 and w.tenant_id = $2 and w.deleted_at is null`,
      [webhookId, id.tenantId],
    );
    if (!row) throw new NotFound('Webhook not found');
    return toWebhook(row);
  }

  #load(em: EntityManager, tenantId: string, webhookId: number, lock = false): Promise<Webhook> {
    return loadWebhook(em, tenantId, webhookId, lock);
  }
}
