'use client';
import { textIn } from '@/lib/localized-text';

import { useLocale, useTranslations } from 'next-intl';
import { useId, useState, useTransition } from 'react';
import { FormAlert, SelectField, TextField } from '@/components/auth/form-parts';
import { ConfirmDialog } from '@/components/profile/confirm-dialog';
import { useHydrated } from '@/components/ui/use-hydrated';
import { api } from '@/lib/client/api-client';
import { useChecklistRefresh } from '@/lib/client/checklist-refresh';
import { notify } from '@/lib/client/toast';
import { useRouter } from '@/lib/i18n/navigation';
import type { Locale } from '@/lib/i18n/routing';
import { createPriceCategorySchema, updatePriceCategorySchema, type OrganiserEvent, type PriceCategory } from '@/lib/schemas/organiser-events';
import { amountInputText, moneyOrNaN } from '@/lib/money';
import { nextCategoryColor } from '@/lib/organiser/category-colors';

type Section = OrganiserEvent['sections'][number];
type Kind = 'seated' | 'standing';
const LANGUAGES = ['sk', 'cs', 'en'] as const;
/** Failures the card shows itself (at its fields or above its buttons) instead of a toast. */
const SHOWN = [404, 409, 422];

type Draft = { name: { sk: string; cs: string; en: string }; kind: Kind; price: string; color: string; sortOrder: string; sectionIds: string[]; capacity: string };

function draftOf(category: PriceCategory | null, sortOrder: number, others: readonly { color: string }[]): Draft {
  return {
    name: category?.name ?? { sk: '', cs: '', en: '' },
    kind: category?.kind ?? 'seated',
    price: category ? amountInputText(category.priceAmount) : '',
    color: category?.color ?? nextCategoryColor(others.map((other) => other.color)),
    sortOrder: String(category?.sortOrder ?? sortOrder),
    sectionIds: category?.sectionIds ?? [],
    capacity: category && category.kind === 'standing' && category.sectionIds.length === 0 ? String(category.capacity) : '',
  };
}

