// Concessions (issue 18 item 5): the organiser's child / student / senior / ZŤP / ZŤP-S prices per price
// category with the companion rule, the fan's choice per cart line (the total adds up), the free
// companion seat next to a ZŤP-S ticket, wheelchair places held back from general buyers, and the gate
// asking for the card.
import { and, eq, inArray } from 'drizzle-orm';
import { GET as getCategory, PUT as putCategory } from '@/tests/helpers/api';
import { GET as getLines, PUT as putLine } from '@/tests/helpers/api';
import { POST as holdAccessible } from '@/tests/helpers/api';
import { GET as accessibleSeatsRoute } from '@/tests/helpers/api';
import { POST as addItems } from '@/tests/helpers/api';
import { DELETE as removeItem } from '@/tests/helpers/api';
import { GET as cartRoute } from '@/tests/helpers/api';
import { GET as availabilityRoute } from '@/tests/helpers/api';
import { POST as scan } from '@/tests/helpers/api';
import { GET as offlineRoute } from '@/tests/helpers/api';
import { GET as listTickets } from '@/tests/helpers/api';
import { addToCart } from '@/lib/server/cart';
import * as s from '@/lib/server/db/schema';
import { checkout } from '@/lib/server/orders/checkout';
import { signedGatewayNotice, testGateway } from '@/lib/server/payments/test-gateway';
import { handlePaymentNotice } from '@/lib/server/payments/webhook';
import { accessibleSeatsResultSchema, cartConcessionsResultSchema, categoryConcessionsResultSchema } from '@/lib/schemas/concessions';
import { cartSchema } from '@/lib/schemas/cart';
import { myTicketsSchema, offlineDatasetSchema, scanResultSchema } from '@/lib/schemas/tickets';
import { answerOf, checkAnswer } from '../helpers/contract';
import { useTestDatabase } from '../helpers/db';
import { makeMember, makeOrganisation } from '../helpers/organiser';
import { auth, currentCode, eventBySlug, makeScanner, makeUser, openGates, params, request, type TestUser } from '../helpers/tickets';

const t = useTestDatabase({ seeded: true });
const SLUG = 'vltava-praha-kometa-brno';
const urls = { success: (id: string) => `http://x/orders/${id}`, cancel: () => 'http://x/cart', gateway: (id: string) => `/en/pay/${id}` };

let eventId: string;
let endId: string;
let endPrice: number;
let fee: number;
let manager: TestUser;
/** The arena's wheelchair places and companion seats (seeded), by kind. */
let wheelchair: string[];
let companionSeats: string[];

const lines = async (user: TestUser) => (await answerOf(cartConcessionsResultSchema, await getLines(request(`/api/v1/events/${SLUG}/cart/concessions`, { headers: auth(user) }), params({ id: SLUG })))).lines;
const pick = (user: TestUser, itemId: string, concession: string | null) =>
  putLine(request(`/api/v1/events/${SLUG}/cart/concessions`, { method: 'PUT', headers: auth(user, { 'accept-language': 'sk' }), body: { itemId, concession } }), params({ id: SLUG }));
const cartOf = async (user: TestUser) => answerOf(cartSchema, await cartRoute(request(`/api/v1/events/${SLUG}/cart`, { headers: auth(user) }), params({ id: SLUG })));
const holdWheelchair = (user: TestUser, seatId: string, concession: string, language = 'en') =>
  holdAccessible(request(`/api/v1/events/${SLUG}/cart/accessible`, { method: 'POST', headers: auth(user, { 'accept-language': language }), body: { seatId, concession } }), params({ id: SLUG }));

/** A free END seat of the event that is no accessible seat and has free seats on both sides. */
async function plainSeat(): Promise<string> {
  const rows = await t.db
    .select({ seatId: s.inventoryUnits.seatId, rowId: s.venueSeats.rowId, order: s.venueSeats.sortOrder })
    .from(s.inventoryUnits)
    .innerJoin(s.venueSeats, eq(s.venueSeats.id, s.inventoryUnits.seatId))
    .where(and(eq(s.inventoryUnits.eventId, eventId), eq(s.inventoryUnits.ticketTypeId, endId), eq(s.inventoryUnits.status, 'available')));
  const held = new Set([...wheelchair, ...companionSeats]);
  const free = new Set(rows.map((r) => `${r.rowId}:${r.order}`));
  const seat = rows.find((r) => !held.has(r.seatId!) && r.order > 2 && free.has(`${r.rowId}:${r.order - 1}`) && free.has(`${r.rowId}:${r.order + 1}`) && r.order < 7);
  return seat!.seatId!;
}

