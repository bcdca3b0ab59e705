import type { Customer, Organization } from '@billpoint/proto';
import type { EntityManager } from '@billpoint/kit';

/**
 * Billing's copies of other services' data (customers: names and addresses it prints; organizations: the
 * sender block of the PDF). Written by the event consumers and by the request/reply fallback; both are upserts
 * that an older version never overwrites, so redelivered or reordered events converge.
 */
export async function upsertCustomer(em: EntityManager, tenantId: string, c: Customer): Promise<void> {
  await em.execute(
    `insert into billing.customers as x (tenant_id, id, name, email, phone, address, company, version)
     values (?, ?, ?, ?, ?, ?, ?, ?)
     on conflict (tenant_id, id) do update set
       name = excluded.name, email = excluded.email, phone = excluded.phone, address = excluded.address,
       company = excluded.company, version = excluded.version
     where x.version is null or x.version <= excluded.version`,
    [tenantId, c.id, c.name, c.email, c.phone, c.address, c.company, c.updatedAt],
  );
}

/** A deleted customer stays (invoices keep their history) but can no longer be invoiced. Sticky: never undone. */
export async function markCustomerDeleted(em: EntityManager, tenantId: string, id: number): Promise<void> {
  await em.execute(
    `insert into billing.customers (tenant_id, id, name, deleted) values (?, ?, '', true)
     on conflict (tenant_id, id) do update set deleted = true`,
    [tenantId, id],
  );
}

export async function upsertOrganization(em: EntityManager, o: Organization): Promise<void> {
  await em.execute(
    `insert into billing.organizations (tenant_id, name) values (?, ?)
     on conflict (tenant_id) do update set name = excluded.name, updated_at = now()`,
    [o.id, o.name],
  );
}
