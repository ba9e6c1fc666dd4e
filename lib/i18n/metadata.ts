import type { Metadata } from 'next';
import { getPathname } from './navigation';
import { locales, type Locale } from './routing';

type Href = Parameters<typeof getPathname>[0]['href'];

/** Canonical URL and hreflang alternates of a page in every language. */
export function alternatesFor(locale: Locale, href: Href): NonNullable<Metadata['alternates']> {
  const languages = Object.fromEntries(locales.map((l) => [l, getPathname({ locale: l, href })]));
  return { canonical: getPathname({ locale, href }), languages: { ...languages, 'x-default': languages.sk } };
}

export function pageMetadata(input: { locale: Locale; href: Href; title: string; description?: string }): Metadata {
  return {
    title: input.title,
    description: input.description,
    alternates: alternatesFor(input.locale, input.href),
    openGraph: { title: input.title, description: input.description, locale: input.locale, siteName: 'Tribuna', type: 'website' },
  };
}
