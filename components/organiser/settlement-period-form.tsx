import { getLocale, getTranslations } from 'next-intl/server';
import { SelectField, TextField } from '@/components/auth/form-parts';
import { formatDate } from '@/lib/i18n/formats';

type Values = { from: string; to: string; event: string };

/**
 * The settlement's period and event: a plain GET form (the page reads the URL), so it works before and
 * without JavaScript and every statement has its own address. Days are in Europe/Bratislava, both included.
 */
export async function SettlementPeriodForm({ values, errors, events }: { values: Values; errors: Record<string, string>; events: { id: string; title: string; startsAt: string }[] }) {
  const [t, locale] = await Promise.all([getTranslations('organiser.settlements.form'), getLocale()]);
  return (
    <form method="get" className="space-y-4 rounded-xl border border-slate-200 bg-white p-4 sm:p-6" aria-labelledby="settlement-period">
      <h2 id="settlement-period" className="text-lg font-semibold">
        {t('title')}
      </h2>
      <div className="grid gap-4 sm:grid-cols-3">
        <TextField type="date" name="from" label={t('from')} defaultValue={values.from} error={errors.from} required />
        <TextField type="date" name="to" label={t('to')} defaultValue={values.to} error={errors.to} required />
        <SelectField name="event" label={t('event')} defaultValue={values.event} error={errors.event}>
          <option value="">{t('allEvents')}</option>
          {events.map((event) => (
            <option key={event.id} value={event.id}>
              {event.title} ({formatDate(new Date(event.startsAt), locale, { day: 'numeric', month: 'numeric', year: 'numeric' })})
            </option>
          ))}
        </SelectField>
      </div>
      <p className="text-sm text-slate-600">{t('hint')}</p>
      <button type="submit" className="min-h-11 rounded-lg bg-emerald-800 px-5 py-2 font-medium text-white hover:bg-emerald-700 focus:outline-none focus:ring-2 focus:ring-emerald-700/40 focus:ring-offset-2">
        {t('show')}
      </button>
    </form>
  );
}
