// A queued on-sale (issue 34): the waiting room admits fans at its rate, every hold kind of a queued
// event (and the season hold of a queued season sale) needs the fan's signed admission, an unused admission expires and the turn passes, one place per
// account, the fair draw of the pre-queue, and presale windows by season ticket, points and code.
import { and, eq, sql } from 'drizzle-orm';
import * as s from '@/lib/server/db/schema';
import { rowsOf } from '@/lib/server/db/client';
import { FAMILY_EVENT } from '@/lib/server/db/seed/packages';
import { eventChanged } from '@/lib/server/events/changed';
import { queueStatusSchema, seasonQueueStatusSchema, waitingRoomSchema, presaleCodesSchema, type QueueStatus } from '@/lib/schemas/queue';
import { cartSchema } from '@/lib/schemas/cart';
import { seasonPaymentSchema } from '@/lib/schemas/seasons';
import { seasonSale } from '@/lib/server/seasons/sale';
import { checkAdmission, forgetQueuedEvents, ADMISSION_HEADER } from '@/lib/server/queue/admission';
import { admitStep, roomOf, roomOfEvent } from '@/lib/server/queue/room';
import { joinQueue, queueStatus } from '@/lib/server/queue/fan';
import { DEFAULT_RATE_PER_MINUTE } from '@/lib/server/queue/rate';
import { callApi } from '@/tests/helpers/api';
import { useTestDatabase } from '../helpers/db';
import { answerOf, failureBodyOf } from '../helpers/contract';
import { freeSeatsOf } from '../helpers/seats';
import { auth, giveTicket, makeUser, request, type TestUser } from '../helpers/tickets';
import { makeMember } from '../helpers/organiser';

const t = useTestDatabase({ seeded: true });
const STADIUM = 'dunaj-bratislava-fc-kosice';
const CONCERT = 'polarna-ziara-kosice';
const SEASON = 'fk-dunaj-bratislava-zima';
const MIN = 60_000;

let owner: TestUser;


// Each test queues the sales it needs: a failed one leaves no room behind for the next.
afterEach(async () => {
  await t.db.delete(s.waitingRooms);
  forgetQueuedEvents();
});

async function eventOf(slug: string) {
  const [row] = await t.db.select().from(s.events).where(eq(s.events.slug, slug));
  return row;
}

async function organiserOf(slug: string): Promise<TestUser> {
  const event = await eventOf(slug);
  return makeMember(t.db, event.orgId, 'manager', `queue-${slug}`);
}

async function queueSale(slug: string, body: Record<string, unknown> = {}) {
  const event = await eventOf(slug);
  owner = await organiserOf(slug);
  const response = await callApi(request(`/api/v1/organiser/events/${event.id}/waiting-room`, { method: 'PUT', headers: auth(owner), body }));
  return { event, room: await answerOf(waitingRoomSchema, response) };
}

async function seasonOf(slug: string) {
  const [row] = await t.db.select().from(s.seasons).where(eq(s.seasons.slug, slug));
  return row;
}

/** Queues a season's ticket sale through the organiser's API (a manager of its organisation). */
async function queueSeason(slug: string, body: Record<string, unknown> = {}) {
  const season = await seasonOf(slug);
  const manager = await makeMember(t.db, season.orgId, 'manager', `queue-season-${slug}`);
  const response = await callApi(request(`/api/v1/organiser/seasons/${season.id}/waiting-room`, { method: 'PUT', headers: auth(manager), body }));
  return { season, manager, room: await answerOf(waitingRoomSchema, response) };
}

const seasonHold = (fan: TestUser, slug: string, seatIds: string[], admission?: string) =>
  callApi(request(`/api/v1/seasons/${slug}/purchase`, { method: 'POST', headers: auth(fan, admission ? { [ADMISSION_HEADER]: admission } : {}), body: { seatIds } }));

