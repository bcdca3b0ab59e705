/** One field of an audit row: what it was and what it became (undefined: absent on that side). */
export type FieldChange = { field: string; before: unknown; after: unknown };

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * The fields that differ between the old and new values of an audit row, in the new values' order (then removed
 * ones). A creation lists every field (nothing before); a deletion every old field (nothing after).
 */
export function auditChanges(oldValues: unknown, newValues: unknown): FieldChange[] {
  const before = isRecord(oldValues) ? oldValues : {};
  const after = isRecord(newValues) ? newValues : {};
  const fields = [...new Set([...Object.keys(after), ...Object.keys(before)])];
  return fields.filter((f) => !same(before[f], after[f])).map((field) => ({ field, before: before[field], after: after[field] }));
}

/** A value in a cell: strings as they are, absent as —, the rest as JSON. */
export function showValue(v: unknown): string {
  if (v === undefined) return '—';
  if (typeof v === 'string') return v;
  return JSON.stringify(v);
}
