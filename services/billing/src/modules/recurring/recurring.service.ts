import {
  firstFuturePeriod,
  monthlyRecurring,
  periodDate,
  RecurringEvents,
  SubscriptionCurrencies,
  type Frequency,
  type RecurringInput,
  type RecurringInvoice,
  type RecurringListQuery,
  type RecurringSummary,
} from '@billpoint/proto';
import {
  addEvent,
  checkCursor,
  Conflict,
  cursorPage,
  cursorPlan,
  Invalid,
  metadataFilterSql,
  NotFound,
  storedMetadata,
  type EntityManager,
  type Identity,
  type ServiceContext,
} from '@billpoint/kit';
import { customerReadModel } from '../readmodel/customers.read-model.ts';
import { checkProducts } from '../readmodel/products.ts';
import { likePattern } from '../invoice/invoice.sql.ts';
import { scheduleLines } from './recurring.lines.ts';
import { documentCurrency } from '../readmodel/document-currency.ts';
import {
  RECURRING_COLUMNS,
  RECURRING_CUSTOMER_JOIN,
  RECURRING_ITEMS_JSON,
  recurringEventData,
  TODAY_SQL,
  toRecurring,
  type RecurringRow,
} from './recurring.sql.ts';

/** A currency taken by default must be one a schedule may bill in; otherwise the caller has to name one. */
type SubscriptionCurrency = (typeof SubscriptionCurrencies)[number];
function subscriptionCurrency(currency: string): SubscriptionCurrency {
  if ((SubscriptionCurrencies as readonly string[]).includes(currency)) return currency as SubscriptionCurrency;
  throw new Invalid(`Currency must be one of ${SubscriptionCurrencies.join(', ')} (the customer's is ${currency})`, 'currency');
}

type Tenant = Pick<Identity, 'tenantId'>;

const GET_SQL = `select ${RECURRING_COLUMNS}, ${RECURRING_ITEMS_JSON} as items
  from billing.recurring_invoices r ${RECURRING_CUSTOMER_JOIN} where r.id = ? and r.tenant_id = ?`;

/** Where a schedule stands: its next period's date, or ended (no date, inactive) once that date is past its end. */
function position(s: { startDate: string; frequency: Frequency; endDate: string | null }, nextPeriod: number, active: boolean) {
  const date = periodDate(s.startDate, s.frequency, nextPeriod);
  const ended = s.endDate != null && date > s.endDate;
  return { nextPeriod, nextDate: ended ? null : date, active: ended ? false : active };
}

/** Use cases of recurring schedules ("subscriptions"); every one under the caller's tenant (RLS + tenant conditions). */
export class RecurringService {
  readonly #ctx: ServiceContext;
  readonly #customers: ReturnType<typeof customerReadModel>;
  readonly #now: () => Date;
  constructor(ctx: ServiceContext, now: () => Date = () => new Date()) {
    this.#ctx = ctx;
    this.#customers = customerReadModel(ctx);
    this.#now = now;
  }

  /** Newest first; search over the name and the customer's name; status and frequency filters; pages. */
  async list(id: Tenant, q: RecurringListQuery): Promise<{ items: RecurringInvoice[]; total: number }> {
    const rows = await this.#ctx.reader.query<RecurringRow & { total_count: string }>(
      id.tenantId,
      `select ${RECURRING_COLUMNS}, count(*) over ()::text as total_count
         from billing.recurring_invoices r ${RECURRING_CUSTOMER_JOIN}
        where r.tenant_id = $1
          and ($2::text is null or lower(r.name) like $2 or lower(coalesce(c.name, '')) like $2)
          and ($3::boolean is null or r.is_active = $3)
          and ($4::text is null or r.frequency = $4)
          and ($5::bigint is null or r.customer_id = $5)
          and ${metadataFilterSql('r.metadata', 6, undefined).sql}
        order by r.created_at desc, r.id desc limit $7 offset $8`,
      [...this.#filters(id, q), q.limit, q.offset],
    );
    if (rows.length || q.offset === 0) return { items: rows.map(toRecurring), total: Number(rows[0]?.total_count ?? 0) };
    const again = await this.list(id, { ...q, offset: 0, limit: 1 });
    return { items: [], total: again.total };
  }

