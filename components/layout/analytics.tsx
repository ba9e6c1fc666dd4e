'use client';

import { usePathname, useSearchParams } from 'next/navigation';
import { useEffect } from 'react';
import { analytics } from '@/lib/client/analytics';

/** Sends a page view with the full path after every route change (spec §1); nothing without a key. */
export function Analytics() {
  const pathname = usePathname();
  const searchParams = useSearchParams();
  useEffect(() => {
    const query = searchParams.toString();
    analytics.pageView(query ? `${pathname}?${query}` : pathname);
  }, [pathname, searchParams]);
  return null;
}
