'use client';

import { useEffect, useSyncExternalStore } from 'react';

function subscribe(callback: () => void) {
  window.addEventListener('online', callback);
  window.addEventListener('offline', callback);
  return () => {
    window.removeEventListener('online', callback);
    window.removeEventListener('offline', callback);
  };
}

/** navigator.onLine as React state (true while rendering on the server). */
export function useOnline(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => navigator.onLine,
    () => true,
  );
}

/**
 * Registers the service worker (public/sw.js) and hands it this page and the assets it loaded, so the
 * page opens offline next time even though it was loaded before the worker took control. `preload`
 * loads the code the page loads only on use (its dialogs) first, so that is stored too. The worker also
 * keeps the branded offline page for every other page it has no copy of.
 * Sets <html data-offline-ready> once the copy is stored.
 */
export function OfflineSupport({ preload }: { preload?: () => Promise<unknown> }) {
  useEffect(() => {
    if (process.env.NODE_ENV !== 'production' || !('serviceWorker' in navigator)) return;
    let cancelled = false;
    const onMessage = (event: MessageEvent) => {
      if (event.data?.type === 'page-cached') document.documentElement.dataset.offlineReady = '1';
    };
    navigator.serviceWorker.addEventListener('message', onMessage);
    navigator.serviceWorker
      .register('/sw.js', { scope: '/' })
      .then(() => navigator.serviceWorker.ready)
      .then(async (registration) => {
        // The parts every page loads after its first paint (toasts, the offline notice: components/layout/
        // deferred.tsx) must be in the offline copy too: loaded, with this page's own, before the assets are listed.
        await Promise.all([preload?.(), import('@/components/layout/deferred')]).catch(() => {});
        if (cancelled || !navigator.onLine) return;
        const assets = new Set<string>();
        for (const entry of performance.getEntriesByType('resource')) assets.add(entry.name);
        document.querySelectorAll<HTMLScriptElement>('script[src]').forEach((s) => assets.add(s.src));
        document.querySelectorAll<HTMLLinkElement>('link[href]').forEach((l) => assets.add(l.href));
        registration.active?.postMessage({ type: 'cache-page', page: location.pathname, assets: [...assets] });
      })
      .catch(() => {});
    return () => {
      cancelled = true;
      navigator.serviceWorker.removeEventListener('message', onMessage);
    };
  }, [preload]);
  return null;
}
