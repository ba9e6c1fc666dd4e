'use client';
import { textIn } from '@/lib/localized-text';

import { useTranslations } from 'next-intl';
import { useId, useState, useTransition, type FormEvent } from 'react';
import { SelectField, SubmitButton, TextField } from '@/components/auth/form-parts';
import { ConfirmDialog } from '@/components/profile/confirm-dialog';
import { formatMoney } from '@/components/events/format';
import { formatDateTime } from '@/components/tickets/format';
import { api } from '@/lib/client/api-client';
import { notify } from '@/lib/client/toast';
import { useRouter } from '@/lib/i18n/navigation';
import type { OrganiserPackage } from '@/lib/schemas/packages';
import { amountInputText, moneyOrNaN } from '@/lib/money';

// The organiser's packages (lib/server/packages/organiser.ts through /api/v1/organiser/packages): the
// list with each package's contents, price, how many are taken, on/off sale, edit and delete, and the
// form that creates or edits one — a line per event and price category (a festival pass: a line per day).

type Locale = 'sk' | 'cs' | 'en';
type Candidate = {
  id: string;
  title: { sk: string; cs: string; en: string };
  startsAt: string;
  currency: 'EUR' | 'CZK';
  categories: { id: string; name: { sk: string; cs: string; en: string }; kind: 'seated' | 'standing'; price: number }[];
};
type Line = { eventId: string; ticketTypeId: string; quantity: string };
type Draft = {
  name: { sk: string; cs: string; en: string };
  description: { sk: string; cs: string; en: string };
  price: string;
  quantity: string;
  onSale: boolean;
  lines: Line[];
};

const card = 'space-y-4 rounded-xl border border-slate-200 bg-white p-4 sm:p-6';
const button = 'min-h-11 rounded-lg border border-slate-300 px-4 py-2 text-sm font-medium hover:bg-slate-50 focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-800 disabled:opacity-50';

function emptyLine(events: Candidate[]): Line {
  const event = events[0];
  return { eventId: event?.id ?? '', ticketTypeId: event?.categories[0]?.id ?? '', quantity: '1' };
}

function draftOf(pkg: OrganiserPackage | null, events: Candidate[]): Draft {
  if (!pkg) {
    return { name: { sk: '', cs: '', en: '' }, description: { sk: '', cs: '', en: '' }, price: '', quantity: '100', onSale: true, lines: [emptyLine(events)] };
  }
  return {
    name: pkg.name,
    description: pkg.description ?? { sk: '', cs: '', en: '' },
    price: amountInputText(pkg.price),
    quantity: String(pkg.quantity),
    onSale: pkg.onSale,
    lines: pkg.contents.map((c) => ({ eventId: c.eventId, ticketTypeId: c.ticketTypeId, quantity: String(c.quantity) })),
  };
}

function bodyOf(draft: Draft) {
  const description = draft.description.sk.trim() || draft.description.cs.trim() || draft.description.en.trim() ? draft.description : null;
  return {
    name: draft.name,
    description,
    price: moneyOrNaN(draft.price),
    quantity: Number(draft.quantity),
    onSale: draft.onSale,
    contents: draft.lines.map((l) => ({ eventId: l.eventId, ticketTypeId: l.ticketTypeId, quantity: Number(l.quantity) })),
  };
}

