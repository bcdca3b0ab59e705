import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { FinancialReport, GenerateReportBody, TaxRate, TaxRateBody, TaxSummary, UpdateReportBody } from '@billpoint/proto';
import { api } from '@/lib/api-client';
import { taxRateKeys, taxRatesQueryOptions } from '@/lib/tax-rates';

export const taxKeys = {
  rates: taxRateKeys.all,
  reports: ['financial-reports'] as const,
  summary: ['tax-summary'] as const,
};

/** GET /api/tax-rates, shared with the invoice lines' tax picker (one cache: a rate saved here shows there). */
export const useTaxRates = () => useQuery(taxRatesQueryOptions());

/** GET /api/financial-reports (`reports[]`), newest first. */
export const reportsQueryOptions = () =>
  queryOptions({
    queryKey: taxKeys.reports,
    queryFn: async ({ signal }) => (await api.get<{ reports: FinancialReport[] }>('/api/financial-reports', { signal })).reports,
  });
export const useReports = () => useQuery({ ...reportsQueryOptions(), refetchOnMount: 'always' });

/** GET /api/tax-summary: the current quarter, from the ledger (invoices move it: read again on every visit). */
export const taxSummaryQueryOptions = () =>
  queryOptions({ queryKey: taxKeys.summary, queryFn: ({ signal }) => api.get<TaxSummary>('/api/tax-summary', { signal }) });
export const useTaxSummary = () => useQuery({ ...taxSummaryQueryOptions(), refetchOnMount: 'always' });

type Callbacks<T> = { onSuccess?: (value: T) => void; onError?: (error: Error) => void };

function useTaxMutation<V, T>(mutationFn: (v: V) => Promise<T>, key: readonly string[], { onSuccess, onError }: Callbacks<T>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: async (value: T) => {
      await queryClient.invalidateQueries({ queryKey: key });
      onSuccess?.(value);
    },
    onError,
  });
}

/** POST /api/tax-rates, or PUT /api/tax-rates/{id} when editing. */
export const useSaveTaxRate = (o: Callbacks<TaxRate> = {}) =>
  useTaxMutation(
    ({ id, body }: { id?: number; body: TaxRateBody }) =>
      id ? api.put<TaxRate>(`/api/tax-rates/${id}`, body) : api.post<TaxRate>('/api/tax-rates', body),
    taxKeys.rates,
    o,
  );

export const useDeleteTaxRate = (o: Callbacks<void> = {}) =>
  useTaxMutation((id: number) => api.delete(`/api/tax-rates/${id}`), taxKeys.rates, o);

/** POST /api/financial-reports/generate. */
export const useGenerateReport = (o: Callbacks<FinancialReport> = {}) =>
  useTaxMutation((body: GenerateReportBody) => api.post<FinancialReport>('/api/financial-reports/generate', body), taxKeys.reports, o);

/** PATCH /api/financial-reports/{id}: mark filed, undo the filing, archive. */
export const useUpdateReport = (o: Callbacks<FinancialReport> = {}) =>
  useTaxMutation(
    ({ id, status }: { id: number; status: UpdateReportBody['status'] }) =>
      api.patch<FinancialReport>(`/api/financial-reports/${id}`, { status }),
    taxKeys.reports,
    o,
  );

export const reportDownloadHref = (id: number, format: 'csv' | 'pdf') => `/api/financial-reports/${id}/${format}`;
