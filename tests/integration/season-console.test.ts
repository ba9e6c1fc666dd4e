// The console's season tools (issue 28): an announcement to all of a season's holders in one go, the
// season's choice of how a cancelled match is refunded, on the demo seed's FK Dunaj Bratislava.
import { and, eq, inArray } from 'drizzle-orm';
import { GET as getSeasonRoute, PATCH as patchSeasonRoute } from '@/tests/helpers/api';
import { GET as listRoute, POST as sendRoute } from '@/tests/helpers/api';
import { announcementListSchema, announcementSchema } from '@/lib/schemas/notifications';
import { organiserSeasonAnswerSchema } from '@/lib/schemas/seasons';
import * as s from '@/lib/server/db/schema';
import { sendDueNotifications } from '@/lib/server/notifications/sender';
import { useTestDatabase } from '../helpers/db';
import { makeCast, type Cast } from '../helpers/organiser';
import { auth, eventBySlug, giveTicket, makeUser, params, request, type TestUser } from '../helpers/tickets';

const t = useTestDatabase({ seeded: true });
const MATCH = 'dunaj-bratislava-fc-kosice';
const NAME = { sk: 'Jeseň 2027', cs: 'Podzim 2027', en: 'Autumn 2027' };

let cast: Cast;
let club: string;
let seasonId: string;
let holders: { sk: TestUser; cs: TestUser; noMail: TestUser };

beforeAll(async () => {
  const match = await eventBySlug(t.db, MATCH);
  cast = await makeCast(t.db, match.orgId);
  [{ name: club }] = await t.db.select({ name: s.organisations.name }).from(s.organisations).where(eq(s.organisations.id, match.orgId));
  // A season of its own, so that its holders are exactly the fans below.
  [{ id: seasonId }] = await t.db
    .insert(s.seasons)
    .values({ orgId: match.orgId, slug: 'jesen-2027-console', name: NAME, venueId: match.venueId, startsOn: '2027-08-01', endsOn: '2027-12-01' })
    .returning({ id: s.seasons.id });
  holders = { sk: await makeUser(t.db, 'holder-sk'), cs: await makeUser(t.db, 'holder-cs'), noMail: await makeUser(t.db, 'holder-nomail') };
  await t.db.update(s.users).set({ locale: 'sk' }).where(eq(s.users.id, holders.sk.id));
  await t.db.update(s.users).set({ locale: 'cs' }).where(eq(s.users.id, holders.cs.id));
  // Announcement mail off (push too: no device), every other topic on.
  await t.db.insert(s.notificationPreferences).values({ userId: holders.noMail.id, pushTopics: [], emailTopics: ['gift-received', 'event-cancelled'] });
  const seats = await t.db.select({ id: s.venueSeats.id }).from(s.venueSeats).where(eq(s.venueSeats.venueId, match.venueId)).limit(4);
  // The Slovak holder has two seats: still one announcement.
  const owners = [holders.sk, holders.sk, holders.cs, holders.noMail];
  await t.db.insert(s.seasonTickets).values(owners.map((owner, i) => ({ seasonId, userId: owner.id, seatId: seats[i].id })));
}, 180_000);

/** Sends until the queue has nothing due; no browser is subscribed, so everything goes by email. */
async function drain() {
  while ((await sendDueNotifications({ transport: async () => 201 })).length);
}

