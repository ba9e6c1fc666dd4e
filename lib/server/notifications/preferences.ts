import 'server-only';
// A fan's notification settings (issue 19, item 5): topics per channel and the language the texts
// come in (users.locale, the account's language). No row means every topic on both channels.
import { count, eq } from 'drizzle-orm';
import type { Locale } from '@/lib/i18n/routing';
import { NOTIFICATION_TOPICS, type NotificationSettings, type NotificationSettingsAnswer, type NotificationTopic } from '@/lib/schemas/notifications';
import { getDb, tables, type Db, type Tx } from '@/lib/server/db';
import { readUnsubscribeToken } from './token';
import { vapidKeys } from './vapid';

export type TopicChannels = { push: NotificationTopic[]; email: NotificationTopic[] };

export const ALL_TOPICS: TopicChannels = { push: [...NOTIFICATION_TOPICS], email: [...NOTIFICATION_TOPICS] };

export async function topicChannels(userId: string, db: Db | Tx = getDb()): Promise<TopicChannels> {
  const [row] = await db
    .select({ push: tables.notificationPreferences.pushTopics, email: tables.notificationPreferences.emailTopics })
    .from(tables.notificationPreferences)
    .where(eq(tables.notificationPreferences.userId, userId));
  return row ?? ALL_TOPICS;
}

const only = (topics: readonly NotificationTopic[]) => NOTIFICATION_TOPICS.filter((topic) => topics.includes(topic));

export async function notificationSettings(user: { id: string }): Promise<NotificationSettingsAnswer> {
  const db = getDb();
  const [[account], channels, [devices], keys] = await Promise.all([
    db.select({ locale: tables.users.locale }).from(tables.users).where(eq(tables.users.id, user.id)),
    topicChannels(user.id, db),
    db.select({ n: count() }).from(tables.pushSubscriptions).where(eq(tables.pushSubscriptions.userId, user.id)),
    vapidKeys(),
  ]);
  return { push: only(channels.push), email: only(channels.email), locale: (account?.locale ?? 'sk') as Locale, vapidPublicKey: keys.publicKey, pushDevices: devices.n };
}

export async function updateNotificationSettings(user: { id: string }, input: NotificationSettings): Promise<NotificationSettingsAnswer> {
  const db = getDb();
  const values = { pushTopics: only(input.push), emailTopics: only(input.email), updatedAt: new Date() };
  await db.transaction(async (tx) => {
    await tx
      .insert(tables.notificationPreferences)
      .values({ userId: user.id, ...values })
      .onConflictDoUpdate({ target: tables.notificationPreferences.userId, set: values });
    await tx.update(tables.users).set({ locale: input.locale, updatedAt: new Date() }).where(eq(tables.users.id, user.id));
  });
  return notificationSettings(user);
}

/** The unsubscribe link's page: turns off the topic's email for the fan the token names. */
export async function unsubscribeByToken(token: string): Promise<{ ok: true; topic: NotificationTopic } | { ok: false; code: 'UNSUBSCRIBE_INVALID' }> {
  const claim = readUnsubscribeToken(token);
  if (!claim) return { ok: false, code: 'UNSUBSCRIBE_INVALID' };
  const db = getDb();
  const [user] = await db.select({ id: tables.users.id }).from(tables.users).where(eq(tables.users.id, claim.userId));
  if (!user) return { ok: false, code: 'UNSUBSCRIBE_INVALID' };
  await db.transaction(async (tx) => {
    const current = await topicChannels(user.id, tx);
    const values = { pushTopics: current.push, emailTopics: current.email.filter((topic) => topic !== claim.topic), updatedAt: new Date() };
    await tx
      .insert(tables.notificationPreferences)
      .values({ userId: user.id, ...values })
      .onConflictDoUpdate({ target: tables.notificationPreferences.userId, set: values });
  });
  return { ok: true, topic: claim.topic };
}
