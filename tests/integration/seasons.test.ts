// Season tickets (issue 18 items 1–2): a seat is free for a season only if it is free at every remaining
// match; last season's holders keep their seat through the renewal window; adding a match issues each
// holder's ticket once. On the demo seed's winter season (seed/seasons.ts), which renews the spring one.
import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import { z } from 'zod';
import { rowsOf } from '@/lib/server/db/client';
import * as s from '@/lib/server/db/schema';
import { signedGatewayNotice, testGateway } from '@/lib/server/payments/test-gateway';
import { handlePaymentNotice } from '@/lib/server/payments/webhook';
import { addSeasonMatch, createSeason, getSeason, setSeasonCategories } from '@/lib/server/seasons/organiser';
import { createEvent, publishEvent } from '@/lib/server/events/edit';
import { createPriceCategory } from '@/lib/server/events/price-categories';
import { holdSeasonSeats, openRenewals, purchaseSeason, renewSeason, seasonSale } from '@/lib/server/seasons/sale';
import { transferSeasonTicket } from '@/lib/server/seasons/transfer';
import { sweepExpiredHolds } from '@/lib/server/cart/sweep';
import { addToCart } from '@/lib/server/cart';
import { sweepSeasonRenewals } from '@/lib/server/seasons/renewal-blocks';
import { useTestDatabase } from '../helpers/db';
import { buy } from '../helpers/purchases';
import { makeUser } from '../helpers/tickets';
import { expectedStatuses, makeCast, makeMember, makeOrganisation, orgIdOfSlug, statusesOf } from '../helpers/organiser';
import { auth, params, request } from '../helpers/tickets';
import { answerOf } from '../helpers/contract';
import { organiserSeasonAnswerSchema, seasonSaleSchema } from '@/lib/schemas/seasons';
import { GET as seasonsGet, POST as seasonsPost } from '@/tests/helpers/api';
import { GET as seasonGet, PATCH as seasonPatch } from '@/tests/helpers/api';
import { PUT as categoriesPut } from '@/tests/helpers/api';
import { categoriesBodyOf, mappedByCode } from '../helpers/seasons';
import { GET as saleGet } from '@/tests/helpers/api';
import { POST as purchasePost } from '@/tests/helpers/api';

const t = useTestDatabase({ seeded: true });
const urls = { success: (id: string) => `http://x/orders/${id}`, cancel: () => 'http://x/cart', gateway: (id: string) => `/en/pay/${id}` };
const SEASON = 'fk-dunaj-bratislava-zima';


async function userByEmail(email: string) {
  const [u] = await t.db.select({ id: s.users.id, email: s.users.email }).from(s.users).where(eq(s.users.email, email));
  return { id: u.id, email: u.email! };
}

async function pay(paymentId: string, now = new Date()) {
  const { eventId } = signedGatewayNotice(paymentId, 'succeeded');
  return handlePaymentNotice(testGateway, { eventId, paymentId, outcome: 'succeeded' }, now);
}

async function season() {
  const [row] = await t.db.select().from(s.seasons).where(eq(s.seasons.slug, SEASON));
  return row;
}

async function seatStates(userId: string | null, now = new Date()) {
  const sale = await seasonSale(SEASON, userId, now);
  return new Map(sale!.sections.flatMap((sec) => sec.rows.flatMap((r) => r.seats.map((seat) => [seat.id, seat.state] as const))));
}

async function lastSeasonSeat(email: string) {
  const [prev] = await t.db
    .select({ seatId: s.seasonTickets.seatId })
    .from(s.seasonTickets)
    .innerJoin(s.seasons, eq(s.seasons.id, s.seasonTickets.seasonId))
    .innerJoin(s.users, eq(s.users.id, s.seasonTickets.userId))
    .where(and(eq(s.seasons.slug, 'fk-dunaj-bratislava-jar'), eq(s.users.email, email)));
  return prev.seatId;
}