/** The package form: names and descriptions per language, price, how many, on sale, and its lines. */
function PackageForm({ draft, onChange, events, locale, contentsLocked }: { draft: Draft; onChange: (next: Draft) => void; events: Candidate[]; locale: Locale; contentsLocked: boolean }) {
  const t = useTranslations('packages.organiser');
  const contentsId = useId();
  const setLine = (i: number, patch: Partial<Line>) => onChange({ ...draft, lines: draft.lines.map((l, k) => (k === i ? { ...l, ...patch } : l)) });
  const faceValue = draft.lines.reduce((sum, l) => {
    const category = events.find((e) => e.id === l.eventId)?.categories.find((c) => c.id === l.ticketTypeId);
    return sum + (category?.price ?? 0) * (Number(l.quantity) || 0);
  }, 0);
  const currency = events.find((e) => e.id === draft.lines[0]?.eventId)?.currency ?? 'EUR';
  return (
    <>
      <div className="grid gap-4 sm:grid-cols-3">
        <TextField label={t('nameSk')} required maxLength={120} value={draft.name.sk} onChange={(e) => onChange({ ...draft, name: { ...draft.name, sk: e.target.value } })} />
        <TextField label={t('nameCs')} required maxLength={120} value={draft.name.cs} onChange={(e) => onChange({ ...draft, name: { ...draft.name, cs: e.target.value } })} />
        <TextField label={t('nameEn')} required maxLength={120} value={draft.name.en} onChange={(e) => onChange({ ...draft, name: { ...draft.name, en: e.target.value } })} />
        <TextField label={t('descriptionSk')} maxLength={500} value={draft.description.sk} onChange={(e) => onChange({ ...draft, description: { ...draft.description, sk: e.target.value } })} />
        <TextField label={t('descriptionCs')} maxLength={500} value={draft.description.cs} onChange={(e) => onChange({ ...draft, description: { ...draft.description, cs: e.target.value } })} />
        <TextField label={t('descriptionEn')} maxLength={500} value={draft.description.en} onChange={(e) => onChange({ ...draft, description: { ...draft.description, en: e.target.value } })} />
      </div>
      <div className="grid gap-4 sm:grid-cols-3">
        <TextField label={`${t('price')} (${currency})`} required inputMode="decimal" value={draft.price} onChange={(e) => onChange({ ...draft, price: e.target.value })} />
        <TextField label={t('count')} required type="number" inputMode="numeric" min={1} value={draft.quantity} onChange={(e) => onChange({ ...draft, quantity: e.target.value })} />
        <label className="flex min-h-11 items-center gap-3 self-end">
          <input type="checkbox" className="h-5 w-5" checked={draft.onSale} onChange={(e) => onChange({ ...draft, onSale: e.target.checked })} />
          {t('onSale')}
        </label>
      </div>
      <fieldset aria-describedby={`${contentsId}-hint`} className="space-y-3" disabled={contentsLocked}>
        <legend className="text-lg font-semibold">{t('contents')}</legend>
        <p id={`${contentsId}-hint`} className="text-sm text-slate-700">
          {t('contentsHint')}
        </p>
        <ol className="space-y-3">
          {draft.lines.map((line, i) => {
            const event = events.find((e) => e.id === line.eventId);
            return (
              <li key={i} className="grid gap-3 rounded-lg border border-slate-200 p-3 sm:grid-cols-[2fr_2fr_1fr_auto] sm:items-end" aria-label={t('line', { n: i + 1 })}>
                <SelectField
                  label={t('event')}
                  value={line.eventId}
                  onChange={(e) => setLine(i, { eventId: e.target.value, ticketTypeId: events.find((x) => x.id === e.target.value)?.categories[0]?.id ?? '' })}
                >
                  {events.map((e) => (
                    <option key={e.id} value={e.id}>
                      {textIn(e.title, locale)} · {formatDateTime(e.startsAt, locale)}
                    </option>
                  ))}
                </SelectField>
                <SelectField label={t('category')} value={line.ticketTypeId} onChange={(e) => setLine(i, { ticketTypeId: e.target.value })}>
                  {(event?.categories ?? []).map((c) => (
                    <option key={c.id} value={c.id}>
                      {textIn(c.name, locale)} ({c.kind === 'seated' ? t('seated') : t('standing')}) · {formatMoney({ amount: c.price, currency: event!.currency }, locale)}
                    </option>
                  ))}
                </SelectField>
                <TextField label={t('lineQuantity')} type="number" inputMode="numeric" min={1} max={10} value={line.quantity} onChange={(e) => setLine(i, { quantity: e.target.value })} />
                <button
                  type="button"
                  className={button}
                  disabled={draft.lines.length === 1}
                  onClick={() => onChange({ ...draft, lines: draft.lines.filter((_, k) => k !== i) })}
                  aria-label={t('removeLine', { n: i + 1 })}
                >
                  ×
                </button>
              </li>
            );
          })}
        </ol>
        <div className="flex flex-wrap items-center justify-between gap-3">
          <button type="button" className={button} disabled={draft.lines.length >= 10} onClick={() => onChange({ ...draft, lines: [...draft.lines, emptyLine(events)] })}>
            {t('addLine')}
          </button>
          <p className="text-sm text-slate-700" aria-live="polite">
            {t('faceValue', { amount: formatMoney({ amount: faceValue, currency }, locale) })}
          </p>
        </div>
      </fieldset>
    </>
  );
}

