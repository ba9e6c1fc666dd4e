// The notification queue on PostgreSQL (issue 19): senders of several server processes work one queue at
// once, and each notification goes out exactly once — one push per device, or one email — and an
// organiser's rate holds across them. Run: npm run test:pg -- tests/pg/notifications.test.ts
import { eq, like, sql } from 'drizzle-orm';
import { openDatabase, rowsOf } from '@/lib/server/db/client';
import * as s from '@/lib/server/db/schema';
import { notify } from '@/lib/server/notifications/notify';
import { sendDueNotifications, type PushTransport } from '@/lib/server/notifications/sender';
import { isPostgresRun, useTestDatabase } from '../helpers/db';

const t = useTestDatabase();
const describePg = isPostgresRun() ? describe : describe.skip;

const KEYS = { p256dh: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM', auth: 'tBHItJI5svbpez7KI4CCXg' };

async function makeUsers(count: number, tag: string): Promise<string[]> {
  const rows = await t.db
    .insert(s.users)
    .values(Array.from({ length: count }, (_, i) => ({ email: `${tag}${i}@example.com`, firstName: 'Fan', lastName: String(i), locale: 'en' as const, passwordHash: 'x', emailVerifiedAt: new Date() })))
    .returning({ id: s.users.id });
  return rows.map((row) => row.id);
}

/** One server process's sender: its own connection pool, working until nothing queued is left. */
async function senderProcess(transport: PushTransport, now?: Date) {
  const handle = openDatabase({ url: t.url!, poolSize: 3 });
  const outcomes: string[] = [];
  try {
    for (let idle = 0; idle < 200; ) {
      const results = await sendDueNotifications({ db: handle.db, transport, limit: 10, now });
      outcomes.push(...results.map((result) => result.outcome));
      if (results.length) continue;
      const [left] = rowsOf<{ n: number }>(await handle.db.execute(sql`select count(*)::int as n from notifications where status = 'queued' and next_attempt_at <= ${(now ?? new Date()).toISOString()}::timestamptz + interval '5 minutes'`));
      if (!Number(left.n)) break;
      idle++;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  } finally {
    await handle.close();
  }
  return outcomes;
}

describePg('two senders at once', () => {
  it('send each notification exactly once: one push per device, one email per fan without one', async () => {
    const pushed = await makeUsers(120, 'pushed');
    const mailed = await makeUsers(60, 'mailed');
    await t.db.insert(s.pushSubscriptions).values(pushed.map((userId, i) => ({ userId, endpoint: `https://push.example.com/${i}`, ...KEYS })));
    for (const userId of [...pushed, ...mailed]) await notify({ userId, topic: 'event-changed', data: {}, dedupeKey: `once:${userId}` });

    const deliveries = new Map<string, number>();
    const transport: PushTransport = async (target) => {
      // A push service that takes a moment: the senders' work overlaps.
      await new Promise((resolve) => setTimeout(resolve, 2));
      deliveries.set(target.endpoint, (deliveries.get(target.endpoint) ?? 0) + 1);
      return 201;
    };
    const [a, b, c] = await Promise.all([senderProcess(transport), senderProcess(transport), senderProcess(transport)]);
    // Every sender did part of the work.
    expect(a.length).toBeGreaterThan(0);
    expect(b.length + c.length).toBeGreaterThan(0);
    expect(a.length + b.length + c.length).toBe(180);

    expect(deliveries.size).toBe(120);
    expect([...deliveries.values()].every((times) => times === 1)).toBe(true);
    const mails = rowsOf<{ to_address: string; n: number }>(
      await t.db.execute(sql`select to_address, count(*)::int as n from email_outbox where kind = 'notification-event-changed' group by to_address`),
    );
    expect(mails).toHaveLength(60);
    expect(mails.every((mail) => Number(mail.n) === 1 && mail.to_address.startsWith('mailed'))).toBe(true);
    const rows = await t.db.select({ status: s.notifications.status, channel: s.notifications.channel, attempts: s.notifications.attempts }).from(s.notifications).where(like(s.notifications.dedupeKey, 'once:%'));
    expect(rows.filter((row) => row.status === 'sent' && row.channel === 'push')).toHaveLength(120);
    expect(rows.filter((row) => row.status === 'sent' && row.channel === 'email')).toHaveLength(60);
    expect(rows.every((row) => row.attempts === 1)).toBe(true);
  });

  it('hold an organiser to its rate per minute together', async () => {
    const previous = process.env.NOTIFICATIONS_PER_MINUTE;
    process.env.NOTIFICATIONS_PER_MINUTE = '25';
    try {
      const [org] = await t.db.insert(s.organisations).values({ slug: 'rate-org', name: 'Rate', kind: 'club', country: 'SK' }).returning({ id: s.organisations.id });
      const fans = await makeUsers(80, 'rated');
      for (const userId of fans) await notify({ userId, topic: 'announcement', data: { message: { sk: 'x', cs: 'x', en: 'x' } }, dedupeKey: `rate:${userId}`, organisationId: org.id });
      const now = new Date(Date.now() + 3_600_000);
      const transport: PushTransport = async () => 201;
      await Promise.all([senderProcess(transport, now), senderProcess(transport, now)]);
      const sent = await t.db.$count(s.notifications, sql`${s.notifications.orgId} = ${org.id} and ${s.notifications.status} = 'sent'`);
      expect(sent).toBe(25);
      const [{ waiting }] = await t.db.select({ waiting: sql<number>`count(*)::int` }).from(s.notifications).where(eq(s.notifications.orgId, org.id));
      expect(Number(waiting)).toBe(80);
    } finally {
      if (previous === undefined) delete process.env.NOTIFICATIONS_PER_MINUTE;
      else process.env.NOTIFICATIONS_PER_MINUTE = previous;
    }
  });
});
