import {
  OrganizationCreatedData,
  OrganizationEvents,
  OrganizationUpdated,
  OrganizationUpdatedData,
  type Organization,
  type OrganizationUpdatedData as Settings,
} from '@billpoint/proto';
import { consumeEvents, type EntityManager, type ServiceContext, type Subscription } from '@billpoint/kit';

/** What the ledger and the reports need of an organization: its default currency and time zone. */
export interface OrgSettings {
  defaultCurrency: string;
  timezone: string;
}
export const DEFAULT_ORG: OrgSettings = { defaultCurrency: 'USD', timezone: 'UTC' };

/** `organization.created`: the row (defaults USD / UTC until the settings say otherwise). */
export async function upsertOrganization(em: EntityManager, o: Organization): Promise<void> {
  await em.execute(
    `insert into tax.ledger_organizations (tenant_id, name) values (?, ?) on conflict (tenant_id) do update set name = excluded.name`,
    [o.id, o.name],
  );
}

/** `organization.updated`: currency and time zone, kept by version (the settings' updatedAt); an older event changes nothing. */
export async function applyOrganizationSettings(em: EntityManager, o: Settings): Promise<void> {
  await em.execute(
    `insert into tax.ledger_organizations as t (tenant_id, name, default_currency, timezone, version) values (?, ?, ?, ?, ?)
     on conflict (tenant_id) do update set name = excluded.name, default_currency = excluded.default_currency,
       timezone = excluded.timezone, version = excluded.version
       where t.version is null or excluded.version is null or t.version < excluded.version`,
    [o.id, o.companyName || o.organizationName, o.defaultCurrency, o.timezone, o.updatedAt],
  );
}

/** The organization's settings as the ledger knows them (defaults before its first event). */
export async function orgSettings(em: EntityManager, tenantId: string): Promise<OrgSettings> {
  const [row] = await em.execute<{ default_currency: string; timezone: string }[]>(
    `select default_currency, timezone from tax.ledger_organizations where tenant_id = ?`,
    [tenantId],
  );
  return row ? { defaultCurrency: row.default_currency, timezone: row.timezone } : DEFAULT_ORG;
}

/** The tax service's copy of the organizations (idempotent: processed-message log + versioned upsert). */
export async function organizationConsumers(ctx: ServiceContext): Promise<Subscription[]> {
  const base = { orm: ctx.orm, schema: ctx.schema, bus: ctx.bus, logger: ctx.logger };
  return [
    await consumeEvents({
      ...base,
      durable: 'tax-ledger-organizations',
      subject: OrganizationEvents.Created,
      parse: (data) => OrganizationCreatedData.parse(data),
      handle: (event, em) => upsertOrganization(em, event.data),
    }),
    await consumeEvents({
      ...base,
      durable: 'tax-ledger-organization-settings',
      subject: OrganizationUpdated,
      parse: (data) => OrganizationUpdatedData.parse(data),
      handle: (event, em) => applyOrganizationSettings(em, event.data),
    }),
  ];
}
