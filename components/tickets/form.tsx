'use client';

import { useTranslations } from 'next-intl';
import { forwardRef, useId, type InputHTMLAttributes, type ReactNode } from 'react';

/** Schema messages are keys ('resale.priceInvalid'); server messages arrive translated. */
export function useFieldMessage() {
  const t = useTranslations();
  return (message: string | undefined) => (message && /^[a-zA-Z]+\.[a-zA-Z.]+$/.test(message) && t.has(message as never) ? t(message as never) : message);
}

type InputProps = InputHTMLAttributes<HTMLInputElement> & { label: string; error?: string; hint?: ReactNode };

export const Input = forwardRef<HTMLInputElement, InputProps>(function Input({ label, error, hint, ...props }, ref) {
  const id = useId();
  const message = useFieldMessage()(error);
  return (
    <div className="space-y-1">
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      <input
        ref={ref}
        id={id}
        aria-invalid={Boolean(message)}
        aria-describedby={message ? `${id}-error` : undefined}
        className="block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-base shadow-sm focus:border-emerald-700 focus:outline-none focus:ring-2 focus:ring-emerald-700/40 aria-[invalid=true]:border-red-600"
        {...props}
      />
      {hint}
      {message && (
        <p id={`${id}-error`} role="alert" className="text-sm text-red-700">
          {message}
        </p>
      )}
    </div>
  );
});

export function Submit({ pending, children }: { pending: boolean; children: ReactNode }) {
  return (
    <button
      type="submit"
      disabled={pending}
      aria-busy={pending}
      className="inline-flex items-center justify-center gap-2 rounded-lg bg-emerald-800 px-5 py-3 font-medium text-white hover:bg-emerald-700 disabled:cursor-wait disabled:opacity-70"
    >
      {pending && <span aria-hidden="true" className="h-4 w-4 animate-spin rounded-full border-2 border-white/40 border-t-white" />}
      {children}
    </button>
  );
}

export function SecondaryButton({ onClick, children, disabled }: { onClick: () => void; children: ReactNode; disabled?: boolean }) {
  return (
    <button type="button" onClick={onClick} disabled={disabled} className="rounded-lg border border-slate-300 px-4 py-2 font-medium text-slate-800 hover:bg-slate-50 disabled:opacity-50">
      {children}
    </button>
  );
}
