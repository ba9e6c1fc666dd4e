import 'server-only';
// The one entry point that tells a fan something (issue 19): it only queues. The sender
// (notifications/sender.ts, run by the sweeper in every server process) delivers each queued row once,
// by push where the fan has a subscription for the topic, else by email.
//
//   await notify({ userId, topic: 'gift-received', data: { eventId, ticketId }, dedupeKey: `gift-received:${giftId}` }, { db: tx });
//
// Pass the caller's transaction as `db` so that the notification exists exactly when what it tells of
// was committed. The dedupe key is unique: the same key queued twice (a retried webhook, two sweepers)
// is one notification.
import { getDb, tables, type Db, type Tx } from '@/lib/server/db';
import type { NotificationTopic } from '@/lib/schemas/notifications';

export type { NotificationTopic } from '@/lib/schemas/notifications';

export type NotifyInput = {
  userId: string;
  topic: NotificationTopic;
  /** What the texts and the link need (eventId, ticketId, …): see notifications/content.ts per topic. */
  data: Record<string, unknown>;
  dedupeKey: string;
  /** The organiser it is about: its sending rate applies. */
  organisationId?: string;
};

export async function notify(input: NotifyInput, options?: { db?: Db | Tx }): Promise<void> {
  const db = options?.db ?? getDb();
  await db
    .insert(tables.notifications)
    .values({
      userId: input.userId,
      topic: input.topic,
      data: input.data,
      dedupeKey: input.dedupeKey,
      orgId: input.organisationId ?? null,
      // The senders' clock (sender.ts compares with it), not the database's: the two may differ by a little.
      nextAttemptAt: new Date(),
    })
    .onConflictDoNothing({ target: tables.notifications.dedupeKey });
}
