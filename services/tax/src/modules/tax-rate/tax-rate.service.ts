import {
  TaxRateBody,
  defaultTaxCategory,
  TaxRateEvents,
  type TaxRate,
  type TaxRateListQuery,
  type TaxRatePatchBody,
} from '@billpoint/proto';
import {
  addEvent,
  checkCursor,
  cursorPage,
  cursorPlan,
  NotFound,
  type EntityManager,
  type Identity,
  type ServiceContext,
} from '@billpoint/kit';
import type { z } from 'zod';
import { idList } from '../sql.ts';
import { TAX_RATE_COLUMNS, toTaxRate, type TaxRateRow } from './tax-rate.sql.ts';

type Tenant = Pick<Identity, 'tenantId'>;
export type TaxRateInput = z.output<typeof TaxRateBody>;
export type TaxRatePatch = z.output<typeof TaxRatePatchBody>;

/** The rates a list shows: not deleted; with `$2` true, only those active and valid today (UTC). `$1` is the tenant. */
const LISTED = `r.tenant_id = $1 and r.deleted_at is null
  and (not $2::boolean or (r.is_active and r.start_date <= current_date and (r.end_date is null or r.end_date >= current_date)))`;
const LOAD_SQL = `select ${TAX_RATE_COLUMNS} from tax.tax_rates r where r.id = ? and r.tenant_id = ? and r.deleted_at is null`;

/** Use cases of tax rates (the tax rate form's rules and the calls the screens make). Every one runs under the caller's tenant (RLS + conditions). */
export class TaxRateService {
  readonly #ctx: ServiceContext;
  constructor(ctx: ServiceContext) {
    this.#ctx = ctx;
  }

