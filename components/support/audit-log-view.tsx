'use client';

import { useLocale, useTranslations } from 'next-intl';
import { useId, useState, type FormEvent } from 'react';
import { useHydrated } from '@/components/ui/use-hydrated';
import { api, type ApiFieldError } from '@/lib/client/api-client';
import { formatDate } from '@/lib/i18n/formats';
import type { AuditEntryView } from '@/lib/schemas/support';

type Filters = { from: string; to: string; action: string; actor: string };

const input = 'mt-1 block w-full rounded-lg border border-slate-400 px-3 py-2 text-base';
const button = 'inline-flex min-h-11 items-center justify-center rounded-lg px-4 py-2 text-sm font-medium disabled:opacity-60';

/**
 * The audit log (organiser owners: their organisation's; Tribuna admins: everyone's): filters by period,
 * action and actor, the newest 200 entries, and the same selection exported as CSV or Excel.
 */
export function AuditLogView({ organisation, initial }: { organisation?: string; initial: { entries: AuditEntryView[]; more: boolean } }) {
  const t = useTranslations('support.audit');
  const ta = useTranslations('support.auditActions');
  const locale = useLocale();
  const hydrated = useHydrated();
  const [filters, setFilters] = useState<Filters>({ from: '', to: '', action: '', actor: '' });
  const [applied, setApplied] = useState<Filters>(filters);
  const [data, setData] = useState(initial);
  const [errors, setErrors] = useState<ApiFieldError[]>([]);
  const [busy, setBusy] = useState(false);
  const ids = { from: useId(), to: useId(), action: useId(), actor: useId() };
  const errorOf = (field: string) => errors.find((e) => e.field === field)?.message;

  const queryOf = (f: Filters) => {
    const query: Record<string, string> = {};
    if (organisation) query.organisation = organisation;
    for (const [key, value] of Object.entries(f)) if (value.trim()) query[key] = value.trim();
    return query;
  };

  async function apply(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    const result = await api.get<{ entries: AuditEntryView[]; more: boolean }>('/api/v1/audit-log', { query: queryOf(filters), toast: [422] });
    setBusy(false);
    if (!result.ok) {
      setErrors(result.error.errors);
      return;
    }
    setErrors([]);
    setApplied(filters);
    setData(result.data);
  }

  const exportHref = (format: 'csv' | 'xlsx') => `/api/v1/audit-log/export?${new URLSearchParams({ ...queryOf(applied), format, locale })}`;
  const actionName = (action: string) => {
    const key = action.replace(/\./g, '_');
    return ta.has(key as never) ? `${ta(key as never)} (${action})` : action;
  };
  const field = (name: keyof Filters, label: string, type = 'text', hint?: string) => (
    <div>
      <label htmlFor={ids[name]} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      <input
        id={ids[name]}
        name={name}
        type={type}
        autoComplete="off"
        value={filters[name]}
        onChange={(e) => setFilters((f) => ({ ...f, [name]: e.target.value }))}
        className={input}
        aria-invalid={errorOf(name) ? true : undefined}
        aria-describedby={[hint ? `${ids[name]}-hint` : '', errorOf(name) ? `${ids[name]}-error` : ''].filter(Boolean).join(' ') || undefined}
      />
      {hint && (
        <p id={`${ids[name]}-hint`} className="mt-1 text-xs text-slate-600">
          {hint}
        </p>
      )}
      {errorOf(name) && (
        <p id={`${ids[name]}-error`} className="mt-1 text-sm text-red-800">
          {errorOf(name)}
        </p>
      )}
    </div>
  );

  return (
    <div className="space-y-6">
      <form onSubmit={apply} className="grid gap-4 rounded-xl border border-slate-200 bg-white p-4 sm:grid-cols-2 lg:grid-cols-4" noValidate aria-label={t('apply')}>
        {field('from', t('from'), 'date')}
        {field('to', t('to'), 'date')}
        {field('action', t('action'), 'text', t('actionHint'))}
        {field('actor', t('actor'), 'email')}
        <div className="flex flex-wrap items-end gap-2 sm:col-span-2 lg:col-span-4">
          <button type="submit" className={`${button} bg-emerald-800 text-white hover:bg-emerald-700`} disabled={!hydrated || busy} aria-busy={busy || undefined}>
            {t('apply')}
          </button>
          <a href={exportHref('csv')} className={`${button} border border-slate-400 bg-white text-slate-900 hover:bg-slate-50`} download>
            {t('exportCsv')}
          </a>
          <a href={exportHref('xlsx')} className={`${button} border border-slate-400 bg-white text-slate-900 hover:bg-slate-50`} download>
            {t('exportXlsx')}
          </a>
        </div>
      </form>

      {data.entries.length === 0 ? (
        <p className="text-slate-700">{t('empty')}</p>
      ) : (
        <div className="overflow-x-auto rounded-xl border border-slate-200 bg-white" role="region" aria-label={t('title')} tabIndex={0}>
          <table className="min-w-full text-left text-sm">
            <thead className="bg-slate-50 text-slate-700">
              <tr>
                {(['at', 'actor', 'organisation', 'action', 'subject', 'reason', 'before', 'after'] as const).map((c) => (
                  <th key={c} scope="col" className="px-3 py-2 font-medium">
                    {t(`columns.${c}`)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {data.entries.map((e) => (
                <tr key={e.id} className="border-t border-slate-200 align-top" data-testid="audit-entry">
                  <td className="whitespace-nowrap px-3 py-2">
                    <time dateTime={e.at}>{formatDate(new Date(e.at), locale, { dateStyle: 'short', timeStyle: 'medium' })}</time>
                  </td>
                  <td className="px-3 py-2">{e.actor ?? t('system')}</td>
                  <td className="px-3 py-2">{e.organisation ?? ''}</td>
                  <td className="px-3 py-2">{actionName(e.action)}</td>
                  <td className="break-all px-3 py-2 font-mono text-xs">
                    {e.subjectType} {e.subjectId}
                  </td>
                  <td className="px-3 py-2">{e.reason ?? ''}</td>
                  <td className="max-w-xs break-all px-3 py-2 font-mono text-xs">{e.before ? JSON.stringify(e.before) : ''}</td>
                  <td className="max-w-xs break-all px-3 py-2 font-mono text-xs">{e.after ? JSON.stringify(e.after) : ''}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {data.more && <p className="text-sm text-slate-700">{t('more')}</p>}
    </div>
  );
}
