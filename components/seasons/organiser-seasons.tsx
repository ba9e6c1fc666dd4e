'use client';

import { useTranslations } from 'next-intl';
import { useId, useState, useTransition, type FormEvent } from 'react';
import { SubmitButton, SelectField, TextField } from '@/components/auth/form-parts';
import { formatDateTime, formatMoney, localized } from '@/components/tickets/format';
import { api } from '@/lib/client/api-client';
import { notify } from '@/lib/client/toast';
import { Link, useRouter } from '@/lib/i18n/navigation';
import type { OrganiserSeason, SeasonRefundMode } from '@/lib/schemas/seasons';
import { SeasonCategoriesForm } from './season-categories';

// The organiser's seasons (lib/server/seasons/organiser.ts through /api/v1/organiser/seasons): a form
// that creates one, and per season its sale and renewal windows, season categories and matches.

/** A datetime-local value (the browser's time) → ISO 8601; empty → null. */
const instantOf = (text: string) => (text ? new Date(text).toISOString() : null);
/** ISO 8601 → a datetime-local value in the browser's time. */
const localOf = (iso: string | null) => {
  if (!iso) return '';
  const d = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
};

const card = 'space-y-4 rounded-xl border border-slate-200 bg-white p-4 sm:p-6';

type Windows = {
  saleOpensAt: string;
  saleClosesAt: string;
  renewalOpensAt: string;
  renewalClosesAt: string;
  transferEnabled: boolean;
  releaseSharePercent: string;
  cancelRefundMode: SeasonRefundMode;
};

const REFUND_MODES: SeasonRefundMode[] = ['payment', 'credit'];

function WindowFields({ value, onChange }: { value: Windows; onChange: (next: Windows) => void }) {
  const t = useTranslations('seasons.organiser');
  const refundHelp = useId();
  const set = (key: keyof Windows) => (e: { target: { value: string; checked?: boolean } }) => onChange({ ...value, [key]: key === 'transferEnabled' ? Boolean(e.target.checked) : e.target.value });
  return (
    <>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label={t('saleOpensAt')} type="datetime-local" value={value.saleOpensAt} onChange={set('saleOpensAt')} />
        <TextField label={t('saleClosesAt')} type="datetime-local" value={value.saleClosesAt} onChange={set('saleClosesAt')} />
        <TextField label={t('renewalOpensAt')} type="datetime-local" value={value.renewalOpensAt} onChange={set('renewalOpensAt')} />
        <TextField label={t('renewalClosesAt')} type="datetime-local" value={value.renewalClosesAt} onChange={set('renewalClosesAt')} />
      </div>
      <TextField label={t('releaseShare')} type="number" inputMode="numeric" min={0} max={100} value={value.releaseSharePercent} onChange={set('releaseSharePercent')} />
      <label className="flex min-h-11 items-center gap-3">
        <input type="checkbox" className="h-5 w-5" checked={value.transferEnabled} onChange={set('transferEnabled')} />
        {t('transferEnabled')}
      </label>
      <fieldset className="space-y-2" aria-describedby={refundHelp}>
        <legend className="font-medium">{t('refundMode.legend')}</legend>
        <p id={refundHelp} className="text-sm text-slate-700">
          {t('refundMode.help')}
        </p>
        {REFUND_MODES.map((mode) => (
          <label key={mode} className="flex min-h-11 items-center gap-3">
            <input
              type="radio"
              name={`${refundHelp}-mode`}
              className="h-5 w-5"
              value={mode}
              checked={value.cancelRefundMode === mode}
              onChange={() => onChange({ ...value, cancelRefundMode: mode })}
            />
            {t(`refundMode.${mode}`)}
          </label>
        ))}
      </fieldset>
    </>
  );
}

const windowBody = (w: Windows) => ({
  saleOpensAt: instantOf(w.saleOpensAt),
  saleClosesAt: instantOf(w.saleClosesAt),
  renewalOpensAt: instantOf(w.renewalOpensAt),
  renewalClosesAt: instantOf(w.renewalClosesAt),
  transferEnabled: w.transferEnabled,
  releaseSharePercent: Number(w.releaseSharePercent),
  cancelRefundMode: w.cancelRefundMode,
});

