import { getTranslations, setRequestLocale } from 'next-intl/server';
import { ProsePage } from '@/components/ui/prose-page';
import { pageMetadata } from '@/lib/i18n/metadata';
import type { Locale } from '@/lib/i18n/routing';

const SECTIONS = Array.from({ length: 7 }, (_, i) => i + 1);

export async function generateMetadata({ params }: PageProps<'/[locale]/terms'>) {
  const locale = (await params).locale as Locale;
  const t = await getTranslations({ locale, namespace: 'terms' });
  return pageMetadata({ locale, href: '/terms', title: t('title') });
}

export default async function TermsPage({ params }: PageProps<'/[locale]/terms'>) {
  setRequestLocale((await params).locale as Locale);
  const t = await getTranslations('terms');
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
