'use client';

import { useTranslations } from 'next-intl';
import { useId, type ReactNode } from 'react';
import { useModalDialog } from '@/components/ui/use-modal-dialog';

/** A modal built on <dialog>: focus is trapped, Escape closes, the title labels it. */
export function Modal({ open, onClose, title, children, wide }: { open: boolean; onClose: () => void; title: string; children: ReactNode; wide?: boolean }) {
  const ref = useModalDialog(open);
  const titleId = useId();
  const t = useTranslations('global');
  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      onClose={onClose}
      className={`m-auto w-[calc(100%-2rem)] ${wide ? 'max-w-2xl' : 'max-w-md'} rounded-2xl bg-white p-0 text-slate-900 shadow-xl backdrop:bg-slate-900/60`}
    >
      {open && (
        <div className="space-y-4 p-6">
          <div className="flex items-start justify-between gap-4">
            <h2 id={titleId} className="text-xl font-bold">
              {title}
            </h2>
            <button type="button" onClick={onClose} className="rounded-lg px-2 py-1 text-slate-600 hover:bg-slate-100" aria-label={t('close')}>
              <span aria-hidden="true">✕</span>
            </button>
          </div>
          {children}
        </div>
      )}
    </dialog>
  );
}