async function freeSeasonSeat(slug: string, userId: string, skip: number): Promise<string> {
  const sale = await seasonSale(slug, userId);
  const free = sale!.sections.flatMap((sec) => sec.rows.flatMap((r) => r.seats.filter((seat) => seat.state === 'free').map((seat) => seat.id)));
  return free[skip];
}

async function stopQueue(slug: string) {
  const event = await eventOf(slug);
  const response = await callApi(request(`/api/v1/organiser/events/${event.id}/waiting-room`, { method: 'DELETE', headers: auth(await organiserOf(slug)) }));
  expect(response.status).toBe(200);
}

async function setSaleStart(slug: string, at: Date | null) {
  const event = await eventOf(slug);
  await t.db.update(s.events).set({ saleStartsAt: at }).where(eq(s.events.id, event.id));
  await eventChanged(event.id);
}

const join = (fan: TestUser, slug: string) => callApi(request(`/api/v1/events/${slug}/queue`, { method: 'POST', headers: auth(fan) }));
const poll = (fan: TestUser, slug: string) => callApi(request(`/api/v1/events/${slug}/queue`, { headers: auth(fan) }));
const hold = (fan: TestUser, slug: string, body: unknown, admission?: string) =>
  callApi(request(`/api/v1/events/${slug}/cart/items`, { method: 'POST', headers: auth(fan, admission ? { [ADMISSION_HEADER]: admission } : {}), body }));

async function placeOf(fan: TestUser, slug: string, now: number): Promise<QueueStatus> {
  const result = await queueStatus({ userId: fan.id, eventRef: slug, now });
  if (!result.ok) throw new Error(result.code);
  return result.status;
}

