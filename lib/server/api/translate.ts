import 'server-only';
// use-intl's core (what next-intl is built on): no next/headers, so the hot API can run it outside Next.
import { createTranslator } from 'use-intl/core';
import cs from '@/messages/cs.json';
import en from '@/messages/en.json';
import sk from '@/messages/sk.json';
import type { Locale } from '@/lib/i18n/routing';

const catalogues = { sk, cs, en };

/** Translates a full message key ('validation.emailRequired') for API answers and emails. */
export function translator(locale: Locale) {
  const t = createTranslator({ locale, messages: catalogues[locale] });
  return (key: string, values?: Record<string, string | number>): string => {
    try {
      return (t as unknown as (k: string, v?: Record<string, string | number>) => string)(key, values);
    } catch {
      return key;
    }
  };
}
