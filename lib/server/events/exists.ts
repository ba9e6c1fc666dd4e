// Used by proxy.ts, which runs before rendering and so must not import 'server-only' modules
// (hence no marker here, like lib/server/db/client.ts). With Cache Components a page streams its
// shell with status 200 before the page itself can call notFound(); the proxy checks the event id
// first so that an unknown id or a draft answers with a real HTTP 404.
import { and, eq, ne, or } from 'drizzle-orm';
import { getDb } from '@/lib/server/db/client';
import { events } from '@/lib/server/db/schema';
import { isEventRef, isUuid } from '@/lib/ids';
import { listenForEventChanges, onEventChanged } from './changed';

// A cache of event data: cleared through onEventChanged, and time-bound besides (docs/decisions/in-process-caches.md).
const POSITIVE_MS = 60_000;
const NEGATIVE_MS = 5_000;
const MAX_ENTRIES = 2_000;

const globalForExists = globalThis as unknown as { __tribunaEventExists?: Map<string, { exists: boolean; at: number }> };
const memo = (globalForExists.__tribunaEventExists ??= forgottenOnChange(new Map()));

/** Any event published, unpublished or renamed: what the proxy knows goes (the map is per thread, and so is this). */
function forgottenOnChange<T extends Map<unknown, unknown>>(map: T): T {
  onEventChanged(() => map.clear());
  return map;
}

/** Whether a URL id names an event people may see (any status but draft). Memoised per thread until an event changes (at most a minute). */
export async function publicEventExists(id: string): Promise<boolean> {
  if (!isEventRef(id)) return false;
  void listenForEventChanges();
  const hit = memo.get(id);
  const now = Date.now();
  if (hit && now - hit.at < (hit.exists ? POSITIVE_MS : NEGATIVE_MS)) return hit.exists;
  const key = isUuid(id) ? or(eq(events.id, id), eq(events.slug, id)) : eq(events.slug, id);
  const [row] = await getDb().select({ id: events.id }).from(events).where(and(key, ne(events.status, 'draft'))).limit(1);
  if (memo.size >= MAX_ENTRIES) memo.clear();
  memo.set(id, { exists: Boolean(row), at: now });
  return Boolean(row);
}
