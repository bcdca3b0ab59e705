import {
  ExpenseEvents,
  type Expense,
  type ExpenseInput,
  type ExpenseListQuery,
  type ExpenseSummary,
  type ExpenseSummaryQuery,
} from '@billpoint/proto';
import { addEvent, NotFound, type EntityManager, type Identity, type ServiceContext } from '@billpoint/kit';
import { likePattern, TEXT_ARRAY_PARAM } from '../sql.ts';
import { EXPENSE_COLUMNS, EXPENSE_FROM, eventData, toExpense, type ExpenseRow } from './expense.sql.ts';
import { checkExpense, duplicateChecksum, trainingSource } from './expense.rules.ts';

type Tenant = Pick<Identity, 'tenantId'>;

/**
 * The filters the list and the summary share, on alias `e`: the tenant is $1, the filters $2–$5 (search over
 * description, vendor and notes with its wildcards escaped, one category, dates inclusive).
 */
const FILTER_SQL = `e.tenant_id = $1 and e.deleted_at is null
  and ($2::text is null or lower(e.description || ' ' || coalesce(e.vendor, '') || ' ' || coalesce(e.notes, '')) like $2)
  and ($3::bigint is null or e.category_id = $3) and ($4::date is null or e.date >= $4) and ($5::date is null or e.date <= $5)`;
const filterParams = (tenantId: string, q: ExpenseSummaryQuery) => [
  tenantId,
  q.search ? likePattern(q.search) : null,
  q.categoryId ?? null,
  q.from ?? null,
  q.to ?? null,
];

const LOAD_SQL = `select ${EXPENSE_COLUMNS} from ${EXPENSE_FROM} where e.id = ? and e.tenant_id = ? and e.deleted_at is null`;

/** What is written for an input: the figures and references as given, the derived training fields and checksum. */
function columns(input: ExpenseInput, suggestedCategoryId: number | null, categoryConfidence: number | null) {
  const source = trainingSource(input.categoryId ?? null, suggestedCategoryId);
  return [
    ...[input.description, input.amount, input.currency, input.date, input.vendor, input.categoryId ?? null, input.notes],
    ...[input.receipt ?? null, input.paymentMethod ?? null, input.taxAmount, input.isReimbursable, JSON.stringify(input.tags)],
    ...[suggestedCategoryId, categoryConfidence, source.manualCategoryOverride, source.trainingSource],
    duplicateChecksum(input.amount, input.vendor, input.date),
  ];
}

/**
 * Use cases of expenses. Every change writes its event (`ExpenseEventData`, the expense as it now is) in the same
 * transaction: the ledger books it, the ai service trains on it.
 */
export class ExpenseService {
  readonly #ctx: ServiceContext;
  constructor(ctx: ServiceContext) {
    this.#ctx = ctx;
  }

