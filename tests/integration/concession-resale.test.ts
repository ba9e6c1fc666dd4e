// Issue 28 items 3 and 4: concessions, companions and free tickets on the fan market, and package prices.
// A companion seat never moves alone (it goes with its ZŤP-S holder's gift); a concession is resold only
// when the organiser allows it, capped at the price paid; a free ticket is not resold unless allowed and
// shows as free; a buyer sees a resold ticket's concession before paying; a package's price is final.
import { and, eq, sql } from 'drizzle-orm';
import { PUT as putCategory } from '@/tests/helpers/api';
import { PUT as putLine } from '@/tests/helpers/api';
import { POST as listRoute } from '@/tests/helpers/api';
import { POST as giftRoute } from '@/tests/helpers/api';
import { GET as availabilityRoute } from '@/tests/helpers/api';
import { GET as listTickets } from '@/tests/helpers/api';
import { addToCart, getCart } from '@/lib/server/cart';
import { rowsOf } from '@/lib/server/db/client';
import * as s from '@/lib/server/db/schema';
import { FAMILY_EVENT } from '@/lib/server/db/seed/packages';
import { addPackageToCart } from '@/lib/server/packages/sale';
import { setCartConcession } from '@/lib/server/concessions/cart';
import { listTicketForResale } from '@/lib/server/resale/listing';
import { getResalePolicy, setResalePolicy } from '@/lib/server/events/resale-policy';
import { availabilitySchema } from '@/lib/schemas/events';
import { cartSchema } from '@/lib/schemas/cart';
import { myTicketsSchema } from '@/lib/schemas/tickets';
import { answerOf } from '../helpers/contract';
import { useTestDatabase } from '../helpers/db';
import { auth, eventBySlug, giveTicket, makeScanner, makeUser, params, request, type TestUser } from '../helpers/tickets';

const t = useTestDatabase({ seeded: true });
const SLUG = 'vltava-praha-kometa-brno';

let eventId: string;
let endId: string;
let endPrice: number;
let manager: TestUser;

const CHILD = 10000;

async function setConcessions(concessions: { kind: string; priceAmount: number; companion?: boolean; resaleAllowed?: boolean }[]) {
  const response = await putCategory(
    request(`/api/v1/organiser/events/${eventId}/price-categories/${endId}/concessions`, { method: 'PUT', headers: auth(manager), body: { concessions } }),
    params({ eventId, categoryId: endId }),
  );
  expect(response.status).toBe(200);
  return (await response.json()) as unknown as { concessions: { kind: string; resaleAllowed: boolean }[] };
}

/** A free END seat with free seats on both sides, no accessible seat. */
async function plainSeat(): Promise<string> {
  const [row] = rowsOf<{ seat_id: string }>(
    await t.db.execute(sql`
      select u.seat_id from inventory_units u join venue_seats vs on vs.id = u.seat_id
      where u.event_id = ${eventId}::uuid and u.ticket_type_id = ${endId}::uuid and u.status = 'available'
        and not exists (select 1 from accessible_seats a join venue_seats x on x.id = a.seat_id where x.row_id = vs.row_id)
        and exists (select 1 from inventory_units u2 join venue_seats v2 on v2.id = u2.seat_id where u2.event_id = u.event_id and u2.status = 'available' and v2.row_id = vs.row_id and v2.sort_order = vs.sort_order - 1)
        and exists (select 1 from inventory_units u2 join venue_seats v2 on v2.id = u2.seat_id where u2.event_id = u.event_id and u2.status = 'available' and v2.row_id = vs.row_id and v2.sort_order = vs.sort_order + 1)
      order by random() limit 1`),
  );
  return row.seat_id;
}

const list = (fan: TestUser, ticketId: string, price: number, language = 'en') =>
  listRoute(request(`/api/v1/tickets/${ticketId}/listing`, { method: 'POST', headers: auth(fan, { 'accept-language': language }), body: { price } }), params({ id: ticketId }));
const gift = (fan: TestUser, ticketId: string, email: string, language = 'en') =>
  giftRoute(request(`/api/v1/tickets/${ticketId}/gift`, { method: 'POST', headers: auth(fan, { 'accept-language': language }), body: { email } }), params({ id: ticketId }));
