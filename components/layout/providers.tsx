'use client';

import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import NextTopLoader from 'nextjs-toploader';
import { Suspense, useState, type ReactNode } from 'react';
import { Toaster } from 'sonner';
import { config as zodConfig } from 'zod/v4/core';
import { TOAST_SETTINGS } from '@/lib/client/toast';
import { Analytics } from './analytics';
import { BuildWatcher } from './build-watcher';
import { ChunkReloadGuard } from './chunk-reload-guard';
import { OnlineStatus } from './online-status';

// The pages' CSP allows no eval (lib/csp.ts): zod would probe for it with Function('') on its first
// parse and the browser would report a violation. Browser only: the server's zod keeps its fast path.
if (typeof window !== 'undefined') zodConfig({ jitless: true });

/**
 * The loading bar's markup: nprogress finds the bar by its role="bar", which is no ARIA role (axe: aria-roles,
 * serious, seen while a page navigates), so the decorative bar sits in an element hidden from assistive
 * technology; the spinner is off.
 */
const LOADING_BAR_TEMPLATE = '<div aria-hidden="true"><div class="bar" role="bar"><div class="peg"></div></div></div>';

export function Providers({ children }: { children: ReactNode }) {
  const [queryClient] = useState(
    () => new QueryClient({ defaultOptions: { queries: { staleTime: 30_000, refetchOnWindowFocus: false, retry: 1 } } }),
  );
  // Tooltips bring their own provider (lib/client/tooltip.ts): pages without one load no tooltip code.
  return (
    <QueryClientProvider client={queryClient}>
      {/* Spec §9: loading bar 3 px, throttle 200 ms. */}
      <NextTopLoader height={3} color="#f59e0b" showSpinner={false} crawlSpeed={200} speed={400} template={LOADING_BAR_TEMPLATE} />
      {children}
      <Toaster {...TOAST_SETTINGS} />
      <Suspense fallback={null}>
        <Analytics />
      </Suspense>
      <BuildWatcher />
      <ChunkReloadGuard />
      <OnlineStatus />
    </QueryClientProvider>
  );
}
