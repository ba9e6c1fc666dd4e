'use client';

import { useTranslations } from 'next-intl';
import { useId, useState, useTransition, type ChangeEvent } from 'react';
import { ConfirmDialog } from '@/components/profile/confirm-dialog';
import { useHydrated } from '@/components/ui/use-hydrated';
import { api } from '@/lib/client/api-client';
import { notify } from '@/lib/client/toast';
import { useRouter } from '@/lib/i18n/navigation';

type Changed = { seats: { added: number; kept: number; removed: number; retired: number } };

/**
 * Replaces the layout from a JSON file or pasted text. The server checks it and answers each problem with
 * its path and line: they are listed here, beside the text, until the next try.
 */
export function LayoutImport({ venueId, current }: { venueId: string; current: string }) {
  const t = useTranslations('organiser.venues');
  const router = useRouter();
  const hydrated = useHydrated();
  const fileId = useId();
  const textId = useId();
  const errorsId = useId();
  const [text, setText] = useState('');
  const [problems, setProblems] = useState<string[]>([]);
  const [confirming, setConfirming] = useState(false);
  const [pending, startTransition] = useTransition();
  const [sending, setSending] = useState(false);

  async function onFile(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    if (!file) return;
    setText(await file.text());
    setProblems([]);
  }

  async function send() {
    setSending(true);
    const result = await api.put<Changed>(`/api/v1/organiser/venues/${venueId}/layout`, text, {
      headers: { 'content-type': 'application/json' },
      toast: [409, 422],
    });
    setSending(false);
    setConfirming(false);
    if (!result.ok) {
      const list = result.error.errors.map((e) => e.message);
      setProblems(list.length ? list : [result.error.message]);
      return;
    }
    setProblems([]);
    const { added, kept, removed, retired } = result.data.seats;
    notify.success({ title: t('imported', { added, kept, removed: removed + retired }) });
    startTransition(() => router.refresh());
  }

  function download() {
    const url = URL.createObjectURL(new Blob([current], { type: 'application/json' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = `layout-${venueId.slice(0, 8)}.json`;
    link.click();
    URL.revokeObjectURL(url);
  }

  const button = 'min-h-11 rounded-lg px-4 py-2 font-medium disabled:opacity-60';
  return (
    <section aria-labelledby={`${fileId}-title`} className="space-y-3 rounded-xl border border-slate-200 bg-white p-4 sm:p-6">
      <h2 id={`${fileId}-title`} className="text-xl font-semibold">
        {t('importTitle')}
      </h2>
      <p className="text-sm text-slate-700">{t('importHelp')}</p>
      <div className="space-y-1">
        <label htmlFor={fileId} className="block text-sm font-medium text-slate-800">
          {t('importFile')}
        </label>
        <input id={fileId} type="file" accept="application/json,.json" onChange={onFile} disabled={!hydrated} className="block min-h-11 w-full text-sm" />
      </div>
      <div className="space-y-1">
        <label htmlFor={textId} className="block text-sm font-medium text-slate-800">
          {t('importText')}
        </label>
        <textarea
          id={textId}
          value={text}
          onChange={(e) => setText(e.target.value)}
          rows={10}
          spellCheck={false}
          aria-invalid={problems.length > 0}
          aria-describedby={problems.length ? errorsId : undefined}
          className="block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 font-mono text-sm aria-[invalid=true]:border-red-600"
        />
      </div>
      {problems.length > 0 && (
        <div id={errorsId} role="alert" className="rounded-lg border border-red-300 bg-red-50 p-3 text-sm text-red-900">
          <p className="font-semibold">{t('importErrors')}</p>
          <ul className="mt-1 list-disc space-y-1 pl-5">
            {problems.map((p, i) => (
              <li key={i}>{p}</li>
            ))}
          </ul>
        </div>
      )}
      <div className="flex flex-wrap gap-2">
        <button type="button" disabled={!hydrated || !text.trim() || sending || pending} onClick={() => setConfirming(true)} className={`${button} bg-emerald-800 text-white hover:bg-emerald-700`}>
          {t('importButton')}
        </button>
        <button type="button" disabled={!hydrated} onClick={download} className={`${button} border border-slate-300 bg-white hover:bg-slate-50`}>
          {t('export')}
        </button>
      </div>
      <ConfirmDialog
        open={confirming}
        title={t('importConfirm.title')}
        confirmLabel={t('importConfirm.yes')}
        cancelLabel={t('importConfirm.no')}
        pending={sending}
        onConfirm={send}
        onCancel={() => setConfirming(false)}
      >
        {t('importConfirm.text')}
      </ConfirmDialog>
    </section>
  );
}
