'use client';

import { useEffect } from 'react';
import { useRouter } from '@/lib/i18n/navigation';

/** While a payment is pending the order page reloads its data every few seconds. */
export function OrderRefresher({ seconds = 3 }: { seconds?: number }) {
  const router = useRouter();
  useEffect(() => {
    const timer = setInterval(() => router.refresh(), seconds * 1000);
    return () => clearInterval(timer);
  }, [router, seconds]);
  return null;
}
