import { QueryClient } from '@tanstack/react-query';
import { onSessionCleared } from './session';

let browserClient: QueryClient | undefined;

function makeQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: { queries: { staleTime: 30_000, refetchOnWindowFocus: false, retry: 1 } } });
}

/**
 * The TanStack Query client: one per server render, one for the browser tab (shared by every route that
 * uses queries, so navigating between them keeps the cache). Signing out forgets what it holds.
 */
export function getQueryClient(): QueryClient {
  if (typeof window === 'undefined') return makeQueryClient();
  if (!browserClient) {
    const client = makeQueryClient();
    browserClient = client;
    onSessionCleared(() => client.removeQueries());
  }
  return browserClient;
}
