'use client';

import { useQueryClient } from '@tanstack/react-query';
import { queryKeys } from './query-keys';

/**
 * After a change to an event (its details, price categories or images): its publish checklist
 * (components/organiser/publish-checklist.tsx) is read again, beside the screen's own router.refresh().
 */
export function useChecklistRefresh(eventId: string | undefined): () => void {
  const queryClient = useQueryClient();
  return () => {
    if (eventId) void queryClient.invalidateQueries({ queryKey: queryKeys.publishChecklist(eventId) });
  };
}
