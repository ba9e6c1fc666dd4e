import 'server-only';
import type { Db, Tx } from '@/lib/server/db';
import { notify } from '@/lib/server/notifications/notify';

// Telling a fan that the waiting list offers them tickets: the one place that does it, through the
// notification queue (push where the fan has a subscription for the topic, else email). The dedupe key
// is the entry and its offer time, so one offer is told once.

export type OfferToTell = {
  entryId: string;
  userId: string;
  organisationId: string;
  eventId: string;
  quantity: number;
  offerExpiresAt: Date;
};

export const offerDedupeKey = (offer: Pick<OfferToTell, 'entryId' | 'offerExpiresAt'>) => `waiting-list-offer:${offer.entryId}:${offer.offerExpiresAt.getTime()}`;

/** Queues the offer's notification in the caller's transaction: it exists exactly when the offer does. */
export async function tellOffer(offer: OfferToTell, { db }: { db: Db | Tx }): Promise<void> {
  await notify(
    {
      userId: offer.userId,
      topic: 'waiting-list-offer',
      data: { eventId: offer.eventId, expiresAt: offer.offerExpiresAt.toISOString(), quantity: offer.quantity },
      dedupeKey: offerDedupeKey(offer),
      organisationId: offer.organisationId,
    },
    { db },
  );
}
