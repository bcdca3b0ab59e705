import { OrganizationUpdated, OrganizationUpdatedData } from '@billpoint/proto';
import { readModel } from './read-model.ts';
import type { ServiceContext } from './service.ts';
import type { Subscription } from './bus/types.ts';

/** An organization's currency until its settings say otherwise (the settings' own default). */
export const DEFAULT_ORGANIZATION_CURRENCY = 'USD';

export interface OrganizationCurrency {
  /** The consumer of `organization.updated` that keeps the service's copy current. */
  start(): Promise<Subscription>;
  /** The organization's default currency as last announced; USD before its settings were ever saved. */
  of(tenantId: string): Promise<string>;
}

/**
 * A service's own copy of each organization's default currency, for records created without a currency (a customer,
 * a product). It is kept from the gateway's `organization.updated` events, so creating such a record asks no other
 * service and works while they are down. The table is the service's `organizations` (its own migration):
 * `(tenant_id uuid, id uuid, default_currency char(3), version text, deleted boolean)`, keyed by `(tenant_id, id)`,
 * with the organization's id as both, under row-level security.
 */
export function organizationCurrency(ctx: ServiceContext): OrganizationCurrency {
  const model = readModel(ctx, {
    table: 'organizations',
    durable: `${ctx.schema}-organization-currency`,
    subject: OrganizationUpdated,
    upsertOn: { [OrganizationUpdated]: OrganizationUpdatedData },
    deleteOn: {},
    key: (o: OrganizationUpdatedData) => o.id,
    // Settings never saved have no time; any saved version is newer.
    version: (o) => o.updatedAt ?? '',
    columns: { default_currency: (o) => o.defaultCurrency },
  });
  return {
    start: () => model.start(),
    async of(tenantId) {
      const row = await model.find(tenantId, tenantId);
      return (row?.default_currency as string | null | undefined)?.trim() || DEFAULT_ORGANIZATION_CURRENCY;
    },
  };
}