/** Creates a season at one of the organisation's venues. */
export function SeasonCreateForm({ orgId, venues, seasons }: { orgId: string; venues: { id: string; name: string }[]; seasons: { id: string; name: string }[] }) {
  const t = useTranslations('seasons.organiser');
  const router = useRouter();
  const titleId = useId();
  const [name, setName] = useState({ sk: '', cs: '', en: '' });
  const [venueId, setVenueId] = useState(venues[0]?.id ?? '');
  const [currency, setCurrency] = useState<'EUR' | 'CZK'>('EUR');
  const [renews, setRenews] = useState('');
  const [windows, setWindows] = useState<Windows>({ saleOpensAt: '', saleClosesAt: '', renewalOpensAt: '', renewalClosesAt: '', transferEnabled: true, releaseSharePercent: '50', cancelRefundMode: 'payment' });
  const [sending, setSending] = useState(false);
  const [pending, startTransition] = useTransition();

  async function submit(e: FormEvent) {
    e.preventDefault();
    setSending(true);
    const result = await api.post<{ season: OrganiserSeason }>('/api/v1/organiser/seasons', { organisation: orgId, venueId, currency, renewsSeasonId: renews || null, name, ...windowBody(windows) });
    setSending(false);
    if (!result.ok) return;
    notify.success({ title: t('created') });
    startTransition(() => router.push({ pathname: '/organiser/seasons/[seasonId]', params: { seasonId: result.data.season.id } }));
  }

  return (
    <section aria-labelledby={titleId} className={card}>
      <h2 id={titleId} className="text-xl font-semibold">
        {t('newTitle')}
      </h2>
      <form onSubmit={submit} className="space-y-4">
        <div className="grid gap-4 sm:grid-cols-3">
          <TextField label={t('nameSk')} required value={name.sk} onChange={(e) => setName({ ...name, sk: e.target.value })} />
          <TextField label={t('nameCs')} required value={name.cs} onChange={(e) => setName({ ...name, cs: e.target.value })} />
          <TextField label={t('nameEn')} required value={name.en} onChange={(e) => setName({ ...name, en: e.target.value })} />
        </div>
        <div className="grid gap-4 sm:grid-cols-3">
          <SelectField label={t('venue')} value={venueId} onChange={(e) => setVenueId(e.target.value)}>
            {venues.map((v) => (
              <option key={v.id} value={v.id}>
                {v.name}
              </option>
            ))}
          </SelectField>
          <SelectField label={t('currency')} value={currency} onChange={(e) => setCurrency(e.target.value as 'EUR' | 'CZK')}>
            <option value="EUR">EUR</option>
            <option value="CZK">CZK</option>
          </SelectField>
          <SelectField label={t('renews')} value={renews} onChange={(e) => setRenews(e.target.value)}>
            <option value="">{t('noRenews')}</option>
            {seasons.map((s) => (
              <option key={s.id} value={s.id}>
                {s.name}
              </option>
            ))}
          </SelectField>
        </div>
        <WindowFields value={windows} onChange={setWindows} />
        <SubmitButton pending={sending || pending} inline>
          {t('create')}
        </SubmitButton>
      </form>
    </section>
  );
}