describe('season seat availability', () => {
  it('a seat is free only if it is free at every remaining match', async () => {
    const fan = await makeUser(t.db, 'season-a');
    const states = await seatStates(fan.id);
    const free = [...states].filter(([, state]) => state === 'free').map(([id]) => id);
    expect(free.length).toBeGreaterThan(10);
    // One seat sold at the second match only: no longer free for the season.
    const seat = free[3];
    await buy(t.db, await makeUser(t.db, 'single'), 'dunaj-bratislava-msk-zilina', { seatIds: [seat] });
    expect((await seatStates(fan.id)).get(seat)).toBe('taken');
    const refused = await purchaseSeason({ user: fan, seasonRef: SEASON, seatIds: [seat], locale: 'en', urls });
    expect(refused).toMatchObject({ ok: false, code: 'SEASON_SEAT_TAKEN', seatIds: [seat] });
    // Nothing was held at the first match either: all or nothing.
    const [first] = await t.db.select({ status: s.inventoryUnits.status }).from(s.inventoryUnits).innerJoin(s.events, eq(s.events.id, s.inventoryUnits.eventId)).where(and(eq(s.events.slug, 'dunaj-bratislava-fc-kosice'), eq(s.inventoryUnits.seatId, seat)));
    expect(first.status).toBe('available');
  });

  it('a bought season seat issues a ticket for every remaining match, and the hold is a hold like any', async () => {
    const fan = await makeUser(t.db, 'season-b');
    const states = await seatStates(fan.id);
    const [seat, other] = [...states].filter(([, state]) => state === 'free').map(([id]) => id).slice(20);
    const bought = await purchaseSeason({ user: fan, seasonRef: SEASON, seatIds: [seat], locale: 'en', urls });
    if (!bought.ok) throw new Error(bought.code);
    // Held at both matches: taken for others while the fan pays.
    expect((await seatStates(null)).get(seat)).toBe('taken');
    const paid = await pay((await t.db.select({ id: s.payments.id }).from(s.payments).where(eq(s.payments.orderId, bought.orderId)))[0].id);
    expect(paid.kind).toBe('paid');
    const tickets = await t.db
      .select({ eventSlug: s.events.slug, seasonTicketId: s.tickets.seasonTicketId, ownerId: s.tickets.ownerId })
      .from(s.tickets)
      .innerJoin(s.events, eq(s.events.id, s.tickets.eventId))
      .where(eq(s.tickets.orderId, bought.orderId));
    expect(tickets.map((x) => x.eventSlug).sort()).toEqual(['dunaj-bratislava-fc-kosice', 'dunaj-bratislava-msk-zilina']);
    expect(new Set(tickets.map((x) => x.seasonTicketId)).size).toBe(1);
    expect(tickets[0].seasonTicketId).not.toBeNull();
    expect((await seatStates(fan.id)).get(seat)).toBe('mine');
    const [order] = await t.db.select().from(s.orders).where(eq(s.orders.id, bought.orderId));
    // The price of the season category the seat's category at the first match is mapped onto.
    const [price] = await t.db
      .select({ amount: s.seasonCategories.priceAmount })
      .from(s.inventoryUnits)
      .innerJoin(s.events, eq(s.events.id, s.inventoryUnits.eventId))
      .innerJoin(s.ticketTypes, eq(s.ticketTypes.id, s.inventoryUnits.ticketTypeId))
      .innerJoin(s.seasonCategories, eq(s.seasonCategories.id, s.ticketTypes.seasonCategoryId))
      .where(and(eq(s.events.slug, 'dunaj-bratislava-fc-kosice'), eq(s.inventoryUnits.seatId, seat)));
    expect(order.totalAmount).toBeGreaterThan(0);
    expect(order.totalAmount).toBe(price.amount);

    // An unpaid hold runs out and the sweeper gives both matches' seats back.
    const later = await makeUser(t.db, 'season-c');
    const held = await purchaseSeason({ user: later, seasonRef: SEASON, seatIds: [other], locale: 'en', urls });
    expect(held.ok).toBe(true);
    expect((await seatStates(null)).get(other)).toBe('taken');
    await sweepExpiredHolds({ now: new Date(Date.now() + 60 * 60_000) });
    expect((await seatStates(null)).get(other)).toBe('free');
  });
});

