import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { toast } from '@/hooks/use-toast';
import { ApiError } from '@/lib/api-client';
import { isUnavailableAnswer, retryDelay, retryQuery, UNAVAILABLE_MESSAGE, UNAVAILABLE_TITLE } from '@/lib/unavailable';
import { portalKeys } from '../api/portal-api';

const isSignedOut = (error: unknown) => error instanceof ApiError && error.status === 401;

/**
 * The portal's own cache: a customer is not a staff user, so a 401 never leads to the staff sign-in (the app's
 * client does that); it ends the portal session here, and the portal's gate shows its sign-in page. The rest follows
 * the app's rules (no refetch on focus, retries only while a service is unavailable, mutations never retried).
 */
export function createPortalQueryClient(): QueryClient {
  const signedOut = () => {
    client.setQueryData(portalKeys.me, null);
    toast({ variant: 'destructive', title: 'Signed out', description: 'Your session has ended. Please sign in again.' });
  };
  const client: QueryClient = new QueryClient({
    queryCache: new QueryCache({ onError: (error) => isSignedOut(error) && signedOut() }),
    mutationCache: new MutationCache({
      onError: (error) => {
        if (isSignedOut(error)) signedOut();
        else if (isUnavailableAnswer(error)) toast({ variant: 'destructive', title: UNAVAILABLE_TITLE, description: UNAVAILABLE_MESSAGE });
      },
    }),
    defaultOptions: {
      queries: { retry: retryQuery, retryDelay, refetchOnWindowFocus: false, refetchInterval: false, staleTime: Infinity },
      mutations: { retry: false },
    },
  });
  return client;
}