/** One price category's form (or a new one's): names per language, price, colour, order, the sections it sells or its places. */
function CategoryCard({
  eventId,
  currency,
  category,
  sections,
  categories,
  nextSortOrder,
}: {
  eventId: string;
  currency: string;
  category: PriceCategory | null;
  sections: Section[];
  categories: PriceCategory[];
  nextSortOrder: number;
}) {
  const t = useTranslations('organiser.prices');
  const translate = useTranslations();
  const locale = useLocale() as Locale;
  const router = useRouter();
  const checklistRefresh = useChecklistRefresh(eventId);
  const hydrated = useHydrated();
  const id = useId();
  const [draft, setDraft] = useState<Draft>(() => draftOf(category, nextSortOrder, categories));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [refreshing, startTransition] = useTransition();
  const pending = busy || refreshing;

  const ofKind = sections.filter((s) => s.kind === draft.kind);
  const hasAreas = draft.kind === 'standing' && draft.sectionIds.length > 0;
  const set = (patch: Partial<Draft>) => setDraft((d) => ({ ...d, ...patch }));
  const toggle = (sectionId: string) =>
    set({ sectionIds: draft.sectionIds.includes(sectionId) ? draft.sectionIds.filter((s) => s !== sectionId) : [...draft.sectionIds, sectionId] });

  async function save(event: React.FormEvent) {
    event.preventDefault();
    setErrors({});
    setMessage(null);
    const body = {
      name: draft.name,
      priceAmount: moneyOrNaN(draft.price),
      color: draft.color,
      sortOrder: Number(draft.sortOrder),
      sectionIds: draft.sectionIds,
      ...(draft.kind === 'standing' && !hasAreas ? { capacity: Number(draft.capacity || 0) } : {}),
      ...(category ? {} : { kind: draft.kind }),
    };
    // The API's own schema first: its messages at their fields without a round trip.
    const checked = (category ? updatePriceCategorySchema : createPriceCategorySchema).safeParse(body);
    if (!checked.success) {
      const byField: Record<string, string> = {};
      for (const issue of checked.error.issues) {
        const key = issue.message;
        byField[issue.path.join('.')] ??= /^[a-zA-Z]+\.[a-zA-Z.]+$/.test(key) && translate.has(key as never) ? translate(key as never) : translate('errors.invalidInput');
      }
      setErrors(byField);
      return;
    }
    setBusy(true);
    const result = category
      ? await api.patch(`/api/v1/organiser/events/${eventId}/price-categories/${category.id}`, body, { toast: SHOWN })
      : await api.post(`/api/v1/organiser/events/${eventId}/price-categories`, body, { toast: SHOWN });
    setBusy(false);
    if (!result.ok) {
      const byField: Record<string, string> = {};
      for (const e of result.error.errors) if (e.field) byField[e.field] = e.message;
      setErrors(byField);
      if (Object.keys(byField).length === 0) setMessage(result.error.message);
      return;
    }
    notify.success({ title: category ? t('saved') : t('added') });
    if (!category) setDraft(draftOf(null, nextSortOrder + 1, [...categories, { color: draft.color }]));
    checklistRefresh();
    startTransition(() => router.refresh());
  }

  async function remove() {
    if (!category) return;
    setBusy(true);
    const result = await api.delete(`/api/v1/organiser/events/${eventId}/price-categories/${category.id}`, { toast: SHOWN });
    setBusy(false);
    setConfirming(false);
    if (!result.ok) {
      setMessage(result.error.message);
      return;
    }
    notify.success({ title: t('deleted') });
    checklistRefresh();
    startTransition(() => router.refresh());
  }

  const title = category ? textIn(category.name, locale) : t('newCategory');
  const button = 'min-h-11 rounded-lg px-4 py-2 font-medium disabled:opacity-60';
  return (
    <form onSubmit={save} noValidate aria-labelledby={`${id}-title`} className="space-y-4 rounded-xl border border-slate-200 bg-white p-4 sm:p-5">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id={`${id}-title`} className="flex items-center gap-2 text-lg font-semibold">
          <span aria-hidden="true" className="inline-block h-4 w-4 rounded-full border border-slate-300" style={{ backgroundColor: draft.color }} />
          {title}
        </h3>
        {category && (
          <p className="text-sm text-slate-700">
            {t(category.kind === 'seated' ? 'kinds.seated' : 'kinds.standing')} · {t('counts', { sold: category.sold, held: category.held, capacity: category.capacity })}
          </p>
        )}
      </div>
      <FormAlert message={message} />

      <div className="grid gap-3 sm:grid-cols-3">
        {LANGUAGES.map((lang) => (
          <TextField
            key={lang}
            lang={lang}
            label={`${t('fields.name')} (${lang.toUpperCase()})`}
            maxLength={100}
            value={draft.name[lang]}
            error={errors[`name.${lang}`]}
            onChange={(e) => set({ name: { ...draft.name, [lang]: e.target.value } })}
          />
        ))}
      </div>
      <div className="grid gap-3 sm:grid-cols-4">
        {!category && (
          <SelectField label={t('fields.kind')} value={draft.kind} error={errors.kind} onChange={(e) => set({ kind: e.target.value as Kind, sectionIds: [], capacity: '' })}>
            <option value="seated">{t('kinds.seated')}</option>
            <option value="standing">{t('kinds.standing')}</option>
          </SelectField>
        )}
        <TextField
          label={t('fields.price', { currency })}
          type="number"
          inputMode="decimal"
          min={0}
          step="0.01"
          required
          value={draft.price}
          error={errors.priceAmount}
          onChange={(e) => set({ price: e.target.value })}
        />
        <TextField label={t('fields.color')} type="color" value={draft.color} error={errors.color} onChange={(e) => set({ color: e.target.value })} className="h-11 w-full rounded-lg border border-slate-300" />
        <TextField label={t('fields.sortOrder')} type="number" inputMode="numeric" min={0} value={draft.sortOrder} error={errors.sortOrder} onChange={(e) => set({ sortOrder: e.target.value })} />
      </div>

      <fieldset className="space-y-2">
        <legend className="text-sm font-medium text-slate-800">{draft.kind === 'seated' ? t('sections') : t('areas')}</legend>
        {ofKind.length === 0 ? (
          <p className="text-sm text-slate-700">{t('noSections')}</p>
        ) : (
          <ul className="grid gap-1 sm:grid-cols-2">
            {ofKind.map((section) => {
              const owner = section.categoryId && section.categoryId !== category?.id ? categories.find((c) => c.id === section.categoryId) : null;
              return (
                <li key={section.id}>
                  <label className="flex min-h-11 cursor-pointer items-center gap-3 rounded-lg px-2 py-1 hover:bg-slate-50">
                    <input type="checkbox" className="h-5 w-5 accent-emerald-800" checked={draft.sectionIds.includes(section.id)} onChange={() => toggle(section.id)} />
                    <span>
                      <span className="font-medium">{section.name[locale] || section.name.sk}</span> <span className="text-slate-600">({section.code})</span>
                      <span className="block text-sm text-slate-700">
                        {t('places', { count: section.places })}
                        {owner && ` · ${t('inOther', { name: owner.name[locale] || owner.name.sk })}`}
                      </span>
                    </span>
                  </label>
                </li>
              );
            })}
          </ul>
        )}
        {errors.sectionIds && (
          <p role="alert" className="text-sm text-red-700">
            {errors.sectionIds}
          </p>
        )}
      </fieldset>

      {draft.kind === 'standing' && !hasAreas && (
        <div className="sm:max-w-xs">
          <TextField
            label={t('fields.capacity')}
            type="number"
            inputMode="numeric"
            min={0}
            value={draft.capacity}
            error={errors.capacity}
            onChange={(e) => set({ capacity: e.target.value })}
          />
          <p className="mt-1 text-sm text-slate-700">{t('capacityNote')}</p>
        </div>
      )}

      <div className="flex flex-wrap gap-2">
        <button type="submit" disabled={!hydrated || pending} aria-busy={pending} className={`${button} bg-emerald-800 text-white hover:bg-emerald-700`}>
          {category ? (pending ? t('saving') : t('save')) : pending ? t('adding') : t('add')}
        </button>
        {category && (
          <button type="button" disabled={!hydrated || pending} onClick={() => setConfirming(true)} className={`${button} border border-red-300 bg-white text-red-800 hover:bg-red-50`}>
            {t('delete')}
          </button>
        )}
      </div>
      {category && (
        <ConfirmDialog
          open={confirming}
          title={t('deleteConfirm.title', { name: title })}
          confirmLabel={t('deleteConfirm.yes')}
          cancelLabel={t('deleteConfirm.no')}
          pending={pending}
          onConfirm={remove}
          onCancel={() => setConfirming(false)}
        >
          {t('deleteConfirm.text')}
        </ConfirmDialog>
      )}
    </form>
  );
}

/** The event's price categories, each editable in place, and a form to add one. */
export function PriceCategories({ eventId, currency, categories, sections }: { eventId: string; currency: string; categories: PriceCategory[]; sections: Section[] }) {
  const t = useTranslations('organiser.prices');
  const next = categories.reduce((n, c) => Math.max(n, c.sortOrder + 1), 0);
  return (
    <div className="space-y-4">
      {categories.length === 0 && <p className="rounded-xl border border-dashed border-slate-300 p-6 text-slate-700">{t('empty')}</p>}
      {categories.map((category) => (
        <CategoryCard
          key={`${category.id}:${category.sectionIds.join(',')}:${category.priceAmount}:${category.capacity}`}
          eventId={eventId}
          currency={currency}
          category={category}
          sections={sections}
          categories={categories}
          nextSortOrder={next}
        />
      ))}
      <CategoryCard key={`new:${categories.length}`} eventId={eventId} currency={currency} category={null} sections={sections} categories={categories} nextSortOrder={next} />
    </div>
  );
}
