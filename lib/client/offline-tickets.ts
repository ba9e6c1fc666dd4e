'use client';

// The fan's tickets kept on the device (IndexedDB) so Your tickets opens and codes keep rotating
// without a network. Holds ticket data and the per-ticket *signing keys* (never the server secrets).
// Also a gate device's offline verification data (saveGateData). Cleared on sign-out:
// clearOfflineTickets() drops both and the service worker's cached ticket and scanner pages.

const DB_NAME = 'tribuna-offline';
const STORE = 'tickets';
const GATE_STORE = 'gate';
const KEY = 'mine';
/** Cache Storage names the service worker (public/sw.js) keeps pages and assets in. */
const SW_CACHE_PREFIX = 'tribuna-';

export type OfflineSnapshot<T> = { userId: string; savedAt: string; data: T };

function open(): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const request = indexedDB.open(DB_NAME, 2);
    request.onupgradeneeded = () => {
      for (const name of [STORE, GATE_STORE]) if (!request.result.objectStoreNames.contains(name)) request.result.createObjectStore(name);
    };
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
}

async function run<R>(mode: IDBTransactionMode, action: (store: IDBObjectStore) => IDBRequest<R>, storeName = STORE): Promise<R> {
  const db = await open();
  try {
    return await new Promise<R>((resolve, reject) => {
      const tx = db.transaction(storeName, mode);
      const request = action(tx.objectStore(storeName));
      tx.oncomplete = () => resolve(request.result);
      tx.onerror = () => reject(tx.error);
      tx.onabort = () => reject(tx.error);
    });
  } finally {
    db.close();
  }
}

function available(): boolean {
  return typeof indexedDB !== 'undefined';
}

export async function saveOfflineTickets<T>(userId: string, data: T): Promise<void> {
  if (!available()) return;
  const snapshot: OfflineSnapshot<T> = { userId, savedAt: new Date().toISOString(), data };
  await run('readwrite', (store) => store.put(snapshot, KEY));
}

/** The saved tickets of `userId` (another account's snapshot is never shown). */
export async function loadOfflineTickets<T>(userId?: string): Promise<OfflineSnapshot<T> | null> {
  if (!available()) return null;
  try {
    const snapshot = (await run('readonly', (store) => store.get(KEY))) as OfflineSnapshot<T> | undefined;
    if (!snapshot || (userId && snapshot.userId !== userId)) return null;
    return snapshot;
  } catch {
    return null;
  }
}

/** Forgets everything ticket-related on this device: the IndexedDB snapshot and the cached pages. */
export async function clearOfflineTickets(): Promise<void> {
  const jobs: Promise<unknown>[] = [];
  if (available()) {
    jobs.push(run('readwrite', (store) => store.clear()).catch(() => undefined));
    jobs.push(run('readwrite', (store) => store.clear(), GATE_STORE).catch(() => undefined));
  }
  if (typeof caches !== 'undefined') {
    jobs.push(
      caches
        .keys()
        .then((names) => Promise.all(names.filter((n) => n.startsWith(`${SW_CACHE_PREFIX}pages`)).map((n) => caches.delete(n))))
        .catch(() => undefined),
    );
  }
  await Promise.all(jobs);
}

/** A gate device's verification data for one event and its check-ins waiting to sync (the scanner page). */
export async function saveGateData<T>(eventId: string, value: T): Promise<void> {
  if (!available()) return;
  await run('readwrite', (store) => store.put(value, eventId), GATE_STORE);
}

export async function loadGateData<T>(eventId: string): Promise<T | null> {
  if (!available()) return null;
  try {
    return ((await run('readonly', (store) => store.get(eventId), GATE_STORE)) as T | undefined) ?? null;
  } catch {
    return null;
  }
}
