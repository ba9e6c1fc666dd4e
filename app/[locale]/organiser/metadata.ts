import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import type { getPathname } from '@/lib/i18n/navigation';
import { pageMetadata } from '@/lib/i18n/metadata';
import type { Locale } from '@/lib/i18n/routing';

type Href = Parameters<typeof getPathname>[0]['href'];

/** A console screen's metadata: its title after the console's, never indexed. */
export async function consoleMetadata(locale: Locale, href: Href, titleKey: string): Promise<Metadata> {
  const t = await getTranslations({ locale });
  const title = `${t(titleKey as never)} · ${t('organiser.title')}`;
  return { ...pageMetadata({ locale, href, title }), robots: { index: false, follow: false } };
}
