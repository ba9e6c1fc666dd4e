'use client';

import { QueryClientProvider } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { getQueryClient } from '@/lib/client/query-client';

/**
 * TanStack Query for the routes whose client components query or mutate (event page, cart, checkout,
 * profile, sign-in/up, the organiser console). Not in the locale layout: home and the events list
 * need no query library in their first-load JS.
 */
export function QueryProvider({ children }: { children: ReactNode }) {
  const [client] = useState(getQueryClient);
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}
