'use client';

import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { SessionProvider } from '@/lib/client/session';
import { onToastWanted } from '@/lib/client/toast';
import { ChunkReloadGuard } from './chunk-reload-guard';

// The pages' CSP allows no eval (lib/csp.ts): zod would probe for it with Function('') on its first
// parse and the browser would report a violation. Browser only: the server's zod keeps its fast path.
// Set on zod's global configuration object (globalThis.__zod_globalConfig, which zod adopts when it loads)
// rather than through `config()` from zod/v4/core: importing that would put zod into every page's first-load JS.
if (typeof window !== 'undefined') {
  const scope = globalThis as { __zod_globalConfig?: Record<string, unknown> };
  scope.__zod_globalConfig = Object.assign(scope.__zod_globalConfig ?? {}, { jitless: true });
}

// Toasts, the loading bar, analytics, the offline toast and the new-build check: a chunk of their own, loaded once the page is idle after
// hydration (or at the first toast), never part of the first-load JS.
// React.lazy rather than next/dynamic (whose runtime would be one more thing in the shell): it renders
// in the browser only, once `ready`.
const Deferred = lazy(() => import('./deferred'));

function useIdleOrToast(): boolean {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    let done = false;
    const go = () => {
      if (!done) {
        done = true;
        setReady(true);
      }
    };
    const stop = onToastWanted(go);
    const idle = window.requestIdleCallback ? window.requestIdleCallback(go, { timeout: 3000 }) : window.setTimeout(go, 1500);
    return () => {
      stop();
      if (window.cancelIdleCallback) window.cancelIdleCallback(idle);
      else window.clearTimeout(idle);
    };
  }, []);
  return ready;
}

export function Providers({ children }: { children: ReactNode }) {
  const ready = useIdleOrToast();
  // TanStack Query is provided by the routes that use it (components/layout/query-provider.tsx); tooltips
  // bring their own provider (lib/client/tooltip.ts): pages without them load neither.
  return (
    <SessionProvider>
      {children}
      {ready && (
        <Suspense fallback={null}>
          <Deferred />
        </Suspense>
      )}
      <ChunkReloadGuard />
    </SessionProvider>
  );
}