/** Creates a package of the organisation's events. */
export function PackageCreateForm({ orgId, events, locale }: { orgId: string; events: Candidate[]; locale: Locale }) {
  const t = useTranslations('packages.organiser');
  const router = useRouter();
  const titleId = useId();
  const [draft, setDraft] = useState(() => draftOf(null, events));
  const [sending, setSending] = useState(false);
  const [pending, startTransition] = useTransition();

  async function submit(e: FormEvent) {
    e.preventDefault();
    setSending(true);
    const result = await api.post<{ package: OrganiserPackage }>('/api/v1/organiser/packages', { organisation: orgId, ...bodyOf(draft) });
    setSending(false);
    if (!result.ok) return;
    notify.success({ title: t('created') });
    setDraft(draftOf(null, events));
    startTransition(() => router.refresh());
  }

  return (
    <section aria-labelledby={titleId} className={card} data-testid="package-create">
      <h2 id={titleId} className="text-xl font-semibold">
        {t('newTitle')}
      </h2>
      {events.length === 0 ? (
        <p>{t('noEvents')}</p>
      ) : (
        <form onSubmit={submit} className="space-y-4">
          <PackageForm draft={draft} onChange={setDraft} events={events} locale={locale} contentsLocked={false} />
          <SubmitButton pending={sending || pending} inline>
            {t('create')}
          </SubmitButton>
        </form>
      )}
    </section>
  );
}

/** The organisation's packages, each with its state and actions. */
export function PackageList({ packages, events, locale }: { packages: OrganiserPackage[]; events: Candidate[]; locale: Locale }) {
  const t = useTranslations('packages.organiser');
  const titleId = useId();
  return (
    <section aria-labelledby={titleId} className="space-y-4">
      <h2 id={titleId} className="text-xl font-semibold">
        {t('listTitle')}
      </h2>
      {packages.length === 0 ? (
        <p className="text-slate-700">{t('empty')}</p>
      ) : (
        <ul className="space-y-4">
          {packages.map((pkg) => (
            <PackageCard key={pkg.id} pkg={pkg} events={events} locale={locale} />
          ))}
        </ul>
      )}
    </section>
  );
}

