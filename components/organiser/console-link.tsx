'use client';

import type { ComponentProps, ReactNode } from 'react';
import { MarkCurrent } from '@/components/layout/mark-current';
import { Link } from '@/lib/i18n/navigation';

type Href = ComponentProps<typeof Link>['href'];

/** A tab of the console's navigation, marked when it leads to the current screen or one under it. */
export function ConsoleLink({ href, children }: { href: Href; children: ReactNode }) {
  const target = typeof href === 'string' ? href : href.pathname;
  return (
    <MarkCurrent
      target={target}
      render={(active) => (
        <Link
          href={href}
          aria-current={active ? 'page' : undefined}
          className={`whitespace-nowrap rounded-md px-3 py-2 text-sm font-medium ${active ? 'bg-emerald-800 text-white' : 'text-slate-800 hover:bg-slate-100'}`}
        >
          {children}
        </Link>
      )}
    />
  );
}
