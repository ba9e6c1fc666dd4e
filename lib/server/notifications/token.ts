import 'server-only';
// The signed token of an email's unsubscribe link: it names a fan and a topic and turns off that
// topic's email when its page is confirmed. Signed with a key derived from the session secret (HMAC),
// never stored; it does not expire, as an unsubscribe link in an old mail must still work.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { NOTIFICATION_TOPICS, type NotificationTopic } from '@/lib/schemas/notifications';
import { sessionSecret } from '@/lib/server/mode';

function signature(body: string): Buffer {
  const key = createHmac('sha256', sessionSecret()).update('tribuna:notification-unsubscribe').digest();
  return createHmac('sha256', key).update(body).digest().subarray(0, 18);
}

export function unsubscribeToken(userId: string, topic: NotificationTopic): string {
  const body = Buffer.from(`${userId}:${topic}`).toString('base64url');
  return `${body}.${signature(body).toString('base64url')}`;
}

export function readUnsubscribeToken(token: string): { userId: string; topic: NotificationTopic } | null {
  const [body, sig, ...rest] = token.split('.');
  if (!body || !sig || rest.length) return null;
  const given = Buffer.from(sig, 'base64url');
  const expected = signature(body);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  const [userId, topic] = Buffer.from(body, 'base64url').toString('utf8').split(':');
  if (!userId || !(NOTIFICATION_TOPICS as readonly string[]).includes(topic)) return null;
  return { userId, topic: topic as NotificationTopic };
}
