import { CustomersGetRpc } from '@billpoint/proto';
import { NotFound, organizationCurrency, planLimits, rpcRespond, type ServiceContext, type Subscription } from '@billpoint/kit';
import { CustomerService } from './customer.service.ts';
import { customerCreditConsumer } from './customer.credit.ts';
import { customerPortalResponders } from './customer.portal.ts';

/**
 * NATS responders of the customers service. `CustomersGetRpc` lets another service (billing) fill a read-model
 * miss, e.g. for a customer created a moment before its event arrived: { tenantId, id } → Customer | null.
 */
export async function customerHandlers(ctx: ServiceContext): Promise<Subscription[]> {
  const customers = new CustomerService(ctx);
  const get = await rpcRespond(
    ctx.bus,
    CustomersGetRpc,
    async ({ tenantId, id }) => {
      try {
        return await customers.get({ tenantId }, id);
      } catch (err) {
        if (err instanceof NotFound) return null;
        throw err;
      }
    },
    { logger: ctx.logger },
  );
  // The plan-limits read model (creations check it): kept current from payments' plan.changed.
  // Customers' credit (credit notes): kept from billing's customer_credit.changed.
  // The customer portal's lookups and profile changes.
  // Each organization's default currency: a customer created without one takes it.
  return [
    get,
    ...(await customerPortalResponders(ctx, customers)),
    await planLimits(ctx).start(),
    await customerCreditConsumer(ctx),
    await organizationCurrency(ctx).start(),
  ];
}
