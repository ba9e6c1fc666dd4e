'use client';

import { useLocale, useTranslations } from 'next-intl';
import { useId, useState, useTransition } from 'react';
import { FormAlert } from '@/components/auth/form-parts';
import { useHydrated } from '@/components/ui/use-hydrated';
import { api } from '@/lib/client/api-client';
import { notify } from '@/lib/client/toast';
import { formatDate } from '@/lib/i18n/formats';
import { useRouter } from '@/lib/i18n/navigation';
import type { ApplicationView } from '@/lib/schemas/onboarding';

type Action = 'approve' | 'changes' | 'reject';
const DONE = { approve: 'approved', changes: 'changes', reject: 'rejected' } as const;

const input =
  'block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-base shadow-sm focus:border-emerald-700 focus:outline-none focus:ring-2 focus:ring-emerald-700/40';

/** The admins' applications: each with its details and, while open, approve (with the terms), ask for changes or reject. */
export function ApplicationsPanel({ applications }: { applications: ApplicationView[] }) {
  const t = useTranslations('onboarding.admin');
  if (!applications.length) return <p className="text-slate-700">{t('empty')}</p>;
  return (
    <ul className="space-y-6">
      {applications.map((application) => (
        <li key={application.id}>
          <ApplicationCard application={application} />
        </li>
      ))}
    </ul>
  );
}

function ApplicationCard({ application: a }: { application: ApplicationView }) {
  const t = useTranslations('onboarding');
  const locale = useLocale();
  const router = useRouter();
  const hydrated = useHydrated();
  const id = useId();
  const [message, setMessage] = useState('');
  const [perTicket, setPerTicket] = useState('0');
  const [bps, setBps] = useState('0');
  const [busy, setBusy] = useState<Action | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [, startTransition] = useTransition();
  const open = a.status === 'pending' || a.status === 'changes_requested';

  async function act(action: Action) {
    setBusy(action);
    setError(null);
    const body = action === 'approve' ? { message, platformFeePerTicket: Number(perTicket), platformFeeBps: Number(bps) } : { message };
    const result = await api.post(`/api/v1/admin/applications/${a.id}/${action}`, body, { toast: [409, 422] });
    setBusy(null);
    if (!result.ok) return setError(result.error.errors.map((e) => e.message).join(' ') || result.error.message);
    notify.success({ title: t(`admin.done.${DONE[action]}`) });
    startTransition(() => router.refresh());
  }

  const rows: [string, string][] = [
    [t('apply.fields.legalName'), `${a.legalName} (${a.legalForm})`],
    [t('apply.fields.kind'), t(`apply.kinds.${a.kind}`)],
    [t('apply.sections.address'), `${a.street}, ${a.postcode} ${a.city}, ${t(`apply.countries.${a.country}`)}`],
    [t('apply.fields.ico'), a.ico],
    [t('apply.fields.dic'), a.dic],
    [t('apply.fields.vatId'), a.vatRegistered ? (a.vatId ?? '') : '—'],
    ['IBAN / BIC', `${a.iban}${a.bic ? ` / ${a.bic}` : ''}`],
    [t('apply.sections.contact'), `${a.contactEmail}, ${a.contactPhone}`],
    [t('apply.fields.language'), `${t(`apply.languages.${a.language}`)}, ${a.currency}`],
    [t('admin.applicant'), `${a.applicant.name} <${a.applicant.email}> (${a.applicant.locale})`],
    [t('admin.submitted'), formatDate(new Date(a.submittedAt), locale, { dateStyle: 'medium', timeStyle: 'short' })],
  ];

  return (
    <article aria-labelledby={`${id}-title`} className="space-y-4 rounded-xl border border-slate-200 bg-white p-4 sm:p-6" data-testid="application">
      <header className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id={`${id}-title`} className="text-xl font-semibold">
          {a.name}
        </h2>
        <span className="rounded-full bg-slate-100 px-3 py-1 text-sm font-medium text-slate-800">{t(`statuses.${a.status}`)}</span>
      </header>
      <dl className="grid gap-x-6 gap-y-2 sm:grid-cols-[max-content_1fr]">
        {rows.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="font-medium text-slate-700">{label}</dt>
            <dd className="break-words">{value}</dd>
          </div>
        ))}
      </dl>
      {a.reviewMessage && (
        <p className="rounded-lg bg-slate-50 p-3 text-sm">
          <span className="font-medium">{t('admin.previousMessage')}: </span>
          {a.reviewMessage}
        </p>
      )}
      {open && (
        <div className="space-y-3 border-t border-slate-200 pt-4">
          <FormAlert message={error} />
          <div className="space-y-1">
            <label htmlFor={`${id}-message`} className="block text-sm font-medium text-slate-800">
              {t('admin.message')}
            </label>
            <textarea id={`${id}-message`} rows={3} className={input} value={message} onChange={(e) => setMessage(e.target.value)} />
          </div>
          {a.status === 'pending' && (
            <div className="grid gap-3 sm:grid-cols-2">
              <div className="space-y-1">
                <label htmlFor={`${id}-per-ticket`} className="block text-sm font-medium text-slate-800">
                  {t('admin.feePerTicket')}
                </label>
                <input id={`${id}-per-ticket`} type="number" min={0} step={1} inputMode="numeric" className={input} value={perTicket} onChange={(e) => setPerTicket(e.target.value)} />
              </div>
              <div className="space-y-1">
                <label htmlFor={`${id}-bps`} className="block text-sm font-medium text-slate-800">
                  {t('admin.feeBps')}
                </label>
                <input id={`${id}-bps`} type="number" min={0} step={1} inputMode="numeric" className={input} value={bps} onChange={(e) => setBps(e.target.value)} />
              </div>
            </div>
          )}
          <div className="flex flex-wrap gap-3">
            {a.status === 'pending' && (
              <button type="button" disabled={!hydrated || busy !== null} onClick={() => act('approve')} className="rounded-lg bg-emerald-800 px-5 py-3 font-medium text-white hover:bg-emerald-700 disabled:opacity-70">
                {busy === 'approve' ? t('admin.working') : t('admin.approve')}
              </button>
            )}
            {a.status === 'pending' && (
              <button type="button" disabled={!hydrated || busy !== null} onClick={() => act('changes')} className="rounded-lg border border-slate-400 px-5 py-3 font-medium hover:bg-slate-50 disabled:opacity-70">
                {busy === 'changes' ? t('admin.working') : t('admin.requestChanges')}
              </button>
            )}
            <button type="button" disabled={!hydrated || busy !== null} onClick={() => act('reject')} className="rounded-lg border border-red-700 px-5 py-3 font-medium text-red-800 hover:bg-red-50 disabled:opacity-70">
              {busy === 'reject' ? t('admin.working') : t('admin.reject')}
            </button>
          </div>
        </div>
      )}
    </article>
  );
}
