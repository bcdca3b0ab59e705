import type { ExpenseCategory } from '@billpoint/proto';

/** A category is added only if it is not blank and not already present after trimming (case aside). */
export function newCategoryName(existing: readonly Pick<ExpenseCategory, 'name' | 'id'>[], input: string, self?: number): string | null {
  const name = input.trim();
  if (!name) return null;
  return existing.some((c) => c.id !== self && c.name.trim().toLowerCase() === name.toLowerCase()) ? null : name;
}
