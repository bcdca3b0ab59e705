import {
  infiniteQueryOptions,
  keepPreviousData,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import type { CategorizeBody, CategorizeResult, Expense, ExpenseBody, ExpenseSummary, ExpenseSummaryQuery } from '@billpoint/proto';
import type { ReceiptUpload } from '@billpoint/proto';
import type { z } from 'zod';
import { ApiError, api } from '@/lib/api-client';
import { fetchPage, nextPageOffset } from '@/lib/pagination';

export const expenseKeys = {
  all: ['expenses'] as const,
  list: (filters: ExpenseSummaryQuery) => [...expenseKeys.all, 'list', filters] as const,
  summary: (filters: ExpenseSummaryQuery) => [...expenseKeys.all, 'summary', filters] as const,
};

/** How many expenses the list shows at once (Load more for the next). */
export const EXPENSES_PAGE = 50;

/** The filters as query parameters (those not set are left out). */
const filterParams = (f: ExpenseSummaryQuery) => ({ search: f.search, categoryId: f.categoryId, from: f.from, to: f.to });

/** GET /api/expenses?search=&categoryId=&from=&to=: newest first, x-total-count for every match. */
export const expensesQueryOptions = (filters: ExpenseSummaryQuery = {}) =>
  infiniteQueryOptions({
    queryKey: expenseKeys.list(filters),
    queryFn: ({ pageParam, signal }) =>
      fetchPage<Expense>('/api/expenses', { ...filterParams(filters), limit: EXPENSES_PAGE, offset: pageParam }, signal),
    initialPageParam: 0,
    getNextPageParam: nextPageOffset,
  });

/** The list for the filters; while other filters load, the previous rows stay (`isPlaceholderData`). */
export function useExpenses(filters: ExpenseSummaryQuery = {}) {
  const query = useInfiniteQuery({ ...expensesQueryOptions(filters), refetchOnMount: 'always', placeholderData: keepPreviousData });
  const pages = query.data?.pages ?? [];
  return { ...query, expenses: pages.flatMap((p) => p.items), total: pages.at(-1)?.total ?? 0 };
}

/** GET /api/expenses/summary with the list's filters: the four cards for every match (not only the loaded pages), per currency. */
export const expenseSummaryQueryOptions = (filters: ExpenseSummaryQuery = {}) =>
  queryOptions({
    queryKey: expenseKeys.summary(filters),
    queryFn: ({ signal }) => {
      const params = new URLSearchParams();
      for (const [key, value] of Object.entries(filterParams(filters))) if (value !== undefined) params.set(key, String(value));
      return api.get<ExpenseSummary>(`/api/expenses/summary${params.size ? `?${params}` : ''}`, { signal });
    },
  });
export const useExpenseSummary = (filters: ExpenseSummaryQuery = {}) =>
  useQuery({ ...expenseSummaryQueryOptions(filters), refetchOnMount: 'always', placeholderData: keepPreviousData });

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
