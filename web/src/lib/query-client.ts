import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { toast } from '@/hooks/use-toast';
import { isUnauthorizedError } from './api-client';
import { handleUnauthorized } from './unauthorized';
import { isEnrollmentRequiredError, setTwoFactorEnrollmentRequired } from './two-factor-enrollment';
import { isUnavailableAnswer, retryDelay, retryQuery, UNAVAILABLE_MESSAGE, UNAVAILABLE_TITLE } from './unavailable';

/**
 * Queries do not refetch on focus or by interval, data is never stale, mutations are not retried,
 * and a 401 from any query or mutation triggers the sign-in notice and redirect. Queries are retried only while
 * the service is unavailable (503/504, no answer), with backoff: the shell's banner says so meanwhile.
 * A mutation is never retried (it may not be idempotent); on a 503/504 it says the service is
 * unavailable (a network failure keeps each screen's own spec'd message).
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({
      onError: (error) => {
        if (isUnauthorizedError(error)) handleUnauthorized();
        else if (isEnrollmentRequiredError(error)) setTwoFactorEnrollmentRequired(true);
      },
    }),
    mutationCache: new MutationCache({
      onError: (error) => {
        if (isUnauthorizedError(error)) handleUnauthorized();
        else if (isEnrollmentRequiredError(error)) setTwoFactorEnrollmentRequired(true);
        else if (isUnavailableAnswer(error)) toast({ variant: 'destructive', title: UNAVAILABLE_TITLE, description: UNAVAILABLE_MESSAGE });
      },
    }),
    defaultOptions: {
      queries: { retry: retryQuery, retryDelay, refetchOnWindowFocus: false, refetchInterval: false, staleTime: Infinity },
      mutations: { retry: false },
    },
  });
}

/** Errors the caches above already told the user about: a screen adds no toast of its own for them. */
export const isHandledGlobally = (error: unknown) =>
  isUnauthorizedError(error) || isUnavailableAnswer(error) || isEnrollmentRequiredError(error);
