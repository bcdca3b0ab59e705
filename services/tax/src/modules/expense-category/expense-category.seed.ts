import { DefaultExpenseCategories, ExpenseCategoryEvents } from '@billpoint/proto';
import { addEvent, type EntityManager, type ServiceContext } from '@billpoint/kit';
import { CATEGORY_COLUMNS, toCategory, type CategoryRow } from './expense-category.sql.ts';

/**
 * Gives a tenant the default categories exactly once, inside the transaction `em` of that tenant. The row of
 * `tax.category_setup` is the marker: of any number of concurrent callers (the organization event, first calls of
 * the tenant on several replicas) one insert wins it and seeds, the others wait for its commit and do nothing.
 * Answers whether this call seeded.
 */
export async function seedDefaultCategories(em: EntityManager, tenantId: string): Promise<boolean> {
  const won = await em.execute<{ tenant_id: string }[]>(
    `insert into tax.category_setup (tenant_id) values (?) on conflict do nothing returning tenant_id`,
    [tenantId],
  );
  if (!won.length) return false;
  const rows = await em.execute<CategoryRow[]>(
    `insert into tax.expense_categories as c (tenant_id, name, color, keywords, is_system, tax_deductible)
     select ?, d.name, d.color, array(select jsonb_array_elements_text(d.keywords))::text[], true, true
       from jsonb_to_recordset(?::jsonb) as d(name text, color text, keywords jsonb, ord int)
      order by d.ord
     on conflict do nothing
     returning ${CATEGORY_COLUMNS}`,
    [tenantId, JSON.stringify(DefaultExpenseCategories.map((c, ord) => ({ ...c, ord })))],
  );
  for (const row of rows) addEvent(em, { subject: ExpenseCategoryEvents.Created, tenantId, actorId: null, data: toCategory(row) });
  return true;
}

/** Seeds lazily for tenants whose organization event predates the service; remembers the tenants it has checked. */
export class CategorySetup {
  readonly #ctx: ServiceContext;
  readonly #known = new Set<string>();
  constructor(ctx: ServiceContext) {
    this.#ctx = ctx;
  }

  async ensure(tenantId: string): Promise<void> {
    if (this.#known.has(tenantId)) return;
    const [done] = await this.#ctx.reader.query<{ ok: number }>(tenantId, `select 1 as ok from tax.category_setup where tenant_id = $1`, [
      tenantId,
    ]);
    if (!done) await this.#ctx.tx({ tenantId }, (em) => seedDefaultCategories(em, tenantId));
    if (this.#known.size >= 50_000) this.#known.clear();
    this.#known.add(tenantId);
  }
}