  /** A cursor page of `list`'s filters (newest first by creation, kit cursorPlan), for the public API. */
  async page(id: Tenant, q: RecurringListQuery): Promise<{ items: RecurringInvoice[]; hasMore: boolean }> {
    const cursor = { limit: q.limit, starting_after: q.starting_after, ending_before: q.ending_before };
    const plan = cursorPlan(cursor, { table: 'billing.recurring_invoices', alias: 'r' }, 7);
    const rows = await this.#ctx.reader.query<RecurringRow>(
      id.tenantId,
      `select ${RECURRING_COLUMNS}, ${RECURRING_ITEMS_JSON} as items
         from billing.recurring_invoices r ${RECURRING_CUSTOMER_JOIN}
        where r.tenant_id = $1
          and ($2::text is null or lower(r.name) like $2 or lower(coalesce(c.name, '')) like $2)
          and ($3::boolean is null or r.is_active = $3)
          and ($4::text is null or r.frequency = $4)
          and ($5::bigint is null or r.customer_id = $5)
          and ${metadataFilterSql('r.metadata', 6, undefined).sql}
          and ${plan.where}
        order by ${plan.order} limit ${plan.take}`,
      [...this.#filters(id, q), ...plan.params],
    );
    await checkCursor(this.#ctx.reader, id.tenantId, plan, cursor, rows.length);
    const page = cursorPage(rows, cursor);
    return { items: page.items.map(toRecurring), hasMore: page.hasMore };
  }

  /** `$1`…`$6` of the lists: the tenant, the search pattern, the state, the frequency, the customer, the metadata pairs. */
  #filters(id: Tenant, q: RecurringListQuery) {
    return [
      id.tenantId,
      q.search ? likePattern(q.search) : null,
      q.status === 'all' ? null : q.status === 'active',
      q.frequency === 'all' ? null : q.frequency,
      q.customerId ?? null,
      metadataFilterSql('r.metadata', 6, q.metadata).param,
    ] as const;
  }

