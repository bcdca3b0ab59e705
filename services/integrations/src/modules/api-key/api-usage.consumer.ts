import { ApiUsageBatchData, ApiUsageEvents } from '@billpoint/proto';
import { consumeEvents, type ServiceContext, type Subscription } from '@billpoint/kit';

/**
 * The gateway's usage batches (one tenant per batch): stored as api_usage rows, each key's lastUsedAt moved to its
 * latest request. Records naming a key that is not this tenant's are dropped (the join below). Idempotent through
 * the kit's processed-message log (the batch's envelope id).
 */
export function apiUsageConsumer(ctx: ServiceContext): Promise<Subscription> {
  return consumeEvents({
    orm: ctx.orm,
    schema: ctx.schema,
    bus: ctx.bus,
    logger: ctx.logger,
    durable: 'integrations-api-usage',
    subject: ApiUsageEvents.Batch,
    parse: (data) => ApiUsageBatchData.parse(data),
    async handle(event, em) {
      await em.execute(
        `insert into integrations.api_usage (tenant_id, api_key_id, endpoint, method, status_code, response_time_ms, request_size,
           response_size, ip_address, user_agent, at)
         select k.tenant_id, k.id, r.endpoint, r.method, r."statusCode", r."responseTimeMs", r."requestSize", r."responseSize",
                r.ip, r."userAgent", r.at
           from jsonb_to_recordset(?::jsonb) as r ("keyId" bigint, endpoint text, method text, "statusCode" int,
                  "responseTimeMs" numeric, "requestSize" int, "responseSize" int, ip text, "userAgent" text, at timestamptz)
           join integrations.api_keys k on k.id = r."keyId" and k.tenant_id = ?`,
        [JSON.stringify(event.data.records), event.tenantId],
      );
      await em.execute(
        `update integrations.api_keys k set last_used_at = greatest(k.last_used_at, l.at)
           from (select "keyId", max(at) as at from jsonb_to_recordset(?::jsonb) as r ("keyId" bigint, at timestamptz) group by "keyId") l
          where k.id = l."keyId" and k.tenant_id = ?`,
        [JSON.stringify(event.data.records), event.tenantId],
      );
    },
  });
}