  /** Not deleted, newest first; `active` keeps those active and valid today (UTC). */
  async list(id: Tenant, q: TaxRateListQuery): Promise<TaxRate[]> {
    const rows = await this.#ctx.reader.query<TaxRateRow>(
      id.tenantId,
      `select ${TAX_RATE_COLUMNS} from tax.tax_rates r
        where ${LISTED}
        order by r.created_at desc, r.id desc`,
      [id.tenantId, q.active],
    );
    return rows.map(toTaxRate);
  }

  /** A cursor page of `list` (newest first by creation, kit cursorPlan), for the public API. */
  async page(id: Tenant, q: TaxRateListQuery): Promise<{ items: TaxRate[]; hasMore: boolean }> {
    const cursor = { limit: q.limit, starting_after: q.starting_after, ending_before: q.ending_before };
    const plan = cursorPlan(cursor, { table: 'tax.tax_rates', alias: 'r' }, 3);
    const rows = await this.#ctx.reader.query<TaxRateRow>(
      id.tenantId,
      `select ${TAX_RATE_COLUMNS} from tax.tax_rates r
        where ${LISTED}
          and ${plan.where}
        order by ${plan.order} limit ${plan.take}`,
      [id.tenantId, q.active, ...plan.params],
    );
    await checkCursor(this.#ctx.reader, id.tenantId, plan, cursor, rows.length);
    const page = cursorPage(rows, cursor);
    return { items: page.items.map(toTaxRate), hasMore: page.hasMore };
  }

  /** One rate that is not deleted; 404 otherwise. */
  async get(id: Tenant, rateId: number): Promise<TaxRate> {
    const [row] = await this.#ctx.reader.query<TaxRateRow>(
      id.tenantId,
      `select ${TAX_RATE_COLUMNS} from tax.tax_rates r where r.id = $1 and r.tenant_id = $2 and r.deleted_at is null`,
      [rateId, id.tenantId],
    );
    if (!row) throw new NotFound('Tax rate not found');
    return toTaxRate(row);
  }

  /** The tenant's rates among `ids` (deleted ones too, answered inactive): what billing checks an invoice line against. */
  async byIds(tenantId: string, ids: readonly number[]): Promise<TaxRate[]> {
    if (!ids.length) return [];
    const rows = await this.#ctx.reader.query<TaxRateRow>(
      tenantId,
      `select ${TAX_RATE_COLUMNS} from tax.tax_rates r
        where r.tenant_id = $1 and r.id in (select x::bigint from jsonb_array_elements_text($2::jsonb) x) order by r.created_at, r.id`,
      [tenantId, idList(ids)],
    );
    return rows.map(toTaxRate);
  }

  async create(id: Identity, input: TaxRateInput): Promise<TaxRate> {
    return this.#ctx.tx(id, async (em) => {
      const [row] = await em.execute<{ id: string }[]>(
        `insert into tax.tax_rates (tenant_id, user_id, name, jurisdiction, rate, type, is_active, start_date, end_date, description, tax_number,
           category, exemption_reason, exemption_reason_code)
         values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) returning id::text as id`,
        [
          ...[id.tenantId, id.userId, input.name, input.jurisdiction, input.rate, input.type, input.isActive],
          ...[input.startDate, input.endDate ?? null, input.description, input.taxNumber],
          ...[input.category ?? defaultTaxCategory(input.rate), input.exemptionReason, input.exemptionReasonCode ?? null],
        ],
      );
      const created = await this.#load(em, id.tenantId, Number(row!.id));
      addEvent(em, { subject: TaxRateEvents.Created, tenantId: id.tenantId, actorId: id.userId, data: created });
      return created;
    });
  }

  /** The whole rate, as the form sends it. */
  async update(id: Identity, rateId: number, input: TaxRateInput): Promise<TaxRate> {
    return this.#ctx.tx(id, async (em) => {
      await this.#load(em, id.tenantId, rateId, true);
      return this.#write(em, id, rateId, input);
    });
  }

  /**
   * Some fields of a rate: the given ones replace the stored ones (under the rate's lock), and the result is judged
   * as the form's whole body would be. Nothing given changes nothing and announces nothing.
   */
  async patch(id: Identity, rateId: number, patch: TaxRatePatch): Promise<TaxRate> {
    return this.#ctx.tx(id, async (em) => {
      const current = await this.#load(em, id.tenantId, rateId, true);
      const given = Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined));
      if (!Object.keys(given).length) return current;
      const { id: _id, createdAt: _c, updatedAt: _u, ...stored } = current;
      return this.#write(em, id, rateId, TaxRateBody.parse({ ...stored, ...given }));
    });
  }

  async #write(em: EntityManager, id: Identity, rateId: number, input: TaxRateInput): Promise<TaxRate> {
    {
      await em.execute(
        `update tax.tax_rates set name = ?, jurisdiction = ?, rate = ?, type = ?, is_active = ?, start_date = ?, end_date = ?,
           description = ?, tax_number = ?, category = ?, exemption_reason = ?, exemption_reason_code = ?, updated_at = now()
         where id = ? and tenant_id = ?`,
        [
          ...[input.name, input.jurisdiction, input.rate, input.type, input.isActive, input.startDate, input.endDate ?? null],
          ...[input.description, input.taxNumber, input.category ?? defaultTaxCategory(input.rate), input.exemptionReason],
          ...[input.exemptionReasonCode ?? null, rateId, id.tenantId],
        ],
      );
      const updated = await this.#load(em, id.tenantId, rateId);
      addEvent(em, { subject: TaxRateEvents.Updated, tenantId: id.tenantId, actorId: id.userId, data: updated });
      return updated;
    }
  }

  /** Soft delete: invoices that used it keep their figures; the event carries it as it was, inactive. */
  async remove(id: Identity, rateId: number): Promise<void> {
    await this.#ctx.tx(id, async (em) => {
      await this.#load(em, id.tenantId, rateId, true);
      await em.execute(`update tax.tax_rates set deleted_at = now(), updated_at = now() where id = ? and tenant_id = ?`, [
        rateId,
        id.tenantId,
      ]);
      const [row] = await em.execute<TaxRateRow[]>(`select ${TAX_RATE_COLUMNS} from tax.tax_rates r where r.id = ? and r.tenant_id = ?`, [
        rateId,
        id.tenantId,
      ]);
      addEvent(em, { subject: TaxRateEvents.Deleted, tenantId: id.tenantId, actorId: id.userId, data: toTaxRate(row!) });
    });
  }

  async #load(em: EntityManager, tenantId: string, rateId: number, lock = false): Promise<TaxRate> {
    const [row] = await em.execute<TaxRateRow[]>(LOAD_SQL + (lock ? ' for update of r' : ''), [rateId, tenantId]);
    if (!row) throw new NotFound('Tax rate not found');
    return toTaxRate(row);
  }
}
