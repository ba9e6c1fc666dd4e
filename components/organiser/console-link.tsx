'use client';

import { useEffect, useRef, type ComponentProps, type ReactNode } from 'react';
import { MarkCurrent } from '@/components/layout/mark-current';
import { Link } from '@/lib/i18n/navigation';

type Href = ComponentProps<typeof Link>['href'];

/**
 * A tab of the console's navigation, marked when it leads to the current screen or one under it (`exact`:
 * only that screen, for a tab whose screen the others sit under, like an event's details). The current
 * tab is scrolled into its row's view: on a phone the row scrolls sideways and may start off-screen.
 */
export function ConsoleLink({ href, exact, children }: { href: Href; exact?: boolean; children: ReactNode }) {
  const target = typeof href === 'string' ? href : href.pathname;
  return (
    <MarkCurrent
      target={target}
      exact={exact}
      render={(active) => (
        <TabAnchor href={href} active={active}>
          {children}
        </TabAnchor>
      )}
    />
  );
}

function TabAnchor({ href, active, children }: { href: Href; active: boolean; children: ReactNode }) {
  const ref = useRef<HTMLAnchorElement>(null);
  useEffect(() => {
    const tab = ref.current;
    const row = tab?.closest<HTMLElement>('[data-tab-row]');
    if (!active || !tab || !row || row.scrollWidth <= row.clientWidth) return;
    // Only the row moves (scrollIntoView would scroll the page too): the tab centred where the row allows.
    const left = tab.getBoundingClientRect().left - row.getBoundingClientRect().left + row.scrollLeft;
    row.scrollLeft = Math.max(0, left - (row.clientWidth - tab.offsetWidth) / 2);
  }, [active]);
  return (
    <Link
      ref={ref}
      href={href}
      aria-current={active ? 'page' : undefined}
      className={`inline-block whitespace-nowrap rounded-md px-3 py-2 text-sm font-medium ${active ? 'bg-emerald-800 text-white' : 'text-slate-800 hover:bg-slate-100'}`}
    >
      {children}
    </Link>
  );
}
