'use client';

import { useState, type ReactNode } from 'react';

/**
 * The events filters on a phone: a "Filters (n)" button that shows and hides them, so the results start
 * on the first screen; from the md breakpoint up the filters are always shown and the button is not.
 * Without JavaScript the button does nothing and the search field above still works.
 */
export function FilterDisclosure({ label, activeLabel, active, children }: { label: string; activeLabel: string; active: number; children: ReactNode }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        aria-expanded={open}
        aria-controls="event-filters"
        onClick={() => setOpen((v) => !v)}
        className="flex w-full items-center justify-between rounded-lg border border-slate-400 px-4 py-2 font-medium text-slate-900 md:hidden"
      >
        <span>
          {label}
          {active > 0 && (
            <span aria-hidden="true" className="ml-2 rounded-full bg-emerald-800 px-2 py-0.5 text-xs font-semibold text-white">
              {active}
            </span>
          )}
          <span className="sr-only">, {activeLabel}</span>
        </span>
        <svg aria-hidden="true" viewBox="0 0 24 24" className={`h-5 w-5 transition-transform ${open ? 'rotate-180' : ''}`} fill="none" stroke="currentColor" strokeWidth="2">
          <path d="M6 9l6 6 6-6" />
        </svg>
      </button>
      <div id="event-filters" data-testid="event-filters" className={open ? 'block' : 'hidden md:block'}>
        {children}
      </div>
    </>
  );
}
