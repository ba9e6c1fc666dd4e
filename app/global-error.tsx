'use client';

import { useEffect } from 'react';
import cs from '@/messages/cs.json';
import en from '@/messages/en.json';
import sk from '@/messages/sk.json';
import { isChunkLoadError, reloadAfterChunkError } from '@/lib/client/chunk-reload';
import { localeOfPath } from '@/lib/i18n/resolve-locale';
import { defaultLocale } from '@/lib/i18n/routing';

const catalogues = { sk, cs, en };

// A fatal error in the layout itself: no providers are left, so this page reads the catalogue directly.
export default function GlobalError({ error }: { error: Error & { digest?: string } }) {
  const locale = (typeof window !== 'undefined' && localeOfPath(window.location.pathname)) || defaultLocale;
  const messages = catalogues[locale];
  useEffect(() => {
    if (isChunkLoadError(error)) reloadAfterChunkError(window.sessionStorage, () => window.location.reload());
  }, [error]);
  return (
    <html lang={locale}>
      <body style={{ fontFamily: 'system-ui, sans-serif', textAlign: 'center', padding: '4rem 1rem' }}>
        <title>{messages.errorPage.title}</title>
        <h1>{messages.global.error.title}</h1>
        <p style={{ fontSize: '3rem', color: '#94a3b8', margin: '1rem 0' }}>500</p>
        <p>{messages.errorPage.serverError}</p>
        <a href={`/${locale}`} style={{ display: 'inline-block', marginTop: '2rem', padding: '0.75rem 1.25rem', background: '#05603a', color: '#fff', borderRadius: 8 }}>
          {messages.errorPage.goHome}
        </a>
      </body>
    </html>
  );
}
