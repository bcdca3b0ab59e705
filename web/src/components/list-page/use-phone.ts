import * as React from 'react';

/** Below Tailwind's `md` (768 px) a list shows stacked rows instead of a table. */
export const PHONE_QUERY = '(max-width: 767px)';

function subscribe(onChange: () => void) {
  const query = window.matchMedia(PHONE_QUERY);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

/** Whether the screen is phone-sized now; follows the window as it is resized or turned. */
export function useIsPhone(): boolean {
  return React.useSyncExternalStore(
    subscribe,
    () => window.matchMedia(PHONE_QUERY).matches,
    () => false,
  );
}
