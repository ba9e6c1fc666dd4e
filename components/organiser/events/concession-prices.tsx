'use client';
import { textIn } from '@/lib/localized-text';

import { useLocale, useTranslations } from 'next-intl';
import { useId, useState } from 'react';
import { api } from '@/lib/client/api-client';
import { notify } from '@/lib/client/toast';
import { useHydrated } from '@/components/ui/use-hydrated';
import type { Locale } from '@/lib/i18n/routing';
import { CONCESSION_KINDS, DISABILITY_KINDS, type CategoryConcession, type ConcessionKind } from '@/lib/schemas/concessions';
import { amountInputText, moneyOrNaN } from '@/lib/money';

type Category = { id: string; name: { sk: string; cs: string; en: string } };
type Row = { offered: boolean; price: string; companion: boolean; resaleAllowed: boolean };

const canHaveCompanion = (kind: ConcessionKind) => (DISABILITY_KINDS as readonly string[]).includes(kind);

function rowsOf(concessions: CategoryConcession[]): Record<ConcessionKind, Row> {
  const rows = {} as Record<ConcessionKind, Row>;
  for (const kind of CONCESSION_KINDS) {
    const found = concessions.find((c) => c.kind === kind);
    rows[kind] = { offered: Boolean(found), price: found ? amountInputText(found.priceAmount) : '', companion: found ? found.companion : kind === 'ztp_s', resaleAllowed: found?.resaleAllowed ?? false };
  }
  return rows;
}

/** One price category's concessions: which are offered, at what price, and the companion rule of ZŤP / ZŤP-S. */
function CategoryConcessions({ eventId, currency, category, initial }: { eventId: string; currency: string; category: Category; initial: CategoryConcession[] }) {
  const t = useTranslations('concessions');
  const locale = useLocale() as Locale;
  const id = useId();
  const [rows, setRows] = useState(() => rowsOf(initial));
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // Disabled until React listens: a price typed before would be undone by hydration, unnoticed.
  const hydrated = useHydrated();
  const name = textIn(category.name, locale);
  const set = (kind: ConcessionKind, patch: Partial<Row>) => setRows((r) => ({ ...r, [kind]: { ...r[kind], ...patch } }));

  async function save(event: React.FormEvent) {
    event.preventDefault();
    setError(null);
    const concessions = CONCESSION_KINDS.filter((kind) => rows[kind].offered).map((kind) => ({
      kind,
      priceAmount: moneyOrNaN(rows[kind].price),
      companion: canHaveCompanion(kind) && rows[kind].companion,
      resaleAllowed: rows[kind].resaleAllowed,
    }));
    if (concessions.some((c) => !Number.isFinite(c.priceAmount) || c.priceAmount < 0)) {
      setError(t('errors.price'));
      return;
    }
    setBusy(true);
    const result = await api.put<{ concessions: CategoryConcession[] }>(`/api/v1/organiser/events/${eventId}/price-categories/${category.id}/concessions`, { concessions }, { toast: [404, 422] });
    setBusy(false);
    if (result.ok) {
      setRows(rowsOf(result.data.concessions));
      notify.success({ title: t('console.saved') });
    } else if (result.status === 404 || result.status === 422) {
      setError(result.error.errors[0]?.message ?? result.error.message);
    }
  }

  return (
    <form onSubmit={(e) => void save(e)} noValidate className="rounded-xl border border-slate-200 bg-white p-4" aria-labelledby={`${id}-title`} data-testid="concession-form">
      <h4 id={`${id}-title`} className="font-semibold">
        {t('console.category', { category: name })}
      </h4>
      <fieldset disabled={!hydrated}>
        <ul className="mt-3 space-y-3">
          {CONCESSION_KINDS.map((kind) => {
            const row = rows[kind];
            const kindName = t(`kinds.${kind}`);
            return (
              <li key={kind} className="flex flex-wrap items-center gap-x-4 gap-y-2">
                <label className="inline-flex min-w-[12rem] items-center gap-2">
                  <input type="checkbox" checked={row.offered} onChange={(e) => set(kind, { offered: e.target.checked })} className="h-5 w-5" aria-label={t('console.offer', { kind: kindName })} />
                  <span aria-hidden="true">{kindName}</span>
                </label>
                <label className="inline-flex items-center gap-2 text-sm">
                  <span className="sr-only">{t('console.priceOf', { kind: kindName, currency })}</span>
                  <span aria-hidden="true" className="text-slate-700">
                    {t('console.price', { currency })}
                  </span>
                  <input
                    inputMode="decimal"
                    value={row.price}
                    disabled={!row.offered}
                    onChange={(e) => set(kind, { price: e.target.value })}
                    className="w-24 rounded-lg border border-slate-300 px-2 py-1.5 disabled:bg-slate-100"
                  />
                </label>
                {canHaveCompanion(kind) && (
                  <label className="inline-flex items-center gap-2 text-sm">
                    <input
                      type="checkbox"
                      checked={row.companion}
                      disabled={!row.offered}
                      onChange={(e) => set(kind, { companion: e.target.checked })}
                      className="h-5 w-5"
                      aria-label={t('console.companionOf', { kind: kindName })}
                    />
                    <span aria-hidden="true">{t('console.companion')}</span>
                  </label>
                )}
                <label className="inline-flex items-center gap-2 text-sm">
                  <input
                    type="checkbox"
                    checked={row.resaleAllowed}
                    disabled={!row.offered}
                    onChange={(e) => set(kind, { resaleAllowed: e.target.checked })}
                    className="h-5 w-5"
                    aria-label={t('console.resaleAllowedOf', { kind: kindName })}
                    data-testid={`concession-resale-${kind}`}
                  />
                  <span aria-hidden="true">{t('console.resaleAllowed')}</span>
                </label>
              </li>
            );
          })}
        </ul>
      </fieldset>
      <p className="mt-3 text-sm text-slate-600">{t('console.resaleNote')}</p>
      {error && (
        <p role="alert" className="mt-3 text-sm text-red-700">
          {error}
        </p>
      )}
      <button type="submit" disabled={busy || !hydrated} className="mt-4 rounded-lg bg-emerald-800 px-4 py-2 font-medium text-white disabled:opacity-50">
        {t('console.save')}
      </button>
    </form>
  );
}

/** The prices page's concessions: per price category, child / student / senior / ZŤP / ZŤP-S prices and the companion rule. */
export function ConcessionPrices({ eventId, currency, categories, concessions }: { eventId: string; currency: string; categories: Category[]; concessions: Record<string, CategoryConcession[]> }) {
  const t = useTranslations('concessions.console');
  const headingId = useId();
  if (!categories.length) return null;
  return (
    <section aria-labelledby={headingId} className="space-y-3" data-testid="concession-prices">
      <h3 id={headingId} className="text-lg font-semibold">
        {t('heading')}
      </h3>
      <p className="text-slate-700">{t('lead')}</p>
      {categories.map((category) => (
        <CategoryConcessions key={category.id} eventId={eventId} currency={currency} category={category} initial={concessions[category.id] ?? []} />
      ))}
    </section>
  );
}
