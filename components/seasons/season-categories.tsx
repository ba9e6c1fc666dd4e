'use client';

import { useTranslations } from 'next-intl';
import { useId, useState, useTransition, type FormEvent } from 'react';
import { SelectField, SubmitButton, TextField } from '@/components/auth/form-parts';
import { localized } from '@/components/tickets/format';
import { api } from '@/lib/client/api-client';
import { notify } from '@/lib/client/toast';
import { useRouter } from '@/lib/i18n/navigation';
import type { OrganiserSeason } from '@/lib/schemas/seasons';
import { amountInputText, moneyOrNaN } from '@/lib/money';

// The season's categories and prices, and which season category each match's price categories sell in
// (issue 28 item 7): one form saved as one document (PUT …/categories). A category not saved yet is
// referred to by its key until the server gives it an id.

type Row = { key: string; id: string | null; name: { sk: string; cs: string; en: string }; color: string; price: string };

const card = 'space-y-4 rounded-xl border border-slate-200 bg-white p-4 sm:p-6';

export function SeasonCategoriesForm({ season, locale }: { season: OrganiserSeason; locale: string }) {
  const t = useTranslations('seasons.organiser');
  const router = useRouter();
  const titleId = useId();
  const mappingId = useId();
  const [pending, startTransition] = useTransition();
  const [sending, setSending] = useState(false);
  const [rows, setRows] = useState<Row[]>(() => season.categories.map((c) => ({ key: c.id, id: c.id, name: { ...c.name }, color: c.color, price: amountInputText(c.price) })));
  const [mapping, setMapping] = useState<Record<string, string>>(() =>
    Object.fromEntries(season.matches.flatMap((m) => m.priceCategories.map((pc) => [pc.id, pc.seasonCategoryId ?? '']))),
  );
  const [added, setAdded] = useState(0);
  const unmapped = season.matches.reduce((n, m) => n + m.priceCategories.filter((pc) => !rows.some((r) => r.key === mapping[pc.id])).length, 0);

  const update = (key: string, patch: Partial<Row>) => setRows(rows.map((r) => (r.key === key ? { ...r, ...patch } : r)));
  const addRow = () => {
    setRows([...rows, { key: `new-${added}`, id: null, name: { sk: '', cs: '', en: '' }, color: '#2563eb', price: '' }]);
    setAdded(added + 1);
  };
  const removeRow = (key: string) => setRows(rows.filter((r) => r.key !== key));
  const rowName = (row: Row, index: number) => row.name[locale as 'sk' | 'cs' | 'en'] || row.name.sk || t('categoryNumber', { number: index + 1 });

  async function save(e: FormEvent) {
    e.preventDefault();
    setSending(true);
    const body = {
      categories: rows.map((r) => ({ id: r.id, name: r.name, color: r.color, price: moneyOrNaN(r.price) })),
      mapping: Object.entries(mapping).map(([ticketTypeId, key]) => {
        const index = rows.findIndex((r) => r.key === key);
        return { ticketTypeId, category: index < 0 ? null : index };
      }),
    };
    const result = await api.put(`/api/v1/organiser/seasons/${season.id}/categories`, body);
    setSending(false);
    if (!result.ok) return;
    notify.success({ title: t('saved') });
    startTransition(() => router.refresh());
  }

  return (
    <section aria-labelledby={titleId} className={card}>
      <h2 id={titleId} className="text-xl font-semibold">
        {t('categoriesTitle')}
      </h2>
      <p className="text-slate-700">{t('categoriesHelp')}</p>
      <form onSubmit={save} className="space-y-6">
        {rows.length === 0 && <p>{t('noSeasonCategories')}</p>}
        {rows.map((row, index) => (
          <fieldset key={row.key} className="space-y-3 rounded-lg border border-slate-200 p-3">
            <legend className="px-1 font-medium">{t('categoryNumber', { number: index + 1 })}</legend>
            <div className="grid gap-3 sm:grid-cols-3">
              <TextField label={t('nameSk')} required value={row.name.sk} onChange={(e) => update(row.key, { name: { ...row.name, sk: e.target.value } })} />
              <TextField label={t('nameCs')} required value={row.name.cs} onChange={(e) => update(row.key, { name: { ...row.name, cs: e.target.value } })} />
              <TextField label={t('nameEn')} required value={row.name.en} onChange={(e) => update(row.key, { name: { ...row.name, en: e.target.value } })} />
            </div>
            <div className="grid gap-3 sm:grid-cols-2">
              <TextField label={t('categoryPrice', { currency: season.currency })} required inputMode="decimal" value={row.price} onChange={(e) => update(row.key, { price: e.target.value })} />
              <TextField label={t('categoryColor')} type="color" value={row.color} onChange={(e) => update(row.key, { color: e.target.value })} />
            </div>
            <button type="button" onClick={() => removeRow(row.key)} className="min-h-11 rounded-lg border border-slate-300 px-4 font-medium hover:bg-slate-50">
              {t('removeCategory', { name: rowName(row, index) })}
            </button>
          </fieldset>
        ))}
        <button type="button" onClick={addRow} className="min-h-11 rounded-lg border border-slate-300 px-4 font-medium hover:bg-slate-50">
          {t('addCategory')}
        </button>
        <div className="space-y-3" role="group" aria-labelledby={mappingId}>
          <h3 id={mappingId} className="text-lg font-semibold">
            {t('mappingTitle')}
          </h3>
          {season.matches.length === 0 ? (
            <p>{t('noCategories')}</p>
          ) : (
            <>
              <p className="text-slate-700">{t('mappingHelp')}</p>
              {unmapped > 0 && (
                <p className="rounded-lg bg-amber-50 p-3 text-amber-900" role="status">
                  {t('unmapped', { count: unmapped })}
                </p>
              )}
              {season.matches.map((m) => (
                <fieldset key={m.id} className="space-y-2">
                  <legend className="font-medium">{localized(m.title, locale)}</legend>
                  <div className="grid gap-3 sm:grid-cols-2">
                    {m.priceCategories.map((pc) => (
                      <SelectField
                        key={pc.id}
                        label={localized(pc.name, locale)}
                        value={rows.some((r) => r.key === mapping[pc.id]) ? mapping[pc.id] : ''}
                        onChange={(e) => setMapping({ ...mapping, [pc.id]: e.target.value })}
                      >
                        <option value="">{t('notMapped')}</option>
                        {rows.map((r, index) => (
                          <option key={r.key} value={r.key}>
                            {rowName(r, index)}
                          </option>
                        ))}
                      </SelectField>
                    ))}
                  </div>
                </fieldset>
              ))}
            </>
          )}
        </div>
        <SubmitButton pending={sending || pending} inline>
          {t('saveCategories')}
        </SubmitButton>
      </form>
    </section>
  );
}