describe('renewal window', () => {
  it('the holder keeps the seat: others are refused until the window ends, the holder renews it', async () => {
    const current = await season();
    const holder = await userByEmail('fan@tribuna.sk');
    const seat = await lastSeasonSeat('fan@tribuna.sk');
    const other = await makeUser(t.db, 'season-d');
    expect((await seatStates(other.id)).get(seat)).toBe('reserved');
    expect((await seatStates(holder.id)).get(seat)).toBe('renew');
    expect(await purchaseSeason({ user: other, seasonRef: SEASON, seatIds: [seat], locale: 'en', urls })).toMatchObject({ ok: false, code: 'SEASON_SEAT_TAKEN' });

    expect((await openRenewals(holder.id)).map((r) => r.seasonSlug)).toEqual([SEASON]);
    const renewed = await renewSeason({ user: holder, seasonRef: SEASON, locale: 'sk', urls });
    if (!renewed.ok) throw new Error(renewed.code);
    const [payment] = await t.db.select({ id: s.payments.id }).from(s.payments).where(eq(s.payments.orderId, renewed.orderId));
    expect((await pay(payment.id)).kind).toBe('paid');
    const [ticket] = await t.db.select().from(s.seasonTickets).where(and(eq(s.seasonTickets.seasonId, current.id), eq(s.seasonTickets.userId, holder.id)));
    expect(ticket.seatId).toBe(seat);
    expect(await openRenewals(holder.id)).toEqual([]);
    expect(await renewSeason({ user: holder, seasonRef: SEASON, locale: 'sk', urls })).toMatchObject({ ok: false, code: 'NOTHING_TO_RENEW' });

    // The other holder did not renew: kept until the window ends — from single-match carts too — then back on general sale.
    const unrenewed = await lastSeasonSeat('fanusik@tribuna.cz');
    expect((await seatStates(other.id)).get(unrenewed)).toBe('reserved');
    expect(await addToCart({ user: other, eventRef: 'dunaj-bratislava-fc-kosice', selection: { seatIds: [unrenewed] }, locale: 'en' })).toMatchObject({ ok: false, code: 'SEAT_TAKEN' });
    const after = new Date(current.renewalClosesAt!.getTime() + 1000);
    expect((await seatStates(other.id, after)).get(unrenewed)).toBe('free');
    const taken = await purchaseSeason({ user: other, seasonRef: SEASON, seatIds: [unrenewed], locale: 'en', urls, now: after });
    expect(taken.ok).toBe(true);
  });
});

describe('renewal blocks', () => {
  it('hold last season’s seats back from single-match sale until the window ends, then give them back', async () => {
    const current = await season();
    const seat = await lastSeasonSeat('fanusik@tribuna.cz');
    const [kosice] = await t.db.select({ id: s.events.id }).from(s.events).where(eq(s.events.slug, 'dunaj-bratislava-fc-kosice'));
    // The earlier test's season hold of it (made after the window) runs out: the next sweep holds it back again.
    await sweepExpiredHolds({ now: new Date(current.renewalClosesAt!.getTime() + 60 * 60_000) });
    await sweepSeasonRenewals();
    const unit = async () => (await t.db.select({ status: s.inventoryUnits.status }).from(s.inventoryUnits).where(and(eq(s.inventoryUnits.eventId, kosice.id), eq(s.inventoryUnits.seatId, seat))))[0].status;
    expect(await unit()).toBe('blocked');
    const fan = await makeUser(t.db, 'season-single');
    expect(await addToCart({ user: fan, eventRef: 'dunaj-bratislava-fc-kosice', selection: { seatIds: [seat] }, locale: 'en' })).toMatchObject({ ok: false, code: 'SEAT_TAKEN' });
    const after = new Date(current.renewalClosesAt!.getTime() + 1000);
    expect(await sweepSeasonRenewals({ now: after })).toContain(kosice.id);
    expect(await unit()).toBe('available');
    expect((await addToCart({ user: fan, eventRef: 'dunaj-bratislava-fc-kosice', selection: { seatIds: [seat] }, locale: 'en' })).ok).toBe(true);
  });
});

