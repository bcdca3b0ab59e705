import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { isUnauthorizedError } from './api-client';
import { handleUnauthorized } from './unauthorized';

/**
 * Spec core §7: queries are not retried, do not refetch on focus or by interval, and data is never stale;
 * mutations are not retried. A 401 from any query or mutation triggers the sign-in notice and redirect.
 */
export function createQueryClient(): QueryClient {
  const onError = (error: unknown) => {
    if (isUnauthorizedError(error)) handleUnauthorized();
  };
  return new QueryClient({
    queryCache: new QueryCache({ onError }),
    mutationCache: new MutationCache({ onError }),
    defaultOptions: {
      queries: { retry: false, refetchOnWindowFocus: false, refetchInterval: false, staleTime: Infinity },
      mutations: { retry: false },
    },
  });
}
