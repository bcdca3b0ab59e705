import { recordIdFunctionSql, recordIdTablesSql, sqlMigration } from '@billpoint/kit';

/**
 * New records take ids from a keyed permutation of each table's sequence (kit `record-ids.ts`), so the ids one
 * organization sees reveal nothing of how many records others create. Existing rows keep their ids.
 */
export const m0003RecordIds = sqlMigration('0003_record_ids', [
  ...recordIdFunctionSql('catalog'),
  ...recordIdTablesSql('catalog', ['products', 'stock_moves']),
]);
