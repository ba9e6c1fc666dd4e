import 'server-only';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { getDb, rowsOf, tables, type Db } from '@/lib/server/db';
import { availabilityChanged } from '@/lib/server/events/changed';
import { tellOffer, type OfferToTell } from './tell';

const w = tables.waitingListEntries;

/**
 * Offers an event's returned tickets to its waiting list (functions.sql waiting_list_offer: in order,
 * each offer a hold in the fan's cart for the event's offer minutes; offers that ran out pass on) and
 * tells the fans offered. Call it after anything gives tickets back; the sweeper calls it for every
 * event with a list, so a path that does not still offers within one sweep.
 */
export async function offerReturned(eventId: string, options: { db?: Db; now?: Date } = {}): Promise<string[]> {
  const db = options.db ?? getDb();
  const now = options.now ?? new Date();
  const offered = await db.transaction(async (tx) =>
    rowsOf<{ entry_id: string }>(await tx.execute(sql`select entry_id from waiting_list_offer(${eventId}::uuid, ${now.toISOString()}::timestamptz)`)).map(
      (row) => row.entry_id,
    ),
  );
  if (offered.length) availabilityChanged(eventId);
  await tellPendingOffers({ db, entryIds: offered });
  return offered;
}

/**
 * Tells every fan offered and not yet told (told_at null), each exactly once: the rows are claimed with
 * SKIP LOCKED and marked in the transaction that queues the notification. `entryIds` narrows it to those.
 */
export async function tellPendingOffers(options: { db?: Db; entryIds?: string[] } = {}): Promise<number> {
  const db = options.db ?? getDb();
  if (options.entryIds && !options.entryIds.length) return 0;
  const queued = await db.transaction(async (tx) => {
    const due = await tx
      .select({
        entryId: w.id,
        userId: w.userId,
        quantity: w.quantity,
        offerExpiresAt: w.offerExpiresAt,
        eventId: tables.events.id,
        organisationId: tables.events.orgId,
      })
      .from(w)
      .innerJoin(tables.events, eq(tables.events.id, w.eventId))
      .where(and(eq(w.status, 'offered'), isNull(w.toldAt), options.entryIds ? inArray(w.id, options.entryIds) : undefined))
      .limit(100)
      .for('update', { of: w, skipLocked: true });
    for (const row of due) {
      const offer: OfferToTell = { ...row, offerExpiresAt: row.offerExpiresAt! };
      await tellOffer(offer, { db: tx });
      await tx.update(w).set({ toldAt: new Date() }).where(eq(w.id, row.entryId));
    }
    return due.length;
  });
  return queued;
}

/**
 * The sweeper's step (after expired carts are ended): every event whose list has fans waiting or offers
 * out gets its returned tickets offered and its run-out offers passed on.
 */
export async function sweepWaitingLists(options: { db?: Db; now?: Date } = {}): Promise<number> {
  const db = options.db ?? getDb();
  const events = await db
    .selectDistinct({ eventId: w.eventId })
    .from(w)
    .where(inArray(w.status, ['waiting', 'offered']));
  let offered = 0;
  for (const { eventId } of events) offered += (await offerReturned(eventId, { db, now: options.now })).length;
  await tellPendingOffers({ db });
  return offered;
}
