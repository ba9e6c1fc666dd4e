import 'server-only';
// A fan's browsers that receive push notifications (one row per PushSubscription endpoint).
import { and, eq } from 'drizzle-orm';
import type { PushSubscribeInput } from '@/lib/schemas/notifications';
import { getDb, tables } from '@/lib/server/db';
import { isDemoMode } from '@/lib/server/mode';

/**
 * Push services are reached over HTTPS; plain http:// only in the demo, where the e2e journey's local
 * push service lives on loopback.
 */
function endpointAllowed(endpoint: string): boolean {
  const url = new URL(endpoint);
  if (url.protocol === 'https:') return true;
  return url.protocol === 'http:' && isDemoMode() && ['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname);
}

const MAX_DEVICES = 20;

export async function subscribePush(
  user: { id: string },
  input: PushSubscribeInput & { userAgent?: string | null },
): Promise<{ ok: true } | { ok: false; code: 'PUSH_ENDPOINT_INVALID' }> {
  if (!endpointAllowed(input.endpoint)) return { ok: false, code: 'PUSH_ENDPOINT_INVALID' };
  const db = getDb();
  const values = { userId: user.id, p256dh: input.keys.p256dh, auth: input.keys.auth, userAgent: input.userAgent?.slice(0, 300) ?? null };
  // A browser that was someone else's (a shared computer) now belongs to whoever subscribed it last.
  await db
    .insert(tables.pushSubscriptions)
    .values({ endpoint: input.endpoint, ...values })
    .onConflictDoUpdate({ target: tables.pushSubscriptions.endpoint, set: values });
  // The oldest devices beyond the limit go: nobody needs more, and each costs a request per notification.
  const devices = await db
    .select({ id: tables.pushSubscriptions.id })
    .from(tables.pushSubscriptions)
    .where(eq(tables.pushSubscriptions.userId, user.id))
    .orderBy(tables.pushSubscriptions.createdAt);
  for (const device of devices.slice(0, Math.max(0, devices.length - MAX_DEVICES))) {
    await db.delete(tables.pushSubscriptions).where(eq(tables.pushSubscriptions.id, device.id));
  }
  return { ok: true };
}

/** Only the fan's own subscription; an unknown endpoint is already gone. */
export async function unsubscribePush(user: { id: string }, endpoint: string): Promise<{ ok: true }> {
  await getDb()
    .delete(tables.pushSubscriptions)
    .where(and(eq(tables.pushSubscriptions.userId, user.id), eq(tables.pushSubscriptions.endpoint, endpoint)));
  return { ok: true };
}
