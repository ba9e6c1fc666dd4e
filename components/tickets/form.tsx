'use client';

import { SubmitButton } from '@/components/auth/form-parts';

/** The end of a ticket dialog's form: the refusal that belongs to no field (announced), then send and cancel. */
export function DialogFormEnd({ error, pending, submitLabel, cancelLabel, onCancel }: { error: string | null; pending: boolean; submitLabel: string; cancelLabel: string; onCancel: () => void }) {
  return (
    <>
      {error && (
        <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800">
          {error}
        </p>
      )}
      <div className="flex flex-wrap gap-3">
        <SubmitButton pending={pending} inline>
          {submitLabel}
        </SubmitButton>
        <button type="button" onClick={onCancel} className="rounded-lg border border-slate-300 px-4 py-2 font-medium text-slate-800 hover:bg-slate-50 disabled:opacity-50">
          {cancelLabel}
        </button>
      </div>
    </>
  );
}
