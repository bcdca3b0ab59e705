import { OrganizationCreatedData, OrganizationEvents, OrganizationUpdated, OrganizationUpdatedData } from '@billpoint/proto';
import { consumeEvents, type ServiceContext, type Subscription } from '@billpoint/kit';
import { applyOrganizationSettings, upsertOrganization } from './read-model.ts';
import { customerReadModel } from './customers.read-model.ts';

/** The consumers that keep billing's read models current (idempotent: processed-message log + versioned upserts). */
export async function readModelConsumers(ctx: ServiceContext): Promise<Subscription[]> {
  const base = { orm: ctx.orm, schema: ctx.schema, bus: ctx.bus, logger: ctx.logger };
  const customers = await customerReadModel(ctx).start();
  const organizations = await consumeEvents({
    ...base,
    durable: 'billing-organizations',
    subject: OrganizationEvents.Created,
    parse: (data) => OrganizationCreatedData.parse(data),
    handle: (event, em) => upsertOrganization(em, event.data),
  });
  const settings = await consumeEvents({
    ...base,
    durable: 'billing-organization-settings',
    subject: OrganizationUpdated,
    parse: (data) => OrganizationUpdatedData.parse(data),
    handle: (event, em) => applyOrganizationSettings(em, event.data, ctx.logger),
  });
  return [customers, organizations, settings];
}