  /** The four cards: counts, and active schedules normalised to a month per currency. */
  async summary(id: Tenant): Promise<RecurringSummary> {
    const rows = await this.#ctx.reader.query<{ is_active: boolean; currency: string; frequency: Frequency; total: string; n: number }>(
      id.tenantId,
      `select is_active, currency, frequency, sum(total)::text as total, count(*)::int as n
         from billing.recurring_invoices where tenant_id = $1 group by is_active, currency, frequency`,
      [id.tenantId],
    );
    const active = rows.filter((r) => r.is_active);
    const { monthly, average } = monthlyRecurring(active.map((r) => ({ ...r, count: r.n })));
    const count = (list: typeof rows) => list.reduce((a, r) => a + r.n, 0);
    return {
      total: count(rows),
      active: count(active),
      inactive: count(rows) - count(active),
      monthlyRevenue: monthly,
      averageValue: average,
    };
  }

  async get(id: Tenant, scheduleId: number): Promise<RecurringInvoice> {
    const [row] = await this.#ctx.reader.query<RecurringRow>(id.tenantId, GET_SQL.replace('?', '$1').replace('?', '$2'), [
      scheduleId,
      id.tenantId,
    ]);
    if (!row) throw new NotFound('Subscription not found');
    return toRecurring(row);
  }

  async create(id: Identity, body: RecurringInput): Promise<RecurringInvoice> {
    // Left out: the customer's currency, else the organization's; the schedule then keeps it.
    const input = {
      ...body,
      currency: body.currency ?? subscriptionCurrency(await documentCurrency(this.#ctx, id.tenantId, body.customerId)),
    };
    const { items, total } = await scheduleLines(this.#ctx, id.tenantId, input, input.startDate);
    await this.#ensureCustomer(id, input.customerId);
    await checkProducts(this.#ctx, id.tenantId, input.items);
    const at = position(input, 0, input.isActive ?? true);
    return this.#ctx.tx(id, async (em) => {
      const [row] = await em.execute<{ id: string }[]>(
        `insert into billing.recurring_invoices (tenant_id, user_id, customer_id, name, frequency, start_date, end_date,
           next_period, next_invoice_date, is_active, auto_send, currency, total, notes, metadata)
         values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?::jsonb) returning id::text as id`,
        [
          ...[id.tenantId, id.userId, input.customerId, input.name, input.frequency, input.startDate, input.endDate],
          ...[at.nextPeriod, at.nextDate, at.active, input.autoSend, input.currency, total, input.notes],
          JSON.stringify(storedMetadata(null, input.metadata)),
        ],
      );
      const scheduleId = Number(row!.id);
      await this.#writeItems(em, id.tenantId, scheduleId, items);
      const created = await this.#load(em, id.tenantId, scheduleId);
      addEvent(em, { subject: RecurringEvents.Created, tenantId: id.tenantId, actorId: id.userId, data: recurringEventData(created) });
      return created;
    });
  }

  /**
   * The edit form sends the whole schedule. Once invoices were generated its anchor (start date, frequency) is fixed:
   * the periods already billed are numbered from it. Before that, the schedule starts over from the new start date.
   */
  async update(id: Identity, scheduleId: number, body: RecurringInput): Promise<RecurringInvoice> {
    const before = await this.get(id, scheduleId); // 404 first
    // Left out: the schedule keeps the currency it was created with.
    const input = { ...body, currency: body.currency ?? subscriptionCurrency(before.currency) };
    const today = await this.#today(id);
    // Tax rates are taken as they are now, in force on the next date the schedule bills (its start while nothing was billed).
    const taxDate = before.totalInvoicesGenerated > 0 ? (before.nextInvoiceDate ?? today) : input.startDate;
    const { items, total } = await scheduleLines(this.#ctx, id.tenantId, input, taxDate);
    if (input.customerId !== before.customerId) await this.#ensureCustomer(id, input.customerId);
    await checkProducts(this.#ctx, id.tenantId, input.items);
    return this.#ctx.tx(id, async (em) => {
      const current = await this.#load(em, id.tenantId, scheduleId, true);
      const started = current.totalInvoicesGenerated > 0;
      if (started && input.startDate !== current.startDate)
        throw new Invalid('The start date cannot change once invoices were generated; create a new subscription instead', 'startDate');
      if (started && input.frequency !== current.frequency)
        throw new Invalid('The frequency cannot change once invoices were generated; create a new subscription instead', 'frequency');
      const nextPeriod = await this.#nextPeriod(em, id.tenantId, scheduleId, started ? null : 0);
      // An ended schedule whose end moves later stays paused until resumed; an end moved before the next date ends it.
      let at = position(input, nextPeriod, current.isActive);
      if (input.isActive !== undefined && input.isActive !== at.active) at = this.#activation(input, at.nextPeriod, input.isActive, today);
      await em.execute(
        `update billing.recurring_invoices set customer_id = ?, name = ?, frequency = ?, start_date = ?, end_date = ?,
           next_period = ?, next_invoice_date = ?, is_active = ?, auto_send = ?, currency = ?, total = ?, notes = ?,
           metadata = ?::jsonb, updated_at = now()
         where id = ? and tenant_id = ?`,
        [
          ...[input.customerId, input.name, input.frequency, input.startDate, input.endDate, at.nextPeriod, at.nextDate],
          ...[at.active, input.autoSend, input.currency, total, input.notes],
          ...[JSON.stringify(storedMetadata(current.metadata, input.metadata)), scheduleId, id.tenantId],
        ],
      );
      await em.execute(`delete from billing.recurring_items where recurring_invoice_id = ? and tenant_id = ?`, [scheduleId, id.tenantId]);
      await this.#writeItems(em, id.tenantId, scheduleId, items);
      const updated = await this.#load(em, id.tenantId, scheduleId);
      addEvent(em, { subject: RecurringEvents.Updated, tenantId: id.tenantId, actorId: id.userId, data: recurringEventData(updated) });
      return updated;
    });
  }

  /** Pause or resume. Resuming continues from the first period dated today or later: paused periods are not billed. */
  async setActive(id: Identity, scheduleId: number, isActive: boolean): Promise<RecurringInvoice> {
    await this.get(id, scheduleId);
    const today = await this.#today(id);
    return this.#ctx.tx(id, async (em) => {
      const current = await this.#load(em, id.tenantId, scheduleId, true);
      if (current.isActive === isActive) return current;
      const nextPeriod = await this.#nextPeriod(em, id.tenantId, scheduleId, null);
      const at = this.#activation(current, nextPeriod, isActive, today);
      await em.execute(
        `update billing.recurring_invoices set is_active = ?, next_period = ?, next_invoice_date = ?, updated_at = now()
          where id = ? and tenant_id = ?`,
        [at.active, at.nextPeriod, at.nextDate, scheduleId, id.tenantId],
      );
      const updated = await this.#load(em, id.tenantId, scheduleId);
      addEvent(em, { subject: RecurringEvents.Updated, tenantId: id.tenantId, actorId: id.userId, data: recurringEventData(updated) });
      return updated;
    });
  }

  /** Deletes the schedule and its items; invoices it generated stay (with their link). */
  async remove(id: Identity, scheduleId: number): Promise<void> {
    await this.#ctx.tx(id, async (em) => {
      const current = await this.#load(em, id.tenantId, scheduleId, true);
      await em.execute(`delete from billing.recurring_invoices where id = ? and tenant_id = ?`, [scheduleId, id.tenantId]);
      addEvent(em, { subject: RecurringEvents.Cancelled, tenantId: id.tenantId, actorId: id.userId, data: recurringEventData(current) });
    });
  }

  #activation(s: { startDate: string; frequency: Frequency; endDate: string | null }, nextPeriod: number, on: boolean, today: string) {
    if (!on) return { nextPeriod, nextDate: position(s, nextPeriod, false).nextDate, active: false };
    const yesterday = new Date(Date.parse(`${today}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
    const at = position(s, firstFuturePeriod(s, nextPeriod, yesterday), true);
    if (!at.active) throw new Conflict(`This subscription ended on ${s.endDate}. Extend its end date to resume it.`);
    return at;
  }

  /** The stored next period, or `reset` when given (a schedule not started yet begins again at period 0). */
  async #nextPeriod(em: EntityManager, tenantId: string, scheduleId: number, reset: number | null): Promise<number> {
    if (reset != null) return reset;
    const [row] = await em.execute<{ next_period: number }[]>(
      `select next_period from billing.recurring_invoices where id = ? and tenant_id = ?`,
      [scheduleId, tenantId],
    );
    return Number(row!.next_period);
  }

  async #today(id: Tenant): Promise<string> {
    const [row] = await this.#ctx.reader.query<{ today: string }>(id.tenantId, TODAY_SQL.replace('?', '$1').replace('?', '$2'), [
      this.#now().toISOString(),
      id.tenantId,
    ]);
    return row!.today;
  }

  async #load(em: EntityManager, tenantId: string, scheduleId: number, lock = false): Promise<RecurringInvoice> {
    const [row] = await em.execute<RecurringRow[]>(GET_SQL + (lock ? ' for update of r' : ''), [scheduleId, tenantId]);
    if (!row) throw new NotFound('Subscription not found');
    return toRecurring(row);
  }

  async #writeItems(em: EntityManager, tenantId: string, scheduleId: number, items: Awaited<ReturnType<typeof scheduleLines>>['items']) {
    await em.execute(
      `insert into billing.recurring_items (tenant_id, recurring_invoice_id, position, product_id, description, quantity, unit_price, amount,
         tax_rate_id, tax_rate, tax_rate_name, tax_type)
       select ?::uuid, ?::bigint, v.position, v.product_id, v.description, v.quantity, v.unit_price, v.amount,
              v.tax_rate_id, v.tax_rate, v.tax_rate_name, v.tax_type
         from jsonb_to_recordset(?::jsonb) as v (position int, product_id bigint, description text, quantity numeric, unit_price numeric,
           amount numeric, tax_rate_id bigint, tax_rate numeric, tax_rate_name text, tax_type text)`,
      [tenantId, scheduleId, JSON.stringify(items)],
    );
  }

  async #ensureCustomer(id: Tenant, customerId: number): Promise<void> {
    if (!(await this.#customers.get(id.tenantId, customerId))) throw new Invalid('Customer not found', 'customerId');
  }
}
