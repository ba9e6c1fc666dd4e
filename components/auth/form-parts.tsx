'use client';

import { useTranslations } from 'next-intl';
import { forwardRef, useId, type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes } from 'react';
import { useHydrated } from '@/components/ui/use-hydrated';

/** Zod messages are message keys ('validation.emailRequired'); server messages arrive translated. */
function useMessage() {
  const t = useTranslations();
  return (message: string | undefined): string | undefined => {
    if (!message) return undefined;
    return /^[a-zA-Z]+\.[a-zA-Z.]+$/.test(message) && t.has(message as never) ? t(message as never) : message;
  };
}

type FieldProps = { label: string; error?: string; hint?: ReactNode; children: (ids: { id: string; describedBy?: string; invalid: boolean }) => ReactNode };

/** A labelled control with its error announced and linked (aria-describedby, aria-invalid). */
export function Field({ label, error, hint, children }: FieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  const message = useMessage()(error);
  return (
    <div className="space-y-1">
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      {children({ id, describedBy: message ? errorId : undefined, invalid: Boolean(message) })}
      {hint}
      {message && (
        <p id={errorId} className="text-sm text-red-700" role="alert">
          {message}
        </p>
      )}
    </div>
  );
}

const controlClass =
  'block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-base shadow-sm focus:border-emerald-700 focus:outline-none focus:ring-2 focus:ring-emerald-700/40 aria-[invalid=true]:border-red-600';

type InputProps = InputHTMLAttributes<HTMLInputElement> & { label: string; error?: string };

export const TextField = forwardRef<HTMLInputElement, InputProps>(function TextField({ label, error, ...props }, ref) {
  return (
    <Field label={label} error={error}>
      {({ id, describedBy, invalid }) => <input ref={ref} id={id} aria-describedby={describedBy} aria-invalid={invalid} className={controlClass} {...props} />}
    </Field>
  );
});

type SelectProps = SelectHTMLAttributes<HTMLSelectElement> & { label: string; error?: string; children: ReactNode };

export const SelectField = forwardRef<HTMLSelectElement, SelectProps>(function SelectField({ label, error, children, ...props }, ref) {
  return (
    <Field label={label} error={error}>
      {({ id, describedBy, invalid }) => (
        <select ref={ref} id={id} aria-describedby={describedBy} aria-invalid={invalid} className={controlClass} {...props}>
          {children}
        </select>
      )}
    </Field>
  );
});

/** Shows progress and cannot be pressed twice while a submit is running; full width unless it sits in a row of buttons. */
export function SubmitButton({ pending, children, pendingLabel, inline }: { pending: boolean; children: ReactNode; pendingLabel?: string; inline?: boolean }) {
  // Disabled until hydrated: the form posts through the API, and a click before React listens would
  // submit it natively to the page itself (a reload that loses what was typed).
  const hydrated = useHydrated();
  return (
    <button
      type="submit"
      disabled={pending || !hydrated}
      aria-busy={pending}
      className={`inline-flex ${inline ? '' : 'w-full '}items-center justify-center gap-2 rounded-lg bg-emerald-800 px-5 py-3 font-medium text-white hover:bg-emerald-700 disabled:cursor-wait disabled:opacity-70`}
    >
      {pending && <span aria-hidden="true" className="h-4 w-4 animate-spin rounded-full border-2 border-white/40 border-t-white" />}
      {pending && pendingLabel ? pendingLabel : children}
    </button>
  );
}

/** A form-level message (e.g. wrong email or password), announced to screen readers. */
export function FormAlert({ message, tone = 'error' }: { message?: string | null; tone?: 'error' | 'success' }) {
  if (!message) return null;
  const style = tone === 'error' ? 'border-red-200 bg-red-50 text-red-800' : 'border-emerald-200 bg-emerald-50 text-emerald-900';
  return (
    <p role={tone === 'error' ? 'alert' : 'status'} className={`rounded-lg border px-4 py-3 text-sm ${style}`}>
      {message}
    </p>
  );
}
