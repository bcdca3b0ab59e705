import { CustomerCreatedData, CustomerDeletedData, CustomerEvents, CustomersGetRpc, CustomerUpdatedData } from '@billpoint/proto';
import { ReadModel, type ServiceContext } from '@billpoint/kit';
import { markCustomerDeleted, upsertCustomer } from './read-model.ts';

/** Billing's copy of the customers it invoices: fed by customers' events, asked for on a miss. */
export const customerReadModel = (ctx: ServiceContext) =>
  new ReadModel({
    ctx,
    durable: 'billing-customers',
    subject: 'evt.customers.customer.*',
    async apply(event, em) {
      switch (event.type) {
        case CustomerEvents.Created:
          return upsertCustomer(em, event.tenantId, CustomerCreatedData.parse(event.data));
        case CustomerEvents.Updated:
          return upsertCustomer(em, event.tenantId, CustomerUpdatedData.parse(event.data));
        case CustomerEvents.Deleted:
          return markCustomerDeleted(em, event.tenantId, CustomerDeletedData.parse(event.data).id);
        default:
          ctx.logger.debug({ type: event.type }, 'customer event not used by billing');
      }
    },
    async find(tenantId, id: number) {
      const [row] = await ctx.reader.query<{ deleted: boolean }>(
        tenantId,
        `select deleted from billing.customers where tenant_id = $1 and id = $2`,
        [tenantId, id],
      );
      return row;
    },
    fetch: { contract: CustomersGetRpc, request: (tenantId, id) => ({ tenantId, id }) },
    store: upsertCustomer,
  });
