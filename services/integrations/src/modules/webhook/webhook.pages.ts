import type { Webhook, WebhookDelivery, WebhookDeliveryQuery, WebhookListQuery } from '@billpoint/proto';
import { checkCursor, cursorPage, cursorPlan, type CursorParams, type Identity, type ServiceContext } from '@billpoint/kit';
import { DELIVERY_COLUMNS, toDelivery, toWebhook, WEBHOOK_COLUMNS, type DeliveryRow, type WebhookRow } from './webhook.sql.ts';

type Tenant = Pick<Identity, 'tenantId'>;
type Page<T> = { items: T[]; hasMore: boolean };

/** The cursor of a list query in cursor mode: 10 a page unless `limit` says (proto CursorFields). */
const cursorOf = (q: {
  limit?: number | undefined;
  starting_after?: number | undefined;
  ending_before?: number | undefined;
}): CursorParams => ({
  limit: q.limit ?? 10,
  starting_after: q.starting_after,
  ending_before: q.ending_before,
});

/**
 * The public API's cursor pages (`pagination=cursor`): newest first, keyset on creation (kit cursorPlan), so a row created between
 * two pages is on neither twice and none is skipped.
 */
export async function webhookPage(ctx: ServiceContext, id: Tenant, q: WebhookListQuery): Promise<Page<Webhook>> {
  const cursor = cursorOf(q);
  const plan = cursorPlan(cursor, { table: 'integrations.webhooks', alias: 'w' }, 2);
  const rows = await ctx.reader.query<WebhookRow>(
    id.tenantId,
    `select ${WEBHOOK_COLUMNS} from integrations.webhooks w where w.tenant_id = $1 and w.deleted_at is null and ${plan.where}
      order by ${plan.order} limit ${plan.take}`,
    [id.tenantId, ...plan.params],
  );
  await checkCursor(ctx.reader, id.tenantId, plan, cursor, rows.length);
  const page = cursorPage(rows, cursor);
  return { items: page.items.map(toWebhook), hasMore: page.hasMore };
}

/** Deliveries of one endpoint (or of any, or `q.webhookId`'s), optionally of one `status`. */
export async function deliveryPage(
  ctx: ServiceContext,
  id: Tenant,
  q: WebhookDeliveryQuery,
  webhookId: number | null,
): Promise<Page<WebhookDelivery>> {
  const cursor = cursorOf(q);
  const plan = cursorPlan(cursor, { table: 'integrations.webhook_deliveries', alias: 'd' }, 4);
  const rows = await ctx.reader.query<DeliveryRow>(
    id.tenantId,
    `select ${DELIVERY_COLUMNS} from integrations.webhook_deliveries d
      where d.tenant_id = $1 and ($2::bigint is null or d.webhook_id = $2::bigint) and ($3::text is null or d.status = $3::text)
        and ${plan.where}
      order by ${plan.order} limit ${plan.take}`,
    [id.tenantId, webhookId, q.status ?? null, ...plan.params],
  );
  await checkCursor(ctx.reader, id.tenantId, plan, cursor, rows.length);
  const page = cursorPage(rows, cursor);
  return { items: page.items.map(toDelivery), hasMore: page.hasMore };
}
