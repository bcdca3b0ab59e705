import { planLimits, type ServiceContext, type ServiceDefinition } from '@billpoint/kit';
import { configSchema, type Config } from './config.ts';
import { migrations } from './migrations/index.ts';
import { ApiKeyService } from './modules/api-key/api-key.service.ts';
import { apiKeyRoutes } from './modules/api-key/api-key.routes.ts';
import { apiKeyResponder } from './modules/api-key/api-key.rpc.ts';
import { apiUsageConsumer } from './modules/api-key/api-usage.consumer.ts';
import { AuditService } from './modules/audit/audit.service.ts';
import { auditRoutes } from './modules/audit/audit.routes.ts';
import { auditConsumer, webhooksConsumer } from './modules/events.consumer.ts';
import { EventService } from './modules/event/events.service.ts';
import { eventRoutes } from './modules/event/events.routes.ts';
import { createSender } from './modules/webhook/webhook.sender.ts';
import { WebhookService } from './modules/webhook/webhook.service.ts';
import { webhookRoutes } from './modules/webhook/webhook.routes.ts';
import { DeliveryWorker } from './modules/webhook/webhook.worker.ts';

/** One set of use cases per running service (routes, consumers and jobs share the worker and its HTTP agents). */
const parts = new WeakMap<ServiceContext, ReturnType<typeof build>>();
function build(ctx: ServiceContext<Config>) {
  const limits = planLimits(ctx);
  const sender = createSender({ allowPrivate: ctx.config.WEBHOOK_ALLOW_PRIVATE });
  const worker = new DeliveryWorker(ctx, sender, { concurrency: ctx.config.WEBHOOK_CONCURRENCY });
  return {
    limits,
    sender,
    worker,
    keys: new ApiKeyService(ctx, { limits }),
    hooks: new WebhookService(ctx, worker, { allowPrivate: ctx.config.WEBHOOK_ALLOW_PRIVATE, limits }),
    audit: new AuditService(ctx),
    events: new EventService(ctx),
  };
}
const of = (ctx: ServiceContext) => {
  let p = parts.get(ctx);
  if (!p) parts.set(ctx, (p = build(ctx as ServiceContext<Config>)));
  return p;
};

/**
 * The integrations service: API keys (verified for the gateway's public API over the bus) and their usage, outgoing
 * webhooks signed per Standard Webhooks with retries, the events log they come from (kept 30 days), and the audit log
 * of every service's events.
 */
export const integrationsService = {
  name: 'integrations',
  schema: 'integrations',
  configSchema,
  entities: [],
  migrations,
  routes(app, ctx) {
    const p = of(ctx as ServiceContext);
    apiKeyRoutes(app, p.keys);
    webhookRoutes(app, p.hooks);
    auditRoutes(app, p.audit);
    eventRoutes(app, p.events);
  },
  consumers: async (ctx) => {
    const p = of(ctx as ServiceContext);
    return [
      await auditConsumer(ctx as ServiceContext),
      await webhooksConsumer(ctx as ServiceContext, () => p.worker.nudge()),
      await apiUsageConsumer(ctx as ServiceContext),
      await apiKeyResponder(ctx as ServiceContext, p.keys),
      await p.limits.start(),
      { stop: async () => p.sender.close() }, // the delivery agents' keep-alive sockets
    ];
  },
  jobs: (ctx) => [
    {
      name: 'webhook-deliveries',
      intervalMs: ctx.config.WEBHOOK_POLL_MS,
      everyReplica: true, // claims are FOR UPDATE SKIP LOCKED with leases: every replica shares the work
      run: () => of(ctx as ServiceContext).worker.runOnce(),
    },
    of(ctx as ServiceContext).events.job(ctx.config.EVENT_RETENTION_INTERVAL_MS),
  ],
} satisfies ServiceDefinition<typeof configSchema>;
