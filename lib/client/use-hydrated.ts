'use client';

import { useSyncExternalStore } from 'react';

const noSubscription = () => () => {};

/**
 * False in the server's HTML and until React has hydrated it; true from then on. A control whose
 * action needs React (a form posted through the API, a select that navigates) stays disabled until
 * then: a click before React listens would be lost, or submit the form natively to the page itself.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}