describe('a queued sale: every hold needs an admission', () => {
  afterAll(async () => {
    await stopQueue(STADIUM);
    await stopQueue(CONCERT);
    await stopQueue(FAMILY_EVENT);
  });

  it('seat, standing, resale, package and season holds answer ADMISSION_REQUIRED without one, and succeed with the fan’s own', async () => {
    const { room } = await queueSale(STADIUM, { ratePerMinute: 6000 });
    expect(room).toMatchObject({ defaultRatePerMinute: DEFAULT_RATE_PER_MINUTE, room: { ratePerMinute: 6000, effectiveRatePerMinute: 6000, admissionMinutes: 10 } });
    await queueSale(CONCERT, { ratePerMinute: 6000 });
    await queueSale(FAMILY_EVENT, { ratePerMinute: 6000 });
    const { room: seasonRoom, season } = await queueSeason(SEASON, { ratePerMinute: 6000 });
    expect(seasonRoom.room).toMatchObject({ ratePerMinute: 6000, waiting: 0, admitted: 0 });

    const fan = await makeUser(t.db, 'queue-holds');
    const other = await makeUser(t.db, 'queue-other');
    const [seat] = await freeSeatsOf(t.db, STADIUM, 1, 500);
    const concert = await eventOf(CONCERT);
    const [standing] = await t.db.select().from(s.ticketTypes).where(and(eq(s.ticketTypes.eventId, concert.id), eq(s.ticketTypes.code, 'GA')));
    const seller = await makeUser(t.db, 'queue-seller');
    const { ticket, event: stadium } = await giveTicket(t.db, seller.id, STADIUM);
    await t.db.update(s.tickets).set({ status: 'listed' }).where(eq(s.tickets.id, ticket.id));
    const [listing] = await t.db.insert(s.resaleListings).values({ ticketId: ticket.id, eventId: stadium.id, sellerId: seller.id, priceAmount: 2500, currency: 'EUR' }).returning({ id: s.resaleListings.id });
    const [pkg] = await t.db.select().from(s.packages).where(sql`${s.packages.name}->>'en' = 'Family ticket: 2 adults + 2 children'`);
    const packageHold = (admission?: string) =>
      callApi(request(`/api/v1/events/${FAMILY_EVENT}/cart/packages`, { method: 'POST', headers: auth(fan, admission ? { [ADMISSION_HEADER]: admission } : {}), body: { packageId: pkg.id } }));

    const refused = [
      await hold(fan, STADIUM, { seatIds: [seat] }),
      await hold(fan, CONCERT, { ticketTypeId: standing.id, quantity: 2 }),
      await hold(fan, STADIUM, { listingId: listing.id }),
      await packageHold(),
      await seasonHold(fan, SEASON, [await freeSeasonSeat(SEASON, fan.id, 40)]),
    ];
    for (const response of refused) {
      expect(response.status).toBe(403);
      expect(await failureBodyOf(response)).toMatchObject({ code: 'ADMISSION_REQUIRED', message: expect.stringContaining('waiting room') });
    }

    // In the queue and admitted (the rate lets many in at once): the admission is the fan's for that event.
    const admissions: Record<string, string> = {};
    for (const slug of [STADIUM, CONCERT, FAMILY_EVENT]) {
      await join(fan, slug);
      const place = await answerOf(queueStatusSchema, await poll(fan, slug));
      expect(place.state).toBe('admitted');
      admissions[slug] = place.admission!.token;
    }
    // A season's ticket sale: the same queue, its own place and admission (by id or slug).
    expect(await answerOf(seasonQueueStatusSchema, await callApi(request(`/api/v1/seasons/${season.id}/queue`, { method: 'POST', headers: auth(fan) })))).toMatchObject({ seasonId: season.id, slug: SEASON });
    const seasonPlace = await answerOf(seasonQueueStatusSchema, await callApi(request(`/api/v1/seasons/${SEASON}/queue`, { headers: auth(fan) })));
    expect(seasonPlace.state).toBe('admitted');
    const seasonAdmission = seasonPlace.admission!.token;
    // Someone else's admission, or one for another event or sale, is no admission.
    expect((await hold(other, STADIUM, { seatIds: [seat] }, admissions[STADIUM])).status).toBe(403);
    expect((await hold(fan, STADIUM, { seatIds: [seat] }, admissions[CONCERT])).status).toBe(403);
    expect((await hold(fan, STADIUM, { seatIds: [seat] }, seasonAdmission)).status).toBe(403);
    const seasonSeat = await freeSeasonSeat(SEASON, fan.id, 40);
    expect((await seasonHold(other, SEASON, [seasonSeat], seasonAdmission)).status).toBe(403);
    expect((await seasonHold(fan, SEASON, [seasonSeat], admissions[STADIUM])).status).toBe(403);

    expect((await answerOf(cartSchema, await hold(fan, STADIUM, { seatIds: [seat] }, admissions[STADIUM]))).items).toHaveLength(1);
    expect((await hold(fan, CONCERT, { ticketTypeId: standing.id, quantity: 2 }, admissions[CONCERT])).status).toBe(200);
    expect((await hold(fan, STADIUM, { listingId: listing.id }, admissions[STADIUM])).status).toBe(200);
    expect((await packageHold(admissions[FAMILY_EVENT])).status).toBe(200);
    expect(await answerOf(seasonPaymentSchema, await seasonHold(fan, SEASON, [seasonSeat], seasonAdmission))).toMatchObject({ orderId: expect.any(String) });

    // The browser carries it as the event's cookie, set by the poll's answer.
    const answer = await poll(fan, STADIUM);
    const cookie = answer.headers.get('set-cookie')!.split(';')[0];
    expect(cookie).toMatch(/^tribuna_admission_[0-9a-f]{32}=/);
    const [other2] = await freeSeatsOf(t.db, STADIUM, 1, 520);
    expect((await callApi(request(`/api/v1/events/${STADIUM}/cart/items`, { method: 'POST', headers: auth(fan, { cookie }), body: { seatIds: [other2] } }))).status).toBe(200);

    // Not queued any more: holds need no admission.
    await stopQueue(CONCERT);
    const free = await makeUser(t.db, 'queue-free');
    expect((await hold(free, CONCERT, { ticketTypeId: standing.id, quantity: 1 })).status).toBe(200);
    const { manager } = await queueSeason(SEASON, { ratePerMinute: 6000 });
    expect((await callApi(request(`/api/v1/organiser/seasons/${season.id}/waiting-room`, { method: 'DELETE', headers: auth(manager) }))).status).toBe(200);
    expect((await seasonHold(free, SEASON, [await freeSeasonSeat(SEASON, free.id, 60)])).status).toBe(200);
  });
});

