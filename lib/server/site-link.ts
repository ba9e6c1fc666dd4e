import 'server-only';
import { appUrl } from '@/lib/app-url';
import { getPathname } from '@/lib/i18n/pathname';
import type { Locale } from '@/lib/i18n/routing';

type Href = Parameters<typeof getPathname>[0]['href'];

/** An absolute link to one of the site's pages in a language, for a mail (lib/i18n/pathname.ts: no Next in the hot API's bundle). */
export async function siteLink(locale: Locale, href: Href): Promise<string> {
  return `${appUrl()}${getPathname({ locale, href })}`;
}
