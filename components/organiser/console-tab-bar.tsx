'use client';

import type { ReactNode } from 'react';
import { MarkCurrent } from '@/components/layout/mark-current';
import { Link } from '@/lib/i18n/navigation';

const icons = {
  events: 'M4 5h16v15H4zM4 9h16M8 3v4M16 3v4',
  reports: 'M4 20V10M10 20V4M16 20v-7M22 20H2',
  team: 'M9 11a4 4 0 1 0 0-8 4 4 0 0 0 0 8zM2 21a7 7 0 0 1 14 0M17 11a3 3 0 1 0 0-6M22 21a6 6 0 0 0-5-5.9',
  scanner: 'M3 7V4h3M21 7V4h-3M3 17v3h3M21 17v3h-3M7 12h10',
  fans: 'M3 11l9-8 9 8v10a1 1 0 0 1-1 1h-5v-7H9v7H4a1 1 0 0 1-1-1z',
} as const;

type Href = '/organiser/events' | '/organiser/reports' | '/organiser/team' | '/scanner' | '/';

/** A tab of the console's bar on phones (ConsoleNav), marked on its screen and the ones under it (the fan side never: it leaves the console). */
export function ConsoleBarLink({ href, icon, children }: { href: Href; icon: keyof typeof icons; children: ReactNode }) {
  const link = (active: boolean) => (
    <Link
      href={href}
      aria-current={active ? 'page' : undefined}
      className={`flex h-14 flex-col items-center justify-center gap-0.5 px-1 text-center text-xs font-medium ${active ? 'text-emerald-800' : 'text-slate-700'}`}
    >
      <svg aria-hidden="true" viewBox="0 0 24 24" className="h-5 w-5" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
        <path d={icons[icon]} />
      </svg>
      {children}
    </Link>
  );
  return href === '/' ? link(false) : <MarkCurrent target={href} render={link} />;
}
