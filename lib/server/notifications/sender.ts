import 'server-only';
import { getPathname } from '@/lib/i18n/pathname';
// The notification queue's sender (issue 19): run by the sweeper in every server process. Due rows are
// claimed in one short transaction with FOR UPDATE SKIP LOCKED and leased (next_attempt_at moves past the
// sending, attempts + 1), so no two senders, in any process, take the same row; each row then goes out
// once: by push to every browser the fan subscribed (when push is on for its topic), else by email
// through the outbox (when email is on for it), written in the same transaction that marks the row sent.
// A push service's 404/410 removes that subscription; other failures are retried with a growing wait
// until MAX_ATTEMPTS, then the row is failed. Each organiser's notifications go out at most
// NOTIFICATIONS_PER_MINUTE a minute, so a cancelled match with 20,000 holders is a queue worked
// through over minutes, not a burst that blocks the server or the push services' quotas.
import { and, asc, eq, gt, inArray, isNotNull, lte, sql } from 'drizzle-orm';
import http from 'node:http';
import https from 'node:https';
import webpush from 'web-push';
import type { Locale } from '@/lib/i18n/routing';
import type { NotificationTopic, PushPayload } from '@/lib/schemas/notifications';
import { appUrl } from '@/lib/app-url';
import { translator } from '@/lib/server/api/translate';
import { getDb, tables, type Db } from '@/lib/server/db';
import { holdIsLive } from '@/lib/server/cart/live';
import { escapeHtml, queueEmail, type QueuedEmail } from '@/lib/server/email';
import { composeEmail } from '@/lib/server/email/templates';
import { announcementSigner, notificationContent } from './content';
import { checkPushEndpoint, publicOnlyLookup, type Resolver } from './push-endpoint';
import { topicChannels } from './preferences';
import { unsubscribeToken } from './token';
import { vapidKeys, type VapidKeys } from './vapid';
import { log } from '@/lib/server/ops/log';

const n = tables.notifications;
const BATCH = 50;
/** A sender's claim while it sends: longer than any push request may take (PUSH_TIMEOUT_MS per device). */
const LEASE_MS = 2 * 60_000;
const PUSH_TIMEOUT_MS = 10_000;
const PARALLEL = 5;
export const MAX_ATTEMPTS = 8;
const FIRST_RETRY_MS = 30_000;
const LONGEST_WAIT_MS = 60 * 60_000;

/**
 * Topics whose email is a transactional mail of its own, sent whatever the settings (the gift mail with
 * its link, the cancellation's refund mail): the queue tells these by push only, never a second email.
 */
export const PUSH_ONLY_TOPICS: readonly NotificationTopic[] = ['gift-received', 'event-cancelled'];

export function ratePerMinute(): number {
  return Number(process.env.NOTIFICATIONS_PER_MINUTE) || 600;
}

function retryDelayMs(attempts: number): number {
  return Math.min(LONGEST_WAIT_MS, FIRST_RETRY_MS * 2 ** Math.max(0, attempts - 1));
}

export type PushTarget = { endpoint: string; p256dh: string; auth: string };
/** Sends one encrypted push message; answers the push service's HTTP status. Replaceable in tests. */
export type PushTransport = (target: PushTarget, payload: string, vapid: VapidKeys) => Promise<number>;

/** The endpoint breaks the rule of push-endpoint.ts (a subscription kept from before it): never sent to. */
export class PushEndpointRefused extends Error {}

/**
 * web-push encrypts (aes128gcm) and signs (VAPID); the request goes out through node's http(s) with an
 * agent whose lookup lets a connection reach public addresses only (push-endpoint.ts). Node's request
 * never follows a redirect, and a 3xx is no delivery: the sender retries it like any other failure, so
 * a push service cannot bounce the request to an internal address or have it counted as sent.
 * `resolve` and `ca` are for tests: a resolver that answers what the test needs, and the test's own
 * certificate authority for its stand-in push service.
 */
export function createPushTransport(options: { resolve?: Resolver; ca?: string | Buffer } = {}): PushTransport {
  const lookup = publicOnlyLookup(options.resolve);
  const agents = {
    'https:': new https.Agent({ keepAlive: true, lookup, ...(options.ca ? { ca: options.ca } : {}) }),
    // Plain http only ever reaches the tests' loopback push service (checkPushEndpoint).
    'http:': new http.Agent({ keepAlive: true, lookup }),
  };
  return async (target, payload, vapid) => {
    const verdict = checkPushEndpoint(target.endpoint);
    if (!verdict.ok) throw new PushEndpointRefused(`not a push service Tribuna sends to (${verdict.code})`);
    const details = webpush.generateRequestDetails({ endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } }, payload, {
      vapidDetails: vapid,
      TTL: 24 * 60 * 60,
      contentEncoding: 'aes128gcm',
    });
    const protocol = verdict.url.protocol as 'https:' | 'http:';
    return new Promise<number>((resolve, reject) => {
      const request = (protocol === 'https:' ? https : http).request(
        verdict.url,
        { method: details.method, headers: details.headers as Record<string, string>, agent: agents[protocol], signal: AbortSignal.timeout(PUSH_TIMEOUT_MS) },
        (response) => {
          response.resume();
          resolve(response.statusCode ?? 0);
        },
      );
      request.on('error', reject);
      request.end(details.body ?? undefined);
    });
  };
}

