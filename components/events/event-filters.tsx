import { getLocale, getTranslations } from 'next-intl/server';
import { getPathname } from '@/lib/i18n/navigation';
import type { Locale } from '@/lib/i18n/routing';
import { eventCategories, type EventListQuery } from '@/lib/schemas/events';
import { FilterDisclosure } from './filter-disclosure';

/** Search and filters as one plain GET form: works before (and without) JavaScript, and every result page has a URL. */
export async function EventFilters({ query }: { query: EventListQuery }) {
  const [t, ts, locale] = await Promise.all([getTranslations('events'), getTranslations('search'), getLocale()]);
  const action = getPathname({ locale: locale as Locale, href: '/events' });
  const field = 'w-full rounded-lg border border-slate-400 bg-white px-3 py-2 text-slate-900';
  const hasFilters = Boolean(query.q || query.category || query.from || query.to);
  // The search words are in the field above; the panel's own filters are counted on its button.
  const active = [query.category, query.from, query.to].filter(Boolean).length;
  return (
    <form role="search" action={action} method="get" className="space-y-3 rounded-xl border border-slate-200 bg-white p-4">
      <div className="flex gap-2">
        <label htmlFor="event-search" className="sr-only">
          {ts('label')}
        </label>
        <input
          id="event-search"
          name="q"
          type="search"
          defaultValue={query.q}
          placeholder={ts('placeholder')}
          maxLength={100}
          className="w-full rounded-lg border border-slate-400 bg-white px-4 py-3 text-slate-900 placeholder:text-slate-600"
        />
        <button type="submit" className="rounded-lg bg-amber-400 px-5 py-3 font-semibold text-emerald-950 hover:bg-amber-300">
          {ts('submit')}
        </button>
      </div>
      <FilterDisclosure label={t('filters')} activeLabel={t('filtersActive', { count: active })} active={active}>
        <fieldset className="grid gap-3 sm:grid-cols-4">
          <legend className="sr-only">{t('filters')}</legend>
          <div>
            <label htmlFor="event-category" className="mb-1 block text-sm font-medium text-slate-800">
              {t('category')}
            </label>
            <select id="event-category" name="category" defaultValue={query.category ?? ''} className={field}>
              <option value="">{t('allCategories')}</option>
              {eventCategories.map((c) => (
                <option key={c} value={c}>
                  {t(`categories.${c}`)}
                </option>
              ))}
            </select>
          </div>
          <div>
            <label htmlFor="event-from" className="mb-1 block text-sm font-medium text-slate-800">
              {t('dateFrom')}
            </label>
            <input id="event-from" name="from" type="date" defaultValue={query.from ?? ''} className={field} />
          </div>
          <div>
            <label htmlFor="event-to" className="mb-1 block text-sm font-medium text-slate-800">
              {t('dateTo')}
            </label>
            <input id="event-to" name="to" type="date" defaultValue={query.to ?? ''} className={field} />
          </div>
          <div className="flex items-end gap-2">
            <button type="submit" className="rounded-lg bg-emerald-800 px-4 py-2 font-medium text-white hover:bg-emerald-700">
              {t('apply')}
            </button>
            {hasFilters && (
              <a href={action} className="px-2 py-2 text-sm font-medium text-emerald-900 underline">
                {t('clear')}
              </a>
            )}
          </div>
        </fieldset>
      </FilterDisclosure>
    </form>
  );
}
