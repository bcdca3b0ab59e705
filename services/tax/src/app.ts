import type { ServiceContext, ServiceDefinition } from '@billpoint/kit';
import { configSchema } from './config.ts';
import { migrations } from './migrations/index.ts';
import { ledgerConsumers } from './modules/ledger/ledger.consumers.ts';
import { ReportService } from './modules/report/report.service.ts';
import { reportRoutes } from './modules/report/report.routes.ts';
import { summaryRoutes } from './modules/summary/summary.routes.ts';

/** the tax service: tax rates, expense categories, expenses and their receipts, the double-entry ledger fed by events, financial reports and the tax summary. Both topologies start it with the kit. */
export const taxService = {
  name: 'tax',
  schema: 'tax',
  configSchema,
  entities: [],
  migrations,
  routes: (app, ctx) => {
    reportRoutes(app, new ReportService(ctx as ServiceContext));
    summaryRoutes(app, ctx as ServiceContext);
  },
  consumers: async (ctx) => [...(await ledgerConsumers(ctx as ServiceContext))],
} satisfies ServiceDefinition<typeof configSchema>;
