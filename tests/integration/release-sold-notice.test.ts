// A season-ticket holder whose released seat sold is told so (issue 18 item 3): "release-sold" is queued with
// the credit in the payment's transaction, once, and reads in the fan's language — the match, the credit, and
// a tap that opens the wallet on the profile. Without a push device it comes by email.
import { and, eq } from 'drizzle-orm';
import { pushPayloadSchema } from '@/lib/schemas/notifications';
import * as s from '@/lib/server/db/schema';
import { sendDueNotifications, type PushTransport } from '@/lib/server/notifications/sender';
import { releaseTicket } from '@/lib/server/seasons/release';
import { useTestDatabase } from '../helpers/db';
import { buy } from '../helpers/purchases';
import { eventBySlug, makeUser } from '../helpers/tickets';
import { makeSeasonHolder, MATCH } from '../helpers/season-release';

const t = useTestDatabase({ seeded: true });


type Payload = ReturnType<typeof pushPayloadSchema.parse>;

async function drain(transport: PushTransport) {
  while ((await sendDueNotifications({ transport })).length) {
    // until nothing is due
  }
}

/** A holder in `locale` whose released seat for MATCH another fan bought; answers them and the credit. */
async function soldRelease(tag: string, locale: 'sk' | 'cs' | 'en') {
  const { holder, seatId, ticketId } = await makeSeasonHolder(t.db, tag);
  await t.db.update(s.users).set({ locale }).where(eq(s.users.id, holder.id));
  const released = await releaseTicket(holder, { ticketId });
  if (!released.ok) throw new Error(released.code);
  await buy(t.db, await makeUser(t.db, `${tag}-buyer`), MATCH, { seatIds: [seatId] });
  return { holder, release: released.release };
}

const money = (amount: number, locale: string) => new Intl.NumberFormat(locale, { style: 'currency', currency: 'EUR' }).format(amount / 100);

describe('"release-sold": the holder hears that their released seat sold', () => {
  it.each([
    ['sk', 'Uvoľnené miesto sa predalo', (event: string, price: string) => `Vaše miesto na ${event} sa predalo. Do peňaženky Tribuna vám pribudol kredit ${price}.`, '/sk/profil#wallet'],
    ['cs', 'Uvolněné místo se prodalo', (event: string, price: string) => `Vaše místo na ${event} se prodalo. Do peněženky Tribuna vám přibyl kredit ${price}.`, '/cs/profil#wallet'],
    ['en', 'Your released seat sold', (event: string, price: string) => `Your seat for ${event} sold. ${price} of credit is now in your Tribuna wallet.`, '/en/profile#wallet'],
  ] as const)('by push in %s: the match, the credit, a tap to the wallet', async (locale, title, body, url) => {
    const { holder, release } = await soldRelease(`notice-push-${locale}`, locale);
    const endpoint = `https://push.example.com/release/${locale}`;
    await t.db.insert(s.pushSubscriptions).values({ userId: holder.id, endpoint, p256dh: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM', auth: 'tBHItJI5svbpez7KI4CCXg' });
    const sent: Payload[] = [];
    await drain(async (target, payload) => {
      if (target.endpoint === endpoint) sent.push(pushPayloadSchema.parse(JSON.parse(payload)));
      return 201;
    });
    const event = await eventBySlug(t.db, MATCH);
    expect(release.creditAmount).toBeGreaterThan(0);
    expect(sent).toEqual([{ topic: 'release-sold', title, body: body(event.title[locale], money(release.creditAmount, locale)), url, tag: `release-sold:${release.id}` }]);
    const rows = await t.db.select().from(s.notifications).where(and(eq(s.notifications.userId, holder.id), eq(s.notifications.topic, 'release-sold')));
    expect(rows).toMatchObject([{ status: 'sent', channel: 'push', dedupeKey: `release-sold:${release.id}` }]);
  });

  it('without a push device it comes by email, in the fan’s language', async () => {
    const { holder, release } = await soldRelease('notice-mail', 'cs');
    await drain(async () => 201);
    const mails = await t.db.select().from(s.emailOutbox).where(eq(s.emailOutbox.toAddress, holder.email));
    const told = mails.filter((m) => m.subject === 'Uvolněné místo se prodalo');
    expect(told).toHaveLength(1);
    const event = await eventBySlug(t.db, MATCH);
    expect(told[0].textBody).toContain(`Vaše místo na ${event.title.cs} se prodalo. Do peněženky Tribuna vám přibyl kredit ${money(release.creditAmount, 'cs')}.`);
    expect(told[0].textBody).toContain('/cs/profil#wallet');
  });

  it('a fan who turned "release-sold" off on both channels gets nothing', async () => {
    const { holder } = await soldRelease('notice-off', 'en');
    const others = ['resale-sold' as const];
    await t.db.insert(s.notificationPreferences).values({ userId: holder.id, pushTopics: others, emailTopics: others });
    await drain(async () => 201);
    const [row] = await t.db.select().from(s.notifications).where(and(eq(s.notifications.userId, holder.id), eq(s.notifications.topic, 'release-sold')));
    expect(row.status).toBe('skipped');
    expect((await t.db.select().from(s.emailOutbox).where(eq(s.emailOutbox.toAddress, holder.email))).filter((m) => m.subject === 'Your released seat sold')).toHaveLength(0);
  });
});