async function pay(user: TestUser) {
  const result = await checkout({ user, eventRef: SLUG, locale: 'en', urls });
  if (!result.ok || result.paid) throw new Error(`checkout: ${result.ok ? 'paid at checkout' : result.code}`);
  const { eventId: noticeId } = signedGatewayNotice(result.paymentId, 'succeeded');
  const paid = await handlePaymentNotice(testGateway, { eventId: noticeId, paymentId: result.paymentId, outcome: 'succeeded' }, new Date());
  expect(paid.kind).toBe('paid');
  return { orderId: result.orderId, tickets: await t.db.select().from(s.tickets).where(eq(s.tickets.orderId, result.orderId)) };
}

beforeAll(async () => {
  await openGates(t.db, [SLUG]);
  const event = await eventBySlug(t.db, SLUG);
  eventId = event.id;
  const [end] = await t.db.select().from(s.ticketTypes).where(and(eq(s.ticketTypes.eventId, eventId), eq(s.ticketTypes.code, 'END')));
  endId = end.id;
  endPrice = end.priceAmount;
  fee = event.serviceFeeAmount;
  manager = await makeScanner(t.db, SLUG, 'manager');
  const accessible = await t.db
    .select({ seatId: s.accessibleSeats.seatId, kind: s.accessibleSeats.kind })
    .from(s.accessibleSeats)
    .innerJoin(s.venueSeats, eq(s.venueSeats.id, s.accessibleSeats.seatId))
    .where(eq(s.venueSeats.venueId, event.venueId))
    // The same places in the same order on every database (PostgreSQL returned them in another order than PGlite).
    .orderBy(s.venueSeats.sectionId, s.venueSeats.rowId, s.venueSeats.sortOrder);
  wheelchair = accessible.filter((a) => a.kind === 'wheelchair').map((a) => a.seatId);
  companionSeats = accessible.filter((a) => a.kind === 'companion').map((a) => a.seatId);
});

describe('the organiser’s concession prices', () => {
  it('are set per price category by the owner or a manager, with the companion rule only for ZŤP / ZŤP-S', async () => {
    const url = `/api/v1/organiser/events/${eventId}/price-categories/${endId}/concessions`;
    const p = params({ eventId, categoryId: endId });
    const body = {
      concessions: [
        { kind: 'child', priceAmount: 10000, companion: false },
        { kind: 'student', priceAmount: 30000, companion: false },
        { kind: 'senior', priceAmount: 30000 },
        { kind: 'ztp', priceAmount: 20000, companion: false },
        { kind: 'ztp_s', priceAmount: 20000, companion: true },
      ],
    };
    const scanner = await makeScanner(t.db, SLUG, 'scanner');
    const stranger = await makeMember(t.db, (await makeOrganisation(t.db, 'Iný klub')).id, 'owner');
    expect((await putCategory(request(url, { method: 'PUT', headers: auth(scanner), body }), p)).status).toBe(403);
    expect((await putCategory(request(url, { method: 'PUT', headers: auth(stranger), body }), p)).status).toBe(404);

    const wrong = await putCategory(request(url, { method: 'PUT', headers: auth(manager, { 'accept-language': 'sk' }), body: { concessions: [{ kind: 'student', priceAmount: 100, companion: true }] } }), p);
    expect(wrong.status).toBe(422);
    expect((await wrong.json()).message).toBe('Sprievodcu zadarmo môže mať len ZŤP a ZŤP-S.');

    const saved = await putCategory(request(url, { method: 'PUT', headers: auth(manager), body }), p);
    expect(saved.status).toBe(200);
    expect((await answerOf(categoryConcessionsResultSchema, saved)).concessions).toEqual([
      // Resale of a concession is off unless the organiser allows it (issue 28).
      { kind: 'child', priceAmount: 10000, companion: false, resaleAllowed: false },
      { kind: 'student', priceAmount: 30000, companion: false, resaleAllowed: false },
      { kind: 'senior', priceAmount: 30000, companion: false, resaleAllowed: false },
      { kind: 'ztp', priceAmount: 20000, companion: false, resaleAllowed: false },
      { kind: 'ztp_s', priceAmount: 20000, companion: true, resaleAllowed: false },
    ]);
    const read = await answerOf(categoryConcessionsResultSchema, await getCategory(request(url, { headers: auth(manager) }), p));
    expect(read.concessions.map((c) => c.kind)).toEqual(['child', 'student', 'senior', 'ztp', 'ztp_s']);
  });
});

