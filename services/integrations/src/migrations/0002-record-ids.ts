import { recordIdFunctionSql, recordIdTablesSql, sqlMigration } from '@billpoint/kit';

/**
 * New records take ids from a keyed permutation of each table's sequence (kit `record-ids.ts`), so the ids one
 * organization sees reveal nothing of how many records others create. Existing rows keep their ids.
 */
export const m0002RecordIds = sqlMigration('0002_record_ids', [
  ...recordIdFunctionSql('integrations'),
  ...recordIdTablesSql('integrations', ['api_keys', 'api_usage', 'audit_logs', 'webhooks', 'webhook_deliveries']),
]);
