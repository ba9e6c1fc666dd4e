// An announcement to everyone with a ticket to the organisation's coming events (issue 31 item 8g): each
// person once however many matches they hold tickets to, not the holders of another organisation's events
// nor of played or cancelled ones only, not fans who turned the club's mail off; sent by the one queue and
// signed with the club's name in each fan's language; owners and managers only.
import { and, asc, eq, gt, inArray } from 'drizzle-orm';
import { NOTIFICATION_TOPICS, announcementSchema, organisationAnnouncementListSchema } from '@/lib/schemas/notifications';
import * as s from '@/lib/server/db/schema';
import { sendDueNotifications } from '@/lib/server/notifications/sender';
import { GET, POST } from '@/tests/helpers/api';
import { useTestDatabase } from '../helpers/db';
import { auth, eventBySlug, giveTicket, makeScanner, makeUser, params, request, type TestUser } from '../helpers/tickets';

const t = useTestDatabase({ seeded: true });
const CLUB_EVENT = 'dunaj-bratislava-fc-kosice';
const OTHER_EVENT = 'luka-fest-warm-up';


async function drain() {
  // No push subscriptions here: every fan is told by email (or skipped).
  while ((await sendDueNotifications({ transport: async () => 201 })).length);
}

const mailsTo = (email: string) => t.db.select().from(s.emailOutbox).where(and(eq(s.emailOutbox.toAddress, email), eq(s.emailOutbox.kind, 'notification-announcement')));

async function speaks(user: TestUser, locale: 'sk' | 'cs' | 'en') {
  await t.db.update(s.users).set({ locale }).where(eq(s.users.id, user.id));
  return user;
}