describe('the queue', () => {
  it('one place per account: joining again, from another tab or device, answers the same place', async () => {
    await queueSale(STADIUM, { ratePerMinute: 1 });
    const room = (await roomOfEvent((await eventOf(STADIUM)).id))!;
    const fan = await makeUser(t.db, 'queue-once');
    const first = await answerOf(queueStatusSchema, await join(fan, STADIUM));
    const second = await answerOf(queueStatusSchema, await join(fan, STADIUM));
    expect(second.position).toBe(first.position);
    const [{ n }] = rowsOf<{ n: number }>(await t.db.execute(sql`select count(*)::int as n from waiting_room_places where room_id = ${room.id} and user_id = ${fan.id}`));
    expect(n).toBe(1);
    // The database refuses a second place outright.
    await expect(t.db.insert(s.waitingRoomPlaces).values({ roomId: room.id, userId: fan.id, opensAt: new Date() })).rejects.toThrow();
    await stopQueue(STADIUM);
  });

  it('an unused admission expires and the turn passes to the next fan; the fan may join again at the end', async () => {
    await setSaleStart(STADIUM, null);
    await queueSale(STADIUM, { ratePerMinute: 1, admissionMinutes: 2 });
    const room = (await roomOfEvent((await eventOf(STADIUM)).id))!;
    const [a, b] = [await makeUser(t.db, 'queue-a'), await makeUser(t.db, 'queue-b')];
    const start = Date.now();
    expect((await joinQueue({ userId: a.id, eventRef: STADIUM, now: start })).ok).toBe(true);
    expect((await joinQueue({ userId: b.id, eventRef: STADIUM, now: start + 1 })).ok).toBe(true);
    // One a minute: A went in as the queue's first step ran (joining runs it); B waits.
    expect(await admitStep(room.id, start + 20)).toBe(0);
    const admitted = await placeOf(a, STADIUM, start + 30);
    expect(admitted).toMatchObject({ state: 'admitted', position: 1 });
    expect(await placeOf(b, STADIUM, start + 30)).toMatchObject({ state: 'waiting', ahead: 0 });
    const holdWith = (now: number) => checkAdmission(new Request('http://x', { headers: { [ADMISSION_HEADER]: admitted.admission!.token } }), a.id, STADIUM, now);
    expect(await holdWith(start + MIN)).toEqual({ ok: true, presale: false });
    // A never used it: after its two minutes it is refused, and B has gone in.
    expect(await holdWith(start + 2 * MIN + 100)).toEqual({ ok: false, code: 'ADMISSION_EXPIRED' });
    expect(await admitStep(room.id, start + 2 * MIN + 200)).toBe(1);
    expect(await placeOf(a, STADIUM, start + 2 * MIN + 300)).toMatchObject({ state: 'expired', admission: null });
    expect(await placeOf(b, STADIUM, start + 2 * MIN + 300)).toMatchObject({ state: 'admitted' });
    // Joining again: at the end.
    const again = await joinQueue({ userId: a.id, eventRef: STADIUM, now: start + 2 * MIN + 400 });
    expect(again.ok && again.status).toMatchObject({ state: 'waiting', position: 3, ahead: 0 });
    await stopQueue(STADIUM);
  });

  it('fans who come before the start are drawn in random order; later ones follow in arrival order', async () => {
    const start = Date.now() + 10 * MIN;
    await setSaleStart(STADIUM, new Date(start));
    await queueSale(STADIUM, { ratePerMinute: 1 });
    const room = (await roomOfEvent((await eventOf(STADIUM)).id))!;
    const early: TestUser[] = [];
    for (let i = 0; i < 24; i++) early.push(await makeUser(t.db, `queue-early-${i}`));
    for (const [i, fan] of early.entries()) {
      const joined = await joinQueue({ userId: fan.id, eventRef: STADIUM, now: start - 5 * MIN + i });
      expect(joined.ok && joined.status).toMatchObject({ state: 'prequeue', position: null, opensAt: new Date(start).toISOString() });
    }
    const late = [await makeUser(t.db, 'queue-late-1'), await makeUser(t.db, 'queue-late-2')];
    // The first arrival after the start: the draw numbers the pre-queue first.
    for (const [i, fan] of late.entries()) await joinQueue({ userId: fan.id, eventRef: STADIUM, now: start + 1000 + i });
    const positions = await Promise.all(early.map(async (fan) => (await placeOf(fan, STADIUM, start + 2000)).position!));
    expect([...positions].sort((x, y) => x - y)).toEqual(early.map((_, i) => i + 1));
    // 24! orders: arrival order by chance is practically impossible.
    expect(positions).not.toEqual(early.map((_, i) => i + 1));
    expect([(await placeOf(late[0], STADIUM, start + 2000)).position, (await placeOf(late[1], STADIUM, start + 2000)).position]).toEqual([25, 26]);
    await stopQueue(STADIUM);
    await setSaleStart(STADIUM, null);
  });

  it('joins are limited per client address, and only signed-in fans join', async () => {
    await queueSale(CONCERT, {});
    expect((await callApi(request(`/api/v1/events/${CONCERT}/queue`, { method: 'POST', headers: { 'accept-language': 'en' } }))).status).toBe(401);
    const fan = await makeUser(t.db, 'queue-limit');
    // 60 a minute per address (a fixed window: a run that crosses a minute's end may take up to 120).
    const statuses: number[] = [];
    while (statuses.length < 125 && statuses.at(-1) !== 429) {
      statuses.push((await callApi(request(`/api/v1/events/${CONCERT}/queue`, { method: 'POST', headers: auth(fan, { 'x-forwarded-for': '203.0.113.77' }) }))).status);
    }
    expect(statuses.at(-1)).toBe(429);
    expect(statuses.length).toBeGreaterThan(60);
    expect(statuses.slice(0, 60).every((code) => code === 200)).toBe(true);
    await stopQueue(CONCERT);
  });

  it('only the event’s organisers queue its sale', async () => {
    const event = await eventOf(CONCERT);
    const fan = await makeUser(t.db, 'queue-not-organiser');
    expect((await callApi(request(`/api/v1/organiser/events/${event.id}/waiting-room`, { method: 'PUT', headers: auth(fan), body: {} }))).status).toBe(404);
    expect((await callApi(request(`/api/v1/organiser/events/${event.id}/waiting-room`, { method: 'PUT', headers: auth(await organiserOf(CONCERT)), body: { ratePerMinute: 0 } }))).status).toBe(422);
    // A season's sale: only its organisation's owners and managers.
    const season = await seasonOf(SEASON);
    expect((await callApi(request(`/api/v1/organiser/seasons/${season.id}/waiting-room`, { method: 'PUT', headers: auth(fan), body: {} }))).status).toBe(404);
    expect((await callApi(request(`/api/v1/organiser/seasons/${season.id}/waiting-room`, { headers: auth(fan) }))).status).toBe(404);
  });
});

