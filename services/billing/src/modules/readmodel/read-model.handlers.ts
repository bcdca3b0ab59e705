import {
  CustomerCreatedData,
  CustomerDeletedData,
  CustomerEvents,
  CustomerUpdatedData,
  OrganizationCreatedData,
  OrganizationEvents,
} from '@billpoint/proto';
import { consumeEvents, type ServiceContext, type Subscription } from '@billpoint/kit';
import { markCustomerDeleted, upsertCustomer, upsertOrganization } from './read-model.ts';

/** The consumers that keep billing's read models current (idempotent: processed-message log + versioned upserts). */
export async function readModelConsumers(ctx: ServiceContext): Promise<Subscription[]> {
  const base = { orm: ctx.orm, schema: ctx.schema, bus: ctx.bus, logger: ctx.logger };
  const customers = await consumeEvents({
    ...base,
    durable: 'billing-customers',
    subject: 'evt.customers.customer.*',
    parse: (data) => data,
    async handle(event, em) {
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
  });
  const organizations = await consumeEvents({
    ...base,
    durable: 'billing-organizations',
    subject: OrganizationEvents.Created,
    parse: (data) => OrganizationCreatedData.parse(data),
    handle: (event, em) => upsertOrganization(em, event.data),
  });
  return [customers, organizations];
}
