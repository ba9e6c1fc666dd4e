// An organiser's text in the three languages, as written and as read. It is stored as written: a language
// left empty stays empty (never a copy of another, which would go stale when that one changes). When the text
// is read — an event page, a list, a mail, a receipt, the tags a link preview shows — an empty language shows
// the organisation's own language, then any language that has the text. This file is that one rule.
import { locales, type Locale } from '@/lib/i18n/locales';

export type Texts = Record<Locale, string>;

/** The text as stored from what an organiser sent: each language as written, a missing one empty. */
export function writtenText(input: Partial<Texts> | undefined): Texts {
  return { sk: input?.sk ?? '', cs: input?.cs ?? '', en: input?.en ?? '' };
}

/** The text in `locale` as a reader sees it: its own, else the organisation's language (`first`), else any written. */
export function textIn(text: Partial<Texts> | null | undefined, locale: Locale, first: Locale = 'sk'): string {
  if (!text) return '';
  return text[locale] || text[first] || locales.map((l) => text[l]).find(Boolean) || '';
}

/** The text with every language filled as a reader sees it (textIn for each); the stored text is unchanged. */
export function readText(text: Partial<Texts> | null | undefined, first: Locale = 'sk'): Texts {
  return { sk: textIn(text, 'sk', first), cs: textIn(text, 'cs', first), en: textIn(text, 'en', first) };
}
