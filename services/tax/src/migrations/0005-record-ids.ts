import { recordIdFunctionSql, recordIdTablesSql, sqlMigration } from '@billpoint/kit';

/**
 * New records take ids from a keyed permutation of each table's sequence (kit `record-ids.ts`), so the ids one
 * organization sees reveal nothing of how many records others create. Existing rows keep their ids.
 */
export const m0005RecordIds = sqlMigration('0005_record_ids', [
  ...recordIdFunctionSql('tax'),
  ...recordIdTablesSql('tax', [
    'tax_rates',
    'expense_categories',
    'expenses',
    'chart_of_accounts',
    'journal_entries',
    'journal_entry_lines',
    'financial_reports',
  ]),
]);
