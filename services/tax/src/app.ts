import type { ServiceContext, ServiceDefinition } from '@billpoint/kit';
import { registeredService } from '@billpoint/proto/services';
import { configSchema } from './config.ts';
import { migrations } from './migrations/index.ts';
import { taxRateModule } from './modules/tax-rate/tax-rate.module.ts';
import { expenseCategoryModule } from './modules/expense-category/expense-category.module.ts';
import { expenseModule } from './modules/expense/expense.module.ts';
import { ledgerConsumers } from './modules/ledger/ledger.consumers.ts';
import { ReportService } from './modules/report/report.service.ts';
import { reportRoutes } from './modules/report/report.routes.ts';
import { summaryRoutes } from './modules/summary/summary.routes.ts';

/** The tax service: tax rates, expense categories, expenses and their receipts, the double-entry ledger fed by events, financial reports and the tax summary. Both topologies start it with the kit. */
export const taxService = {
  name: 'tax',
  schema: 'tax',
  configSchema,
  // SQL, not entities (as catalog): lists and summaries are single statements; the kit gives the unit of work,
  // the tenant context, the outbox and file storage.
  entities: [],
  migrations,
  // The receipt upload reads up to the limit the gateway forwards (one source: the registry).
  bodyLimits: registeredService('tax').bodyLimits,
  routes: (app, c) => {
    const ctx = c as ServiceContext;
    taxRateModule.routes(app, ctx);
    expenseCategoryModule.routes(app, ctx);
    expenseModule.routes(app, ctx);
    reportRoutes(app, new ReportService(ctx));
    summaryRoutes(app, ctx);
  },
  consumers: async (c) => {
    const ctx = c as ServiceContext;
    return [...(await taxRateModule.consumers(ctx)), ...(await expenseCategoryModule.consumers(ctx)), ...(await ledgerConsumers(ctx))];
  },
} satisfies ServiceDefinition<typeof configSchema>;
