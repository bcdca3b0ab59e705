import type { ServiceContext, ServiceDefinition } from '@billpoint/kit';
import { configSchema, defaultOutboxDir, type Config } from './config.ts';
import { migrations } from './migrations/index.ts';
import { createMailer } from './modules/invoice/invoice.mail.ts';
import { InvoiceService } from './modules/invoice/invoice.service.ts';
import { invoiceRoutes } from './modules/invoice/invoice.routes.ts';
import { overdueJob } from './modules/invoice/overdue.job.ts';
import { dashboardRoutes } from './modules/dashboard/dashboard.routes.ts';
import { readModelConsumers } from './modules/readmodel/read-model.handlers.ts';

/**
 * The billing service: invoices, items, numbering, PDF, e-mail, the overdue job, dashboard stats, and the read
 * models of customers and organizations. Both topologies start it with the kit.
 */
export const billingService = {
  name: 'billing',
  schema: 'billing',
  configSchema,
  // Persistence is SQL (numbering row locks, triggers, trigram search, one-round-trip reads); the ORM carries
  // the unit of work, the tenant context and the outbox.
  entities: [],
  migrations,
  routes(app, ctx) {
    const c = ctx.config as Config;
    const mailer = createMailer({
      smtpUrl: c.SMTP_URL,
      outboxDir: c.MAIL_OUTBOX_DIR ?? defaultOutboxDir(),
      from: c.MAIL_FROM,
      logger: ctx.logger,
    });
    invoiceRoutes(app, new InvoiceService(ctx as ServiceContext<Config>, mailer));
    dashboardRoutes(app, ctx);
  },
  consumers: (ctx) => readModelConsumers(ctx),
  jobs: (ctx) => [overdueJob(ctx, (ctx.config as Config).OVERDUE_INTERVAL_MS)],
} satisfies ServiceDefinition<typeof configSchema>;
