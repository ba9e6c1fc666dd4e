import type { ReactNode } from 'react';

/** The frame of the account pages: heading (the page's h1), a lead line, the form. */
export function AuthCard({ title, lead, children }: { title: string; lead?: string; children: ReactNode }) {
  return (
    <div className="mx-auto max-w-lg">
      <h1 className="text-3xl font-bold">{title}</h1>
      {lead && <p className="mt-2 text-slate-700">{lead}</p>}
      <div className="mt-6 rounded-xl border border-slate-200 bg-white p-6 shadow-sm">{children}</div>
    </div>
  );
}

/** Placeholder while the server checks the session (keeps the layout from jumping). */
export function FormPlaceholder({ rows = 3 }: { rows?: number }) {
  return (
    <div aria-hidden="true" className="space-y-4">
      {Array.from({ length: rows }, (_, i) => (
        <div key={i} className="h-16 animate-pulse rounded-lg bg-slate-100" />
      ))}
    </div>
  );
}