describe('presales through the queue', () => {
  it('season-ticket holders, members with enough points and code holders queue in the presale; others are told when the general sale opens', async () => {
    const now = Date.now();
    const general = now + 60 * MIN;
    await setSaleStart(STADIUM, new Date(general));
    const event = await eventOf(STADIUM);
    await queueSale(STADIUM, { ratePerMinute: 6000, presaleStartsAt: new Date(now - MIN).toISOString(), presaleSeasonHolders: true, presaleMinPoints: 100 });

    // A season-ticket holder of the club (a season of the event's organisation that has not ended).
    const holder = await makeUser(t.db, 'queue-holder');
    const [season] = rowsOf<{ id: string; venue_id: string }>(await t.db.execute(sql`select id, venue_id from seasons where org_id = ${event.orgId} and ends_on >= current_date limit 1`));
    const [seat] = rowsOf<{ id: string }>(await t.db.execute(sql`select vs.id from venue_seats vs join venue_sections sec on sec.id = vs.section_id where sec.venue_id = ${season.venue_id}
      and not exists (select 1 from season_tickets st where st.season_id = ${season.id} and st.seat_id = vs.id) limit 1`));
    await t.db.insert(s.seasonTickets).values({ seasonId: season.id, userId: holder.id, seatId: seat.id });
    // A member with 150 points; a fan with 50.
    const member = await makeUser(t.db, 'queue-member');
    const few = await makeUser(t.db, 'queue-few');
    await t.db.insert(s.loyaltyBalances).values([
      { orgId: event.orgId, userId: member.id, points: 150 },
      { orgId: event.orgId, userId: few.id, points: 50 },
    ]);
    // Codes from the organiser.
    const made = await answerOf(presaleCodesSchema, await callApi(request(`/api/v1/organiser/events/${event.id}/waiting-room/codes`, { method: 'POST', headers: auth(owner), body: { count: 2 } })));
    expect(made.codes).toHaveLength(2);
    expect(made.codes[0]).toMatch(/^[A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4}$/);
    const coder = await makeUser(t.db, 'queue-coder');

    const roomId = (await roomOfEvent(event.id))!.id;
    for (const fan of [holder, member]) {
      expect(await answerOf(queueStatusSchema, await join(fan, STADIUM))).toMatchObject({ presale: true, opensAt: expect.any(String) });
      await admitStep(roomId);
      expect(await answerOf(queueStatusSchema, await poll(fan, STADIUM))).toMatchObject({ presale: true, state: 'admitted' });
    }
    const plain = await answerOf(queueStatusSchema, await join(few, STADIUM));
    expect(plain).toMatchObject({ presale: false, state: 'prequeue', opensAt: new Date(general).toISOString(), presaleKinds: { seasonHolders: true, minPoints: 100, codes: true } });

    // A wrong code is refused; the right one moves the fan into the presale.
    const wrong = await callApi(request(`/api/v1/events/${STADIUM}/queue/presale-code`, { method: 'POST', headers: auth(coder), body: { code: 'AAAA-BBBB-CCCC' } }));
    expect(wrong.status).toBe(422);
    expect((await failureBodyOf(wrong)).errors[0]).toMatchObject({ field: 'code', message: 'This presale code is not valid.' });
    const coded = await answerOf(queueStatusSchema, await callApi(request(`/api/v1/events/${STADIUM}/queue/presale-code`, { method: 'POST', headers: auth(coder), body: { code: made.codes[0].toLowerCase() } })));
    expect(coded).toMatchObject({ presale: true });
    // The next admission step (a poll runs one at most every half second per process; here at once).
    await admitStep(roomId);
    const codedPlace = await answerOf(queueStatusSchema, await poll(coder, STADIUM));
    expect(codedPlace.state).toBe('admitted');
    // Single use: another account cannot use the same code.
    expect((await callApi(request(`/api/v1/events/${STADIUM}/queue/presale-code`, { method: 'POST', headers: auth(few), body: { code: made.codes[0] } }))).status).toBe(422);

    // A presale admission holds before the general sale; without one the fan is told when it opens.
    const holderPlace = await answerOf(queueStatusSchema, await poll(holder, STADIUM));
    const [free] = await freeSeatsOf(t.db, STADIUM, 1, 600);
    expect((await hold(holder, STADIUM, { seatIds: [free] }, holderPlace.admission!.token)).status).toBe(200);
    const told = await hold(few, STADIUM, { seatIds: [free] });
    expect(await failureBodyOf(told)).toMatchObject({ code: 'ADMISSION_REQUIRED' });

    // Guessing codes is limited: 5 a minute per fan.
    const guesser = await makeUser(t.db, 'queue-guesser');
    const guesses: number[] = [];
    for (let i = 0; i < 6; i++) guesses.push((await callApi(request(`/api/v1/events/${STADIUM}/queue/presale-code`, { method: 'POST', headers: auth(guesser), body: { code: `WRONG-${i}` } }))).status);
    expect(guesses).toEqual([422, 422, 422, 422, 422, 429]);
    await stopQueue(STADIUM);
    await setSaleStart(STADIUM, null);
  });
});

