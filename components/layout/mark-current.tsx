'use client';

import { Suspense, type ReactNode } from 'react';
import { usePathname } from '@/lib/i18n/navigation';

/** The screen at `target` is the current one: the same path, or a screen under it ('/' only itself; `exact`: only itself). */
function isCurrentPath(pathname: string, target: string, exact = false): boolean {
  return target === '/' || exact ? pathname === target : pathname === target || pathname.startsWith(`${target}/`);
}

/**
 * Renders a link marked when it leads to the current screen. Only the marking reads the URL, so it sits
 * in its own Suspense boundary: the unmarked link stays in every page's prerendered shell.
 */
export function MarkCurrent({ target, exact, render }: { target: string; exact?: boolean; render: (active: boolean) => ReactNode }) {
  return (
    <Suspense fallback={render(false)}>
      <Marked target={target} exact={exact} render={render} />
    </Suspense>
  );
}

function Marked({ target, exact, render }: { target: string; exact?: boolean; render: (active: boolean) => ReactNode }) {
  return render(isCurrentPath(usePathname(), target, exact));
}
