import type { ExpenseCategory } from '@billpoint/proto';

/** A category answer (alias `c`). */
export const CATEGORY_COLUMNS = `c.id::text as id, c.name, c.color, c.description, c.tax_deductible, c.keywords, c.is_system, c.is_active`;

export interface CategoryRow {
  id: string;
  name: string;
  color: string;
  description: string | null;
  tax_deductible: boolean;
  keywords: string[];
  is_system: boolean;
  is_active: boolean;
}

export const toCategory = (r: CategoryRow): ExpenseCategory => ({
  id: Number(r.id),
  name: r.name,
  color: r.color,
  description: r.description,
  taxDeductible: r.tax_deductible,
  keywords: r.keywords ?? [],
  isSystem: r.is_system,
  isActive: r.is_active,
});
