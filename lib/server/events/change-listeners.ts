// Who in this thread keeps a copy of event data, and hears when it changed: the one registry every
// in-process cache of event data registers with (docs/decisions/in-process-caches.md lists them) —
// the app's caches (through ./changed.ts) and the production server's page cache
// (lib/server/serving/server.ts). It lives on globalThis because one thread holds several copies of the
// app's modules — Next's bundle, the hot API's bundle, the serving bundle — and each must hear the same
// news. The news itself comes from PostgreSQL (LISTEN/NOTIFY, ./changed.ts), so it reaches every thread
// of every server process. No 'server-only' marker: proxy.ts's existence check listens too, and the
// serving bundle reads no database.
//
// Availability news (a hold, a release, a sale) is the exception: too frequent for a NOTIFY, it is told
// to this thread only, and only to the listeners that ask for it ({ availability: true }): the shared
// availability reads (./availability.ts, only when this process is its database's only writer, and so
// sees every such write itself). The page cache and the catalogue do not hear it.

/** A listener: the id of the event that changed, or null when possibly every event did. */
export type EventChangeListener = (eventId: string | null) => void;

type Registry = { listeners: Set<EventChangeListener>; availabilityListeners: Set<EventChangeListener>; version: number };

const KEY = Symbol.for('tribuna.eventChanges');

function registry(): Registry {
  const shared = globalThis as unknown as Record<symbol, Partial<Registry> | undefined>;
  const state = (shared[KEY] ??= { listeners: new Set(), version: 0 });
  // A registry made by an older copy of this module (a dev server's reload) may lack it.
  state.availabilityListeners ??= new Set();
  return state as Registry;
}

/**
 * Runs `listener` on every change of an event (its id), or of possibly all of them (null); with
 * `availability`, also on every write of this thread that changed what an event has for sale. The one
 * way a cache of event data is told to forget. Returns the unsubscribe.
 */
export function onEventChanged(listener: EventChangeListener, { availability = false }: { availability?: boolean } = {}): () => void {
  const state = registry();
  state.listeners.add(listener);
  if (availability) state.availabilityListeners.add(listener);
  return () => {
    state.listeners.delete(listener);
    state.availabilityListeners.delete(listener);
  };
}

/** Tells this thread's listeners; a new version makes every versioned cache entry of before unreachable. */
export function announceEventChanged(eventId: string | null): void {
  const state = registry();
  state.version++;
  tell(state.listeners, eventId, 'event change');
}

/** Goes up with every change this thread heard of: part of the key of version-keyed caches ('use cache'). */
export function eventDataVersion(): number {
  return registry().version;
}

/** Tells the listeners that asked for availability news (and no one else: no catalogue version, no page cache). */
export function announceAvailabilityChanged(eventId: string): void {
  tell(registry().availabilityListeners, eventId, 'availability change');
}

/** Runs every listener; one that throws is logged and does not keep the news from the others. */
function tell(listeners: Set<EventChangeListener>, eventId: string | null, what: string): void {
  for (const listener of listeners) {
    try {
      listener(eventId);
    } catch (error) {
      console.error(`${what} listener failed:`, error);
    }
  }
}