describe('accessible seats', () => {
  it('a wheelchair place or a companion seat is never a season seat: held back for card holders, match by match', async () => {
    const current = await season();
    await t.db.update(s.seasons).set({ saleOpensAt: new Date(Date.now() - 86_400_000), saleClosesAt: null }).where(eq(s.seasons.id, current.id));
    const free = [...(await seatStates(null)).entries()].filter(([, state]) => state === 'free').map(([id]) => id);
    const [wheelchair, companion] = free.slice(-2);
    await t.db.insert(s.accessibleSeats).values([
      { seatId: wheelchair, kind: 'wheelchair' },
      { seatId: companion, kind: 'companion' },
    ]);
    try {
      const states = await seatStates(null);
      expect([states.get(wheelchair), states.get(companion)]).toEqual(['taken', 'taken']);
      const fan = await makeUser(t.db, 'season-wheelchair');
      expect(await holdSeasonSeats({ userId: fan.id, seasonRef: SEASON, seatIds: [wheelchair] })).toMatchObject({ ok: false, code: 'SEASON_SEAT_TAKEN' });
    } finally {
      await t.db.update(s.seasons).set({ saleOpensAt: current.saleOpensAt, saleClosesAt: current.saleClosesAt }).where(eq(s.seasons.id, current.id));
      await t.db.delete(s.accessibleSeats).where(inArray(s.accessibleSeats.seatId, [wheelchair, companion]));
    }
  });
});

describe('adding a match to the season', () => {
  it('issues each holder their ticket for it, exactly once', async () => {
    const current = await season();
    const [owner] = await t.db
      .select({ id: s.users.id })
      .from(s.users)
      .where(eq(s.users.email, 'klub@fkdunaj.sk'));
    const holders = await t.db.select({ id: s.seasonTickets.id }).from(s.seasonTickets).where(eq(s.seasonTickets.seasonId, current.id));
    expect(holders.length).toBeGreaterThan(0);
    const [match] = await t.db.select({ id: s.events.id }).from(s.events).where(eq(s.events.slug, 'dunaj-bratislava-zemplin-michalovce'));
    const first = await addSeasonMatch(owner.id, current.id, match.id);
    if (!first.ok) throw new Error(first.code);
    // Its categories with the code of the season's other matches start mapped like theirs: the season stays on sale.
    const mapping = rowsOf<{ slug: string; code: string; category: string | null }>(
      await t.db.execute(sql`select e.slug, tt.code, tt.season_category_id as category from ticket_types tt join events e on e.id = tt.event_id
        where e.season_id = ${current.id}::uuid and tt.code in (select code from ticket_types where event_id = ${match.id}::uuid)`),
    );
    const added = mapping.filter((m) => m.slug === 'dunaj-bratislava-zemplin-michalovce');
    expect(added.length).toBeGreaterThan(0);
    for (const m of added) {
      const others = new Set(mapping.filter((o) => o.slug !== m.slug && o.code === m.code).map((o) => o.category));
      if (others.size === 1 && !others.has(null)) expect(m.category).toBe([...others][0]);
    }
    expect(added.some((m) => m.category !== null)).toBe(true);
    // The office can still map any category explicitly (issue 28 item 7).
    const mapped = await setSeasonCategories(owner.id, current.id, mappedByCode(first.season));
    if (!mapped.ok) throw new Error(mapped.code);
    const again = await addSeasonMatch(owner.id, current.id, match.id);
    if (!again.ok) throw new Error(again.code);
    expect(again.issued).toBe(0);
    const rows = rowsOf<{ season_ticket_id: string; n: number }>(
      await t.db.execute(sql`select season_ticket_id, count(*)::int as n from tickets where event_id = ${match.id} and season_ticket_id is not null group by 1`),
    );
    expect(first.issued + first.missing).toBe(holders.length);
    expect(rows.length).toBe(first.issued);
    expect(rows.every((r) => r.n === 1)).toBe(true);
    const issued = await t.db.select({ id: s.tickets.id }).from(s.tickets).where(and(eq(s.tickets.eventId, match.id), isNotNull(s.tickets.seasonTicketId)));
    expect(issued.length).toBe(first.issued);
  });

  it('refuses a match that sells no seats, which would leave every holder without a ticket and the season’s seats unsellable', async () => {
    const current = await season();
    const [owner] = await t.db.select({ id: s.users.id }).from(s.users).where(eq(s.users.email, 'klub@fkdunaj.sk'));
    const freeBefore = [...(await seatStates(null)).values()].filter((state) => state === 'free').length;
    expect(freeBefore).toBeGreaterThan(0);
    const created = await createEvent(owner.id, {
      organisation: current.orgId,
      venueId: current.venueId,
      category: 'sport',
      title: { sk: 'Priateľský zápas na státie' },
      startsAt: new Date(Date.now() + 20 * 86_400_000).toISOString(),
      currency: 'EUR',
    });
    if (!created.ok) throw new Error(created.code);
    const category = await createPriceCategory(owner.id, created.event.id, { name: { sk: 'Státie' }, kind: 'standing', priceAmount: 500, capacity: 5 });
    if (!category.ok) throw new Error(category.code);
    await t.db.update(s.events).set({ imageUrl: '/images/demo/stadium.webp' }).where(eq(s.events.id, created.event.id));
    expect((await publishEvent(owner.id, created.event.id)).ok).toBe(true);
    expect(await addSeasonMatch(owner.id, current.id, created.event.id)).toEqual({ ok: false, code: 'SEASON_MATCH_INVALID' });
    expect([...(await seatStates(null)).values()].filter((state) => state === 'free').length).toBe(freeBefore);
  });

  it('another organisation’s season answers like one that does not exist', async () => {
    const other = await makeOrganisation(t.db);
    const stranger = await makeMember(t.db, other.id, 'owner');
    expect(await getSeason(stranger.id, (await season()).id)).toEqual({ ok: false, code: 'ORG_NOT_FOUND' });
    const [venue] = await t.db.select({ id: s.venues.id }).from(s.venues).limit(1);
    expect(
      await createSeason(stranger.id, {
        organisation: other.id,
        venueId: venue.id,
        currency: 'EUR',
        renewsSeasonId: null,
        name: { sk: 'x', cs: 'x', en: 'x' },
        saleOpensAt: null,
        saleClosesAt: null,
        renewalOpensAt: null,
        renewalClosesAt: null,
        transferEnabled: true,
        releaseSharePercent: 50,
      }),
    ).toEqual({ ok: false, code: 'VENUE_NOT_FOUND' });
  });
});

