import { getTranslations, setRequestLocale } from 'next-intl/server';
import { SearchForm } from '@/components/events/search-form';
import { pageMetadata } from '@/lib/i18n/metadata';
import type { Locale } from '@/lib/i18n/routing';

export async function generateMetadata({ params }: PageProps<'/[locale]/events'>) {
  const locale = (await params).locale as Locale;
  const t = await getTranslations({ locale, namespace: 'events' });
  return pageMetadata({ locale, href: '/events', title: t('title') });
}

export default async function EventsPage({ params }: PageProps<'/[locale]/events'>) {
  setRequestLocale((await params).locale as Locale);
  const t = await getTranslations('events');
  return (
    <div className="space-y-6">
      <h1 className="text-3xl font-bold">{t('title')}</h1>
      <SearchForm />
    </div>
  );
}
