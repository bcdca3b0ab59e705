import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ExchangeRate, ExchangeRatePutBody, ExchangeRates } from '@billpoint/proto';
import { api } from './api-client';

/**
 * Exchange rate calls more than one feature uses: the settings screen lists and sets them, the invoice form
 * shows the rate a foreign-currency invoice takes. One key family, so a rate set in settings refreshes the form's.
 */
export const exchangeRateKeys = {
  all: ['exchange-rates'] as const,
  on: (date: string) => ['exchange-rates', date] as const,
};

/** GET /api/exchange-rates?date=: the base currency and every rate in force that day. */
export const getExchangeRates = (date: string, signal?: AbortSignal) =>
  api.get<ExchangeRates>(`/api/exchange-rates?date=${encodeURIComponent(date)}`, { signal });

export const exchangeRatesQueryOptions = (date: string) =>
  queryOptions({ queryKey: exchangeRateKeys.on(date), queryFn: ({ signal }) => getExchangeRates(date, signal) });

export const useExchangeRates = (date: string, { enabled = true }: { enabled?: boolean } = {}) =>
  useQuery({ ...exchangeRatesQueryOptions(date), enabled: enabled && /^\d{4}-\d{2}-\d{2}$/.test(date) });

/** PUT /api/exchange-rates/{currency}: a manual rate; every cached day is read again. */
export function useSetExchangeRate({
  onSuccess,
  onError,
}: { onSuccess?: (rate: ExchangeRate) => void; onError?: (error: Error) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ currency, ...body }: ExchangeRatePutBody & { currency: string }) =>
      api.put<ExchangeRate>(`/api/exchange-rates/${encodeURIComponent(currency)}`, body),
    onSuccess: async (rate) => {
      await queryClient.invalidateQueries({ queryKey: exchangeRateKeys.all });
      onSuccess?.(rate);
    },
    onError,
  });
}

/** "1.1000000000" → "1.1" (the trailing zeros of the stored 10 places add nothing when shown). */
export const shortRate = (rate: string) => (rate.includes('.') ? rate.replace(/0+$/, '').replace(/\.$/, '') : rate);

export const SOURCE_LABELS: Record<ExchangeRate['source'], string> = { ecb: 'ECB', manual: 'Manual' };
