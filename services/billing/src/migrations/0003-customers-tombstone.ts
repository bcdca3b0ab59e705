import { sqlMigration } from '@billpoint/kit/migrations';

/**
 * The customers read model moved onto the kit's `readModel`, whose tombstone (a delete seen before the customer)
 * holds only the key: the name gets a default instead of the '' billing used to write itself.
 */
export const m0003CustomersTombstone = sqlMigration('0003_customers_tombstone', [
  `alter table billing.customers alter column name set default ''`,
]);
