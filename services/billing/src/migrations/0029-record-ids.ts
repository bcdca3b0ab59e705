import { recordIdFunctionSql, recordIdTablesSql, sqlMigration } from '@billpoint/kit';

/**
 * New records take ids from a keyed permutation of each table's sequence (kit `record-ids.ts`), so the ids one
 * organization sees reveal nothing of how many records others create. Existing rows keep their ids.
 */
export const m0029RecordIds = sqlMigration('0029_record_ids', [
  ...recordIdFunctionSql('billing'),
  ...recordIdTablesSql('billing', [
    'invoices',
    'invoice_items',
    'quotes',
    'quote_items',
    'credit_notes',
    'credit_note_items',
    'customer_credits',
    'deliveries',
    'invoice_templates',
    'recurring_invoices',
    'recurring_items',
  ]),
  // Lists of credit notes come newest first by creation now that ids carry no order.
  `create index credit_notes_tenant_created on billing.credit_notes (tenant_id, created_at desc, id desc)`,
]);
