import { defineEntity, p } from '@mikro-orm/core';
import { CustomerTypes } from '@billpoint/proto';
import { tenantFilter } from '@billpoint/kit';

export const CustomerEntity = defineEntity({
  name: 'Customer',
  tableName: 'customers',
  filters: tenantFilter,
  properties: {
    id: p.bigint('number').primary().autoincrement(),
    tenantId: p.uuid(),
    userId: p.text().nullable(),
    name: p.text(),
    email: p.text(),
    phone: p.text().nullable(),
    address: p.text().nullable(),
    company: p.text().nullable(),
    taxId: p.text().nullable(),
    street: p.text().nullable(),
    postalCode: p.text().nullable(),
    city: p.text().nullable(),
    country: p.string().length(2).nullable(),
    buyerReference: p.text().nullable(),
    currency: p.string().length(3),
    language: p.text(),
    paymentTerms: p.integer(),
    creditLimit: p.decimal('string').precision(15).scale(2).nullable(),
    customerType: p.enum(CustomerTypes),
    industry: p.text().nullable(),
    website: p.text().nullable(),
    isActive: p.boolean(),
    tags: p.array(),
    customFields: p.json<Record<string, unknown>>(),
    metadata: p.json<Record<string, string>>(),
    createdAt: p.datetime().onCreate(() => new Date()),
    updatedAt: p
      .datetime()
      .onCreate(() => new Date())
      .onUpdate(() => new Date()),
    deletedAt: p.datetime().nullable(),
  },
});
export type CustomerRow = InstanceType<typeof CustomerEntity.class>;
