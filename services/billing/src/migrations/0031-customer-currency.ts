import { sqlMigration } from '@billpoint/kit/migrations';

/**
 * The customer's own currency, kept by the customers read model: a document created without a currency takes it.
 * Null until the customer's next event (then the organization's default currency).
 */
export const m0031CustomerCurrency = sqlMigration('0031_customer_currency', [`alter table billing.customers add column currency char(3)`]);
