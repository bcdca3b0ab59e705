import {
  priceDecimalsProblem,
  ProductEvents,
  sumMoney,
  currencyDecimals,
  divMills,
  fromMills,
  toMills,
  type Product,
  type ProductInput,
  type ProductSummary,
  type ProductListQuery,
  type ProductPatch,
} from '@billpoint/proto';
import {
  addEvent,
  cursorPage,
  checkCursor,
  cursorPlan,
  NotFound,
  Invalid,
  planLimits,
  organizationCurrency,
  metadataFilterSql,
  storedMetadata,
  type EntityManager,
  type Identity,
  type PlanLimits,
  type ServiceContext,
} from '@billpoint/kit';
import {
  changed,
  GET_SQL,
  loadProduct,
  PRODUCT_COLUMNS,
  skuTaken,
  stockStatus,
  toProduct,
  writeProduct,
  type ProductRow,
} from './product.sql.ts';
import { patchProduct } from './product.patch.ts';

/** GET_SQL with bind parameters: a prepared read (TenantReader). */
const READ_SQL = GET_SQL.replace('?', '$1').replace('?', '$2');

type Tenant = Pick<Identity, 'tenantId'>;

/** A price in the currency the product takes: no decimals for JPY, two for USD (400 on `price`). */
function checkPriceDecimals(p: { price: string; currency: string }) {
  const problem = priceDecimalsProblem(p.price, p.currency);
  if (problem) throw new Invalid(problem, 'price');
}

