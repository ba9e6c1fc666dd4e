import { setRequestLocale } from 'next-intl/server';
import { LegalPage, legalPageMetadata } from '@/components/ui/legal-page';
import type { Locale } from '@/lib/i18n/routing';

export async function generateMetadata({ params }: PageProps<'/[locale]/terms'>) {
  return legalPageMetadata((await params).locale as Locale, 'terms');
}

export default async function TermsPage({ params }: PageProps<'/[locale]/terms'>) {
  setRequestLocale((await params).locale as Locale);
  return <LegalPage document="terms" sections={8} />;
}