  /** Newest date first; search over description, vendor and notes; category and date range filters; pages. */
  async list(id: Tenant, q: ExpenseListQuery): Promise<{ items: Expense[]; total: number }> {
    const rows = await this.#ctx.reader.query<ExpenseRow & { total_count: string }>(
      id.tenantId,
      `select ${EXPENSE_COLUMNS}, count(*) over ()::text as total_count from ${EXPENSE_FROM}
        where ${FILTER_SQL} order by e.date desc, e.created_at desc, e.id desc limit $6 offset $7`,
      [...filterParams(id.tenantId, q), q.limit, q.offset],
    );
    if (rows.length || q.offset === 0) return { items: rows.map(toExpense), total: Number(rows[0]?.total_count ?? 0) };
    return { items: [], total: (await this.list(id, { ...q, offset: 0, limit: 1 })).total };
  }

  async get(id: Tenant, expenseId: number): Promise<Expense> {
    const [row] = await this.#ctx.reader.query<ExpenseRow>(id.tenantId, LOAD_SQL.replace('?', '$1').replace('?', '$2'), [
      expenseId,
      id.tenantId,
    ]);
    if (!row) throw new NotFound('Expense not found');
    return toExpense(row);
  }

  /**
   * The expense manager's cards for the expenses the filters match (all of them, not a page): count, distinct
   * categories used, and per currency the exact total and mean (half-up).
   */
  async summary(id: Tenant, q: ExpenseSummaryQuery = {}): Promise<ExpenseSummary> {
    const [all] = await this.#ctx.reader.query<{ n: number; categories: number }>(
      id.tenantId,
      `select count(*)::int as n, count(distinct e.category_id)::int as categories from tax.expenses e where ${FILTER_SQL}`,
      filterParams(id.tenantId, q),
    );
    const totals = await this.#ctx.reader.query<{ currency: string; total: string; average: string; count: number }>(
      id.tenantId,
      `select trim(e.currency) as currency, sum(e.amount)::text as total, round(sum(e.amount) / count(*), 2)::text as average,
              count(*)::int as count
         from tax.expenses e where ${FILTER_SQL} group by e.currency order by e.currency`,
      filterParams(id.tenantId, q),
    );
    return { totalTransactions: all!.n, categories: all!.categories, totals };
  }

  async create(id: Identity, input: ExpenseInput): Promise<Expense> {
    return this.#ctx.tx(id, async (em) => {
      await checkExpense(em, id.tenantId, input);
      const [row] = await em.execute<{ id: string }[]>(
        `insert into tax.expenses (tenant_id, user_id, description, amount, currency, date, vendor, category_id, notes, receipt,
           payment_method, tax_amount, is_reimbursable, tags, suggested_category_id, category_confidence, manual_category_override,
           training_source, duplicate_checksum)
         values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ${TEXT_ARRAY_PARAM}, ?, ?, ?, ?, ?) returning id::text as id`,
        [id.tenantId, id.userId, ...columns(input, input.suggestedCategoryId ?? null, input.categoryConfidence ?? null)],
      );
      const created = await this.#load(em, id.tenantId, Number(row!.id));
      addEvent(em, { subject: ExpenseEvents.Created, tenantId: id.tenantId, actorId: id.userId, data: eventData(created) });
      return created;
    });
  }

  /**
   * The whole expense, as the form sends it. A suggestion left out keeps the one on record (the form does not send
   * it again), so moving an auto-categorized expense to another category becomes a manual correction.
   */
  async update(id: Identity, expenseId: number, input: ExpenseInput): Promise<Expense> {
    return this.#ctx.tx(id, async (em) => {
      const current = await this.#load(em, id.tenantId, expenseId, true);
      await checkExpense(em, id.tenantId, input, current);
      const suggested = input.suggestedCategoryId ?? current.suggestedCategoryId;
      const confidence = input.suggestedCategoryId != null ? (input.categoryConfidence ?? null) : current.categoryConfidence;
      await em.execute(
        `update tax.expenses set description = ?, amount = ?, currency = ?, date = ?, vendor = ?, category_id = ?, notes = ?,
           receipt = ?, payment_method = ?, tax_amount = ?, is_reimbursable = ?, tags = ${TEXT_ARRAY_PARAM}, suggested_category_id = ?,
           category_confidence = ?, manual_category_override = ?, training_source = ?, duplicate_checksum = ?, updated_at = now()
         where id = ? and tenant_id = ?`,
        [...columns(input, suggested, confidence), expenseId, id.tenantId],
      );
      const updated = await this.#load(em, id.tenantId, expenseId);
      addEvent(em, { subject: ExpenseEvents.Updated, tenantId: id.tenantId, actorId: id.userId, data: eventData(updated) });
      return updated;
    });
  }

  /** Soft delete; the event carries the expense as it was, with `deleted: true` (the ledger reverses it). */
  async remove(id: Identity, expenseId: number): Promise<void> {
    await this.#ctx.tx(id, async (em) => {
      const current = await this.#load(em, id.tenantId, expenseId, true);
      await em.execute(`update tax.expenses set deleted_at = now(), updated_at = now() where id = ? and tenant_id = ?`, [
        expenseId,
        id.tenantId,
      ]);
      addEvent(em, { subject: ExpenseEvents.Deleted, tenantId: id.tenantId, actorId: id.userId, data: eventData(current, true) });
    });
  }

  async #load(em: EntityManager, tenantId: string, expenseId: number, lock = false): Promise<Expense> {
    const [row] = await em.execute<ExpenseRow[]>(LOAD_SQL + (lock ? ' for update of e' : ''), [expenseId, tenantId]);
    if (!row) throw new NotFound('Expense not found');
    return toExpense(row);
  }
}