describe('announcement to all the organisation’s ticket holders', () => {
  it('reaches each holder of a coming event once, in their language, signed with the club; not others', async () => {
    const club = await eventBySlug(t.db, CLUB_EVENT);
    const [org] = await t.db.select().from(s.organisations).where(eq(s.organisations.id, club.orgId));
    // Four coming matches of the club: two stay coming, one is made played, one cancelled.
    const coming = await t.db
      .select()
      .from(s.events)
      .where(and(eq(s.events.orgId, club.orgId), eq(s.events.status, 'on_sale'), gt(s.events.startsAt, new Date(Date.now() + 86_400_000))))
      .orderBy(asc(s.events.startsAt));
    expect(coming.length).toBeGreaterThanOrEqual(4);
    const [first, second, played, cancelled] = coming;

    const twoMatches = await speaks(await makeUser(t.db, 'two-matches'), 'cs');
    const oneMatch = await speaks(await makeUser(t.db, 'one-match'), 'en');
    const playedOnly = await makeUser(t.db, 'played-only');
    const cancelledOnly = await makeUser(t.db, 'cancelled-only');
    const otherOrg = await makeUser(t.db, 'other-org');
    const optedOut = await makeUser(t.db, 'opted-out');
    await giveTicket(t.db, twoMatches.id, first.slug);
    await giveTicket(t.db, twoMatches.id, first.slug);
    await giveTicket(t.db, twoMatches.id, second.slug);
    await giveTicket(t.db, oneMatch.id, second.slug);
    await giveTicket(t.db, playedOnly.id, played.slug);
    await giveTicket(t.db, cancelledOnly.id, cancelled.slug);
    await giveTicket(t.db, otherOrg.id, OTHER_EVENT);
    await giveTicket(t.db, optedOut.id, first.slug);
    const past = new Date(Date.now() - 2 * 86_400_000);
    await t.db.update(s.events).set({ startsAt: past, endsAt: new Date(past.getTime() + 2 * 3_600_000), doorsAt: null }).where(eq(s.events.id, played.id));
    await t.db.update(s.events).set({ status: 'cancelled' }).where(eq(s.events.id, cancelled.id));
    // The fan turned the club's announcements off (email; no push device).
    const topics = [...NOTIFICATION_TOPICS];
    await t.db.insert(s.notificationPreferences).values({ userId: optedOut.id, pushTopics: topics, emailTopics: topics.filter((topic) => topic !== 'announcement') });

    const manager = await makeScanner(t.db, CLUB_EVENT, 'manager');
    const path = `/api/v1/organiser/organisations/${club.orgId}/announcements`;
    const before = organisationAnnouncementListSchema.parse(await (await GET(request(path, { headers: auth(manager) }), params({ orgId: club.orgId }))).json());

    const body = { message: { sk: 'Pokladňa je v sobotu otvorená od 9:00.', cs: '', en: 'The box office opens at 9:00 on Saturday.' } };
    const sent = await POST(request(path, { method: 'POST', headers: auth(manager), body }), params({ orgId: club.orgId }));
    expect(sent.status).toBe(201);
    const announcement = announcementSchema.parse(await sent.json());
    // The count shown before sending is whom it reached.
    expect(announcement.recipients).toBe(before.audience);
    // Stored as written: the Czech left empty stays empty (read, it falls back).
    expect(announcement.message).toEqual(body.message);

    const queued = await t.db.select({ userId: s.notifications.userId }).from(s.notifications).where(eq(s.notifications.announcementId, announcement.id));
    const users = queued.map((row) => row.userId);
    expect(users.filter((id) => id === twoMatches.id)).toHaveLength(1);
    expect(users).toContain(oneMatch.id);
    for (const outsider of [playedOnly, cancelledOnly, otherOrg]) expect(users).not.toContain(outsider.id);
    expect(new Set(users).size).toBe(users.length);

    await drain();
    const [czech] = await mailsTo(twoMatches.email);
    expect(await mailsTo(twoMatches.email)).toHaveLength(1);
    expect(czech.subject).toBe(org.name);
    // No Czech written: the club's own language (Slovak) is read; signed with the club, not Tribuna's team.
    expect(czech.textBody).toContain(body.message.sk);
    expect(czech.textBody).toContain(org.name);
    expect(czech.textBody).not.toContain('Tým Tribuny');
    const [english] = await mailsTo(oneMatch.email);
    expect(english.textBody).toContain(body.message.en);
    expect(english.textBody).toContain(org.name);
    for (const outsider of [playedOnly, cancelledOnly, otherOrg, optedOut]) expect(await mailsTo(outsider.email)).toHaveLength(0);

    const listed = organisationAnnouncementListSchema.parse(await (await GET(request(path, { headers: auth(manager) }), params({ orgId: club.orgId }))).json());
    expect(listed.announcements[0]).toMatchObject({ id: announcement.id, queued: 0, message: body.message });
    // The club's own list holds its announcements to everyone, no match's or season's.
    const rows = await t.db.select().from(s.announcements).where(inArray(s.announcements.id, listed.announcements.map((a) => a.id)));
    expect(rows.every((row) => row.eventId === null && row.seasonId === null)).toBe(true);

    // 3 an hour, like a match's.
    for (let i = 0; i < 2; i++) expect((await POST(request(path, { method: 'POST', headers: auth(manager), body }), params({ orgId: club.orgId }))).status).toBe(201);
    const limited = await POST(request(path, { method: 'POST', headers: auth(manager), body }), params({ orgId: club.orgId }));
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('refuses a scanner, hides the organisation from another one’s member and answers bad input with a translated 4xx', async () => {
    const club = await eventBySlug(t.db, CLUB_EVENT);
    const path = `/api/v1/organiser/organisations/${club.orgId}/announcements`;
    const body = { message: { sk: 'Oznam', cs: '', en: '' } };
    const scanner = await makeScanner(t.db, CLUB_EVENT, 'scanner');
    expect((await GET(request(path, { headers: auth(scanner) }), params({ orgId: club.orgId }))).status).toBe(403);
    expect((await POST(request(path, { method: 'POST', headers: auth(scanner), body }), params({ orgId: club.orgId }))).status).toBe(403);
    const stranger = await makeScanner(t.db, OTHER_EVENT, 'owner');
    expect((await GET(request(path, { headers: auth(stranger) }), params({ orgId: club.orgId }))).status).toBe(404);
    expect((await POST(request(path, { method: 'POST', headers: auth(stranger), body }), params({ orgId: club.orgId }))).status).toBe(404);

    const owner = await makeScanner(t.db, CLUB_EVENT, 'owner');
    const empty = await POST(request(path, { method: 'POST', headers: auth(owner, { 'accept-language': 'sk' }), body: { message: { sk: '', cs: '', en: '' } } }), params({ orgId: club.orgId }));
    expect(empty.status).toBe(422);
    expect(JSON.stringify(await empty.json())).toContain('Napíšte');
    const tooLong = await POST(request(path, { method: 'POST', headers: auth(owner), body: { message: { sk: 'x'.repeat(281), cs: '', en: '' } } }), params({ orgId: club.orgId }));
    expect(tooLong.status).toBe(422);
    const notUuid = await POST(request('/api/v1/organiser/organisations/nie-uuid/announcements', { method: 'POST', headers: auth(owner), body }), params({ orgId: 'nie-uuid' }));
    expect(notUuid.status).toBeGreaterThanOrEqual(400);
    expect(notUuid.status).toBeLessThan(500);
    // None of these queued anything.
    expect(await t.db.select().from(s.announcements).where(and(eq(s.announcements.orgId, club.orgId), eq(s.announcements.authorId, owner.id)))).toHaveLength(0);
  });
});
