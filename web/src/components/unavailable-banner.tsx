import * as React from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { CloudOff, Loader2 } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { availability, isUnavailableQuery, type Availability } from '@/lib/unavailable';

/** What the query cache says about the service, kept current as its queries change. */
export function useAvailability(): Availability {
  const client = useQueryClient();
  const cache = client.getQueryCache();
  return React.useSyncExternalStore(
    React.useCallback((onChange) => cache.subscribe(onChange), [cache]),
    () => availability(client),
  );
}

/**
 * The friendly state of an outage: while reads fail with 503/504 or get no answer, a polite live
 * region says Billpoint is temporarily unavailable and retrying; when the retries run out it offers to try
 * again. It disappears by itself as soon as a retry succeeds.
 */
export function UnavailableBanner() {
  const state = useAvailability();
  const client = useQueryClient();
  return (
    <div role="status" aria-live="polite" className="empty:hidden">
      {state !== 'available' && (
        <div className="flex flex-wrap items-center gap-3 border-b border-amber-300 bg-amber-50 px-4 py-2 text-sm text-amber-950 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-50">
          {state === 'retrying' ? <Loader2 aria-hidden className="size-4 animate-spin" /> : <CloudOff aria-hidden className="size-4" />}
          <span className="flex-1">
            {state === 'retrying'
              ? 'Billpoint is temporarily unavailable. Retrying…'
              : 'Billpoint is temporarily unavailable. Your data is safe; please try again in a moment.'}
          </span>
          {state === 'unavailable' && (
            <Button size="sm" variant="outline" onClick={() => void client.refetchQueries({ predicate: isUnavailableQuery })}>
              Try again
            </Button>
          )}
        </div>
      )}
    </div>
  );
}
