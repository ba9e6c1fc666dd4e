import 'server-only';
import { writeMark } from './client';

type Entry<V> = { mark: string; until: number; value: V };

/**
 * Answers of the embedded database (PGlite, the demo's) remembered until its next write. PGlite has one
 * connection in one process, so each query of each request waits for the one before: a page that needs
 * ten reads per fan is what limits a signed-in fan's page there (bench:pages). Every write passes
 * through this process (db/client.ts counts them), so an answer read since the last write is still
 * the database's answer. `read` may say until when its answer holds regardless (e.g. a hold that ends).
 * On PostgreSQL other processes write too: every call reads. Cleared by any write, which is stricter
 * than event news (docs/decisions/in-process-caches.md).
 */
export function memoUntilWrite<V>(max = 500): (key: string, read: () => Promise<{ value: V; until?: number }>) => Promise<V> {
  const entries = new Map<string, Entry<V>>();
  return async (key, read) => {
    const mark = writeMark();
    if (mark === null) return (await read()).value;
    const known = entries.get(key);
    if (known && known.mark === mark && known.until > Date.now()) return known.value;
    const { value, until = Infinity } = await read();
    // The mark from before the read: a write made meanwhile makes this answer stale at once.
    entries.delete(key);
    if (entries.size >= max) entries.delete(entries.keys().next().value!);
    entries.set(key, { mark, until, value });
    return value;
  };
}
