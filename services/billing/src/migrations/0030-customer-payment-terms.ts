import { sqlMigration } from '@billpoint/kit/migrations';

/**
 * The customer's payment terms in days, kept by the customers read model: an invoice created without a due date is
 * due that many days after its issue date. Null until the customer's next event (then the organization's default).
 */
export const m0030CustomerPaymentTerms = sqlMigration('0030_customer_payment_terms', [
  `alter table billing.customers add column payment_terms integer`,
]);
