// Feedback under concurrency (PostgreSQL only: PGlite has one connection and serialises every race away).
// The same holder answering from two devices at once stores one answer; sweepers of several server
// processes inviting at the same moment invite every checked-in holder exactly once.
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { POST as fanPost } from '@/tests/helpers/api';
import { rowsOf } from '@/lib/server/db/client';
import * as s from '@/lib/server/db/schema';
import { inviteDueFeedback } from '@/lib/server/feedback/invitations';
import { newTicketKeys } from '@/lib/ticket-code/keys';
import { useTestDatabase } from '../helpers/db';
import { auth, eventBySlug, makeUser, params, request } from '../helpers/tickets';

const t = useTestDatabase({ seeded: true });
const SLUG = 'dunaj-bratislava-spartak-trnava';
const HOLDERS = 240;
const HOUR = 3_600_000;
let eventId: string;
let holderIds: string[] = [];

/** Checked-in tickets of the event for `userIds`, one each, on free units. */
async function checkedIn(userIds: string[]) {
  const [type] = await t.db.select().from(s.ticketTypes).where(eq(s.ticketTypes.eventId, eventId)).orderBy(asc(s.ticketTypes.sortOrder)).limit(1);
  const units = await t.db
    .select({ id: s.inventoryUnits.id })
    .from(s.inventoryUnits)
    // Not a released season seat (on sale again while its ticket still exists).
    .where(and(eq(s.inventoryUnits.ticketTypeId, type.id), eq(s.inventoryUnits.status, 'available'), sql`not exists (select 1 from tickets tk where tk.unit_id = ${s.inventoryUnits.id})`))
    .limit(userIds.length);
  await t.db.update(s.inventoryUnits).set({ status: 'sold' }).where(inArray(s.inventoryUnits.id, units.map((u) => u.id)));
  await t.db.insert(s.tickets).values(
    userIds.map((ownerId, i) => ({ eventId, unitId: units[i].id, ticketTypeId: type.id, ownerId, priceAmount: type.priceAmount, ...newTicketKeys(), status: 'checked_in' as const, checkedInAt: new Date(Date.now() - 5 * HOUR) })),
  );
}

beforeAll(async () => {
  eventId = (await eventBySlug(t.db, SLUG)).id;
  await t.db
    .update(s.events)
    .set({ startsAt: new Date(Date.now() - 5 * HOUR), doorsAt: new Date(Date.now() - 6 * HOUR), endsAt: new Date(Date.now() - 3 * HOUR) })
    .where(eq(s.events.id, eventId));
  const users = await t.db
    .insert(s.users)
    .values(Array.from({ length: HOLDERS }, (_, i) => ({ email: `holder-${i}@race.example.com`, firstName: 'Race', lastName: String(i), locale: 'sk' as const, passwordHash: 'x' })))
    .returning({ id: s.users.id });
  holderIds = users.map((u) => u.id);
  await checkedIn(holderIds);
}, 240_000);

describe('feedback under concurrency (PostgreSQL)', () => {
  it('runs on PostgreSQL', () => {
    expect(t.kind).toBe('postgres');
  });

  it('four sweepers at once invite every checked-in holder exactly once', async () => {
    const claimed: string[] = [];
    // Small batches so that the sweepers overlap over many rounds, as servers of a stadium's match would.
    for (let round = 0; round < 40; round++) {
      const results = await Promise.all([0, 1, 2, 3].map(() => inviteDueFeedback({ limit: 25 })));
      const ours = results.flat().filter((x) => x.eventId === eventId);
      claimed.push(...ours.map((x) => x.userId));
      if (results.every((r) => r.length === 0)) break;
    }
    expect(claimed).toHaveLength(HOLDERS);
    expect(new Set(claimed).size).toBe(HOLDERS);
    const mails = rowsOf<{ to_address: string; n: number }>(
      await t.db.execute(
        sql`select u.email as to_address, count(*)::int as n from notifications n join users u on u.id = n.user_id where n.topic = 'feedback-request' and u.email like '%@race.example.com' group by u.email`,
      ),
    );
    expect(mails).toHaveLength(HOLDERS);
    expect(mails.every((m) => m.n === 1)).toBe(true);
    const invitations = await t.db.select().from(s.feedbackInvitations).where(eq(s.feedbackInvitations.eventId, eventId));
    expect(invitations).toHaveLength(HOLDERS);
    // And nothing is left for the next tick.
    expect((await inviteDueFeedback()).filter((x) => x.eventId === eventId)).toEqual([]);
  });

  it('one holder answering from several devices at once stores one answer', async () => {
    for (let round = 0; round < 15; round++) {
      const fan = await makeUser(t.db, `twice-${round}`);
      await checkedIn([fan.id]);
      const send = (rating: number) => fanPost(request(`/api/v1/events/${SLUG}/feedback`, { method: 'POST', headers: auth(fan), body: { rating, comment: `device ${rating}` } }), params({ id: SLUG }));
      const statuses = (await Promise.all([1, 2, 3, 4, 5].map(send))).map((r) => r.status).sort();
      expect(statuses).toEqual([201, 409, 409, 409, 409]);
      const rows = await t.db.select().from(s.feedbackResponses).where(and(eq(s.feedbackResponses.eventId, eventId), eq(s.feedbackResponses.userId, fan.id)));
      expect(rows).toHaveLength(1);
    }
  });
});
