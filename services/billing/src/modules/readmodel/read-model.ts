import type { Organization } from '@billpoint/proto';
import type { EntityManager } from '@billpoint/kit';

/**
 * The sender block of the PDF: billing's copy of each organization (tenant), from `organization.created`.
 * (Customers are kept by the kit's read model: `customers.read-model.ts`.)
 */
export async function upsertOrganization(em: EntityManager, o: Organization): Promise<void> {
  await em.execute(
    `insert into billing.organizations (tenant_id, name) values (?, ?)
     on conflict (tenant_id) do update set name = excluded.name, updated_at = now()`,
    [o.id, o.name],
  );
}