/** One season: its windows and policy, its season categories and prices, its matches. */
export function SeasonEditor({ season, locale }: { season: OrganiserSeason; locale: string }) {
  const t = useTranslations('seasons.organiser');
  const router = useRouter();
  const ids = { windows: useId(), matches: useId() };
  const [pending, startTransition] = useTransition();
  const [sending, setSending] = useState<string | null>(null);
  const [windows, setWindows] = useState<Windows>({
    saleOpensAt: localOf(season.saleOpensAt),
    saleClosesAt: localOf(season.saleClosesAt),
    renewalOpensAt: localOf(season.renewalOpensAt),
    renewalClosesAt: localOf(season.renewalClosesAt),
    transferEnabled: season.transferEnabled,
    releaseSharePercent: String(season.releaseSharePercent),
    cancelRefundMode: season.cancelRefundMode,
  });
  const [match, setMatch] = useState(season.candidates[0]?.id ?? '');
  const refresh = () => startTransition(() => router.refresh());

  async function saveWindows(e: FormEvent) {
    e.preventDefault();
    setSending('windows');
    const result = await api.patch(`/api/v1/organiser/seasons/${season.id}`, windowBody(windows));
    setSending(null);
    if (!result.ok) return;
    notify.success({ title: t('saved') });
    refresh();
  }

  async function addMatch(e: FormEvent) {
    e.preventDefault();
    if (!match) return;
    setSending('match');
    const result = await api.post<{ issued: number; missing: number }>(`/api/v1/organiser/seasons/${season.id}/matches`, { eventId: match });
    setSending(null);
    if (!result.ok) return;
    notify.success({ title: t('matchAdded', { issued: result.data.issued }) });
    if (result.data.missing) notify.error({ title: t('matchMissing', { count: result.data.missing }) });
    refresh();
  }

  const busy = (what: string) => sending === what || pending;
  return (
    <div className="space-y-8">
      <p className="text-slate-700">
        {season.venue.name} · {t('holders', { count: season.holders })} ·{' '}
        <Link href={{ pathname: '/seasons/[slug]', params: { slug: season.slug } }} className="font-medium text-emerald-800 underline">
          {t('salePage')}
        </Link>
      </p>
      <section aria-labelledby={ids.windows} className={card}>
        <h2 id={ids.windows} className="text-xl font-semibold">
          {t('windowsTitle')}
        </h2>
        <form onSubmit={saveWindows} className="space-y-4">
          <WindowFields value={windows} onChange={setWindows} />
          <SubmitButton pending={busy('windows')} inline>
            {t('save')}
          </SubmitButton>
        </form>
      </section>
      <SeasonCategoriesForm season={season} locale={locale} />
      <section aria-labelledby={ids.matches} className={card}>
        <h2 id={ids.matches} className="text-xl font-semibold">
          {t('matchesTitle')}
        </h2>
        {season.matches.length === 0 ? (
          <p>{t('noMatches')}</p>
        ) : (
          <ul className="divide-y divide-slate-200">
            {season.matches.map((m) => (
              <li key={m.id} className="flex flex-wrap justify-between gap-2 py-2">
                <span className="font-medium">{localized(m.title, locale)}</span>
                <span className="text-slate-700">{formatDateTime(m.startsAt, locale)}</span>
              </li>
            ))}
          </ul>
        )}
        {season.candidates.length === 0 ? (
          <p className="text-slate-700">{t('noCandidates')}</p>
        ) : (
          <form onSubmit={addMatch} className="flex flex-wrap items-end gap-3">
            <div className="min-w-0 flex-1">
              <SelectField label={t('matchToAdd')} value={match} onChange={(e) => setMatch(e.target.value)}>
                {season.candidates.map((c) => (
                  <option key={c.id} value={c.id}>
                    {localized(c.title, locale)} · {formatDateTime(c.startsAt, locale)}
                  </option>
                ))}
              </SelectField>
            </div>
            <SubmitButton pending={busy('match')} inline>
              {t('addMatch')}
            </SubmitButton>
          </form>
        )}
      </section>
    </div>
  );
}

/** The organisation's seasons, each linking to its editor. */
export function SeasonList({ seasons, locale }: { seasons: OrganiserSeason[]; locale: string }) {
  const t = useTranslations('seasons.organiser');
  if (!seasons.length) return <p>{t('empty')}</p>;
  return (
    <ul className="space-y-3">
      {seasons.map((s) => {
        const cheapest = s.categories.length ? Math.min(...s.categories.map((c) => c.price)) : null;
        return (
          <li key={s.id} className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-slate-200 bg-white p-4">
            <div>
              <p className="font-semibold">{localized(s.name, locale)}</p>
              <p className="text-sm text-slate-700">
                {s.venue.name} · {t('holders', { count: s.holders })}
                {cheapest != null && <> · {formatMoney(cheapest, s.currency, locale)}</>}
              </p>
            </div>
            <Link
              href={{ pathname: '/organiser/seasons/[seasonId]', params: { seasonId: s.id } }}
              className="inline-flex min-h-11 items-center rounded-lg border border-slate-300 px-4 font-medium hover:bg-slate-50"
              aria-label={`${t('edit')}: ${localized(s.name, locale)}`}
            >
              {t('edit')}
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
