import { getTranslations, setRequestLocale } from 'next-intl/server';
import { SearchForm } from '@/components/events/search-form';
import { Link } from '@/lib/i18n/navigation';
import { pageMetadata } from '@/lib/i18n/metadata';
import type { Locale } from '@/lib/i18n/routing';

export async function generateMetadata({ params }: PageProps<'/[locale]'>) {
  const locale = (await params).locale as Locale;
  const t = await getTranslations({ locale, namespace: 'meta' });
  return pageMetadata({ locale, href: '/', title: `${t('siteName')} · ${t('tagline')}`, description: t('description') });
}

export default async function HomePage({ params }: PageProps<'/[locale]'>) {
  const locale = (await params).locale as Locale;
  setRequestLocale(locale);
  const t = await getTranslations('home');
  return (
    <div className="space-y-10">
      <section className="rounded-2xl bg-emerald-900 px-6 py-10 text-white md:px-10">
        <h1 className="max-w-2xl text-3xl font-bold md:text-4xl">{t('title')}</h1>
        <p className="mt-4 max-w-2xl text-emerald-50">{t('intro')}</p>
        <div className="mt-6 max-w-xl">
          <SearchForm />
        </div>
      </section>
      <section aria-labelledby="upcoming">
        <div className="flex items-baseline justify-between gap-4">
          <h2 id="upcoming" className="text-2xl font-semibold">
            {t('upcoming')}
          </h2>
          <Link href="/events" className="font-medium text-emerald-800 underline">
            {t('viewAll')}
          </Link>
        </div>
      </section>
    </div>
  );
}
