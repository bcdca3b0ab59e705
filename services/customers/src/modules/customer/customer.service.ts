import type { EntityManager } from '@mikro-orm/postgresql';
import {
  CustomerEvents,
  type Customer,
  type CustomerCreate,
  type CustomerListQuery,
  type CustomerPatch,
  type CustomerUpdate,
} from '@billpoint/proto';
import {
  addEvent,
  cursorPage,
  checkCursor,
  cursorPlan,
  NotFound,
  planLimits,
  organizationCurrency,
  metadataFilterSql,
  storedMetadata,
  type Identity,
  type PlanLimits,
  type ServiceContext,
} from '@billpoint/kit';
import { CustomerEntity, type CustomerRow } from './customer.entity.ts';
import { CREDIT_BALANCES_SQL, creditOf, withCredit } from './customer.credit.ts';

export function toCustomer(c: CustomerRow): Customer {
  return {
    id: Number(c.id), // bigint column: a number once mapped by the ORM, a string in a raw row
    name: c.name,
    email: c.email,
    phone: c.phone ?? null,
    address: c.address ?? null,
    company: c.company ?? null,
    taxId: c.taxId ?? null,
    street: c.street ?? null,
    postalCode: c.postalCode ?? null,
    city: c.city ?? null,
    country: c.country?.trim() || null,
    buyerReference: c.buyerReference ?? null,
    currency: c.currency,
    language: c.language,
    paymentTerms: c.paymentTerms,
    creditLimit: c.creditLimit == null ? null : Number.isNaN(Number(c.creditLimit)) ? null : String(c.creditLimit),
    customerType: c.customerType,
    industry: c.industry ?? null,
    website: c.website ?? null,
    isActive: c.isActive,
    tags: c.tags ?? [],
    customFields: c.customFields ?? {},
    metadata: c.metadata ?? {},
    userId: c.userId ?? null,
    createdAt: c.createdAt.toISOString(),
    updatedAt: c.updatedAt.toISOString(),
  };
}

const GET_SQL = `select c.*, ${CREDIT_BALANCES_SQL} as credit_balances
  from customers.customers c where c.id = $1 and c.tenant_id = $2 and c.deleted_at is null`;

