'use client';

import { usePathname, useSearchParams } from 'next/navigation';
import { Suspense, type ReactNode } from 'react';
import { returnPathFrom } from '@/lib/auth/return-path';

/** The sign-in link of a page: it brings the person back here afterwards (lib/auth/return-path.ts checks the path). */
export function signInHref(next: string | null) {
  return next ? ({ pathname: '/signin', query: { next } } as const) : ('/signin' as const);
}

/**
 * Renders a link with the return path of the page it is on. Only this part reads the URL, so it sits in
 * its own Suspense boundary: the plain link (no return path) stays in every page's prerendered shell.
 */
export function ReturnHere({ render }: { render: (next: string | null) => ReactNode }) {
  return (
    <Suspense fallback={render(null)}>
      <Here render={render} />
    </Suspense>
  );
}

function Here({ render }: { render: (next: string | null) => ReactNode }) {
  const pathname = usePathname();
  const search = useSearchParams();
  return render(returnPathFrom(pathname, search.toString()));
}
