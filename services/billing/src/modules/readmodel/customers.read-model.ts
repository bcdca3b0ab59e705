import {
  CustomerCreatedData,
  CustomerDeletedData,
  CustomerEvents,
  CustomersGetRpc,
  CustomerUpdatedData,
  type Customer,
} from '@billpoint/proto';
import { readModel, type ServiceContext } from '@billpoint/kit';

/**
 * Billing's copy of the customers it invoices and prints (names and addresses), on the kit's read model: fed by
 * the customers service's events (idempotent, versioned by `updatedAt`, a deletion is final), asked for over
 * `CustomersGetRpc` when an invoice names a customer whose event has not arrived yet.
 */
export const customerReadModel = (ctx: ServiceContext) =>
  readModel(ctx, {
    table: 'customers',
    durable: 'billing-customers',
    subject: 'evt.customers.customer.*',
    upsertOn: { [CustomerEvents.Created]: CustomerCreatedData, [CustomerEvents.Updated]: CustomerUpdatedData },
    deleteOn: { [CustomerEvents.Deleted]: (data) => CustomerDeletedData.parse(data).id },
    key: (c: Customer) => c.id,
    version: (c) => c.updatedAt,
    columns: {
      name: (c) => c.name,
      email: (c) => c.email,
      phone: (c) => c.phone,
      address: (c) => c.address,
      company: (c) => c.company,
      tax_id: (c) => c.taxId,
      street: (c) => c.street,
      postal_code: (c) => c.postalCode,
      city: (c) => c.city,
      country: (c) => c.country,
      buyer_reference: (c) => c.buyerReference,
      created_at: (c) => c.createdAt,
      payment_terms: (c) => c.paymentTerms,
      currency: (c) => c.currency,
    },
    fill: { contract: CustomersGetRpc, request: (tenantId, id) => ({ tenantId, id }) },
  });
