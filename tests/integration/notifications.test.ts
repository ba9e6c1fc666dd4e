// The notification queue (issue 19): notify() dedupes, the sender goes by push or by email, per topic
// and language, removes subscriptions the push service says are gone, retries, and wires the events.
import { createECDH, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { and, eq, inArray, like } from 'drizzle-orm';
import * as ece from 'http_ece';
import { POST as gift } from '@/tests/helpers/api';
import { NOTIFICATION_TOPICS, pushPayloadSchema, type NotificationTopic } from '@/lib/schemas/notifications';
import * as s from '@/lib/server/db/schema';
import { notify } from '@/lib/server/notifications/notify';
import { unsubscribeByToken } from '@/lib/server/notifications/preferences';
import { queueDueNotifications } from '@/lib/server/notifications/scheduled';
import { MAX_ATTEMPTS, PUSH_ONLY_TOPICS, sendDueNotifications, webPushTransport, type PushTransport } from '@/lib/server/notifications/sender';
import { readUnsubscribeToken } from '@/lib/server/notifications/token';
import { useTestDatabase } from '../helpers/db';
import { auth, eventBySlug, giveTicket, makeUser, params, request } from '../helpers/tickets';

const t = useTestDatabase({ seeded: true });
const SLUG = 'dunaj-bratislava-fc-kosice';


type Sent = { endpoint: string; payload: ReturnType<typeof pushPayloadSchema.parse> };

/** A push service in memory: answers `status` per endpoint (201 by default) and keeps what it got. */
function fakePush(status: (endpoint: string) => number = () => 201): { transport: PushTransport; sent: Sent[] } {
  const sent: Sent[] = [];
  return {
    sent,
    transport: async (target, payload) => {
      const code = status(target.endpoint);
      if (code < 300) sent.push({ endpoint: target.endpoint, payload: pushPayloadSchema.parse(JSON.parse(payload)) });
      return code;
    },
  };
}

let device = 0;
async function subscribe(userId: string) {
  const endpoint = `https://push.example.com/send/${device++}`;
  await t.db.insert(s.pushSubscriptions).values({ userId, endpoint, p256dh: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM', auth: 'tBHItJI5svbpez7KI4CCXg' });
  return endpoint;
}

async function row(dedupeKey: string) {
  const [found] = await t.db.select().from(s.notifications).where(eq(s.notifications.dedupeKey, dedupeKey));
  return found;
}

async function mailsTo(email: string) {
  return t.db.select().from(s.emailOutbox).where(eq(s.emailOutbox.toAddress, email));
}

/** Sends until the queue has nothing due (the sweeper's loop). */
async function drain(transport: PushTransport, now?: Date) {
  const all = [];
  for (;;) {
    const batch = await sendDueNotifications({ transport, now });
    if (!batch.length) return all;
    all.push(...batch);
  }
}

describe('notify()', () => {
  it('queues one row per dedupe key, also inside the caller’s transaction', async () => {
    const fan = await makeUser(t.db, 'dedupe');
    const event = await eventBySlug(t.db, SLUG);
    await notify({ userId: fan.id, topic: 'event-reminder', data: { eventId: event.id }, dedupeKey: 'test:dedupe' });
    await t.db.transaction(async (tx) => {
      await notify({ userId: fan.id, topic: 'event-reminder', data: { eventId: event.id }, dedupeKey: 'test:dedupe' }, { db: tx });
    });
    const rows = await t.db.select().from(s.notifications).where(eq(s.notifications.dedupeKey, 'test:dedupe'));
    expect(rows).toHaveLength(1);
    expect(rows[0].status).toBe('queued');
    await drain(fakePush().transport);
  });
});

describe('push payloads per topic and language', () => {
  it.each(['sk', 'cs', 'en'] as const)('each topic in %s: title and body translated, the event named, the link in that language', async (locale) => {
    const fan = await makeUser(t.db, `payload-${locale}`);
    await t.db.update(s.users).set({ locale }).where(eq(s.users.id, fan.id));
    const endpoint = await subscribe(fan.id);
    const event = await eventBySlug(t.db, SLUG);
    const data: Record<NotificationTopic, Record<string, unknown>> = {
      'gift-received': { sender: 'Jana Nová' },
      'resale-sold': { amount: 2500, currency: 'EUR' },
      'release-sold': { amount: 1250, currency: 'EUR' },
      'hold-expiring': {},
      'event-reminder': { kind: 'day' },
      'event-changed': {},
      'event-cancelled': {},
      'waiting-list-offer': { expiresAt: new Date(Date.now() + 1_800_000).toISOString() },
      'feedback-request': { path: '/tickets' },
      announcement: { message: { sk: 'Brány sa otvoria o 30 minút neskôr.', cs: 'Brány se otevřou o 30 minut později.', en: 'Gates open 30 minutes later.' } },
    };
    for (const topic of NOTIFICATION_TOPICS) {
      await notify({ userId: fan.id, topic, data: { eventId: event.id, ...data[topic] }, dedupeKey: `payload:${locale}:${topic}` });
    }
    const push = fakePush();
    await drain(push.transport);
    const got = push.sent.filter((sent) => sent.endpoint === endpoint);
    expect(got.map((sent) => sent.payload.topic).sort()).toEqual([...NOTIFICATION_TOPICS].sort());
    const title = event.title[locale];
    const by = (topic: NotificationTopic) => got.find((sent) => sent.payload.topic === topic)!.payload;
    for (const { payload } of got) {
      expect(payload.title).not.toMatch(/notifications\./);
      expect(payload.body).not.toMatch(/notifications\.|\{/);
      expect(payload.url.startsWith(`/${locale}/`)).toBe(true);
    }
    expect(by('gift-received').body).toContain('Jana Nová');
    expect(by('gift-received').body).toContain(title);
    expect(by('announcement').title).toBe(title);
    expect(by('announcement').body).toBe(data.announcement.message && (data.announcement.message as Record<string, string>)[locale]);
    expect(by('resale-sold').body).toMatch(/25/);
    const expected = {
      sk: { gift: 'Vstupenka je vaša', cart: `/sk/podujatia/${SLUG}/kosik`, changed: `/sk/podujatia/${SLUG}` },
      cs: { gift: 'Vstupenka je vaše', cart: `/cs/udalosti/${SLUG}/kosik`, changed: `/cs/udalosti/${SLUG}` },
      en: { gift: 'A ticket is yours', cart: `/en/events/${SLUG}/cart`, changed: `/en/events/${SLUG}` },
    }[locale];
    expect(by('gift-received').title).toBe(expected.gift);
    expect(by('hold-expiring').url).toBe(expected.cart);
    expect(by('event-changed').url).toBe(expected.changed);
    expect(by('gift-received').url).toBe(`/${locale}/${locale === 'en' ? 'tickets' : 'vstupenky'}`);
    // Sent by push: no email on top.
    expect(await mailsTo(fan.email)).toHaveLength(0);
    expect((await row(`payload:${locale}:announcement`)).channel).toBe('push');
  });
});

describe('sending', () => {
  it('falls back to email without a push subscription, with an unsubscribe link that turns that topic’s email off', async () => {
    const fan = await makeUser(t.db, 'mailonly');
    await t.db.update(s.users).set({ locale: 'sk' }).where(eq(s.users.id, fan.id));
    const event = await eventBySlug(t.db, SLUG);
    await notify({ userId: fan.id, topic: 'event-reminder', data: { eventId: event.id, kind: 'doors' }, dedupeKey: 'mail:1' });
    await drain(fakePush().transport);
    expect(await row('mail:1')).toMatchObject({ status: 'sent', channel: 'email' });
    const [mail] = await mailsTo(fan.email);
    expect(mail.subject).toBe('Brány sú otvorené');
    expect(mail.kind).toBe('notification-event-reminder');
    const link = mail.textBody.match(/https?:\/\/\S+\/sk\/upozornenia\/odhlasenie\?token=(\S+)/);
    expect(link).not.toBeNull();
    const token = decodeURIComponent(link![1]);
    expect(readUnsubscribeToken(token)).toEqual({ userId: fan.id, topic: 'event-reminder' });
    // A changed signature character (18 bytes are 24 base64url characters, none of them padding) fails.
    const tampered = token.slice(0, -1) + (token.endsWith('A') ? 'B' : 'A');
    expect(readUnsubscribeToken(tampered)).toBeNull();
    expect(await unsubscribeByToken(token)).toEqual({ ok: true, topic: 'event-reminder' });

    // Email of that topic is off now: the next one is skipped; another topic still goes.
    await notify({ userId: fan.id, topic: 'event-reminder', data: { eventId: event.id, kind: 'day' }, dedupeKey: 'mail:2' });
    await notify({ userId: fan.id, topic: 'announcement', data: { eventId: event.id, message: { sk: 'Ahoj', cs: 'Ahoj', en: 'Hi' } }, dedupeKey: 'mail:3' });
    await drain(fakePush().transport);
    expect((await row('mail:2')).status).toBe('skipped');
    expect(await row('mail:3')).toMatchObject({ status: 'sent', channel: 'email' });
    expect(await mailsTo(fan.email)).toHaveLength(2);
  });

  it('tells push-only topics (their own transactional mail exists) by push, never by a second email', async () => {
    const fan = await makeUser(t.db, 'pushonly');
    const event = await eventBySlug(t.db, SLUG);
    for (const topic of PUSH_ONLY_TOPICS) await notify({ userId: fan.id, topic, data: { eventId: event.id }, dedupeKey: `pushonly:${topic}` });
    await drain(fakePush().transport);
    for (const topic of PUSH_ONLY_TOPICS) expect((await row(`pushonly:${topic}`)).status).toBe('skipped');
    expect(await mailsTo(fan.email)).toHaveLength(0);
  });

  it('removes a subscription the push service answers 410 (or 404) for, and then goes by email', async () => {
    const fan = await makeUser(t.db, 'gone');
    const gone = await subscribe(fan.id);
    const missing = await subscribe(fan.id);
    const event = await eventBySlug(t.db, SLUG);
    await notify({ userId: fan.id, topic: 'event-changed', data: { eventId: event.id }, dedupeKey: 'gone:1' });
    await drain(fakePush((endpoint) => (endpoint === gone ? 410 : endpoint === missing ? 404 : 201)).transport);
    expect(await t.db.select().from(s.pushSubscriptions).where(eq(s.pushSubscriptions.userId, fan.id))).toHaveLength(0);
    expect(await row('gone:1')).toMatchObject({ status: 'sent', channel: 'email' });
  });

  it('keeps a subscription that still works when another of the fan’s is gone', async () => {
    const fan = await makeUser(t.db, 'half');
    const gone = await subscribe(fan.id);
    const alive = await subscribe(fan.id);
    const event = await eventBySlug(t.db, SLUG);
    await notify({ userId: fan.id, topic: 'event-changed', data: { eventId: event.id }, dedupeKey: 'half:1' });
    const push = fakePush((endpoint) => (endpoint === gone ? 410 : 201));
    await drain(push.transport);
    const left = await t.db.select({ endpoint: s.pushSubscriptions.endpoint }).from(s.pushSubscriptions).where(eq(s.pushSubscriptions.userId, fan.id));
    expect(left).toEqual([{ endpoint: alive }]);
    expect(await row('half:1')).toMatchObject({ status: 'sent', channel: 'push' });
  });

  it('retries a failing push service with a growing wait, never sends twice, and gives up after the last attempt', async () => {
    const fan = await makeUser(t.db, 'retry');
    await subscribe(fan.id);
    const event = await eventBySlug(t.db, SLUG);
    await notify({ userId: fan.id, topic: 'event-changed', data: { eventId: event.id }, dedupeKey: 'retry:1' });
    let now = new Date();
    const failing = fakePush(() => 503);
    const waits: number[] = [];
    const id = (await row('retry:1')).id;
    for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
      const results = await sendDueNotifications({ transport: failing.transport, now });
      expect(results.filter((result) => result.id === id)).toHaveLength(1);
      // Not due again at once.
      expect((await sendDueNotifications({ transport: failing.transport, now })).some((result) => result.id === id)).toBe(false);
      const after = await row('retry:1');
      if (attempt < MAX_ATTEMPTS) {
        expect(after.status).toBe('queued');
        waits.push(after.nextAttemptAt.getTime() - now.getTime());
        now = new Date(after.nextAttemptAt.getTime() + 1);
      } else expect(after.status).toBe('failed');
    }
    expect(waits[1]).toBeGreaterThan(waits[0]);
    expect((await row('retry:1')).lastError).toMatch(/503/);
    // A later good service does not resend a failed one.
    const good = fakePush();
    await sendDueNotifications({ transport: good.transport, now: new Date(now.getTime() + 86_400_000) });
    expect(good.sent.filter((sent) => sent.payload.tag.startsWith('event-changed'))).toHaveLength(0);
  });

  it('holds an organiser’s notifications to its rate per minute; the rest go out a minute later', async () => {
    const previous = process.env.NOTIFICATIONS_PER_MINUTE;
    process.env.NOTIFICATIONS_PER_MINUTE = '3';
    try {
      const event = await eventBySlug(t.db, SLUG);
      const fans = await Promise.all([1, 2, 3, 4, 5].map((i) => makeUser(t.db, `rate${i}`)));
      const now = new Date(Date.now() + 10 * 60_000);
      for (const fan of fans) await notify({ userId: fan.id, topic: 'announcement', data: { eventId: event.id, message: { sk: 'x', cs: 'x', en: 'x' } }, dedupeKey: `rate:${fan.id}`, organisationId: event.orgId });
      const first = await drain(fakePush().transport, now);
      expect(first.filter((result) => result.outcome === 'email')).toHaveLength(3);
      const later = await drain(fakePush().transport, new Date(now.getTime() + 61_000));
      expect(later.filter((result) => result.outcome === 'email')).toHaveLength(2);
    } finally {
      if (previous === undefined) delete process.env.NOTIFICATIONS_PER_MINUTE;
      else process.env.NOTIFICATIONS_PER_MINUTE = previous;
    }
  });

  it('encrypts for the subscription’s keys (aes128gcm) and signs with VAPID: a push service decrypts the payload', async () => {
    const fan = await makeUser(t.db, 'crypto');
    const ecdh = createECDH('prime256v1');
    ecdh.generateKeys();
    const authSecret = randomBytes(16);
    const received: { headers: IncomingMessage['headers']; body: Buffer }[] = [];
    const server: Server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        received.push({ headers: req.headers, body: Buffer.concat(chunks) });
        res.writeHead(201).end();
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    // The tests' push service on 127.0.0.1 is reachable only with its flag (push-endpoint.ts).
    process.env.PUSH_TEST_SERVICE = '1';
    try {
      const endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}/push/abc`;
      await t.db.insert(s.pushSubscriptions).values({ userId: fan.id, endpoint, p256dh: ecdh.getPublicKey().toString('base64url'), auth: authSecret.toString('base64url') });
      const event = await eventBySlug(t.db, SLUG);
      await notify({ userId: fan.id, topic: 'event-reminder', data: { eventId: event.id, kind: 'day' }, dedupeKey: 'crypto:1' });
      await drain(webPushTransport);
      expect(received).toHaveLength(1);
      expect(received[0].headers['content-encoding']).toBe('aes128gcm');
      expect(received[0].headers.authorization).toMatch(/^vapid t=.+, k=.+/);
      const plain = ece.decrypt(received[0].body, { version: 'aes128gcm', privateKey: ecdh, authSecret: authSecret.toString('base64url') });
      const payload = pushPayloadSchema.parse(JSON.parse(plain.toString('utf8')));
      expect(payload).toMatchObject({ topic: 'event-reminder', title: `${event.title.en} is tomorrow` });
    } finally {
      delete process.env.PUSH_TEST_SERVICE;
      server.close();
    }
  });
});

describe('wired events', () => {
  it('a gift to a registered fan queues "gift-received" for the recipient', async () => {
    const sender = await makeUser(t.db, 'giver');
    const recipient = await makeUser(t.db, 'receiver');
    const { ticket } = await giveTicket(t.db, sender.id, SLUG);
    const response = await gift(request(`/api/v1/tickets/${ticket.id}/gift`, { method: 'POST', headers: auth(sender), body: { email: recipient.email } }), params({ id: ticket.id }));
    expect(response.status).toBe(201);
    const [queued] = await t.db.select().from(s.notifications).where(and(eq(s.notifications.userId, recipient.id), eq(s.notifications.topic, 'gift-received')));
    expect(queued.data).toMatchObject({ ticketId: ticket.id, sender: 'Test giver' });
  });

  it('a resale sale queues "resale-sold" for the seller; a new start time "event-changed" and a cancellation "event-cancelled" for every holder', async () => {
    const { buy } = await import('../helpers/purchases');
    const { updateEvent } = await import('@/lib/server/events/edit');
    const { cancelEvent } = await import('@/lib/server/events/cancel');
    const { makeScanner } = await import('../helpers/tickets');
    const slug = 'dunaj-bratislava-as-trencin';
    const event = await eventBySlug(t.db, slug);
    await t.db.update(s.events).set({ resaleEnabled: true }).where(eq(s.events.id, event.id));
    const seller = await makeUser(t.db, 'reseller');
    const { ticket } = await giveTicket(t.db, seller.id, slug);
    await t.db.update(s.tickets).set({ status: 'listed' }).where(eq(s.tickets.id, ticket.id));
    const [listing] = await t.db.insert(s.resaleListings).values({ ticketId: ticket.id, eventId: event.id, sellerId: seller.id, priceAmount: 1800, currency: 'EUR' }).returning();
    const buyer = await makeUser(t.db, 'rebuyer');
    await buy(t.db, buyer, slug, { listingId: listing.id });
    expect(await row(`resale-sold:${listing.id}`)).toMatchObject({ userId: seller.id, topic: 'resale-sold', orgId: event.orgId, data: { eventId: event.id, amount: 1800, currency: 'EUR' } });

    const owner = await makeScanner(t.db, slug, 'owner');
    const holders = new Set((await t.db.select({ owner: s.tickets.ownerId }).from(s.tickets).where(and(eq(s.tickets.eventId, event.id), inArray(s.tickets.status, ['valid', 'listed'])))).map((r) => r.owner));
    expect(holders.has(buyer.id)).toBe(true);
    const later = new Date(event.startsAt.getTime() + 3_600_000);
    expect((await updateEvent(owner.id, event.id, { startsAt: later.toISOString() })).ok).toBe(true);
    // The same time again is no news; a text change neither.
    expect((await updateEvent(owner.id, event.id, { startsAt: later.toISOString(), title: { sk: 'Iný názov' } })).ok).toBe(true);
    const changed = await t.db.select().from(s.notifications).where(and(eq(s.notifications.topic, 'event-changed'), like(s.notifications.dedupeKey, `event-changed:${event.id}:%`)));
    expect(new Set(changed.map((n) => n.userId))).toEqual(holders);

    expect((await cancelEvent(owner, event.id)).ok).toBe(true);
    const cancelled = await t.db.select().from(s.notifications).where(like(s.notifications.dedupeKey, `event-cancelled:${event.id}:%`));
    expect(new Set(cancelled.map((n) => n.userId))).toEqual(holders);
    // Told by push only: the refund mail is the email (no subscription here, so nothing more).
    await drain(fakePush().transport);
    expect((await row(`event-cancelled:${event.id}:${buyer.id}`)).status).toBe('skipped');
  });

  it('queues the day-before and doors-open reminders once per holder, and warns a cart with two minutes left', async () => {
    const holder = await makeUser(t.db, 'reminded');
    const { event } = await giveTicket(t.db, holder.id, SLUG);
    await giveTicket(t.db, holder.id, SLUG);
    const now = new Date(event.startsAt.getTime() - 20 * 3_600_000);
    await queueDueNotifications({ now });
    await queueDueNotifications({ now });
    const day = await t.db.select().from(s.notifications).where(and(eq(s.notifications.userId, holder.id), eq(s.notifications.topic, 'event-reminder')));
    expect(day).toHaveLength(1);
    expect(day[0].data).toMatchObject({ kind: 'day', eventId: event.id });

    await t.db.update(s.events).set({ doorsAt: new Date(now.getTime() - 60_000) }).where(eq(s.events.id, event.id));
    await queueDueNotifications({ now });
    await queueDueNotifications({ now });
    const both = await t.db.select().from(s.notifications).where(and(eq(s.notifications.userId, holder.id), eq(s.notifications.topic, 'event-reminder')));
    expect(both.map((n) => (n.data as { kind: string }).kind).sort()).toEqual(['day', 'doors']);

    const shopper = await makeUser(t.db, 'shopper');
    const [type] = await t.db.select().from(s.ticketTypes).where(eq(s.ticketTypes.eventId, event.id)).limit(1);
    const [hold] = await t.db.insert(s.holds).values({ userId: shopper.id, eventId: event.id, expiresAt: new Date(now.getTime() + 90_000) }).returning();
    await t.db.insert(s.holdItems).values({ holdId: hold.id, ticketTypeId: type.id, priceAmount: 100 });
    await queueDueNotifications({ now });
    await queueDueNotifications({ now });
    const warned = await t.db.select().from(s.notifications).where(eq(s.notifications.dedupeKey, `hold-expiring:${hold.id}`));
    expect(warned).toHaveLength(1);
    // Paid meanwhile: no warning goes out.
    await t.db.update(s.holds).set({ status: 'completed' }).where(eq(s.holds.id, hold.id));
    await drain(fakePush().transport, now);
    expect((await row(`hold-expiring:${hold.id}`)).status).toBe('skipped');
  });
});

describe('the API', () => {
  it('settings: every topic on both channels until changed; PUT changes the topics and the account’s language', async () => {
    const { GET, PUT } = await import('@/tests/helpers/api');
    const { notificationSettingsAnswerSchema } = await import('@/lib/schemas/notifications');
    const fan = await makeUser(t.db, 'settings');
    const first = await GET(request('/api/v1/notifications/settings', { headers: auth(fan) }), params({}));
    expect(first.status).toBe(200);
    const before = notificationSettingsAnswerSchema.parse(await first.json());
    expect(before.push).toEqual([...NOTIFICATION_TOPICS]);
    expect(before.vapidPublicKey).toMatch(/^[A-Za-z0-9_-]{80,}$/);
    const put = await PUT(
      request('/api/v1/notifications/settings', { method: 'PUT', headers: auth(fan), body: { push: ['gift-received'], email: ['announcement'], locale: 'cs' } }),
      params({}),
    );
    expect(put.status).toBe(200);
    expect(await put.json()).toMatchObject({ push: ['gift-received'], email: ['announcement'], locale: 'cs', pushDevices: 0 });
    const [user] = await t.db.select({ locale: s.users.locale }).from(s.users).where(eq(s.users.id, fan.id));
    expect(user.locale).toBe('cs');
    expect((await GET(request('/api/v1/notifications/settings'), params({}))).status).toBe(401);
  });

  it('push subscriptions: https endpoints only; DELETE removes only the caller’s own', async () => {
    const { POST, DELETE } = await import('@/tests/helpers/api');
    const fan = await makeUser(t.db, 'subscriber');
    const other = await makeUser(t.db, 'other');
    const keys = { p256dh: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM', auth: 'tBHItJI5svbpez7KI4CCXg' };
    const endpoint = 'https://fcm.googleapis.com/fcm/send/abc123';
    expect((await POST(request('/api/v1/notifications/push-subscriptions', { method: 'POST', headers: auth(fan), body: { endpoint, keys } }), params({}))).status).toBe(201);
    const plain = await POST(request('/api/v1/notifications/push-subscriptions', { method: 'POST', headers: auth(fan), body: { endpoint: 'http://evil.example.com/x', keys } }), params({}));
    expect(plain.status).toBe(422);
    expect((await plain.json()).code).toBe('PUSH_ENDPOINT_INVALID');
    await DELETE(request('/api/v1/notifications/push-subscriptions', { method: 'DELETE', headers: auth(other), body: { endpoint } }), params({}));
    expect(await t.db.select().from(s.pushSubscriptions).where(eq(s.pushSubscriptions.endpoint, endpoint))).toHaveLength(1);
    await DELETE(request('/api/v1/notifications/push-subscriptions', { method: 'DELETE', headers: auth(fan), body: { endpoint } }), params({}));
    expect(await t.db.select().from(s.pushSubscriptions).where(eq(s.pushSubscriptions.endpoint, endpoint))).toHaveLength(0);
  });

  it('unsubscribe: a forged token is 404', async () => {
    const { POST } = await import('@/tests/helpers/api');
    const response = await POST(request('/api/v1/notifications/unsubscribe', { method: 'POST', headers: { 'content-type': 'application/json' }, body: { token: 'abcdefghijkl.mnopqrstuv' } }), params({}));
    expect(response.status).toBe(404);
  });

  it('announcements: to every holder once, listed with delivery counts, 3 an hour, another organisation’s event 404', async () => {
    const { GET, POST } = await import('@/tests/helpers/api');
    const { announcementListSchema, announcementSchema } = await import('@/lib/schemas/notifications');
    const { makeScanner } = await import('../helpers/tickets');
    const event = await eventBySlug(t.db, SLUG);
    // A fresh event's holders: two fans, one with two tickets.
    const a = await makeUser(t.db, 'holderA');
    const b = await makeUser(t.db, 'holderB');
    await giveTicket(t.db, a.id, SLUG);
    await giveTicket(t.db, a.id, SLUG);
    await giveTicket(t.db, b.id, SLUG);
    const holders = new Set(
      (await t.db.select({ owner: s.tickets.ownerId }).from(s.tickets).where(and(eq(s.tickets.eventId, event.id), inArray(s.tickets.status, ['valid', 'listed'])))).map((row) => row.owner),
    );
    const manager = await makeScanner(t.db, SLUG, 'manager');
    const path = `/api/v1/organiser/events/${event.id}/announcements`;
    const body = { message: { sk: 'Brány sa otvoria o 30 minút neskôr.', cs: '', en: 'Gates open 30 minutes later.' } };
    const sent = await POST(request(path, { method: 'POST', headers: auth(manager), body }), params({ eventId: event.id }));
    expect(sent.status).toBe(201);
    const announcement = announcementSchema.parse(await sent.json());
    expect(announcement.recipients).toBe(holders.size);
    // Stored as written: the Czech left empty stays empty (it falls back when read).
    expect(announcement.message.cs).toBe('');
    const queued = await t.db.select().from(s.notifications).where(eq(s.notifications.announcementId, announcement.id));
    expect(new Set(queued.map((row) => row.userId))).toEqual(holders);

    await drain(fakePush().transport);
    const listed = announcementListSchema.parse(await (await GET(request(path, { headers: auth(manager) }), params({ eventId: event.id }))).json());
    expect(listed.announcements[0]).toMatchObject({ id: announcement.id, recipients: holders.size, queued: 0 });
    expect(listed.announcements[0].sent + listed.announcements[0].failed).toBeLessThanOrEqual(holders.size);
    expect(listed.announcements[0].sent).toBeGreaterThan(0);

    for (let i = 0; i < 2; i++) expect((await POST(request(path, { method: 'POST', headers: auth(manager), body }), params({ eventId: event.id }))).status).toBe(201);
    const limited = await POST(request(path, { method: 'POST', headers: auth(manager), body }), params({ eventId: event.id }));
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(3000);

    const stranger = await makeScanner(t.db, 'pulz-live-concert', 'owner').catch(() => null);
    const outsider = stranger ?? (await makeUser(t.db, 'outsider'));
    expect((await GET(request(path, { headers: auth(outsider) }), params({ eventId: event.id }))).status).toBe(404);
    expect((await POST(request(path, { method: 'POST', headers: auth(outsider), body }), params({ eventId: event.id }))).status).toBe(404);
    const scanner = await makeScanner(t.db, SLUG, 'scanner');
    expect((await GET(request(path, { headers: auth(scanner) }), params({ eventId: event.id }))).status).toBe(403);
  });
});