describe('a season sale through the queue', () => {
  it('its presale lets members and code holders hold season seats before the sale opens; others wait for the opening', async () => {
    const now = Date.now();
    const season = await seasonOf(SEASON);
    const opens = season.saleOpensAt;
    const general = now + 60 * MIN;
    await t.db.update(s.seasons).set({ saleOpensAt: new Date(general) }).where(eq(s.seasons.id, season.id));
    try {
      const { manager } = await queueSeason(SEASON, { ratePerMinute: 6000, presaleStartsAt: new Date(now - MIN).toISOString(), presaleMinPoints: 100 });
      const member = await makeUser(t.db, 'queue-season-member');
      const plain = await makeUser(t.db, 'queue-season-plain');
      const coder = await makeUser(t.db, 'queue-season-coder');
      await t.db.insert(s.loyaltyBalances).values({ orgId: season.orgId, userId: member.id, points: 150 });
      const made = await answerOf(presaleCodesSchema, await callApi(request(`/api/v1/organiser/seasons/${season.id}/waiting-room/codes`, { method: 'POST', headers: auth(manager), body: { count: 1 } })));
      const seasonQueue = `/api/v1/seasons/${SEASON}/queue`;

      expect(await answerOf(seasonQueueStatusSchema, await callApi(request(seasonQueue, { method: 'POST', headers: auth(member) })))).toMatchObject({ presale: true });
      const waiting = await answerOf(seasonQueueStatusSchema, await callApi(request(seasonQueue, { method: 'POST', headers: auth(plain) })));
      expect(waiting).toMatchObject({ presale: false, state: 'prequeue', opensAt: new Date(general).toISOString(), presaleKinds: { minPoints: 100, codes: true } });
      const coded = await callApi(request(`${seasonQueue}/presale-code`, { method: 'POST', headers: auth(coder), body: { code: made.codes[0] } }));
      expect(await answerOf(seasonQueueStatusSchema, coded)).toMatchObject({ presale: true });

      await admitStep((await roomOf({ kind: 'season', id: season.id }))!.id);
      for (const [fan, skip] of [[member, 70], [coder, 72]] as const) {
        const place = await answerOf(seasonQueueStatusSchema, await callApi(request(seasonQueue, { headers: auth(fan) })));
        expect(place).toMatchObject({ state: 'admitted', presale: true });
        // Before the sale opens: a presale admission holds, as a presale admission passes an event's 'not yet'.
        expect((await seasonHold(fan, SEASON, [await freeSeasonSeat(SEASON, fan.id, skip)], place.admission!.token)).status).toBe(200);
      }
      const told = await seasonHold(plain, SEASON, [await freeSeasonSeat(SEASON, plain.id, 74)]);
      expect(await failureBodyOf(told)).toMatchObject({ code: 'ADMISSION_REQUIRED', message: expect.stringContaining('waiting room') });
    } finally {
      await t.db.update(s.seasons).set({ saleOpensAt: opens }).where(eq(s.seasons.id, season.id));
    }
  });
});
