import { sqlMigration } from '@billpoint/kit/migrations';

/**
 * The dashboard's "N new this month" counts customers by the date they were created at the customers service: the
 * read model keeps that date from the customer's events (`createdAt`). Rows kept before this migration have no date
 * until their customer's next event (an update brings it) and are not counted as new: the true date is unknown here,
 * and the read model's `version` is the last update, not the creation.
 */
export const m0015CustomerCreatedAt = sqlMigration('0015_customer_created_at', [
  `alter table billing.customers add column created_at timestamptz`,
  `create index customers_created_at on billing.customers (tenant_id, created_at) where not deleted`,
]);
