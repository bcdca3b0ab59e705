import * as React from 'react';
import { useQueryClient } from '@tanstack/react-query';

/**
 * One live stream while signed in (mounted once, in the app shell): see connectLive in ./live. That module (with the
 * contract's schemas) loads after the first page, outside the initial JS budget. `scope` names the session's
 * organization: switching organizations opens a new stream for the new one.
 */
export function useLiveUpdates(scope: string) {
  const queryClient = useQueryClient();
  React.useEffect(() => {
    if (typeof EventSource === 'undefined') return; // a browser without it: screens still refetch as they always did
    let close: (() => void) | undefined;
    let unmounted = false;
    void import('./live').then(({ connectLive }) => {
      if (!unmounted) close = connectLive(queryClient);
    });
    return () => {
      unmounted = true;
      close?.();
    };
  }, [queryClient, scope]);
}
