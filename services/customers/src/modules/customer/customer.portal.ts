import { CustomersFindByEmailRpc, CustomersPortalUpdateRpc, portalUserId } from '@billpoint/proto';
import { NotFound, rpcRespond, type ServiceContext, type Subscription } from '@billpoint/kit';
import type { CustomerService } from './customer.service.ts';

/**
 * The customer portal's requests to the customers service, answered over the bus for the gateway:
 * - find-by-email: the tenant's customer with that address (case-insensitive, not deleted; the earliest when several
 *   share it), or null — the gateway sends a sign-in link only then.
 * - portal-update: the signed-in customer's own contact and billing details, saved in one transaction with
 *   `customer.updated`, whose actor is `portal:<customerId>` (the audit log shows the customer made the change).
 */
export async function customerPortalResponders(ctx: ServiceContext, customers: CustomerService): Promise<Subscription[]> {
  const find = await rpcRespond(
    ctx.bus,
    CustomersFindByEmailRpc,
    async ({ tenantId, email }) => {
      const [row] = await ctx.reader.query(
        tenantId,
        `select id, name, email from customers.customers
          where tenant_id = $1 and lower(email) = lower($2) and deleted_at is null order by created_at, id limit 1`,
        [tenantId, email.trim()],
      );
      const r = row as { id: string | number; name: string; email: string } | undefined;
      return r ? { id: Number(r.id), name: r.name, email: r.email } : null;
    },
    { logger: ctx.logger },
  );
  const update = await rpcRespond(
    ctx.bus,
    CustomersPortalUpdateRpc,
    async ({ tenantId, customerId, profile }) => {
      const id = { tenantId, userId: portalUserId(customerId), role: 'user' as const, scopes: [] };
      try {
        return await customers.update(id, customerId, profile);
      } catch (err) {
        if (err instanceof NotFound) return null;
        throw err;
      }
    },
    { logger: ctx.logger },
  );
  return [find, update];
}
