'use client';

import NextTopLoader from 'nextjs-toploader';
import { Suspense, useSyncExternalStore } from 'react';
import { Toaster } from 'sonner';

// notify (lib/client/toast.ts) reaches sonner through this chunk.
export { toast } from 'sonner';
import { PHONE_TOAST_SETTINGS, TOAST_SETTINGS } from '@/lib/client/toast';
import { Analytics } from './analytics';
import { BuildWatcher } from './build-watcher';
import { OnlineStatus } from './online-status';

/**
 * The loading bar's markup: nprogress finds the bar by its role="bar", which is no ARIA role (axe: aria-roles,
 * serious, seen while a page navigates), so the decorative bar sits in an element hidden from assistive
 * technology; the spinner is off.
 */
const LOADING_BAR_TEMPLATE = '<div aria-hidden="true"><div class="bar" role="bar"><div class="peg"></div></div></div>';

// Phones: where the bottom tabs show (below Tailwind's md), as the tabs' md:hidden says.
const PHONE = '(max-width: 767.98px)';
const subscribePhone = (change: () => void) => {
  const query = window.matchMedia(PHONE);
  query.addEventListener('change', change);
  return () => query.removeEventListener('change', change);
};

/** What no first paint needs: the toasts' container, the loading bar, analytics, the offline toast and the new-build check (loaded by providers.tsx once the page is idle). */
export default function Deferred() {
  // Rendered in the browser only (after an effect), so the screen's size is known before the first toast.
  const phone = useSyncExternalStore(subscribePhone, () => window.matchMedia(PHONE).matches, () => false);
  return (
    <>
      {/* Spec §9: loading bar 3 px, throttle 200 ms. */}
      <NextTopLoader height={3} color="#f59e0b" showSpinner={false} crawlSpeed={200} speed={400} template={LOADING_BAR_TEMPLATE} />
      <Toaster {...TOAST_SETTINGS} {...(phone ? PHONE_TOAST_SETTINGS : {})} />
      <Suspense fallback={null}>
        <Analytics />
      </Suspense>
      <OnlineStatus />
      <BuildWatcher />
    </>
  );
}