/** `%`, `_` and `\` in a search term match themselves. */
const likePattern = (term: string) => `%${term.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Customers that count against the plan's maxCustomers: every one not deleted (an inactive customer is still kept). */
const COUNT_SQL = `select count(*)::int as n from (select 1 from customers.customers where tenant_id = ? and deleted_at is null limit ?) c`;

/** Use cases of the customers service; every one runs under the caller's tenant. */
export class CustomerService {
  readonly #ctx: ServiceContext;
  readonly #limits: PlanLimits;
  constructor(ctx: ServiceContext, limits: PlanLimits = planLimits(ctx)) {
    this.#ctx = ctx;
    this.#limits = limits;
  }

  /** Newest first; case-insensitive substring search over name, e-mail and company. */
  async list(id: Identity, q: CustomerListQuery): Promise<{ items: Customer[]; total: number }> {
    const em = this.#ctx.em(id);
    const qb = em
      .createQueryBuilder(CustomerEntity, 'c')
      .where({ tenantId: id.tenantId, deletedAt: null })
      .orderBy({ createdAt: 'desc', id: 'desc' })
      .limit(q.limit ?? 500)
      .offset(q.offset);
    if (q.search) qb.andWhere(`c.search like ?`, [likePattern(q.search)]);
    if (q.metadata && Object.keys(q.metadata).length) qb.andWhere(`c.metadata @> ?::jsonb`, [JSON.stringify(q.metadata)]);
    const [rows, total] = await qb.getResultAndCount();
    return { items: await withCredit(this.#ctx, id.tenantId, rows.map(toCustomer)), total };
  }

  /**
   * A cursor page (the public API, `pagination=cursor`): newest first, keyset on creation (kit cursorPlan) so a customer created
   * between two pages is on neither twice; `search` filters as in `list`. 10 a page unless `limit` says.
   */
  async page(id: Identity, q: CustomerListQuery): Promise<{ items: Customer[]; hasMore: boolean }> {
    const cursor = { limit: q.limit ?? 10, starting_after: q.starting_after, ending_before: q.ending_before };
    const plan = cursorPlan(cursor, { table: 'customers.customers', alias: 'c' }, 4);
    const metadata = metadataFilterSql('c.metadata', 3, q.metadata);
    const rows = await this.#ctx.reader.query(
      id.tenantId,
      `select * from customers.customers c where tenant_id = $1 and deleted_at is null and ($2::text is null or search like $2)
          and ${metadata.sql} and ${plan.where} order by ${plan.order} limit ${plan.take}`,
      [id.tenantId, q.search ? likePattern(q.search) : null, metadata.param, ...plan.params],
    );
    await checkCursor(this.#ctx.reader, id.tenantId, plan, cursor, rows.length);
    const page = cursorPage(rows, cursor);
    const items = page.items.map((r) => toCustomer(this.#mapRow(r) as CustomerRow));
    return { items: await withCredit(this.#ctx, id.tenantId, items), hasMore: page.hasMore };
  }

  /**
   * The hottest read: one round trip (kit TenantReader, a prepared statement: planned once per connection), its credit included; the row is mapped to properties by the entity's
   * compiled metadata mapper (no entity instance, no identity map: nothing here is modified).
   */
  async get(id: Pick<Identity, 'tenantId'>, customerId: number): Promise<Customer> {
    const [row] = await this.#ctx.reader.query(id.tenantId, GET_SQL, [customerId, id.tenantId], { prepare: true });
    if (!row) throw new NotFound('Customer not found');
    const { credit_balances: balances, ...rest } = row as { credit_balances: { currency: string; amount: string }[] };
    return creditOf(toCustomer(this.#mapRow(rest) as CustomerRow), balances);
  }

  #mapRow(row: Record<string, unknown>) {
    const meta = this.#ctx.orm.getMetadata().get(CustomerEntity);
    return this.#ctx.orm.em.getComparator().mapResult(meta, row);
  }

  async create(id: Identity, input: CustomerCreate): Promise<Customer> {
    const limit = await this.#limits.check(id.tenantId, 'customers');
    // Left out: the organization's default currency.
    const currency = input.currency ?? (await organizationCurrency(this.#ctx).of(id.tenantId));
    return this.#ctx.tx(id, async (em) => {
      await limit(em, async (tem, max) => (await tem.execute<{ n: number }[]>(COUNT_SQL, [id.tenantId, max]))[0]!.n);
      const row = em.create(CustomerEntity, {
        ...input,
        currency,
        tenantId: id.tenantId,
        userId: id.userId,
        customFields: {},
        metadata: storedMetadata(null, input.metadata),
        deletedAt: null,
      });
      await em.flush();
      const customer = toCustomer(row);
      addEvent(em, { subject: CustomerEvents.Created, tenantId: id.tenantId, actorId: id.userId, data: customer });
      return creditOf(customer, []); // a new customer has no credit yet
    });
  }

  /**
   * PUT (the form: name and e-mail always) and PATCH (the public API: any fields) alike: only the fields sent change.
   * A PATCH that sends nothing answers the customer as it is, with no event.
   */
  async update(id: Identity, customerId: number, input: CustomerUpdate | CustomerPatch): Promise<Customer> {
    // `metadata: {}` changes nothing (the merge rule), so it alone is an empty change too.
    const { metadata, ...fields } = input;
    const changes: Record<string, unknown> = Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined));
    if (!Object.keys(changes).length && !Object.keys(metadata ?? {}).length) return this.get(id, customerId);
    const customer = await this.#ctx.tx(id, async (em) => {
      const row = await this.#find(em, id, customerId);
      if (metadata && Object.keys(metadata).length) changes.metadata = storedMetadata(row.metadata, metadata);
      em.assign(row, changes);
      await em.flush();
      const customer = toCustomer(row);
      addEvent(em, { subject: CustomerEvents.Updated, tenantId: id.tenantId, actorId: id.userId, data: customer });
      return customer;
    });
    const [withBalances] = await withCredit(this.#ctx, id.tenantId, [customer]);
    return withBalances!;
  }

  /**
   * Soft delete: the customer leaves every list and lookup (404 from now on), while invoices and payments
   * that already reference it keep their history; consumers learn it from `customer.deleted`.
   */
  async remove(id: Identity, customerId: number): Promise<void> {
    await this.#ctx.tx(id, async (em) => {
      const row = await this.#find(em, id, customerId);
      row.deletedAt = new Date();
      addEvent(em, { subject: CustomerEvents.Deleted, tenantId: id.tenantId, actorId: id.userId, data: { id: row.id } });
    });
  }

  async #find(em: EntityManager, id: Identity, customerId: number): Promise<CustomerRow> {
    const row = await em.findOne(CustomerEntity, { id: customerId, tenantId: id.tenantId, deletedAt: null });
    if (!row) throw new NotFound('Customer not found');
    return row;
  }
}
