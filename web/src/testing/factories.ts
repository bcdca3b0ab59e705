import type { Customer } from '@billpoint/proto';

let nextId = 1;

export function makeCustomer(overrides: Partial<Customer> = {}): Customer {
  const id = overrides.id ?? nextId++;
  return {
    id,
    name: `Customer ${id}`,
    email: `customer${id}@example.test`,
    phone: null,
    address: null,
    company: null,
    taxId: null,
    currency: 'USD',
    language: 'en',
    paymentTerms: 30,
    creditLimit: null,
    customerType: 'business',
    industry: null,
    website: null,
    isActive: true,
    tags: [],
    customFields: {},
    userId: null,
    createdAt: '2024-01-05T10:00:00.000Z',
    updatedAt: '2024-01-05T10:00:00.000Z',
    ...overrides,
  };
}
