import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CategorizeBody, CategorizeResult, Expense, ExpenseBody, ExpenseSummary } from '@billpoint/proto';
import type { ReceiptUpload } from '@billpoint/proto';
import type { z } from 'zod';
import { ApiError, api } from '@/lib/api-client';
import { fetchPage, nextPageOffset } from '@/lib/pagination';

export const expenseKeys = {
  all: ['expenses'] as const,
  list: () => [...expenseKeys.all, 'list'] as const,
  summary: () => [...expenseKeys.all, 'summary'] as const,
};

/** How many expenses the list shows at once (Load more for the next). */
export const EXPENSES_PAGE = 50;

/** GET /api/expenses: newest first, x-total-count for the whole list. */
export const expensesQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: expenseKeys.list(),
    queryFn: ({ pageParam, signal }) => fetchPage<Expense>('/api/expenses', { limit: EXPENSES_PAGE, offset: pageParam }, signal),
    initialPageParam: 0,
    getNextPageParam: nextPageOffset,
  });

export function useExpenses() {
  const query = useInfiniteQuery({ ...expensesQueryOptions(), refetchOnMount: 'always' });
  const pages = query.data?.pages ?? [];
  return { ...query, expenses: pages.flatMap((p) => p.items), total: pages.at(-1)?.total ?? 0 };
}

/** GET /api/expenses/summary: the four cards, per currency. */
export const expenseSummaryQueryOptions = () =>
  queryOptions({
    queryKey: expenseKeys.summary(),
    queryFn: ({ signal }) => api.get<ExpenseSummary>('/api/expenses/summary', { signal }),
  });
export const useExpenseSummary = () => useQuery({ ...expenseSummaryQueryOptions(), refetchOnMount: 'always' });

type Callbacks<T> = { onSuccess?: (value: T) => void; onError?: (error: Error) => void };

/** An expense mutation that refreshes the list and the cards when it succeeds. */
function useExpenseMutation<V, T>(mutationFn: (v: V) => Promise<T>, { onSuccess, onError }: Callbacks<T>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: async (value: T) => {
      await queryClient.invalidateQueries({ queryKey: expenseKeys.all });
      onSuccess?.(value);
    },
    onError,
  });
}

/** POST /api/expenses, or PUT /api/expenses/{id} when editing. */
export const useSaveExpense = (o: Callbacks<Expense> = {}) =>
  useExpenseMutation(
    ({ id, body }: { id?: number; body: ExpenseBody }) =>
      id ? api.put<Expense>(`/api/expenses/${id}`, body) : api.post<Expense>('/api/expenses', body),
    o,
  );

/** DELETE /api/expenses/{id}. */
export const useDeleteExpense = (o: Callbacks<void> = {}) => useExpenseMutation((id: number) => api.delete(`/api/expenses/${id}`), o);

/** POST /api/expenses/categorize: the AI's suggestion for what was typed so far. */
export const useCategorize = (o: Callbacks<CategorizeResult>) =>
  useMutation({ mutationFn: (body: CategorizeBody) => api.post<CategorizeResult>('/api/expenses/categorize', body), ...o });

/** POST /api/expenses/receipts: multipart, the file in the `receipt` field; answers the key the expense keeps. */
export async function uploadReceipt(file: File): Promise<Pick<z.infer<typeof ReceiptUpload>, 'receipt' | 'receiptUrl'>> {
  const form = new FormData();
  form.append('receipt', file, file.name);
  const res = await fetch('/api/expenses/receipts', {
    method: 'POST',
    credentials: 'include',
    headers: { 'X-Requested-With': 'XMLHttpRequest' },
    body: form,
  });
  if (!res.ok) throw new ApiError(res.status, res.statusText, await res.text(), res.headers.get('retry-after'));
  return (await res.json()) as Pick<z.infer<typeof ReceiptUpload>, 'receipt' | 'receiptUrl'>;
}
