'use client';

import { useTranslations } from 'next-intl';
import { useEffect } from 'react';
import { notify } from '@/lib/client/toast';

const TOAST_ID = 'offline';

/** 'No internet connection' while the browser is offline (spec §8). */
export function OnlineStatus() {
  const t = useTranslations();
  useEffect(() => {
    const offline = () => notify.error({ id: TOAST_ID, title: t('errors.noInternet') });
    const online = () => notify.dismiss(TOAST_ID);
    if (!navigator.onLine) offline();
    window.addEventListener('offline', offline);
    window.addEventListener('online', online);
    return () => {
      window.removeEventListener('offline', offline);
      window.removeEventListener('online', online);
    };
  }, [t]);
  return null;
}
