import 'server-only';
import { appUrl } from '@/lib/app-url';
import type { getPathname } from '@/lib/i18n/navigation';
import type { Locale } from '@/lib/i18n/routing';

type Href = Parameters<typeof getPathname>[0]['href'];

/**
 * An absolute link to one of the site's pages in a language, for a mail. next-intl's navigation is
 * loaded on first use: the production server's hot API bundle (lib/server/http) reaches modules that
 * write mails (accounts, gifts) and must not load Next's client navigation with them at start.
 */
export async function siteLink(locale: Locale, href: Href): Promise<string> {
  const navigation = await import('@/lib/i18n/navigation');
  return `${appUrl()}${navigation.getPathname({ locale, href })}`;
}
