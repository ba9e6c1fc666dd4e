import { getTranslations } from 'next-intl/server';
import { getPathname } from '@/lib/i18n/navigation';
import { getLocale } from 'next-intl/server';
import type { Locale } from '@/lib/i18n/routing';

/** A plain GET form to the events list: works before any JavaScript has loaded. */
export async function SearchForm({ defaultValue = '' }: { defaultValue?: string }) {
  const [t, locale] = await Promise.all([getTranslations('search'), getLocale()]);
  return (
    <form role="search" action={getPathname({ locale: locale as Locale, href: '/events' })} method="get" className="flex gap-2">
      <label htmlFor="event-search" className="sr-only">
        {t('label')}
      </label>
      <input
        id="event-search"
        name="q"
        type="search"
        defaultValue={defaultValue}
        placeholder={t('placeholder')}
        maxLength={100}
        className="w-full rounded-lg border border-slate-300 bg-white px-4 py-3 text-slate-900 placeholder:text-slate-500"
      />
      <button type="submit" className="rounded-lg bg-amber-400 px-5 py-3 font-semibold text-emerald-950 hover:bg-amber-300">
        {t('submit')}
      </button>
    </form>
  );
}
