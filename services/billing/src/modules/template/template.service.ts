import { logoKeyOf, TemplateMessages, type InvoiceTemplate, type TemplateInput, type TemplateUpdate } from '@billpoint/proto';
import { Invalid, NotFound, type EntityManager, type Identity, type ServiceContext } from '@billpoint/kit';
import {
  columnValue,
  INSERT_TEMPLATE_SQL,
  TEMPLATE_COLUMNS,
  TEMPLATE_FIELDS,
  toTemplate,
  updateTemplateSql,
  type TemplateRow,
} from './template.sql.ts';

type Tenant = Pick<Identity, 'tenantId'>;
const notFound = () => new NotFound('Template not found');
const MAX_TEMPLATES = 500;

/**
 * Use cases of invoice templates. Exactly one default per tenant: every change first locks the tenant's templates
 * in id order (the same order for every writer, so two concurrent "make default" calls queue instead of
 * deadlocking), a new default unsets the old one before it is set (the partial unique index allows one at a time),
 * the first template is the default, and deleting the default hands it to the oldest remaining template. At commit
 * the database checks the result again (migration 0007).
 */
export class TemplateService {
  readonly #ctx: ServiceContext;
  constructor(ctx: ServiceContext) {
    this.#ctx = ctx;
  }

  /** The default first, then newest first. */
  async list(id: Tenant): Promise<InvoiceTemplate[]> {
    const rows = await this.#ctx.reader.query<TemplateRow>(
      id.tenantId,
      `select ${TEMPLATE_COLUMNS} from billing.invoice_templates t where t.tenant_id = $1
        order by t.is_default desc, t.created_at desc, t.id desc limit ${MAX_TEMPLATES}`,
      [id.tenantId],
    );
    return rows.map(toTemplate);
  }

  async get(id: Tenant, templateId: number): Promise<InvoiceTemplate> {
    const [row] = await this.#ctx.reader.query<TemplateRow>(
      id.tenantId,
      `select ${TEMPLATE_COLUMNS} from billing.invoice_templates t where t.id = $1 and t.tenant_id = $2`,
      [templateId, id.tenantId],
    );
    if (!row) throw notFound();
    return toTemplate(row);
  }

  create(id: Tenant, input: TemplateInput): Promise<InvoiceTemplate> {
    return this.#write(id, async (em, existing) => {
      await this.#checkLogo(em, id.tenantId, input.logoUrl);
      if (existing.length >= MAX_TEMPLATES) throw new Invalid(`A workspace has at most ${MAX_TEMPLATES} templates`, 'name');
      return this.#insert(em, id.tenantId, input, input.isDefault || existing.length === 0);
    });
  }

  update(id: Tenant, templateId: number, input: TemplateUpdate): Promise<InvoiceTemplate> {
    return this.#write(id, async (em, existing) => {
      const target = existing.find((t) => t.id === templateId);
      if (!target) throw notFound();
      if (input.isDefault === false && target.isDefault) throw new Invalid(TemplateMessages.keepDefault, 'isDefault');
      if (input.logoUrl !== undefined) await this.#checkLogo(em, id.tenantId, input.logoUrl);
      const fields = (Object.keys(input) as (keyof TemplateUpdate)[]).filter((k) => k !== 'isDefault' && input[k] !== undefined);
      if (fields.length)
        await em.execute(updateTemplateSql(fields), [...fields.map((f) => columnValue(f, input[f])), templateId, id.tenantId]);
      if (input.isDefault && !target.isDefault) await this.#makeDefault(em, id.tenantId, templateId);
      if (!fields.length)
        await em.execute(`update billing.invoice_templates set updated_at = now() where id = ? and tenant_id = ?`, [
          templateId,
          id.tenantId,
        ]);
      return this.#load(em, id.tenantId, templateId);
    });
  }

  async remove(id: Tenant, templateId: number): Promise<void> {
    await this.#write(id, async (em, existing) => {
      const target = existing.find((t) => t.id === templateId);
      if (!target) throw notFound();
      await em.execute(`delete from billing.invoice_templates where id = ? and tenant_id = ?`, [templateId, id.tenantId]);
      if (target.isDefault) {
        const [next] = await em.execute<{ id: string }[]>(
          `select id::text as id from billing.invoice_templates where tenant_id = ? order by created_at, id limit 1`,
          [id.tenantId],
        );
        if (next) await this.#makeDefault(em, id.tenantId, Number(next.id));
      }
    });
  }

  /** A copy named "<name> (Copy)", never the default. */
  duplicate(id: Tenant, templateId: number): Promise<InvoiceTemplate> {
    return this.#write(id, async (em, existing) => {
      if (!existing.some((t) => t.id === templateId)) throw notFound();
      if (existing.length >= MAX_TEMPLATES) throw new Invalid(`A workspace has at most ${MAX_TEMPLATES} templates`, 'name');
      const source = await this.#load(em, id.tenantId, templateId);
      const suffix = ' (Copy)';
      const name =
        source.name.length + suffix.length > 100 ? `${source.name.slice(0, 100 - suffix.length)}${suffix}` : `${source.name}${suffix}`;
      return this.#insert(em, id.tenantId, { ...source, name, isDefault: false }, false);
    });
  }

  /**
   * One transaction holding the tenant's templates (locked in id order; the list is handed to `fn`). Two first
   * templates created at once both find none to lock and both want to be the default: the second meets the unique
   * index when the first commits, and is tried once more, now finding the first.
   */
  async #write<T>(id: Tenant, fn: (em: EntityManager, existing: { id: number; isDefault: boolean }[]) => Promise<T>): Promise<T> {
    const attempt = () =>
      this.#ctx.tx(id, async (em) => {
        const rows = await em.execute<{ id: string; is_default: boolean }[]>(
          `select id::text as id, is_default from billing.invoice_templates where tenant_id = ? order by id for update`,
          [id.tenantId],
        );
        return fn(
          em,
          rows.map((r) => ({ id: Number(r.id), isDefault: r.is_default })),
        );
      });
    try {
      return await attempt();
    } catch (err) {
      // A deadlock between two such writes (one inserting while the other waits on its rows) rolls one of them
      // back whole; it is tried once more like the unique-index case.
      const code = (err as { code?: string }).code;
      if (code === '23505' || code === '40P01') return attempt();
      throw err;
    }
  }

  async #insert(em: EntityManager, tenantId: string, input: TemplateInput, asDefault: boolean): Promise<InvoiceTemplate> {
    const values = TEMPLATE_FIELDS.map(([f]) => (f === 'isDefault' ? false : columnValue(f, input[f])));
    const [row] = await em.execute<TemplateRow[]>(INSERT_TEMPLATE_SQL, [tenantId, ...values]);
    const created = toTemplate(row!);
    if (!asDefault) return created;
    await this.#makeDefault(em, tenantId, created.id);
    return this.#load(em, tenantId, created.id);
  }

  /** Unsets the tenant's default, then sets this one (two statements: the unique index holds after each). */
  async #makeDefault(em: EntityManager, tenantId: string, templateId: number) {
    await em.execute(
      `update billing.invoice_templates set is_default = false, updated_at = now() where tenant_id = ? and is_default and id <> ?`,
      [tenantId, templateId],
    );
    await em.execute(`update billing.invoice_templates set is_default = true, updated_at = now() where tenant_id = ? and id = ?`, [
      tenantId,
      templateId,
    ]);
  }

  async #load(em: EntityManager, tenantId: string, templateId: number): Promise<InvoiceTemplate> {
    const [row] = await em.execute<TemplateRow[]>(
      `select ${TEMPLATE_COLUMNS} from billing.invoice_templates t where t.id = ? and t.tenant_id = ?`,
      [templateId, tenantId],
    );
    if (!row) throw notFound();
    return toTemplate(row);
  }

  /** A logo URL must name one of the tenant's uploaded logos. */
  async #checkLogo(em: EntityManager, tenantId: string, url: string | null | undefined) {
    const key = logoKeyOf(url);
    if (!url) return;
    const found = key ? await em.execute(`select 1 from billing.logos where tenant_id = ? and key = ?`, [tenantId, key]) : [];
    if (!found.length) throw new Invalid('Logo not found: upload the logo again', 'logoUrl');
  }
}
