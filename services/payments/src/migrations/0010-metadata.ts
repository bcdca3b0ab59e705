import { sqlMigration } from '@billpoint/kit/migrations';

/**
 * A payment carries its integrator's own keys and values, answered as `metadata`. The table's `metadata` column is
 * taken: it holds what the processors need to know of a payment (a PayPal capture id, the portal payment it belongs
 * to), which no caller may see or change. So the integrator's keys get a column of their own.
 */
export const m0010Metadata = sqlMigration('0010_metadata', [
  `alter table payments.payments add column integrator_metadata jsonb not null default '{}'::jsonb`,
]);
