import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ExpenseCategory, ExpenseCategoryBody } from '@billpoint/proto';
import { api, apiFetch, readJson } from '@/lib/api-client';
import { expenseCategoryKeys } from '@/lib/expense-categories';

type Callbacks<T> = { onSuccess?: (value: T) => void; onError?: (error: Error) => void };

/** A category mutation that refreshes the categories (this screen, the expense form, the list's dots). */
function useCategoryMutation<V, T>(mutationFn: (v: V) => Promise<T>, { onSuccess, onError }: Callbacks<T>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: async (value: T) => {
      await queryClient.invalidateQueries({ queryKey: expenseCategoryKeys.all });
      onSuccess?.(value);
    },
    onError,
  });
}

/** POST /api/expense-categories, or PUT /api/expense-categories/{id} (rename, recolour). */
export const useSaveCategory = (o: Callbacks<ExpenseCategory> = {}) =>
  useCategoryMutation(
    ({ id, body }: { id?: number; body: ExpenseCategoryBody }) =>
      id ? api.put<ExpenseCategory>(`/api/expense-categories/${id}`, body) : api.post<ExpenseCategory>('/api/expense-categories', body),
    o,
  );

/**
 * DELETE /api/expense-categories/{id}: 204 when it was deleted, 200 with the category, archived, when expenses use it
 * (kept for them, no longer offered). Answers the archived category, or null when deleted.
 */
export const useDeleteCategory = (o: Callbacks<ExpenseCategory | null> = {}) =>
  useCategoryMutation(async (id: number) => {
    const response = await apiFetch(`/api/expense-categories/${id}`, { method: 'DELETE' });
    return response.status === 204 ? null : ((await readJson<ExpenseCategory | undefined>(response)) ?? null);
  }, o);