function PackageCard({ pkg, events, locale }: { pkg: OrganiserPackage; events: Candidate[]; locale: Locale }) {
  const t = useTranslations('packages.organiser');
  const router = useRouter();
  const headingId = useId();
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(() => draftOf(pkg, events));
  const [confirming, setConfirming] = useState(false);
  const [sending, setSending] = useState<string | null>(null);
  const [pending, startTransition] = useTransition();
  const refresh = () => startTransition(() => router.refresh());
  // Events of the package no longer among the candidates (past ones) still show in its lines.
  const lineEvents = [
    ...events,
    ...pkg.contents
      .filter((c) => !events.some((e) => e.id === c.eventId))
      .map((c) => ({ id: c.eventId, title: c.eventTitle, startsAt: c.startsAt, currency: pkg.currency, categories: [{ id: c.ticketTypeId, name: c.ticketTypeName, kind: c.kind, price: 0 }] })),
  ];

  async function save(e: FormEvent) {
    e.preventDefault();
    setSending('save');
    const body = bodyOf(draft);
    const { contents, ...rest } = body;
    const result = await api.patch(`/api/v1/organiser/packages/${pkg.id}`, pkg.taken > 0 ? rest : { ...rest, contents });
    setSending(null);
    if (!result.ok) return;
    notify.success({ title: t('saved') });
    setEditing(false);
    refresh();
  }

  async function toggle() {
    setSending('toggle');
    const result = await api.patch(`/api/v1/organiser/packages/${pkg.id}`, { onSale: !pkg.onSale });
    setSending(null);
    if (result.ok) refresh();
  }

  async function remove() {
    setSending('delete');
    const result = await api.delete(`/api/v1/organiser/packages/${pkg.id}`);
    setSending(null);
    setConfirming(false);
    if (!result.ok) return;
    notify.success({ title: t('deleted') });
    refresh();
  }

  const name = textIn(pkg.name, locale);
  const faceValue = pkg.contents.reduce((sum, c) => sum + (events.find((e) => e.id === c.eventId)?.categories.find((x) => x.id === c.ticketTypeId)?.price ?? 0) * c.quantity, 0);
  return (
    <li aria-labelledby={headingId} className={card} data-testid="organiser-package">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 id={headingId} className="text-lg font-semibold">
          {name}
        </h3>
        <span className={`rounded px-2 py-0.5 text-sm font-medium ${pkg.onSale ? 'bg-emerald-100 text-emerald-900' : 'bg-slate-100 text-slate-800'}`}>
          {pkg.onSale ? t('statusOnSale') : t('statusOffSale')}
        </span>
      </div>
      <p className="text-lg font-bold tabular-nums">
        {formatMoney({ amount: pkg.price, currency: pkg.currency }, locale)}
        {faceValue > 0 && <span className="ml-2 text-sm font-normal text-slate-700">{t('faceValue', { amount: formatMoney({ amount: faceValue, currency: pkg.currency }, locale) })}</span>}
      </p>
      <ul className="list-disc space-y-0.5 pl-5 text-slate-800">
        {pkg.contents.map((c, i) => (
          <li key={i}>
            {textIn(c.eventTitle, locale)} · {formatDateTime(c.startsAt, locale)}: {c.quantity} × {c.ticketTypeName[locale]} ({c.kind === 'seated' ? t('seated') : t('standing')})
          </li>
        ))}
      </ul>
      <p className="text-sm text-slate-700" data-testid="package-taken">
        {t('taken', { taken: pkg.taken, quantity: pkg.quantity })}
      </p>
      {editing ? (
        <form onSubmit={save} className="space-y-4 border-t border-slate-200 pt-4" aria-label={t('editTitle', { name })}>
          <PackageForm draft={draft} onChange={setDraft} events={lineEvents} locale={locale} contentsLocked={pkg.taken > 0} />
          <div className="flex flex-wrap gap-3">
            <SubmitButton pending={sending === 'save' || pending} inline>
              {t('save')}
            </SubmitButton>
            <button type="button" className={button} onClick={() => { setDraft(draftOf(pkg, events)); setEditing(false); }}>
              {t('cancel')}
            </button>
          </div>
        </form>
      ) : (
        <div className="flex flex-wrap gap-3">
          <button type="button" className={button} onClick={() => setEditing(true)} aria-label={`${t('edit')}: ${name}`}>
            {t('edit')}
          </button>
          <button type="button" className={button} disabled={sending !== null || pending} onClick={() => void toggle()}>
            {pkg.onSale ? t('takeOffSale') : t('putOnSale')}
          </button>
          <button type="button" className={`${button} text-red-800`} onClick={() => setConfirming(true)} aria-label={t('deleteLabel', { name })}>
            {t('delete')}
          </button>
        </div>
      )}
      <ConfirmDialog
        open={confirming}
        title={t('confirmDelete', { name })}
        confirmLabel={t('delete')}
        cancelLabel={t('cancel')}
        pending={sending === 'delete'}
        onConfirm={() => void remove()}
        onCancel={() => setConfirming(false)}
      >
        <p>{t('taken', { taken: pkg.taken, quantity: pkg.quantity })}</p>
      </ConfirmDialog>
    </li>
  );
}
