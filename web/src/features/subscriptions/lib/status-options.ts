import type { RecurringListQuery } from '@billpoint/proto';

/**
 * The status filter (all, active, inactive — the values the list query takes). An inactive schedule reads
 * "Paused" or "Ended" on its badge, so the option names both in the words of the badges, never "Inactive".
 */
export const STATUS_OPTIONS: { value: RecurringListQuery['status']; label: string }[] = [
  { value: 'all', label: 'All Statuses' },
  { value: 'active', label: 'Active' },
  { value: 'inactive', label: 'Paused or Ended' },
];
