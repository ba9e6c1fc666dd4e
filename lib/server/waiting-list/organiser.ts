import 'server-only';
import { and, count, eq, inArray } from 'drizzle-orm';
import { getDb, tables } from '@/lib/server/db';
import { availabilityChanged } from '@/lib/server/events/changed';
import { eventAccess, type AccessFailure } from '@/lib/server/organiser/access';
import { offerReturned } from './offers';

// The organiser's switch of an event's waiting list and its offer time (owner, manager: 'events').

const w = tables.waitingListEntries;
const e = tables.events;

export type WaitingListSettings = { enabled: boolean; offerMinutes: number };
export type WaitingListOverview = WaitingListSettings & { waiting: number; offered: number; bought: number };

async function overview(eventId: string): Promise<WaitingListOverview> {
  const db = getDb();
  const [event] = await db.select({ enabled: e.waitingListEnabled, offerMinutes: e.waitingListOfferMinutes }).from(e).where(eq(e.id, eventId));
  const counts = await db
    .select({ status: w.status, n: count() })
    .from(w)
    .where(and(eq(w.eventId, eventId), inArray(w.status, ['waiting', 'offered', 'bought'])))
    .groupBy(w.status);
  const of = (status: string) => Number(counts.find((c) => c.status === status)?.n ?? 0);
  return { ...event, waiting: of('waiting'), offered: of('offered'), bought: of('bought') };
}

/** The event's waiting list as the console shows it: on or off, the offer time, how many wait and hold offers. */
export async function getWaitingListSettings(userId: string, eventId: string): Promise<({ ok: true } & WaitingListOverview) | AccessFailure> {
  const access = await eventAccess(userId, eventId, 'events');
  if (!access.ok) return access;
  return { ok: true, ...(await overview(eventId)) };
}

/**
 * Turns the event's waiting list on or off and sets how long an offer holds its tickets (for offers made
 * from now on). Turning it off closes the places of the fans still waiting (offers already made stay in
 * their carts until they run out), so returned tickets go to general sale again.
 */
export async function setWaitingListSettings(
  userId: string,
  eventId: string,
  settings: WaitingListSettings,
): Promise<({ ok: true } & WaitingListOverview) | AccessFailure> {
  const access = await eventAccess(userId, eventId, 'events');
  if (!access.ok) return access;
  const now = new Date();
  await getDb().transaction(async (tx) => {
    await tx.update(e).set({ waitingListEnabled: settings.enabled, waitingListOfferMinutes: settings.offerMinutes, updatedAt: now }).where(eq(e.id, eventId));
    if (!settings.enabled) await tx.update(w).set({ status: 'closed', updatedAt: now }).where(and(eq(w.eventId, eventId), eq(w.status, 'waiting')));
  });
  if (settings.enabled) await offerReturned(eventId, { now });
  availabilityChanged(eventId);
  return { ok: true, ...(await overview(eventId)) };
}
