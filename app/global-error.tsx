'use client';

import { useEffect, useState } from 'react';
import { isChunkLoadError, reloadAfterChunkError } from '@/lib/client/chunk-reload';
// ./locales, not ./routing: every page's first-load JS carries this page, and it needs no paths.
import { defaultLocale, isLocale, type Locale } from '@/lib/i18n/locales';

type Texts = { title: string; heading: string; text: string; home: string };

// Loaded only when a fatal error happens, so no page carries the catalogues in its first-load JS.
const loaders: Record<Locale, () => Promise<{ default: typeof import('@/messages/en.json') }>> = {
  sk: () => import('@/messages/sk.json'),
  cs: () => import('@/messages/cs.json'),
  en: () => import('@/messages/en.json'),
};

// A fatal error in the layout itself: no providers are left, so this page reads its language's catalogue.
export default function GlobalError({ error }: { error: Error & { digest?: string } }) {
  const first = typeof window !== 'undefined' ? window.location.pathname.split('/')[1] : undefined;
  const locale = isLocale(first) ? first : defaultLocale;
  const [texts, setTexts] = useState<Texts | null>(null);
  useEffect(() => {
    if (isChunkLoadError(error)) reloadAfterChunkError(window.sessionStorage, () => window.location.reload());
    loaders[locale]()
      .then(({ default: m }) => setTexts({ title: m.errorPage.title, heading: m.global.error.title, text: m.errorPage.serverError, home: m.errorPage.goHome }))
      .catch(() => {});
  }, [error, locale]);
  return (
    <html lang={locale}>
      <body style={{ fontFamily: 'system-ui, sans-serif', textAlign: 'center', padding: '4rem 1rem' }}>
        {texts && <title>{texts.title}</title>}
        {texts && <h1>{texts.heading}</h1>}
        <p style={{ fontSize: '3rem', color: '#64748b', margin: '1rem 0' }}>500</p>
        {texts && <p>{texts.text}</p>}
        <a href={`/${locale}`} style={{ display: 'inline-block', marginTop: '2rem', padding: '0.75rem 1.25rem', background: '#05603a', color: '#fff', borderRadius: 8 }}>
          {texts?.home ?? '⌂'}
        </a>
      </body>
    </html>
  );
}
