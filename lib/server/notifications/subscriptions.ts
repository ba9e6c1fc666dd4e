import 'server-only';
// A fan's browsers that receive push notifications (one row per PushSubscription endpoint).
import { and, eq, sql } from 'drizzle-orm';
import type { PushSubscribeInput } from '@/lib/schemas/notifications';
import { getDb, tables } from '@/lib/server/db';
import { checkPushEndpoint } from './push-endpoint';

const MAX_DEVICES = 20;

export async function subscribePush(
  user: { id: string },
  input: PushSubscribeInput & { userAgent?: string | null },
): Promise<{ ok: true } | { ok: false; code: 'PUSH_ENDPOINT_INVALID' | 'PUSH_SERVICE_NOT_ALLOWED' | 'PUSH_ENDPOINT_TAKEN' }> {
  const verdict = checkPushEndpoint(input.endpoint);
  if (!verdict.ok) return verdict;
  const db = getDb();
  const ps = tables.pushSubscriptions;
  const values = { userId: user.id, p256dh: input.keys.p256dh, auth: input.keys.auth, userAgent: input.userAgent?.slice(0, 300) ?? null };
  // An endpoint another fan registered moves to the caller only with that subscription's own keys: the
  // same browser, signed in as someone else (a shared computer), which still holds them. Knowing the
  // endpoint alone (the keys' auth secret never leaves browser and server) takes no one's notifications.
  const [saved] = await db
    .insert(ps)
    .values({ endpoint: input.endpoint, ...values })
    .onConflictDoUpdate({
      target: ps.endpoint,
      set: values,
      setWhere: sql`${ps.userId} = ${user.id} or (${ps.p256dh} = ${input.keys.p256dh} and ${ps.auth} = ${input.keys.auth})`,
    })
    .returning({ id: ps.id });
  if (!saved) return { ok: false, code: 'PUSH_ENDPOINT_TAKEN' };
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