const myTickets = async (fan: TestUser) => (await answerOf(myTicketsSchema, await listTickets(request('/api/v1/tickets', { headers: auth(fan) }), params({})))).tickets;

beforeAll(async () => {
  const event = await eventBySlug(t.db, SLUG);
  eventId = event.id;
  const [end] = await t.db.select().from(s.ticketTypes).where(and(eq(s.ticketTypes.eventId, eventId), eq(s.ticketTypes.code, 'END')));
  endId = end.id;
  endPrice = end.priceAmount;
  manager = await makeScanner(t.db, SLUG, 'manager');
  // Resale at face value at most, gifting on.
  await t.db.update(s.events).set({ resaleEnabled: true, transferEnabled: true, resaleCapPercent: 100, resaleCapAmount: null, resaleWindowHours: 0 }).where(eq(s.events.id, eventId));
  await setConcessions([
    { kind: 'child', priceAmount: CHILD },
    { kind: 'ztp_s', priceAmount: 20000, companion: true },
  ]);
});

/** Pays for what is in the fan's cart (the helper's buy adds a selection first; here the cart is ready). */
async function payCart(fan: TestUser) {
  const { checkout } = await import('@/lib/server/orders/checkout');
  const { signedGatewayNotice, testGateway } = await import('@/lib/server/payments/test-gateway');
  const { handlePaymentNotice } = await import('@/lib/server/payments/webhook');
  const urls = { success: (id: string) => `http://x/orders/${id}`, cancel: () => 'http://x/cart', gateway: (id: string) => `/en/pay/${id}` };
  const result = await checkout({ user: fan, eventRef: SLUG, locale: 'en', urls });
  if (!result.ok || result.paid) throw new Error(result.ok ? 'paid at checkout' : result.code);
  const { eventId: noticeId } = signedGatewayNotice(result.paymentId, 'succeeded');
  expect((await handlePaymentNotice(testGateway, { eventId: noticeId, paymentId: result.paymentId, outcome: 'succeeded' }, new Date())).kind).toBe('paid');
  return t.db.select().from(s.tickets).where(eq(s.tickets.orderId, result.orderId));
}

async function buyConcession(fan: TestUser, kind: 'child' | 'ztp_s') {
  expect((await addToCart({ user: fan, eventRef: SLUG, selection: { seatIds: [await plainSeat()] }, locale: 'en' })).ok).toBe(true);
  const cart = await getCart({ user: fan, eventRef: SLUG, locale: 'en' });
  if (!cart.ok) throw new Error(cart.code);
  expect((await setCartConcession({ user: fan, eventRef: SLUG, itemId: cart.cart.items[0].id, concession: kind })).ok).toBe(true);
  return payCart(fan);
}

