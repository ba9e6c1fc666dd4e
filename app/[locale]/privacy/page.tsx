import { setRequestLocale } from 'next-intl/server';
import { LegalPage, legalPageMetadata } from '@/components/ui/legal-page';
import type { Locale } from '@/lib/i18n/routing';

export async function generateMetadata({ params }: PageProps<'/[locale]/privacy'>) {
  return legalPageMetadata((await params).locale as Locale, 'privacy');
}

export default async function PrivacyPage({ params }: PageProps<'/[locale]/privacy'>) {
  setRequestLocale((await params).locale as Locale);
  return <LegalPage document="privacy" sections={6} />;
}