describe('transferring a whole season ticket', () => {
  it('moves the season ticket and the holder’s coming tickets with new codes, under the season’s policy', async () => {
    const current = await season();
    const giver = await makeUser(t.db, 'season-giver');
    const states = await seatStates(giver.id);
    const seat = [...states].filter(([, state]) => state === 'free').map(([id]) => id)[60];
    const bought = await purchaseSeason({ user: giver, seasonRef: SEASON, seatIds: [seat], locale: 'en', urls });
    if (!bought.ok) throw new Error(bought.code);
    await pay((await t.db.select({ id: s.payments.id }).from(s.payments).where(eq(s.payments.orderId, bought.orderId)))[0].id);
    const [held] = await t.db.select().from(s.seasonTickets).where(and(eq(s.seasonTickets.seasonId, current.id), eq(s.seasonTickets.userId, giver.id)));
    const before = await t.db.select({ id: s.tickets.id, version: s.tickets.version, secret: s.tickets.secret }).from(s.tickets).where(eq(s.tickets.seasonTicketId, held.id));

    const unverified = await makeUser(t.db, 'season-unverified', undefined, { verified: false });
    expect(await transferSeasonTicket(giver, { seasonTicketId: held.id, email: unverified.email })).toEqual({ ok: false, code: 'SEASON_RECIPIENT_UNKNOWN' });
    expect(await transferSeasonTicket(giver, { seasonTicketId: held.id, email: giver.email })).toEqual({ ok: false, code: 'GIFT_TO_SELF' });
    const friend = await makeUser(t.db, 'season-friend');
    await t.db.update(s.seasons).set({ transferEnabled: false }).where(eq(s.seasons.id, current.id));
    expect(await transferSeasonTicket(giver, { seasonTicketId: held.id, email: friend.email })).toEqual({ ok: false, code: 'TRANSFER_DISABLED' });
    await t.db.update(s.seasons).set({ transferEnabled: true }).where(eq(s.seasons.id, current.id));

    const done = await transferSeasonTicket(giver, { seasonTicketId: held.id, email: friend.email });
    expect(done).toMatchObject({ ok: true, moved: before.length });
    const after = await t.db.select({ id: s.tickets.id, ownerId: s.tickets.ownerId, version: s.tickets.version, secret: s.tickets.secret }).from(s.tickets).where(eq(s.tickets.seasonTicketId, held.id));
    expect(after.every((x) => x.ownerId === friend.id)).toBe(true);
    for (const x of after) {
      const old = before.find((b) => b.id === x.id)!;
      expect(x.version).toBe(old.version + 1);
      expect(x.secret).not.toBe(old.secret);
    }
    expect((await seatStates(friend.id)).get(seat)).toBe('mine');
    // Not the giver's any more.
    expect(await transferSeasonTicket(giver, { seasonTicketId: held.id, email: friend.email })).toEqual({ ok: false, code: 'SEASON_TICKET_NOT_FOUND' });
  });
});