const likePattern = (term: string) => `%${term.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
/** Products that count against the plan's maxProducts: every one not deleted. */
const COUNT_SQL = `select count(*)::int as n from (select 1 from catalog.products where tenant_id = ? and deleted_at is null limit ?) p`;

/**
 * Use cases of products (SQL: the list answers computed stock status and revenue in one statement; the unit of work,
 * tenant context and outbox come from the kit). Every one runs under the caller's tenant (RLS + tenant conditions).
 */
export class ProductService {
  readonly #ctx: ServiceContext;
  readonly #limits: PlanLimits;
  constructor(ctx: ServiceContext, limits: PlanLimits = planLimits(ctx)) {
    this.#ctx = ctx;
    this.#limits = limits;
  }

  /** Newest first; case-insensitive substring search over name, SKU and category; pages. */
  async list(id: Tenant, q: ProductListQuery): Promise<{ items: Product[]; total: number }> {
    const metadata = metadataFilterSql('p.metadata', 5, q.metadata);
    const rows = await this.#ctx.reader.query<ProductRow & { total_count: string }>(
      id.tenantId,
      `select ${PRODUCT_COLUMNS}, count(*) over ()::text as total_count from catalog.products p
        where p.tenant_id = $1 and p.deleted_at is null and ($2::text is null or p.search like $2) and ${metadata.sql}
        order by p.created_at desc, p.id desc limit $3 offset $4`,
      [id.tenantId, q.search ? likePattern(q.search) : null, q.limit ?? 500, q.offset, metadata.param],
    );
    if (rows.length || q.offset === 0) return { items: rows.map(toProduct), total: Number(rows[0]?.total_count ?? 0) };
    return { items: [], total: (await this.list(id, { ...q, offset: 0, limit: 1 })).total };
  }

  /**
   * A cursor page (the public API, `pagination=cursor`): newest first, keyset on creation (kit cursorPlan) so a product created
   * between two pages is on neither twice; `search` filters as in `list`. 10 a page unless `limit` says.
   */
  async page(id: Tenant, q: ProductListQuery): Promise<{ items: Product[]; hasMore: boolean }> {
    const cursor = { limit: q.limit ?? 10, starting_after: q.starting_after, ending_before: q.ending_before };
    const plan = cursorPlan(cursor, { table: 'catalog.products', alias: 'p' }, 4);
    const metadata = metadataFilterSql('p.metadata', 3, q.metadata);
    const rows = await this.#ctx.reader.query<ProductRow>(
      id.tenantId,
      `select ${PRODUCT_COLUMNS} from catalog.products p
        where p.tenant_id = $1 and p.deleted_at is null and ($2::text is null or p.search like $2) and ${metadata.sql}
          and ${plan.where}
        order by ${plan.order} limit ${plan.take}`,
      [id.tenantId, q.search ? likePattern(q.search) : null, metadata.param, ...plan.params],
    );
    await checkCursor(this.#ctx.reader, id.tenantId, plan, cursor, rows.length);
    const page = cursorPage(rows, cursor);
    return { items: page.items.map(toProduct), hasMore: page.hasMore };
  }

  /** The five cards over every product: counts, stock alerts (tracked products), revenue and average price per currency. */
  async summary(id: Tenant): Promise<ProductSummary> {
    const rows = await this.#ctx.reader.query<ProductRow>(
      id.tenantId,
      `select ${PRODUCT_COLUMNS} from catalog.products p where p.tenant_id = $1 and p.deleted_at is null`,
      [id.tenantId],
    );
    const products = rows.map(toProduct);
    const byCurrency = new Map<string, Product[]>();
    for (const p of products) byCurrency.set(p.currency, [...(byCurrency.get(p.currency) ?? []), p]);
    const currencies = [...byCurrency.keys()].sort();
    return {
      total: products.length,
      active: products.filter((p) => p.isActive).length,
      lowStock: products.filter((p) => p.stockStatus === 'low_stock').length,
      outOfStock: products.filter((p) => p.stockStatus === 'out_of_stock').length,
      revenue: currencies.map((currency) => ({ currency, amount: sumMoney(byCurrency.get(currency)!.map((p) => p.revenue)) })),
      averagePrice: currencies.map((currency) => {
        const list = byCurrency.get(currency)!;
        return {
          currency,
          amount: fromMills(divMills(toMills(sumMoney(list.map((p) => p.price))), BigInt(list.length), currencyDecimals(currency))),
        };
      }),
    };
  }

  async get(id: Tenant, productId: number): Promise<Product> {
    const [row] = await this.#ctx.reader.query<ProductRow>(id.tenantId, READ_SQL, [productId, id.tenantId], { prepare: true });
    if (!row) throw new NotFound('Product not found');
    return toProduct(row);
  }

  async create(id: Identity, body: ProductInput): Promise<Product> {
    const limit = await this.#limits.check(id.tenantId, 'products');
    // Left out: the organization's default currency; the price must fit its minor units.
    const input = {
      ...body,
      currency: body.currency ?? (await organizationCurrency(this.#ctx).of(id.tenantId)),
    };
    checkPriceDecimals(input);
    return this.#ctx
      .tx(id, async (em) => {
        await limit(em, async (tem, max) => (await tem.execute<{ n: number }[]>(COUNT_SQL, [id.tenantId, max]))[0]!.n);
        const [row] = await em.execute<{ id: string }[]>(
          `insert into catalog.products (tenant_id, user_id, name, sku, description, category, price, currency, tax_rate,
             unit_of_measure, is_active, track_inventory, low_stock_threshold, metadata)
           values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?::jsonb) returning id::text as id`,
          [
            ...[id.tenantId, id.userId, input.name, input.sku, input.description, input.category ?? null, input.price, input.currency],
            ...[input.taxRate, input.unitOfMeasure, input.isActive, input.trackInventory, input.lowStockThreshold ?? 0],
            JSON.stringify(storedMetadata(null, input.metadata)),
          ],
        );
        const productId = Number(row!.id);
        if (input.trackInventory && input.stockQuantity)
          await this.#move(em, id, productId, input.stockQuantity, 'opening', 'Opening stock');
        const created = await this.#load(em, id.tenantId, productId);
        addEvent(em, { subject: ProductEvents.Created, tenantId: id.tenantId, actorId: id.userId, data: created });
        return created;
      })
      .catch(skuTaken(input.sku));
  }

  /**
   * The edit form sends the whole product. Its stock quantity is the quantity the user now sees on the shelf: the
   * difference to the ledger's sum becomes an adjustment move (the ledger stays the only source of stock).
   */
  async update(id: Identity, productId: number, body: ProductInput): Promise<Product> {
    return this.#ctx
      .tx(id, async (em) => {
        const current = await this.#load(em, id.tenantId, productId, true);
        // Left out: the product keeps its currency.
        const input = {
          ...body,
          currency: body.currency ?? current.currency,
          metadata: storedMetadata(current.metadata, body.metadata),
        };
        checkPriceDecimals(input);
        await writeProduct(em, id.tenantId, productId, input);
        const [ledger] = await em.execute<{ q: string }[]>(
          `select coalesce(sum(quantity), 0)::text as q from catalog.stock_moves where tenant_id = ? and product_id = ?`,
          [id.tenantId, productId],
        );
        const difference = input.stockQuantity == null ? 0 : input.stockQuantity - Number(ledger!.q);
        if (input.trackInventory && difference !== 0)
          await this.#move(em, id, productId, difference, 'adjustment', 'Edited stock quantity');
        const updated = await this.#load(em, id.tenantId, productId);
        if (changed(current, updated))
          addEvent(em, { subject: ProductEvents.Updated, tenantId: id.tenantId, actorId: id.userId, data: updated });
        return updated;
      })
      .catch(skuTaken(body.sku));
  }

  /** PATCH (the public API): only the fields sent change (product.patch.ts). */
  patch(id: Identity, productId: number, input: ProductPatch): Promise<Product> {
    return patchProduct(this.#ctx, id, productId, input);
  }

  /** A manual stock move (goods received +, breakage −). */
  async adjust(id: Identity, productId: number, quantity: number, note: string | null): Promise<Product> {
    return this.#ctx.tx(id, async (em) => {
      await this.#load(em, id.tenantId, productId, true);
      await this.#move(em, id, productId, quantity, 'adjustment', note);
      const updated = await this.#load(em, id.tenantId, productId);
      addEvent(em, { subject: ProductEvents.Updated, tenantId: id.tenantId, actorId: id.userId, data: updated });
      return updated;
    });
  }

  /** Soft delete: invoices that name it keep their lines; its SKU is free again. */
  async remove(id: Identity, productId: number): Promise<void> {
    await this.#ctx.tx(id, async (em) => {
      const current = await this.#load(em, id.tenantId, productId, true);
      await em.execute(`update catalog.products set deleted_at = now(), updated_at = now() where id = ? and tenant_id = ?`, [
        productId,
        id.tenantId,
      ]);
      addEvent(em, { subject: ProductEvents.Deleted, tenantId: id.tenantId, actorId: id.userId, data: { id: current.id } });
    });
  }

  async #move(em: EntityManager, id: Identity, productId: number, quantity: number, reason: string, note: string | null) {
    await em.execute(`insert into catalog.stock_moves (tenant_id, product_id, quantity, reason, note, user_id) values (?, ?, ?, ?, ?, ?)`, [
      id.tenantId,
      productId,
      quantity,
      reason,
      note,
      id.userId,
    ]);
    await refreshStock(em, id.tenantId, [productId]);
  }

  #load(em: EntityManager, tenantId: string, productId: number, lock = false): Promise<Product> {
    return loadProduct(em, tenantId, productId, lock);
  }
}

/** products.stock_quantity = the sum of the product's moves (kept in the transaction of every move). */
export async function refreshStock(em: EntityManager, tenantId: string, productIds: number[]) {
  if (!productIds.length) return;
  await em.execute(
    `update catalog.products p set stock_quantity = coalesce((select sum(m.quantity) from catalog.stock_moves m
        where m.tenant_id = p.tenant_id and m.product_id = p.id), 0), updated_at = now()
      where p.tenant_id = ? and p.id in (select x::bigint from jsonb_array_elements_text(?::jsonb) x)`,
    [tenantId, JSON.stringify(productIds)],
  );
}

export { stockStatus };
