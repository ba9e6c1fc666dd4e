'use client';

import { lazy, Suspense, type ComponentProps } from 'react';

// The event page's panels that show nothing until their own API answer is in (a fan's packages, the
// waiting list): none of them is there at the server's render nor at hydration, so their code is a chunk
// each, evaluated after the page is usable instead of in the first-load JavaScript (issue 34;
// docs/decisions/hot-paths-again.md). Their empty server render and the fallback are the same: nothing.
const PackageOffersChunk = lazy(() => import('@/components/packages/package-offers').then((m) => ({ default: m.PackageOffers })));
const WaitingListPanelChunk = lazy(() => import('@/components/waiting-list/waiting-list-panel').then((m) => ({ default: m.WaitingListPanel })));

export function LaterPackageOffers(props: ComponentProps<typeof PackageOffersChunk>) {
  return (
    <Suspense fallback={null}>
      <PackageOffersChunk {...props} />
    </Suspense>
  );
}

export function LaterWaitingListPanel(props: ComponentProps<typeof WaitingListPanelChunk>) {
  return (
    <Suspense fallback={null}>
      <WaitingListPanelChunk {...props} />
    </Suspense>
  );
}
