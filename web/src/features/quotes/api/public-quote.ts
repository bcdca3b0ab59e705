import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PublicQuote, QuoteAcceptBody, QuoteDeclineBody } from '@billpoint/proto';
import { api } from '@/lib/api-client';
import { retryQuery } from '@/lib/unavailable';

/**
 * The public quote page's calls: no session, `X-Requested-With` through the api client like every call (the
 * gateway's CSRF rule). The path's id is always the quote's public token.
 */
export const publicQuoteKey = (token: string) => ['public-quote', token] as const;
const publicPath = (token: string) => `/api/quotes/${encodeURIComponent(token)}`;

export const getPublicQuote = (token: string, signal?: AbortSignal) => api.get<PublicQuote>(`${publicPath(token)}/public`, { signal });

export const publicQuoteQueryOptions = (token: string) =>
  queryOptions({
    queryKey: publicQuoteKey(token),
    queryFn: ({ signal }) => getPublicQuote(token, signal),
    // Any failure is the not-found view (as the pay page's); a moment of unavailability is retried twice first.
    retry: (failures, error) => failures < 2 && retryQuery(failures, error),
  });

export function usePublicQuote(token: string) {
  return useQuery({ ...publicQuoteQueryOptions(token), enabled: token !== '' });
}

/** Accept or decline; the answer is the quote as the page shows it now, or (an empty answer) it is read again. */
function useRespond<B>(token: string, action: 'accept' | 'decline') {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: B) => api.post<PublicQuote | undefined>(`${publicPath(token)}/${action}`, body),
    onSuccess: async (answer) => {
      if (answer && typeof answer === 'object' && 'canRespond' in answer) queryClient.setQueryData(publicQuoteKey(token), answer);
      else await queryClient.invalidateQueries({ queryKey: publicQuoteKey(token) });
    },
    // Refused (answered meanwhile, expired): the page shows the quote as it now is.
    onError: () => void queryClient.invalidateQueries({ queryKey: publicQuoteKey(token) }),
  });
}

/** POST /api/quotes/{token}/accept {name}. */
export const useAcceptQuote = (token: string) => useRespond<QuoteAcceptBody>(token, 'accept');

/** POST /api/quotes/{token}/decline {reason}. */
export const useDeclineQuote = (token: string) => useRespond<QuoteDeclineBody>(token, 'decline');
