import { queryOptions } from '@tanstack/react-query';
import type { ExpenseCategory } from '@billpoint/proto';
import { api } from './api-client';

/**
 * Expense categories are read by the expense manager (the form's select, the list's dots) and edited in Settings →
 * Categories: one key family, so a category added, renamed or archived there shows on /expenses at once.
 */
export const expenseCategoryKeys = {
  all: ['expense-categories'] as const,
};

/** GET /api/expense-categories?includeArchived=true: every category of the organization, archived ones included (isActive false). */
export const expenseCategoriesQueryOptions = () =>
  queryOptions({
    queryKey: expenseCategoryKeys.all,
    queryFn: ({ signal }) => api.get<ExpenseCategory[]>('/api/expense-categories?includeArchived=true', { signal }),
  });
