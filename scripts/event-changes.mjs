// Who in this thread keeps a copy of an event's public data, and hears when it changed: the app's
// caches (lib/server/events/changed.ts subscribes them) and the production server's page cache
// (scripts/serve.mjs). Plain JavaScript on globalThis because one thread holds several copies of the
// app's modules — Next's bundle, the fast lane's handlers, this script — and each must hear the same
// news. The news itself comes from PostgreSQL (LISTEN/NOTIFY, lib/server/events/changed.ts), so it
// reaches every thread of every server process.
//
// Availability news (a hold, a release, a sale) is the exception: too frequent for a NOTIFY, it is told
// to this thread only, to whoever shares availability reads (lib/server/events/availability.ts, only
// when this process is its database's only writer, and so sees every such write itself).

const KEY = Symbol.for('tribuna.eventChanges');

/** @returns {{ listeners: Set<(eventId: string | null) => void>, availabilityListeners: Set<(eventId: string) => void>, version: number }} */
function registry() {
  const state = (globalThis[KEY] ??= { listeners: new Set(), version: 0 });
  // A registry made by an older copy of this script (a dev server's reload) lacks it.
  state.availabilityListeners ??= new Set();
  return state;
}

/** Runs `listener` on every change of an event (its id), or of possibly all of them (null). Returns the unsubscribe. */
export function onEventChanged(listener) {
  const listeners = registry().listeners;
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Tells this thread's listeners; a new version makes every versioned cache entry of before unreachable. */
export function announceEventChanged(eventId) {
  const state = registry();
  state.version++;
  tell(state.listeners, eventId, 'event change');
}

/** Goes up with every change this thread heard of: part of the key of version-keyed caches. */
export function eventDataVersion() {
  return registry().version;
}

/** Runs `listener` when a write of this thread changed what an event has for sale. Returns the unsubscribe. */
export function onAvailabilityChanged(listener) {
  const listeners = registry().availabilityListeners;
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Tells this thread's availability listeners (and no one else: no catalogue version, no page cache). */
export function announceAvailabilityChanged(eventId) {
  tell(registry().availabilityListeners, eventId, 'availability change');
}

/** Runs every listener; one that throws is logged and does not keep the news from the others. */
function tell(listeners, eventId, what) {
  for (const listener of listeners) {
    try {
      listener(eventId);
    } catch (error) {
      console.error(`${what} listener failed:`, error);
    }
  }
}
