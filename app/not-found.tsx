import { getTranslations } from 'next-intl/server';
import { defaultLocale } from '@/lib/i18n/routing';

// Paths outside every locale (for example a missing file). Pages under /sk, /cs, /en use app/[locale]/not-found.tsx.
export default async function GlobalNotFound() {
  const t = await getTranslations({ locale: defaultLocale, namespace: 'errorPage' });
  return (
    <html lang={defaultLocale}>
      <body>
        <main className="mx-auto max-w-xl px-4 py-24 text-center">
          <title>{t('title')}</title>
          <p className="text-6xl font-bold text-slate-500">404</p>
          <h1 className="mt-4 text-2xl font-semibold">{t('notFound')}</h1>
          <a href={`/${defaultLocale}`} className="mt-8 inline-block rounded-lg bg-emerald-800 px-5 py-3 font-medium text-white">
            {t('goHome')}
          </a>
        </main>
      </body>
    </html>
  );
}
