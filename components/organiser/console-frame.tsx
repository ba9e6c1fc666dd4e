import type { ReactNode } from 'react';
import type { ConsoleAccess } from '@/lib/server/organiser/console';
import { ConsoleDenied } from './console-denied';
import { ConsoleNav } from './console-nav';

/**
 * Every console screen: the console's header, then the screen's title and content, or what the caller
 * may not see (ConsoleDenied). `actions` sits beside the title (e.g. "New event").
 */
export function ConsoleFrame({ access, title, actions, children }: { access: ConsoleAccess; title: string; actions?: ReactNode; children?: ReactNode }) {
  return (
    <div className="space-y-6">
      <ConsoleNav context={access.context} />
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold sm:text-3xl">{title}</h1>
        {access.ok && actions}
      </div>
      {access.ok ? children : <ConsoleDenied reason={access.reason} role={access.context.current?.role} allowed={access.allowed} />}
    </div>
  );
}

/** What a console screen shows while its data loads. */
export function ConsoleSkeleton() {
  return (
    <div aria-busy="true" className="space-y-4">
      <div className="h-10 w-1/2 animate-pulse rounded bg-slate-200" />
      <div className="h-40 animate-pulse rounded bg-slate-100" />
    </div>
  );
}
