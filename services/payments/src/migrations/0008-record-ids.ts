import { recordIdFunctionSql, recordIdTablesSql, sqlMigration } from '@billpoint/kit';

/**
 * New records take ids from a keyed permutation of each table's sequence (kit `record-ids.ts`), so the ids one
 * organization sees reveal nothing of how many records others create. Existing rows keep their ids.
 */
export const m0008RecordIds = sqlMigration('0008_record_ids', [
  ...recordIdFunctionSql('payments'),
  ...recordIdTablesSql('payments', ['payments']),
  // Lists of payments come newest first by creation now that ids carry no order.
  `create index payments_tenant_created on payments.payments (tenant_id, created_at desc, id desc)`,
]);