describe('a ZŤP-S companion seat', () => {
  it('is never listed nor gifted alone, and Your tickets offers neither', async () => {
    const fan = await makeUser(t.db, 'ztps-market');
    await setConcessions([
      { kind: 'child', priceAmount: CHILD },
      { kind: 'ztp_s', priceAmount: 20000, companion: true, resaleAllowed: true },
    ]);
    const tickets = await buyConcession(fan, 'ztp_s');
    const companion = tickets.find((x) => x.concession === 'companion')!;
    const listed = await list(fan, companion.id, 950, 'sk');
    expect(listed.status).toBe(409);
    expect(await listed.json()).toMatchObject({ message: 'Miesto pre sprievodcu sa nepredáva ani nedaruje samostatne: ide vždy so vstupenkou držiteľa ZŤP-S.' });
    const gifted = await gift(fan, companion.id, 'someone@example.com');
    expect(gifted.status).toBe(409);
    const mine = await myTickets(fan);
    const shown = mine.find((x) => x.id === companion.id)!;
    expect(shown.companionOf).toBe(tickets.find((x) => x.concession === 'ztp_s')!.id);
    expect(shown.event.resale.refusal).toBe('COMPANION_NOT_ALONE');
    expect(shown.giftable).toBe(false);
    // Its holder's ZŤP-S ticket with a companion is not resold (the companion cannot go alone): refused too.
    const holder = tickets.find((x) => x.concession === 'ztp_s')!;
    expect((await listTicketForResale(fan, { ticketId: holder.id, priceAmount: 20000 })).ok).toBe(false);
    expect((await listTicketForResale(fan, { ticketId: holder.id, priceAmount: 20000 }))).toMatchObject({ code: 'RESALE_WITH_COMPANION' });
  });

  it('goes with its holder’s ticket when that one is gifted: both move, both get a new secret and version', async () => {
    const fan = await makeUser(t.db, 'ztps-giver');
    const friend = await makeUser(t.db, 'ztps-friend');
    const tickets = await buyConcession(fan, 'ztp_s');
    const holder = tickets.find((x) => x.concession === 'ztp_s')!;
    const companion = tickets.find((x) => x.concession === 'companion')!;
    expect((await gift(fan, holder.id, friend.email)).status).toBe(201);
    const after = await t.db.select().from(s.tickets).where(sql`${s.tickets.id} in (${holder.id}::uuid, ${companion.id}::uuid)`);
    for (const ticket of after) {
      const before = tickets.find((x) => x.id === ticket.id)!;
      expect(ticket.ownerId).toBe(friend.id);
      expect(ticket.version).toBe(before.version + 1);
      expect(ticket.secret).not.toBe(before.secret);
    }
  });

  it('goes with its holder’s ticket when a gift to an unknown email is claimed', async () => {
    const fan = await makeUser(t.db, 'ztps-giver-pending');
    const tickets = await buyConcession(fan, 'ztp_s');
    const holder = tickets.find((x) => x.concession === 'ztp_s')!;
    const email = `later-${Date.now()}@example.com`;
    expect((await gift(fan, holder.id, email)).status).toBe(201);
    const later = await makeUser(t.db, 'ztps-later', email);
    const mine = await myTickets(later);
    expect(mine.map((x) => x.concession).sort()).toEqual(['companion', 'ztp_s']);
  });
});

describe('a child ticket', () => {
  it('is not resold unless the organiser allows it; gifting stays allowed', async () => {
    await setConcessions([
      { kind: 'child', priceAmount: CHILD },
      { kind: 'ztp_s', priceAmount: 20000, companion: true },
    ]);
    const fan = await makeUser(t.db, 'child-no-resale');
    const [child] = await buyConcession(fan, 'child');
    const refused = await list(fan, child.id, CHILD, 'sk');
    expect(refused.status).toBe(409);
    expect((await refused.json()).message).toBe('Organizátor nepovoľuje ďalší predaj tohto druhu zľavnenej vstupenky.');
    expect((await myTickets(fan)).find((x) => x.id === child.id)!.event.resale.refusal).toBe('CONCESSION_RESALE_NOT_ALLOWED');
    const friend = await makeUser(t.db, 'child-gift');
    expect((await gift(fan, child.id, friend.email)).status).toBe(201);
  });

  it('is capped at the price paid, not the face value, in the listing and in Your tickets', async () => {
    const saved = await setConcessions([
      { kind: 'child', priceAmount: CHILD, resaleAllowed: true },
      { kind: 'ztp_s', priceAmount: 20000, companion: true },
    ]);
    expect(saved.concessions[0]).toMatchObject({ kind: 'child', resaleAllowed: true });
    expect(endPrice).toBeGreaterThan(CHILD);
    const fan = await makeUser(t.db, 'child-cap');
    const [child] = await buyConcession(fan, 'child');
    const over = await listTicketForResale(fan, { ticketId: child.id, priceAmount: endPrice });
    expect(over).toMatchObject({ ok: false, code: 'PRICE_OVER_CAP', capAmount: CHILD });
    const shown = (await myTickets(fan)).find((x) => x.id === child.id)!;
    expect(shown.event.resale.capAmount).toBe(CHILD);
    expect(shown.event.resale.refusal).toBeNull();
    expect((await list(fan, child.id, CHILD)).status).toBe(201);
  });

  it('tells the buyer it is a child ticket before paying: on the event page, in the cart and at checkout', async () => {
    const seller = await makeUser(t.db, 'child-seller');
    const [child] = await buyConcession(seller, 'child');
    expect((await list(seller, child.id, CHILD)).status).toBe(201);
    const [listing] = await t.db.select().from(s.resaleListings).where(and(eq(s.resaleListings.ticketId, child.id), eq(s.resaleListings.status, 'active')));
    const availability = await answerOf(availabilitySchema, await availabilityRoute(request(`/api/v1/events/${SLUG}/availability`), params({ id: SLUG })));
    expect(availability.resale.find((x) => x.listingId === listing.id)).toMatchObject({ concession: 'child' });
    const buyer = await makeUser(t.db, 'child-buyer');
    const held = await addToCart({ user: buyer, eventRef: SLUG, selection: { listingId: listing.id }, locale: 'en' });
    expect(held.ok).toBe(true);
    const cart = await getCart({ user: buyer, eventRef: SLUG, locale: 'en' });
    if (!cart.ok) throw new Error(cart.code);
    const line = cartSchema.parse(cart.cart).items.find((x) => x.listingId === listing.id)!;
    expect(line.concession).toBe('child');
  });
});