export const webPushTransport: PushTransport = createPushTransport();

export type SendResult = { id: string; outcome: 'push' | 'email' | 'skipped' | 'retry' | 'failed' };

type Claimed = typeof n.$inferSelect;

/** Claims due rows, honouring each organiser's rate; rows over it wait a minute unclaimed. */
async function claim(db: Db, now: Date, limit: number): Promise<Claimed[]> {
  return db.transaction(async (tx) => {
    const due = await tx
      .select({ id: n.id, orgId: n.orgId })
      .from(n)
      .where(and(eq(n.status, 'queued'), lte(n.nextAttemptAt, now)))
      .orderBy(asc(n.nextAttemptAt))
      .limit(limit)
      .for('update', { skipLocked: true });
    if (!due.length) return [];
    const take: string[] = [];
    const later: string[] = [];
    const orgs = [...new Set(due.flatMap((row) => (row.orgId ? [row.orgId] : [])))].sort();
    const budget = new Map<string, number>();
    for (const orgId of orgs) {
      // Senders of several processes count one organiser's minute one at a time (sorted: no deadlock).
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`tribuna:notify-rate:${orgId}`}))`);
      const [{ used }] = await tx
        .select({ used: sql<number>`count(*)::int` })
        .from(n)
        .where(and(eq(n.orgId, orgId), isNotNull(n.claimedAt), gt(n.claimedAt, new Date(now.getTime() - 60_000))));
      budget.set(orgId, Math.max(0, ratePerMinute() - used));
    }
    for (const row of due) {
      if (!row.orgId) take.push(row.id);
      else if ((budget.get(row.orgId) ?? 0) > 0) {
        budget.set(row.orgId, budget.get(row.orgId)! - 1);
        take.push(row.id);
      } else later.push(row.id);
    }
    if (later.length) await tx.update(n).set({ nextAttemptAt: new Date(now.getTime() + 60_000) }).where(inArray(n.id, later));
    if (!take.length) return [];
    return tx
      .update(n)
      .set({ attempts: sql`${n.attempts} + 1`, claimedAt: now, nextAttemptAt: new Date(now.getTime() + LEASE_MS) })
      .where(inArray(n.id, take))
      .returning();
  });
}

async function markSent(db: Db, id: string, channel: 'push' | 'email', at: Date) {
  await db.update(n).set({ status: 'sent', channel, sentAt: at, lastError: null }).where(and(eq(n.id, id), eq(n.status, 'queued')));
}

async function sendOne(db: Db, row: Claimed, deps: { transport: PushTransport; vapid: () => Promise<VapidKeys>; now: () => Date }): Promise<SendResult> {
  const [user] = await db
    .select({ email: tables.users.email, firstName: tables.users.firstName, locale: tables.users.locale, removedAt: tables.users.removedAt })
    .from(tables.users)
    .where(eq(tables.users.id, row.userId));
  const skip = async (): Promise<SendResult> => {
    await db.update(n).set({ status: 'skipped' }).where(and(eq(n.id, row.id), eq(n.status, 'queued')));
    return { id: row.id, outcome: 'skipped' };
  };
  if (!user || user.removedAt) return skip();
  if (row.topic === 'hold-expiring' && !(await holdStillOpen(db, row.data, deps.now()))) return skip();
  const locale = user.locale as Locale;
  const channels = await topicChannels(row.userId, db);
  const content = await notificationContent(db, row, locale);

  let pushError: string | null = null;
  if (channels.push.includes(row.topic)) {
    const devices = await db
      .select({ id: tables.pushSubscriptions.id, endpoint: tables.pushSubscriptions.endpoint, p256dh: tables.pushSubscriptions.p256dh, auth: tables.pushSubscriptions.auth })
      .from(tables.pushSubscriptions)
      .where(eq(tables.pushSubscriptions.userId, row.userId));
    if (devices.length) {
      const vapid = await deps.vapid();
      const payload = JSON.stringify({ ...content, url: content.url } satisfies PushPayload);
      const results = await Promise.all(
        devices.map(async (device) => {
          try {
            return { device, status: await deps.transport(device, payload, vapid) };
          } catch (error) {
            return { device, status: 0, refused: error instanceof PushEndpointRefused, error: error instanceof Error ? error.message : String(error) };
          }
        }),
      );
      const gone = results.filter((result) => result.status === 404 || result.status === 410 || ('refused' in result && result.refused));
      // The push service says this subscription is no more (RFC 8030 §7.3), or it was never a push
      // service's: it is not tried again.
      if (gone.length) await db.delete(tables.pushSubscriptions).where(inArray(tables.pushSubscriptions.id, gone.map((result) => result.device.id)));
      if (results.some((result) => result.status >= 200 && result.status < 300)) {
        await markSent(db, row.id, 'push', deps.now());
        return { id: row.id, outcome: 'push' };
      }
      const failed = results.filter((result) => !gone.includes(result));
      if (failed.length) pushError = failed.map((result) => ('error' in result ? result.error : `push service answered ${result.status}${result.status >= 300 && result.status < 400 ? ' (a redirect: not followed)' : ''}`)).join('; ');
    }
  }
  // A push that failed for now is tried again (by push) rather than sent by email meanwhile.
  if (pushError) return retry(db, row, pushError, deps.now());

  if (!channels.email.includes(row.topic) || PUSH_ONLY_TOPICS.includes(row.topic) || !user.email) return skip();
  const to = user.email;
  const t = translator(locale);
  const unsubscribe = `${appUrl()}${getPathname({ locale, href: { pathname: '/notifications/unsubscribe', query: { token: unsubscribeToken(row.userId, row.topic) } } })}`;
  const signedBy = row.topic === 'announcement' ? await announcementSigner(db, row.data as Record<string, unknown>) : undefined;
  const composed = composeEmail({ locale, name: user.firstName, paragraphs: [content.body], link: `${appUrl()}${content.url}`, signedBy });
  // Every notification email ends with its unsubscribe link (a link in the HTML too, not only text).
  const [before, after] = t('notifications.email.unsubscribe', { link: '\u0000' }).split('\u0000');
  const body = {
    text: `${composed.text}\n\n${before}${unsubscribe}${after ?? ''}`,
    html: `${composed.html}\n<p style="font-size:12px;color:#555">${escapeHtml(before)}<a href="${escapeHtml(unsubscribe)}">${escapeHtml(unsubscribe)}</a>${escapeHtml(after ?? '')}</p>`,
  };
  const mail = await db.transaction(async (tx): Promise<QueuedEmail | null> => {
    const [still] = await tx.select({ status: n.status }).from(n).where(eq(n.id, row.id)).for('update');
    if (still?.status !== 'queued') return null;
    const queued = await queueEmail(tx, { to, locale, kind: `notification-${row.topic}`, subject: content.title, ...body });
    await tx.update(n).set({ status: 'sent', channel: 'email', sentAt: deps.now(), lastError: null }).where(eq(n.id, row.id));
    return queued;
  });
  await mail?.deliver();
  return { id: row.id, outcome: 'email' };
}

/** A cart paid for or ended meanwhile needs no warning any more. */
async function holdStillOpen(db: Db, data: Record<string, unknown>, now: Date): Promise<boolean> {
  if (typeof data.holdId !== 'string') return true;
  const [hold] = await db.select({ status: tables.holds.status, live: holdIsLive(now) }).from(tables.holds).where(eq(tables.holds.id, data.holdId));
  return hold?.status === 'active' && hold.live;
}

async function retry(db: Db, row: Claimed, message: string, now: Date): Promise<SendResult> {
  const error = message.slice(0, 500);
  if (row.attempts >= MAX_ATTEMPTS) {
    await db.update(n).set({ status: 'failed', lastError: error }).where(and(eq(n.id, row.id), eq(n.status, 'queued')));
    return { id: row.id, outcome: 'failed' };
  }
  await db
    .update(n)
    .set({ nextAttemptAt: new Date(now.getTime() + retryDelayMs(row.attempts)), lastError: error })
    .where(and(eq(n.id, row.id), eq(n.status, 'queued')));
  return { id: row.id, outcome: 'retry' };
}

/**
 * Works the due notifications once: claims up to `limit` and sends them. Answers what became of each
 * (the sweeper keeps calling while a whole batch went out).
 */
export async function sendDueNotifications(
  options: { db?: Db; now?: Date; limit?: number; transport?: PushTransport } = {},
): Promise<SendResult[]> {
  const db = options.db ?? getDb();
  const now = () => options.now ?? new Date();
  const claimed = await claim(db, now(), options.limit ?? BATCH);
  const deps = { transport: options.transport ?? webPushTransport, vapid: () => vapidKeys(options.db ? { db } : {}), now };
  const one = async (row: Claimed): Promise<SendResult> => {
    try {
      return await sendOne(db, row, deps);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      log().error(`Notification ${row.id} (${row.topic}) failed: ${message}`);
      return retry(db, row, message, now());
    }
  };
  // A few at a time: a slow push service holds up one lane, not the whole batch.
  const results: SendResult[] = [];
  for (let i = 0; i < claimed.length; i += PARALLEL) results.push(...(await Promise.all(claimed.slice(i, i + PARALLEL).map(one))));
  return results;
}
