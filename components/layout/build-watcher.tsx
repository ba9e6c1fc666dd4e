'use client';

import { useEffect } from 'react';

const BUILD_POLL_INTERVAL_MS = 5 * 60 * 1000;

/** Polls /builds/latest.json every 5 minutes and when the tab regains focus; reloads on a new build. */
export function BuildWatcher() {
  useEffect(() => {
    const current = process.env.NEXT_PUBLIC_BUILD_ID;
    if (!current || process.env.NODE_ENV !== 'production') return;
    let stopped = false;
    async function check() {
      if (stopped || document.visibilityState !== 'visible' || !navigator.onLine) return;
      try {
        const response = await fetch('/builds/latest.json', { cache: 'no-store' });
        if (!response.ok) return;
        const { id } = (await response.json()) as { id?: string };
        if (id && id !== current) window.location.reload();
      } catch {
        // Offline or the server is restarting: the next poll tries again.
      }
    }
    const timer = window.setInterval(check, BUILD_POLL_INTERVAL_MS);
    const onVisible = () => document.visibilityState === 'visible' && check();
    document.addEventListener('visibilitychange', onVisible);
    window.addEventListener('focus', check);
    return () => {
      stopped = true;
      window.clearInterval(timer);
      document.removeEventListener('visibilitychange', onVisible);
      window.removeEventListener('focus', check);
    };
  }, []);
  return null;
}
