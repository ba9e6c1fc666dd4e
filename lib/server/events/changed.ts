// The one "event changed": every write that changes what fans see of an event (its texts, times,
// prices, policy or status, a sale that may sell out a price category, a resale offer) calls
// eventChanged(). No 'server-only' marker: proxy.ts's existence check (./exists.ts) listens too.
//
// The news travels through PostgreSQL: NOTIFY on one channel, and every thread of every server process
// LISTENs on it (one listening connection per thread) and tells its caches (./change-listeners.ts: the
// one registry every cache of event data registers with, docs/decisions/in-process-caches.md).
// A NOTIFY takes a database-wide lock at commit, so it is for these rare writes only: holds and releases
// (hundreds a second in an on-sale rush) change availability, and call availabilityChanged() instead,
// which tells this thread only (./availability.ts says why that is enough).
import { sql } from 'drizzle-orm';
import { getDb, listenToDatabase, type Db, type Tx } from '@/lib/server/db/client';
import { announceAvailabilityChanged, announceEventChanged, eventDataVersion, onEventChanged } from './change-listeners';

export { onEventChanged };

const CHANNEL = 'tribuna_event_changed';
/** The payload that means "any event may have changed". */
const ALL = '*';

/**
 * Tell every cache of the event, in every thread of every server process, that it changed (no id:
 * possibly every event). With `tx` the notice goes out when that transaction commits, and not at all
 * if it rolls back; without, at once. This thread's caches forget at once either way.
 */
export async function eventChanged(eventId?: string, tx?: Tx): Promise<void> {
  announceEventChanged(eventId ?? null);
  await (tx ?? getDb()).execute(sql`select pg_notify(${CHANNEL}, ${eventId ?? ALL})`);
}

/**
 * A write of this process changed what the event has for sale (a hold, a release, a sale, a code
 * redeemed, holds swept): this thread's shared availability reads of it end. Call it once the write has
 * committed, so that no read begun after it can miss it.
 */
export function availabilityChanged(eventId: string): void {
  announceAvailabilityChanged(eventId);
}

type Listening = { db: Db | null; started: Promise<void> | null };
const listening = ((globalThis as unknown as { __tribunaEventListen?: Listening }).__tribunaEventListen ??= { db: null, started: null });

/**
 * Starts this thread's LISTEN, once per database (tests swap databases); cheap to call on every read
 * of a cache. Every cache of an event calls it, and the server calls it at start (instrumentation.ts)
 * so that the page cache, which reads no database, hears from the first request on.
 */
export function listenForEventChanges(): Promise<void> {
  const db = getDb();
  if (listening.db === db && listening.started) return listening.started;
  listening.db = db;
  const started = listenToDatabase(
    CHANNEL,
    (payload) => announceEventChanged(payload === ALL ? null : payload),
    // (Re)listening: whatever was announced while nobody listened is lost, so every copy goes.
    () => announceEventChanged(null),
  ).then(
    () => undefined,
    (error) => {
      // Tried again by the next read; until then the caches' own lifetimes bound what they serve.
      if (listening.started === started) listening.started = null;
      console.error('LISTEN for event changes failed:', error instanceof Error ? error.message : error);
    },
  );
  listening.started = started;
  return started;
}

/** Part of the key of every cached catalogue read ('use cache' keys on arguments): goes up with every change heard. */
export function catalogueVersion(): number {
  void listenForEventChanges();
  return eventDataVersion();
}