describe('an announcement to all of a season’s holders (item 5)', () => {
  const path = () => `/api/v1/organiser/seasons/${seasonId}/announcements`;
  const body = { message: { sk: 'Permanentky si vyzdvihnete pri pokladni B.', cs: 'Permanentky si vyzvednete u pokladny B.', en: 'Collect your season cards at desk B.' } };

  it('reaches each holder once, in their language, titled with the season and signed with the club; nobody else', async () => {
    // A fan with a plain ticket to a match of the club is no holder of this season.
    const bystander = await makeUser(t.db, 'bystander');
    await giveTicket(t.db, bystander.id, MATCH);
    const sent = await sendRoute(request(path(), { method: 'POST', headers: auth(cast.manager), body }), params({ seasonId }));
    expect(sent.status).toBe(201);
    const announcement = announcementSchema.parse(await sent.json());
    expect(announcement.recipients).toBe(3);
    const [row] = await t.db.select().from(s.announcements).where(eq(s.announcements.id, announcement.id));
    expect(row).toMatchObject({ seasonId, eventId: null });
    const queued = await t.db.select().from(s.notifications).where(eq(s.notifications.announcementId, announcement.id));
    expect(queued.map((n) => n.userId).sort()).toEqual([holders.sk.id, holders.cs.id, holders.noMail.id].sort());

    await drain();
    const mails = await t.db
      .select()
      .from(s.emailOutbox)
      .where(and(eq(s.emailOutbox.kind, 'notification-announcement'), inArray(s.emailOutbox.toAddress, [holders.sk.email, holders.cs.email, holders.noMail.email, bystander.email])));
    expect(mails.map((m) => m.toAddress).sort()).toEqual([holders.sk.email, holders.cs.email].sort());
    const to = (user: TestUser) => mails.find((m) => m.toAddress === user.email)!;
    expect(to(holders.sk)).toMatchObject({ locale: 'sk', subject: NAME.sk });
    expect(to(holders.sk).textBody).toContain(`${body.message.sk}\n— ${club}`);
    expect(to(holders.cs)).toMatchObject({ locale: 'cs', subject: NAME.cs });
    expect(to(holders.cs).textBody).toContain(`${body.message.cs}\n— ${club}`);
    const after = await t.db.select({ userId: s.notifications.userId, status: s.notifications.status }).from(s.notifications).where(eq(s.notifications.announcementId, announcement.id));
    expect(after.find((n) => n.userId === holders.noMail.id)?.status).toBe('skipped');

    const listed = announcementListSchema.parse(await (await listRoute(request(path(), { headers: auth(cast.owner) }), params({ seasonId }))).json());
    expect(listed.announcements).toHaveLength(1);
    expect(listed.announcements[0]).toMatchObject({ id: announcement.id, recipients: 3, queued: 0, sent: 2, failed: 0 });
  });

  it('is the owner’s and manager’s only: a scanner 403, another organisation 404, a fan 404; at most 3 an hour per season', async () => {
    expect((await sendRoute(request(path(), { method: 'POST', headers: auth(cast.scanner), body }), params({ seasonId }))).status).toBe(403);
    expect((await listRoute(request(path(), { headers: auth(cast.scanner) }), params({ seasonId }))).status).toBe(403);
    expect((await sendRoute(request(path(), { method: 'POST', headers: auth(cast.stranger), body }), params({ seasonId }))).status).toBe(404);
    expect((await listRoute(request(path(), { headers: auth(cast.stranger) }), params({ seasonId }))).status).toBe(404);
    expect((await sendRoute(request(path(), { method: 'POST', headers: auth(cast.fan), body }), params({ seasonId }))).status).toBe(404);
    // The first test sent one this hour.
    for (let i = 0; i < 2; i++) expect((await sendRoute(request(path(), { method: 'POST', headers: auth(cast.owner), body }), params({ seasonId }))).status).toBe(201);
    const limited = await sendRoute(request(path(), { method: 'POST', headers: auth(cast.owner), body }), params({ seasonId }));
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(3000);
    expect(await t.db.select().from(s.announcements).where(eq(s.announcements.seasonId, seasonId))).toHaveLength(3);
    await drain();
  });

  it('refuses an empty message and a control character (422), and stores nothing', async () => {
    const before = (await t.db.select().from(s.announcements)).length;
    for (const message of [{ sk: '', cs: ' ', en: '' }, { sk: 'a\u0000b', cs: '', en: '' }]) {
      const answer = await sendRoute(request(path(), { method: 'POST', headers: auth(cast.manager), body: { message } }), params({ seasonId }));
      expect(answer.status).toBe(422);
    }
    expect(await t.db.select().from(s.announcements)).toHaveLength(before);
  });

  it('the database takes an announcement to at most one of an event and a season (neither: the whole organisation’s)', async () => {
    const match = await eventBySlug(t.db, MATCH);
    const row = { orgId: match.orgId, message: { sk: 'x', cs: 'x', en: 'x' } };
    await expect(t.db.insert(s.announcements).values({ ...row, eventId: match.id, seasonId })).rejects.toThrow();
  });
});

describe('how a cancelled match is refunded, the season’s choice', () => {
  const path = () => `/api/v1/organiser/seasons/${seasonId}`;
  const season = async (who: TestUser) => organiserSeasonAnswerSchema.parse(await (await getSeasonRoute(request(path(), { headers: auth(who) }), params({ seasonId }))).json()).season;

  it('is the card by default, and the owner or manager turns it to wallet credit and back', async () => {
    expect((await season(cast.manager)).cancelRefundMode).toBe('payment');
    const credit = await patchSeasonRoute(request(path(), { method: 'PATCH', headers: auth(cast.manager), body: { cancelRefundMode: 'credit' } }), params({ seasonId }));
    expect(credit.status).toBe(200);
    expect(organiserSeasonAnswerSchema.parse(await credit.json()).season.cancelRefundMode).toBe('credit');
    // What organiser/cancel.ts reads when it refunds a share.
    const [row] = await t.db.select({ mode: s.seasons.cancelRefundMode }).from(s.seasons).where(eq(s.seasons.id, seasonId));
    expect(row.mode).toBe('credit');
    // Another setting saved alone leaves the choice as it is.
    expect((await patchSeasonRoute(request(path(), { method: 'PATCH', headers: auth(cast.owner), body: { releaseSharePercent: 40 } }), params({ seasonId }))).status).toBe(200);
    expect((await season(cast.owner)).cancelRefundMode).toBe('credit');
    expect((await patchSeasonRoute(request(path(), { method: 'PATCH', headers: auth(cast.owner), body: { cancelRefundMode: 'payment' } }), params({ seasonId }))).status).toBe(200);
    expect((await season(cast.owner)).cancelRefundMode).toBe('payment');
  });

  it('refuses another value (422, translated), a scanner (403) and another organisation (404)', async () => {
    const wrong = await patchSeasonRoute(request(path(), { method: 'PATCH', headers: { ...auth(cast.manager), 'accept-language': 'en' }, body: { cancelRefundMode: 'cash' } }), params({ seasonId }));
    expect(wrong.status).toBe(422);
    expect((await wrong.json()).message).toBe('Choose how a cancelled match is refunded.');
    expect((await patchSeasonRoute(request(path(), { method: 'PATCH', headers: auth(cast.scanner), body: { cancelRefundMode: 'credit' } }), params({ seasonId }))).status).toBe(403);
    expect((await patchSeasonRoute(request(path(), { method: 'PATCH', headers: auth(cast.stranger), body: { cancelRefundMode: 'credit' } }), params({ seasonId }))).status).toBe(404);
    const [row] = await t.db.select({ mode: s.seasons.cancelRefundMode }).from(s.seasons).where(eq(s.seasons.id, seasonId));
    expect(row.mode).toBe('payment');
  });
});
