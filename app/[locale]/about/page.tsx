import { getTranslations, setRequestLocale } from 'next-intl/server';
import { ProsePage } from '@/components/ui/prose-page';
import { pageMetadata } from '@/lib/i18n/metadata';
import type { Locale } from '@/lib/i18n/routing';

export async function generateMetadata({ params }: PageProps<'/[locale]/about'>) {
  const locale = (await params).locale as Locale;
  const t = await getTranslations({ locale, namespace: 'about' });
  return pageMetadata({ locale, href: '/about', title: t('title'), description: t('lead') });
}

export default async function AboutPage({ params }: PageProps<'/[locale]/about'>) {
  setRequestLocale((await params).locale as Locale);
  const t = await getTranslations('about');
  return (
    <ProsePage title={t('title')} lead={t('lead')}>
      <p>{t('p1')}</p>
      <p>{t('p2')}</p>
      <p>{t('p3')}</p>
      <h2 className="text-xl font-semibold">{t('valuesTitle')}</h2>
      <ul className="list-disc space-y-2 pl-6">
        <li>{t('value1')}</li>
        <li>{t('value2')}</li>
        <li>{t('value3')}</li>
      </ul>
    </ProsePage>
  );
}