describe('a concession per cart line', () => {
  it('changes the line’s price and the cart’s total; back to full price the same way', async () => {
    const fan = await makeUser(t.db, 'concession-student');
    const seat = await plainSeat();
    expect((await addToCart({ user: fan, eventRef: SLUG, selection: { seatIds: [seat] }, locale: 'en' })).ok).toBe(true);
    const [line] = await lines(fan);
    expect(line).toMatchObject({ concession: null, wheelchair: false, fullPrice: { amount: endPrice } });
    expect(line.options.map((o) => [o.kind, o.price.amount])).toEqual([
      ['child', 10000],
      ['student', 30000],
      ['senior', 30000],
      ['ztp', 20000],
      ['ztp_s', 20000],
    ]);

    const student = await pick(fan, line.itemId, 'student');
    expect(student.status).toBe(200);
    expect((await answerOf(cartConcessionsResultSchema, student)).lines[0].concession).toBe('student');
    let cart = await cartOf(fan);
    expect(cart.items[0].price.amount).toBe(30000);
    expect(cart.total.amount).toBe(30000 + fee);

    expect((await pick(fan, line.itemId, null)).status).toBe(200);
    cart = await cartOf(fan);
    expect(cart.total.amount).toBe(endPrice + fee);

    // Not offered by another category, not a line of this cart: refused with a translated message.
    const [mid] = await t.db.select().from(s.ticketTypes).where(and(eq(s.ticketTypes.eventId, eventId), eq(s.ticketTypes.code, 'MID')));
    await t.db.delete(s.ticketTypeConcessions).where(and(eq(s.ticketTypeConcessions.ticketTypeId, mid.id), eq(s.ticketTypeConcessions.kind, 'child')));
    const [midSeat] = await t.db.select({ seatId: s.inventoryUnits.seatId }).from(s.inventoryUnits).where(and(eq(s.inventoryUnits.ticketTypeId, mid.id), eq(s.inventoryUnits.status, 'available'))).limit(1);
    expect((await addToCart({ user: fan, eventRef: SLUG, selection: { seatIds: [midSeat.seatId!] }, locale: 'en' })).ok).toBe(true);
    const midLine = (await lines(fan)).find((l) => l.itemId !== line.itemId)!;
    expect(midLine.options.map((o) => o.kind)).not.toContain('child');
    const refused = await pick(fan, midLine.itemId, 'child');
    expect(refused.status).toBe(409);
    expect(await refused.json()).toMatchObject({ code: 'CONCESSION_NOT_OFFERED', message: 'Táto zľava sa na tento lístok neposkytuje.' });
    expect((await pick(fan, '00000000-0000-4000-8000-000000000000', 'child')).status).toBe(404);
  });

  it('ZŤP-S on a seat brings a free companion seat next to it, which goes with it', async () => {
    const fan = await makeUser(t.db, 'concession-ztps');
    const seat = await plainSeat();
    expect((await addToCart({ user: fan, eventRef: SLUG, selection: { seatIds: [seat] }, locale: 'en' })).ok).toBe(true);
    const [line] = await lines(fan);
    const answer = await answerOf(cartConcessionsResultSchema, await pick(fan, line.itemId, 'ztp_s'));
    expect(answer.lines).toHaveLength(2);
    const companion = answer.lines.find((l) => l.concession === 'companion')!;
    expect(companion).toMatchObject({ companionOf: line.itemId, options: [] });
    const cart = await cartOf(fan);
    expect(cart.items.map((i) => i.price.amount).sort((a, b) => a - b)).toEqual([0, 20000]);
    // The companion pays neither the ticket nor the service fee.
    expect(cart.total.amount).toBe(20000 + fee);
    const [mine] = await t.db.select().from(s.venueSeats).where(eq(s.venueSeats.id, seat));
    const companionUnit = await t.db.select({ seatId: s.inventoryUnits.seatId }).from(s.inventoryUnits).innerJoin(s.holdItems, eq(s.holdItems.unitId, s.inventoryUnits.id)).where(eq(s.holdItems.id, companion.itemId));
    const [next] = await t.db.select().from(s.venueSeats).where(eq(s.venueSeats.id, companionUnit[0].seatId!));
    expect(next.rowId).toBe(mine.rowId);
    expect(Math.abs(next.sortOrder - mine.sortOrder)).toBe(1);

    // Back to full price: the companion line goes and its seat is on sale again.
    expect((await pick(fan, line.itemId, null)).status).toBe(200);
    expect(await lines(fan)).toHaveLength(1);
    const [unit] = await t.db.select().from(s.inventoryUnits).where(and(eq(s.inventoryUnits.eventId, eventId), eq(s.inventoryUnits.seatId, next.id)));
    expect(unit.status).toBe('available');
  });
});

