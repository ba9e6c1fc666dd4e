'use client';

import { useLocale, useTranslations } from 'next-intl';
import { useEffect } from 'react';
import { configureApiClient, onUnauthorized } from '@/lib/client/api-config';
import { clearSession, useSessionStore } from '@/lib/client/session';

/**
 * Wires the api client to the app: the current locale (Accept-Language), translated toast texts,
 * and "any 401 clears the session silently". Rendered once in the locale layout.
 */
export function ApiClientBridge() {
  const locale = useLocale();
  const t = useTranslations();
  const session = useSessionStore();
  // During render, so the first effects of any page already call with the right locale.
  configureApiClient({ locale, translate: (key) => (t.has(key as never) ? t(key as never) : key) });
  useEffect(() => onUnauthorized(() => clearSession(session)), [session]);
  return null;
}
