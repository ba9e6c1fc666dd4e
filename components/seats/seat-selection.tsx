'use client';

import { createContext, useContext, useMemo, useState, type Dispatch, type ReactNode, type SetStateAction } from 'react';

type SeatSelection = { selected: ReadonlySet<string>; setSelected: Dispatch<SetStateAction<ReadonlySet<string>>> };

const SeatSelectionContext = createContext<SeatSelection | null>(null);

/**
 * The seats a fan picked on an event page's map, shared by what can buy them: the ticket picker's
 * basket and a seated package's button (components/packages/package-offers.tsx), which takes them.
 */
export function SeatSelectionProvider({ children }: { children: ReactNode }) {
  const [selected, setSelected] = useState<ReadonlySet<string>>(() => new Set());
  const value = useMemo(() => ({ selected, setSelected }), [selected]);
  return <SeatSelectionContext.Provider value={value}>{children}</SeatSelectionContext.Provider>;
}

/** The page's picked seats; outside a SeatSelectionProvider, the caller's own. */
export function useSeatSelection(): SeatSelection {
  const shared = useContext(SeatSelectionContext);
  const [selected, setSelected] = useState<ReadonlySet<string>>(() => new Set());
  return shared ?? { selected, setSelected };
}
