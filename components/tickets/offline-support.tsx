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
 * page opens offline next time even though it was loaded before the worker took control.
 * Sets <html data-offline-ready> once the copy is stored.
 */
export function OfflineSupport() {
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
      .then((registration) => {
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
  }, []);
  return null;
}
