/** Spec §4: a failed code-chunk load reloads the page once, at most one reload per 10 s. */
export const CHUNK_RELOAD_THROTTLE_MS = 10_000;
const STORAGE_KEY = 'tribuna:chunk-reload-at';

export function isChunkLoadError(error: unknown): boolean {
  if (!error || typeof error !== 'object') return false;
  const { name, message } = error as { name?: string; message?: string };
  return (
    name === 'ChunkLoadError' ||
    /Loading (CSS )?chunk [\w-]+ failed/i.test(message ?? '') ||
    /Failed to fetch dynamically imported module/i.test(message ?? '') ||
    /error loading dynamically imported module/i.test(message ?? '')
  );
}

/** Whether a reload is allowed now, given when the last one happened (ms since epoch, or null). */
export function mayReload(now: number, lastReloadAt: number | null, throttleMs = CHUNK_RELOAD_THROTTLE_MS): boolean {
  return lastReloadAt === null || !Number.isFinite(lastReloadAt) || now - lastReloadAt >= throttleMs || now < lastReloadAt;
}

type Store = Pick<Storage, 'getItem' | 'setItem'>;

/** Reloads once if the throttle allows; returns whether it did. */
export function reloadAfterChunkError(store: Store, reload: () => void, now = Date.now()): boolean {
  const raw = store.getItem(STORAGE_KEY);
  const last = raw === null ? null : Number(raw);
  if (!mayReload(now, last)) return false;
  store.setItem(STORAGE_KEY, String(now));
  reload();
  return true;
}
