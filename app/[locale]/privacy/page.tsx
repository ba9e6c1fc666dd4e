import { getTranslations, setRequestLocale } from 'next-intl/server';
import { ProsePage } from '@/components/ui/prose-page';
import { pageMetadata } from '@/lib/i18n/metadata';
import type { Locale } from '@/lib/i18n/routing';

const SECTIONS = Array.from({ length: 6 }, (_, i) => i + 1);

export async function generateMetadata({ params }: PageProps<'/[locale]/privacy'>) {
  const locale = (await params).locale as Locale;
  const t = await getTranslations({ locale, namespace: 'privacy' });
  return pageMetadata({ locale, href: '/privacy', title: t('title') });
}

export default async function PrivacyPage({ params }: PageProps<'/[locale]/privacy'>) {
  setRequestLocale((await params).locale as Locale);
  const t = await getTranslations('privacy');
  return (
    <ProsePage title={t('title')} lead={t('updated')}>
      {SECTIONS.map((n) => (
        <section key={n}>
          <h2 className="text-xl font-semibold">{t(`s${n}Title` as 's1Title')}</h2>
          <p className="mt-2">{t(`s${n}Body` as 's1Body')}</p>
        </section>
      ))}
    </ProsePage>
  );
}
