import type { ReactNode } from 'react';

export function ProsePage({ title, lead, children }: { title: string; lead?: string; children: ReactNode }) {
  return (
    <article className="mx-auto max-w-3xl">
      <h1 className="text-3xl font-bold">{title}</h1>
      {lead && <p className="mt-4 text-lg text-slate-700">{lead}</p>}
      <div className="mt-8 space-y-6 leading-relaxed text-slate-800">{children}</div>
    </article>
  );
}