describe('wheelchair places', () => {
  it('are marked for the seat map and held back: a general buyer is refused with a translated 409', async () => {
    expect(wheelchair.length).toBeGreaterThan(0);
    expect(companionSeats.length).toBeGreaterThan(0);
    const seats = await answerOf(accessibleSeatsResultSchema, await accessibleSeatsRoute(request(`/api/v1/events/${SLUG}/accessible-seats`, { headers: { 'accept-language': 'cs' } }), params({ id: SLUG })));
    expect(seats.seats.filter((x) => x.kind === 'wheelchair').map((x) => x.seatId).sort()).toEqual([...wheelchair].sort());
    expect(seats.seats[0].section).toMatch(/^Sektor 10[56]$/);

    const availability = await (await availabilityRoute(request(`/api/v1/events/${SLUG}/availability`), params({ id: SLUG }))).json();
    expect(availability.takenSeatIds).toEqual(expect.arrayContaining([...wheelchair, ...companionSeats]));

    const fan = await makeUser(t.db, 'general-buyer');
    for (const seatId of [wheelchair[0], companionSeats[0]]) {
      const refused = await addItems(request(`/api/v1/events/${SLUG}/cart/items`, { method: 'POST', headers: auth(fan, { 'accept-language': 'cs' }), body: { seatIds: [seatId] } }), params({ id: SLUG }));
      expect(refused.status).toBe(409);
      const body = await refused.json();
      expect(body.code).toBe('ACCESSIBLE_SEAT');
      expect(body.message).toContain('vyhrazené pro držitele průkazu ZTP a ZTP/P');
    }
    // Named by its unit of the event (a hold takes seat or unit ids): held back all the same.
    const event = await eventBySlug(t.db, SLUG);
    const units = await t.db
      .select({ id: s.inventoryUnits.id })
      .from(s.inventoryUnits)
      .where(and(eq(s.inventoryUnits.eventId, event.id), inArray(s.inventoryUnits.seatId, [wheelchair[0], companionSeats[0]])));
    expect(units).toHaveLength(2);
    for (const unit of units) {
      const refused = await addItems(request(`/api/v1/events/${SLUG}/cart/items`, { method: 'POST', headers: auth(fan), body: { seatIds: [unit.id] } }), params({ id: SLUG }));
      expect(refused.status).toBe(409);
      expect((await refused.json()).code).toBe('ACCESSIBLE_SEAT');
    }
    expect((await cartOf(fan)).count).toBe(0);
    // A companion seat is no wheelchair place to hold; ZŤP-S is needed for the place itself.
    expect((await holdWheelchair(fan, companionSeats[0], 'ztp')).status).toBe(422);
    expect((await holdWheelchair(fan, wheelchair[0], 'student')).status).toBe(422);
  });

  it('a ZŤP-S holder gets the wheelchair place with its free companion seat, pays, and the gate asks for the card', async () => {
    const fan = await makeUser(t.db, 'ztps-holder');
    const held = await holdWheelchair(fan, wheelchair[0], 'ztp_s');
    expect(held.status).toBe(200);
    const answer = await answerOf(cartConcessionsResultSchema, held);
    expect(answer.lines).toHaveLength(2);
    const main = answer.lines.find((l) => l.wheelchair)!;
    expect(main).toMatchObject({ concession: 'ztp_s' });
    expect(main.options.map((o) => o.kind)).toEqual(['ztp', 'ztp_s']);
    const companion = answer.lines.find((l) => l.concession === 'companion')!;
    const [companionUnit] = await t.db.select({ seatId: s.inventoryUnits.seatId }).from(s.inventoryUnits).innerJoin(s.holdItems, eq(s.holdItems.unitId, s.inventoryUnits.id)).where(eq(s.holdItems.id, companion.itemId));
    expect(companionSeats).toContain(companionUnit.seatId);
    expect((await cartOf(fan)).total.amount).toBe(20000 + fee);

    // The wheelchair place keeps a card concession.
    const refused = await pick(fan, main.itemId, 'student');
    expect(refused.status).toBe(422);
    expect((await refused.json()).message).toBe('Miesto pre vozičkára je len s preukazom ZŤP alebo ZŤP-S.');
    // Someone else cannot have it meanwhile.
    const other = await makeUser(t.db, 'ztps-other');
    expect((await holdWheelchair(other, wheelchair[0], 'ztp')).status).toBe(409);

    const { tickets } = await pay(fan);
    expect(tickets.map((x) => x.concession).sort()).toEqual(['companion', 'ztp_s']);
    const mine = await answerOf(myTicketsSchema, await listTickets(request('/api/v1/tickets', { headers: auth(fan) }), params({})));
    expect(mine.tickets.map((x) => x.concession).sort()).toEqual(['companion', 'ztp_s']);

    const gate = await makeScanner(t.db, SLUG);
    // The offline gate's data carries the card too.
    const dataset = await answerOf(offlineDatasetSchema, await offlineRoute(request(`/api/v1/scan/events/${eventId}/offline`, { headers: auth(gate) }), params({ id: eventId })));
    expect(tickets.map((ticket) => dataset.tickets.find((x) => x.id === ticket.id)!.card).sort()).toEqual(['companion', 'ztp_s']);
    for (const ticket of tickets) {
      const response = await scan(request('/api/v1/scan', { method: 'POST', headers: auth(gate), body: { payload: await currentCode(t.db, ticket.id), eventId } }), params({}));
      const body = await response.json();
      checkAnswer(scanResultSchema, response.status, body);
      expect(body).toMatchObject({ result: 'admitted', card: ticket.concession });
    }
  });

  it('removing the ZŤP-S line removes its companion line, and both places are held back again', async () => {
    const fan = await makeUser(t.db, 'ztps-remove');
    const place = wheelchair[1];
    expect((await holdWheelchair(fan, place, 'ztp_s')).status).toBe(200);
    const main = (await lines(fan)).find((l) => l.wheelchair)!;
    const removed = await removeItem(request(`/api/v1/events/${SLUG}/cart/items/${main.itemId}`, { method: 'DELETE', headers: auth(fan) }), params({ id: SLUG, itemId: main.itemId }));
    expect(removed.status).toBe(200);
    expect(await lines(fan)).toEqual([]);
    const units = await t.db.select().from(s.inventoryUnits).where(and(eq(s.inventoryUnits.eventId, eventId), inArray(s.inventoryUnits.seatId, [place, ...companionSeats])));
    expect(units.filter((u) => u.status === 'held')).toEqual([]);
  });
});

describe('a plain ticket at the gate', () => {
  it('asks for no card', async () => {
    const fan = await makeUser(t.db, 'concession-plain');
    expect((await addToCart({ user: fan, eventRef: SLUG, selection: { seatIds: [await plainSeat()] }, locale: 'en' })).ok).toBe(true);
    const { tickets } = await pay(fan);
    const gate = await makeScanner(t.db, SLUG);
    const response = await scan(request('/api/v1/scan', { method: 'POST', headers: auth(gate), body: { payload: await currentCode(t.db, tickets[0].id), eventId } }), params({}));
    const body = await response.json();
    expect(body.result).toBe('admitted');
    expect(body.card).toBeUndefined();
  });
});
