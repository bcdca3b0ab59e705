import type { ServiceContext, ServiceDefinition } from '@billpoint/kit';
import { configSchema, type Config } from './config.ts';
import { migrations } from './migrations/index.ts';
import { expenseCategories } from './modules/categorize/categories.ts';
import { CategorizeService } from './modules/categorize/categorize.service.ts';
import { categorizeRoutes } from './modules/categorize/categorize.routes.ts';
import { expenseTrainingConsumer } from './modules/categorize/training.ts';
import { insightFacts } from './modules/insights/facts.ts';
import { InsightsService } from './modules/insights/insights.service.ts';
import { insightsRoutes } from './modules/insights/insights.routes.ts';
import { draftFacts } from './modules/invoice-draft/draft.facts.ts';
import { InvoiceDraftService } from './modules/invoice-draft/draft.service.ts';
import { invoiceDraftRoutes } from './modules/invoice-draft/draft.routes.ts';

/** the ai service: expense categorization (a local per-tenant model, OpenAI when a key is set), insights from the tenant's data and invoice drafts from a sentence. Both topologies start it with the kit. */
export const aiService = {
  name: 'ai',
  schema: 'ai',
  configSchema,
  // SQL, not entities: the model's counts are set-based upserts in the event's transaction and a prediction is
  // one statement.
  entities: [],
  migrations,
  routes: (app, ctx) => {
    const c = ctx as unknown as ServiceContext<Config>;
    categorizeRoutes(app, new CategorizeService(c, expenseCategories(c)));
    insightsRoutes(app, new InsightsService(c));
    invoiceDraftRoutes(app, new InvoiceDraftService(c));
  },
  consumers: async (ctx) => {
    const c = ctx as unknown as ServiceContext<Config>;
    return [
      await expenseCategories(c).start(),
      await expenseTrainingConsumer(c),
      ...(await Promise.all(insightFacts(c))),
      ...(await Promise.all(draftFacts(c))),
    ];
  },
  // Insights are regenerated daily for every tenant with facts (and on POST /api/ai/insights/refresh).
  jobs: (ctx) => {
    const c = ctx as unknown as ServiceContext<Config>;
    return [new InsightsService(c).job(c.config.INSIGHTS_INTERVAL_MS)];
  },
} satisfies ServiceDefinition<typeof configSchema>;