describe('a free ticket', () => {
  it('shows as free to its holder, is not resold unless the organiser allows it', async () => {
    const fan = await makeUser(t.db, 'free-ticket');
    const { ticket } = await giveTicket(t.db, fan.id, SLUG, 'END', { free: true });
    const shown = (await myTickets(fan)).find((x) => x.id === ticket.id)!;
    expect(shown.pricePaid).toBe(0);
    expect(shown.event.resale.refusal).toBe('FREE_TICKET_RESALE_NOT_ALLOWED');
    const refused = await list(fan, ticket.id, 100, 'cs');
    expect(refused.status).toBe(409);
    expect((await refused.json()).message).toBe('Organizátor nedovoluje další prodej vstupenek zdarma.');

    const view = await getResalePolicy(manager.id, eventId);
    if (!view.ok) throw new Error(view.code);
    expect(view.policy.freeTicketsResale).toBe(false);
    expect((await setResalePolicy(manager.id, eventId, { ...view.policy, freeTicketsResale: true, resaleCapPercent: null, resaleCapAmount: 1000 })).ok).toBe(true);
    expect((await list(fan, ticket.id, 1000)).status).toBe(201);
    // Turned off again: the free ticket's listing is withdrawn.
    const off = await setResalePolicy(manager.id, eventId, { ...view.policy, freeTicketsResale: false });
    expect(off).toMatchObject({ ok: true, withdrawn: 1 });
  });
});

describe('a package', () => {
  it('has a final price: a concession cannot be picked on its lines', async () => {
    const event = await eventBySlug(t.db, FAMILY_EVENT);
    const [pkg] = await t.db.select().from(s.packages).where(sql`${s.packages.name}->>'en' = 'Family ticket: 2 adults + 2 children'`);
    const [content] = await t.db.select().from(s.packageContents).where(eq(s.packageContents.packageId, pkg.id));
    await t.db.insert(s.ticketTypeConcessions).values({ ticketTypeId: content.ticketTypeId, kind: 'child', priceAmount: 100 }).onConflictDoNothing();
    const fan = await makeUser(t.db, 'family-child');
    expect((await addPackageToCart({ user: fan, eventRef: FAMILY_EVENT, packageId: pkg.id, locale: 'en' })).ok).toBe(true);
    const before = await getCart({ user: fan, eventRef: FAMILY_EVENT, locale: 'en' });
    if (!before.ok) throw new Error(before.code);
    const [hi] = await t.db.select().from(s.holdItems).where(eq(s.holdItems.holdId, before.cart.holdId!)).limit(1);
    const picked = await setCartConcession({ user: fan, eventRef: FAMILY_EVENT, itemId: hi.id, concession: 'child' });
    expect(picked).toMatchObject({ ok: false, code: 'PACKAGE_PRICE_FIXED' });
    const response = await putLine(
      request(`/api/v1/events/${event.slug}/cart/concessions`, { method: 'PUT', headers: auth(fan, { 'accept-language': 'sk' }), body: { itemId: hi.id, concession: 'child' } }),
      params({ id: event.slug }),
    );
    expect(response.status).toBe(409);
    const after = await getCart({ user: fan, eventRef: FAMILY_EVENT, locale: 'en' });
    if (!after.ok) throw new Error(after.code);
    expect(after.cart.total.amount).toBe(before.cart.total.amount);
  });
});
