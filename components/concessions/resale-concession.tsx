'use client';

import { useTranslations } from 'next-intl';
import type { TicketConcession } from '@/lib/schemas/concessions';

/**
 * A resold ticket's concession, told to its buyer before they pay (event page, cart, checkout): the gate
 * asks for the card, so a child's ticket is of no use to an adult.
 */
export function ResaleConcession({ concession }: { concession: TicketConcession | null | undefined }) {
  const t = useTranslations('concessions');
  if (!concession) return null;
  return (
    <p className="mt-1 text-sm font-medium text-amber-950" data-testid="resale-concession">
      {concession === 'companion' ? t('ticket.companion') : t('ticket.badge', { kind: t(`kinds.${concession}`) })}
    </p>
  );
}
