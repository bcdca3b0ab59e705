import { ExpenseCategoryEvents, type ExpenseCategory, type ExpenseCategoryBody, type ExpenseCategoryListQuery } from '@billpoint/proto';
import { addEvent, AppError, NotFound, type EntityManager, type Identity, type ServiceContext } from '@billpoint/kit';
import type { z } from 'zod';
import { TEXT_ARRAY_PARAM } from '../sql.ts';
import { CATEGORY_COLUMNS, toCategory, type CategoryRow } from './expense-category.sql.ts';
import type { CategorySetup } from './expense-category.seed.ts';

type Tenant = Pick<Identity, 'tenantId'>;
export type CategoryInput = z.output<typeof ExpenseCategoryBody>;

const LOAD_SQL = `select ${CATEGORY_COLUMNS} from tax.expense_categories c where c.id = ? and c.tenant_id = ?`;

/** A taken name (the partial unique index over active categories) as a 409 naming `name`; anything else as it was. */
const nameTaken = (name: string) => (err: unknown) => {
  if ((err as { code?: string }).code === '23505') {
    const message = `A category named ${name} already exists`;
    throw new AppError(409, message, [{ path: 'name', message }]);
  }
  throw err;
};

/**
 * Use cases of expense categories. Every tenant has the default ones (seeded by the organization event or at its
 * first call); a category used by an expense is archived rather than deleted, so the expense keeps it.
 */
export class ExpenseCategoryService {
  readonly #ctx: ServiceContext;
  readonly #setup: CategorySetup;
  constructor(ctx: ServiceContext, setup: CategorySetup) {
    this.#ctx = ctx;
    this.#setup = setup;
  }

  /** Active categories by name (archived ones too when asked, after the active ones). */
  async list(id: Tenant, q: ExpenseCategoryListQuery): Promise<ExpenseCategory[]> {
    await this.#setup.ensure(id.tenantId);
    const rows = await this.#ctx.reader.query<CategoryRow>(
      id.tenantId,
      `select ${CATEGORY_COLUMNS} from tax.expense_categories c where c.tenant_id = $1 and ($2::boolean or c.is_active)
        order by c.is_active desc, lower(c.name), c.id`,
      [id.tenantId, q.includeArchived],
    );
    return rows.map(toCategory);
  }

  async create(id: Identity, input: CategoryInput): Promise<ExpenseCategory> {
    await this.#setup.ensure(id.tenantId);
    return this.#ctx
      .tx(id, async (em) => {
        const [row] = await em.execute<CategoryRow[]>(
          `insert into tax.expense_categories as c (tenant_id, name, color, description, tax_deductible, keywords)
           values (?, ?, ?, ?, ?, ${TEXT_ARRAY_PARAM}) returning ${CATEGORY_COLUMNS}`,
          [id.tenantId, input.name, input.color, input.description, input.taxDeductible, JSON.stringify(input.keywords)],
        );
        const created = toCategory(row!);
        addEvent(em, { subject: ExpenseCategoryEvents.Created, tenantId: id.tenantId, actorId: id.userId, data: created });
        return created;
      })
      .catch(nameTaken(input.name));
  }

  /** The whole category, as the form sends it (a system category may be renamed and recoloured too). */
  async update(id: Identity, categoryId: number, input: CategoryInput): Promise<ExpenseCategory> {
    await this.#setup.ensure(id.tenantId);
    return this.#ctx
      .tx(id, async (em) => {
        await this.#load(em, id.tenantId, categoryId, true);
        const [row] = await em.execute<CategoryRow[]>(
          `update tax.expense_categories c set name = ?, color = ?, description = ?, tax_deductible = ?,
             keywords = ${TEXT_ARRAY_PARAM}, updated_at = now()
           where c.id = ? and c.tenant_id = ? returning ${CATEGORY_COLUMNS}`,
          [input.name, input.color, input.description, input.taxDeductible, JSON.stringify(input.keywords), categoryId, id.tenantId],
        );
        const updated = toCategory(row!);
        addEvent(em, { subject: ExpenseCategoryEvents.Updated, tenantId: id.tenantId, actorId: id.userId, data: updated });
        return updated;
      })
      .catch(nameTaken(input.name));
  }

  /**
   * A category some expense uses (live or deleted: their history names it) is archived — inactive, kept, answered
   * (`updated` event); an unused one is deleted (`deleted` event) and answers null. The category row is locked
   * first, so an expense being saved with it concurrently either commits before (archive) or is refused after.
   */
  async remove(id: Identity, categoryId: number): Promise<ExpenseCategory | null> {
    await this.#setup.ensure(id.tenantId);
    return this.#ctx.tx(id, async (em) => {
      const current = await this.#load(em, id.tenantId, categoryId, true);
      const [used] = await em.execute<{ used: boolean }[]>(
        `select exists (select 1 from tax.expenses where tenant_id = ? and category_id = ?) as used`,
        [id.tenantId, categoryId],
      );
      if (used!.used) {
        const [row] = await em.execute<CategoryRow[]>(
          `update tax.expense_categories c set is_active = false, updated_at = now() where c.id = ? and c.tenant_id = ?
           returning ${CATEGORY_COLUMNS}`,
          [categoryId, id.tenantId],
        );
        const archived = toCategory(row!);
        addEvent(em, { subject: ExpenseCategoryEvents.Updated, tenantId: id.tenantId, actorId: id.userId, data: archived });
        return archived;
      }
      await em.execute(`delete from tax.expense_categories where id = ? and tenant_id = ?`, [categoryId, id.tenantId]);
      addEvent(em, {
        subject: ExpenseCategoryEvents.Deleted,
        tenantId: id.tenantId,
        actorId: id.userId,
        data: { ...current, isActive: false },
      });
      return null;
    });
  }

  /** The tenant's active categories (the ai service's RPC), seeding first when needed. */
  async active(tenantId: string): Promise<ExpenseCategory[]> {
    return this.list({ tenantId }, { includeArchived: false });
  }

  async #load(em: EntityManager, tenantId: string, categoryId: number, lock = false): Promise<ExpenseCategory> {
    const [row] = await em.execute<CategoryRow[]>(LOAD_SQL + (lock ? ' for update of c' : ''), [categoryId, tenantId]);
    if (!row) throw new NotFound('Expense category not found');
    return toCategory(row);
  }
}
