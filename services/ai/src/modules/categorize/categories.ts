import { ExpenseCategoriesListRpc, ExpenseCategory, ExpenseCategoryEvents } from '@billpoint/proto';
import { consumeEvents, readModel, rpcCall, type ServiceContext, type Subscription } from '@billpoint/kit';

type VersionedCategory = ExpenseCategory & { version: string };

/**
 * The tenant's expense categories as the tax service has them: a kit read model fed by
 * `evt.tax.expense-category.*` (versioned by the event's time; a delete is final), filled once per tenant with
 * `rpc.tax.expense-category.list` (a new tenant's first call gets its seeded defaults).
 */
export function expenseCategories(ctx: ServiceContext) {
  const model = readModel<VersionedCategory, number, 'name' | 'keywords' | 'is_active'>(ctx, {
    table: 'expense_categories',
    durable: 'ai-expense-categories',
    subject: 'evt.tax.expense-category.*',
    upsertOn: {},
    deleteOn: {},
    key: (c) => c.id,
    version: (c) => c.version,
    columns: { name: (c) => c.name, keywords: (c) => JSON.stringify(c.keywords), is_active: (c) => c.isActive },
  });

  return {
    /** The consumer: the events carry the category as it is now, without a version of its own, so the event's time is it. */
    start(): Promise<Subscription> {
      return consumeEvents({
        orm: ctx.orm,
        schema: ctx.schema,
        bus: ctx.bus,
        logger: ctx.logger,
        durable: 'ai-expense-categories',
        subject: 'evt.tax.expense-category.*',
        parse: (data) => ExpenseCategory.parse(data),
        async handle(event, em) {
          if (event.type === ExpenseCategoryEvents.Deleted) return model.remove(em, event.tenantId, event.data.id);
          await model.upsert(em, event.tenantId, { ...event.data, version: event.occurredAt });
        },
      });
    },

    /**
     * Reads the tenant's whole list from the tax service and stores it: categories it no longer lists (archived)
     * become inactive unless an event newer than the call says otherwise. Returns false when tax did not answer.
     */
    async fill(tenantId: string): Promise<boolean> {
      const asked = new Date().toISOString();
      let list: ExpenseCategory[];
      try {
        list = await rpcCall(ctx.bus, ExpenseCategoriesListRpc, { tenantId }, { timeoutMs: 3000 });
      } catch (err) {
        ctx.logger.warn({ tenantId, error: (err as Error).message }, 'expense categories could not be read from the tax service');
        return false;
      }
      await ctx.tx({ tenantId }, async (em) => {
        for (const c of list) await model.upsert(em, tenantId, { ...c, version: asked });
        await em.execute(
          `update ai.expense_categories set is_active = false
            where tenant_id = ? and version < ? and not (id in (select x::bigint from jsonb_array_elements_text(?::jsonb) x))`,
          [tenantId, asked, JSON.stringify(list.map((c) => c.id))],
        );
        await em.execute(`insert into ai.category_fills (tenant_id) values (?) on conflict do nothing`, [tenantId]);
      });
      return true;
    },
  };
}
export type ExpenseCategories = ReturnType<typeof expenseCategories>;