describe('the API', () => {
  it('organiser calls: owner and manager, scanner 403, fan and another organisation 404, anonymous 401', async () => {
    const orgId = await orgIdOfSlug(t.db, 'fk-dunaj-bratislava');
    const cast = await makeCast(t.db, orgId);
    const seasonId = (await season()).id;
    const [venue] = await t.db.select({ id: s.venues.id }).from(s.venues).innerJoin(s.seasons, eq(s.seasons.venueId, s.venues.id)).where(eq(s.seasons.id, seasonId));
    expect(await statusesOf(cast, (headers) => seasonGet(request(`/api/v1/organiser/seasons/${seasonId}`, { headers }), params({ seasonId })))).toEqual(expectedStatuses('events', 200));
    expect(await statusesOf(cast, (headers) => seasonsGet(request(`/api/v1/organiser/seasons?organisation=${orgId}`, { headers }), params({})))).toEqual(expectedStatuses('events', 200));
    // The season's categories and mapping as they are: saved again, nothing changes for the fans.
    const current = await getSeason(cast.owner.id, seasonId);
    if (!current.ok) throw new Error(current.code);
    const body = categoriesBodyOf(current.season);
    expect(
      await statusesOf(cast, (headers) => categoriesPut(request(`/api/v1/organiser/seasons/${seasonId}/categories`, { method: 'PUT', headers, body }), params({ seasonId }))),
    ).toEqual(expectedStatuses('events', 200));
    const window = { saleOpensAt: '2030-01-02T10:00:00Z', saleClosesAt: '2030-01-01T10:00:00Z' };
    const refused = await seasonPatch(request(`/api/v1/organiser/seasons/${seasonId}`, { method: 'PATCH', headers: auth(cast.owner), body: window }), params({ seasonId }));
    expect(refused.status).toBe(422);
    const created = await seasonsPost(
      request('/api/v1/organiser/seasons', {
        method: 'POST',
        headers: auth(cast.manager),
        body: {
          organisation: orgId,
          venueId: venue.id,
          currency: 'EUR',
          renewsSeasonId: seasonId,
          name: { sk: 'Jeseň 2027', cs: 'Podzim 2027', en: 'Autumn 2027' },
          saleOpensAt: null,
          saleClosesAt: null,
          renewalOpensAt: '2027-06-01T08:00:00+02:00',
          renewalClosesAt: '2027-06-30T20:00:00+02:00',
          transferEnabled: false,
          releaseSharePercent: 40,
        },
      }),
      params({}),
    );
    expect(created.status).toBe(201);
    const { season: made } = await answerOf(organiserSeasonAnswerSchema, created);
    expect(made).toMatchObject({ slug: 'jesen-2027', renewsSeason: { id: seasonId }, transferEnabled: false, releaseSharePercent: 40, matches: [] });
  });

  it('the fan’s sale answers its schema; buying needs a session', async () => {
    const sale = await answerOf(z.object({ season: seasonSaleSchema }), await saleGet(request(`/api/v1/seasons/${SEASON}`), params({ seasonId: SEASON })));
    expect(sale.season.matches.length).toBeGreaterThan(0);
    expect((await saleGet(request('/api/v1/seasons/nope'), params({ seasonId: 'nope' }))).status).toBe(404);
    const anonymous = await purchasePost(request(`/api/v1/seasons/${SEASON}/purchase`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: { seatIds: [sale.season.id] } }), params({ seasonId: SEASON }));
    expect(anonymous.status).toBe(401);
  });
});
