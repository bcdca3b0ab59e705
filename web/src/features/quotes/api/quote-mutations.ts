import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Quote, QuoteConvertResult, QuoteCreateBody, QuoteUpdateBody } from '@billpoint/proto';
import { api, apiFetch } from '@/lib/api-client';
import { dashboardKeys, invoiceKeys } from '@/lib/invoices';
import { quoteKeys, quotePath, refreshQuotes } from '@/lib/quotes';

type Callbacks<T> = { onSuccess?: (result: T) => void; onError?: (error: Error) => void };

export const createQuote = (body: QuoteCreateBody) => api.post<Quote>('/api/quotes', body);

/** POST /api/quotes; then the lists and the cards are read again. */
export function useCreateQuote({ onSuccess, onError }: Callbacks<Quote> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createQuote,
    onSuccess: async (quote) => {
      await refreshQuotes(queryClient);
      onSuccess?.(quote);
    },
    onError,
  });
}

export const updateQuote = ({ id, body }: { id: string; body: QuoteUpdateBody }) => api.put<Quote>(quotePath(id), body);

/** PUT /api/quotes/{id}; then the lists, the cards and this quote. */
export function useUpdateQuote({ onSuccess, onError }: Callbacks<Quote> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateQuote,
    onSuccess: async (quote, { id }) => {
      await refreshQuotes(queryClient, id);
      onSuccess?.(quote);
    },
    onError,
  });
}

/** DELETE /api/quotes/{id}; the quote leaves the cache, the lists and the cards are read again. */
export function useDeleteQuote({ onSuccess, onError }: Callbacks<void> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete(quotePath(id)),
    onSuccess: async (_data, id) => {
      queryClient.removeQueries({ queryKey: quoteKeys.detail(String(id)) });
      await refreshQuotes(queryClient);
      onSuccess?.();
    },
    onError,
  });
}

/** POST /api/quotes/{id}/send: e-mails the customer the link of the quote's page; a draft becomes sent. */
export function useSendQuote({ onSuccess, onError }: Callbacks<void> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) => {
      await apiFetch(`${quotePath(id)}/send`, { method: 'POST' });
    },
    onSuccess: async (_data, id) => {
      await refreshQuotes(queryClient, id);
      onSuccess?.();
    },
    onError,
  });
}

/** POST /api/quotes/{id}/convert: the draft invoice made from the quote ({invoiceId}); the invoices are read again too. */
export function useConvertQuote({ onSuccess, onError }: Callbacks<QuoteConvertResult> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.post<QuoteConvertResult>(`${quotePath(id)}/convert`),
    onSuccess: async (result, id) => {
      await Promise.all([
        refreshQuotes(queryClient, id),
        queryClient.invalidateQueries({ queryKey: invoiceKeys.lists() }),
        queryClient.invalidateQueries({ queryKey: dashboardKeys.stats() }),
      ]);
      onSuccess?.(result);
    },
    onError,
  });
}

/** The customer's answer given elsewhere, recorded by a member: their name on acceptance, a reason (optional) on declining. */
export type QuoteAnswer = { kind: 'accept'; name: string } | { kind: 'decline'; reason: string | null };

/** POST /api/quotes/{id}/mark-accepted or mark-declined; then the lists, the cards and this quote. */
export function useAnswerQuote({ onSuccess, onError }: Callbacks<Quote> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, answer }: { id: number; answer: QuoteAnswer }) =>
      answer.kind === 'accept'
        ? api.post<Quote>(`${quotePath(id)}/mark-accepted`, { name: answer.name })
        : api.post<Quote>(`${quotePath(id)}/mark-declined`, { reason: answer.reason }),
    onSuccess: async (quote, { id }) => {
      await refreshQuotes(queryClient, id);
      onSuccess?.(quote);
    },
    onError,
  });
}
