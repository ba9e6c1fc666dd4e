import { and, eq, inArray, sql } from 'drizzle-orm';
import * as s from '@/lib/server/db/schema';
import { hashToken, newSessionToken } from '@/lib/server/auth/session-token';
import { addToCart, applyCoupon, getCart, removeFromCart } from '@/lib/server/cart';
import { reservationMinutes } from '@/lib/server/cart/event';
import { eventChanged } from '@/lib/server/events/changed';
import { sweepExpiredHolds } from '@/lib/server/cart/sweep';
import { POST as addItemsRoute } from '@/tests/helpers/api';
import { DELETE as removeItemRoute } from '@/tests/helpers/api';
import { GET as cartRoute } from '@/tests/helpers/api';
import { POST as couponRoute } from '@/tests/helpers/api';
import { cartSchema } from '@/lib/schemas/cart';
import { answerOf, failureBodyOf } from '../helpers/contract';
import { useTestDatabase } from '../helpers/db';
import { freeSeatsOf } from '../helpers/seats';
import { giveTicket, makeUser } from '../helpers/tickets';

const t = useTestDatabase({ seeded: true });

const STADIUM = 'dunaj-bratislava-fc-kosice';
const CONCERT = 'polarna-ziara-kosice';
const FEST = 'luka-fest-2027';
const MIN = 60_000;


let userCounter = 0;
async function newFan() {
  const [user] = await t.db
    .insert(s.users)
    .values({ email: `cart-fan-${userCounter++}-${Date.now()}@example.com`, firstName: 'Fan', lastName: 'Test', locale: 'en' })
    .returning({ id: s.users.id });
  return user;
}

async function event(slug: string) {
  const [row] = await t.db.select().from(s.events).where(eq(s.events.slug, slug));
  return row;
}

const freeSeats = (slug: string, count: number, offset = 0) => freeSeatsOf(t.db, slug, count, offset);

async function typeId(slug: string, code: string) {
  const e = await event(slug);
  const [type] = await t.db.select().from(s.ticketTypes).where(and(eq(s.ticketTypes.eventId, e.id), eq(s.ticketTypes.code, code)));
  return type.id;
}

async function unitsBySeat(slug: string, seatIds: string[]) {
  const e = await event(slug);
  return t.db.select().from(s.inventoryUnits).where(and(eq(s.inventoryUnits.eventId, e.id), inArray(s.inventoryUnits.seatId, seatIds)));
}

describe('holding tickets', () => {
  it('holds named seats for the reservation time, all or nothing, and names the taken seats', async () => {
    const now = new Date();
    const [a, b] = [await newFan(), await newFan()];
    const [s1, s2, s3] = await freeSeats(STADIUM, 3);
    const held = await addToCart({ user: a, eventRef: STADIUM, selection: { seatIds: [s1, s2] }, locale: 'en', now });
    if (!held.ok) throw new Error(held.code);
    expect(held.cart.count).toBe(2);
    expect(held.cart.items.every((i) => i.kind === 'seat' && i.seat)).toBe(true);
    expect(new Date(held.cart.expiresAt!).getTime()).toBe(now.getTime() + 10 * MIN);
    expect(held.cart.timeLeft).toBe(600);
    const e = await event(STADIUM);
    // subtotal is the category price, fees the per-ticket service fee
    expect(held.cart.subtotal.amount).toBe(held.cart.items.reduce((sum, i) => sum + i.price.amount, 0));
    expect(held.cart.fees.amount).toBe(2 * e.serviceFeeAmount);
    expect(held.cart.total.amount).toBe(held.cart.subtotal.amount + held.cart.fees.amount);

    const clash = await addToCart({ user: b, eventRef: STADIUM, selection: { seatIds: [s3, s2] }, locale: 'en', now });
    expect(clash).toMatchObject({ ok: false, code: 'SEAT_TAKEN' });
    if (clash.ok || clash.code !== 'SEAT_TAKEN') throw new Error('expected SEAT_TAKEN');
    expect(clash.taken.map((x) => x.id)).toEqual([s2]);
    expect(clash.taken[0].label).toMatch(/, row .+, seat .+/);
    // nothing of B's selection is held
    const [unit3] = await unitsBySeat(STADIUM, [s3]);
    expect(unit3.status).toBe('available');
    const cartB = await getCart({ user: b, eventRef: STADIUM, locale: 'en', now });
    expect(cartB.ok && cartB.cart.count).toBe(0);
  });

  it('holds any N standing places and refuses more than are left', async () => {
    const fan = await newFan();
    const vip = await typeId(CONCERT, 'VIP');
    const held = await addToCart({ user: fan, eventRef: CONCERT, selection: { ticketTypeId: vip, quantity: 3 }, locale: 'en' });
    if (!held.ok) throw new Error(held.code);
    expect(held.cart.items.map((i) => i.kind)).toEqual(['place', 'place', 'place']);
    const units = await t.db.select().from(s.inventoryUnits).where(and(eq(s.inventoryUnits.ticketTypeId, vip), eq(s.inventoryUnits.status, 'held')));
    expect(units).toHaveLength(3);
    // 50 VIP places, 3 held: 48 more cannot be had (and the per-order limit says no first)
    const other = await newFan();
    expect(await addToCart({ user: other, eventRef: CONCERT, selection: { ticketTypeId: vip, quantity: 11 }, locale: 'en' })).toMatchObject({ ok: false, code: 'LIMIT_PER_ORDER', limit: 10 });
  });

  it('enforces the per-order limit across adds and the per-fan limit counting owned tickets', async () => {
    const fan = await newFan();
    const ga = await typeId(CONCERT, 'GA');
    expect((await addToCart({ user: fan, eventRef: CONCERT, selection: { ticketTypeId: ga, quantity: 8 }, locale: 'en' })).ok).toBe(true);
    expect(await addToCart({ user: fan, eventRef: CONCERT, selection: { ticketTypeId: ga, quantity: 3 }, locale: 'en' })).toMatchObject({ ok: false, code: 'LIMIT_PER_ORDER' });
    expect((await addToCart({ user: fan, eventRef: CONCERT, selection: { ticketTypeId: ga, quantity: 2 }, locale: 'en' })).ok).toBe(true);

    const e = await event(STADIUM);
    await t.db.update(s.events).set({ maxTicketsPerUser: 3 }).where(eq(s.events.id, e.id));
    await eventChanged(e.id);
    const owner = await newFan();
    const owned = await freeSeats(STADIUM, 2, 100);
    const units = await unitsBySeat(STADIUM, owned);
    await t.db.update(s.inventoryUnits).set({ status: 'sold' }).where(inArray(s.inventoryUnits.id, units.map((u) => u.id)));
    await t.db.insert(s.tickets).values(units.map((u) => ({ eventId: e.id, unitId: u.id, ticketTypeId: u.ticketTypeId, ownerId: owner.id, priceAmount: 1000, secret: 'x' })));
    const two = await freeSeats(STADIUM, 2, 200);
    expect(await addToCart({ user: owner, eventRef: STADIUM, selection: { seatIds: two }, locale: 'en' })).toMatchObject({ ok: false, code: 'LIMIT_PER_USER', limit: 3 });
    expect((await addToCart({ user: owner, eventRef: STADIUM, selection: { seatIds: two.slice(0, 1) }, locale: 'en' })).ok).toBe(true);
    await t.db.update(s.events).set({ maxTicketsPerUser: 20 }).where(eq(s.events.id, e.id));
    await eventChanged(e.id);
  });

  it('what is already in the cart is not asked for again, a resale listing as a seat: adding it again at the limit answers the same cart', async () => {
    const seller = await makeUser(t.db, 'cart-seller');
    const { ticket, event: e } = await giveTicket(t.db, seller.id, STADIUM);
    await t.db.update(s.tickets).set({ status: 'listed' }).where(eq(s.tickets.id, ticket.id));
    const [listing] = await t.db
      .insert(s.resaleListings)
      .values({ ticketId: ticket.id, eventId: e.id, sellerId: seller.id, priceAmount: 2500, currency: 'EUR' })
      .returning({ id: s.resaleListings.id });
    const fan = await newFan();
    const [seat] = await freeSeats(STADIUM, 1, 360);
    expect((await addToCart({ user: fan, eventRef: STADIUM, selection: { listingId: listing.id }, locale: 'en' })).ok).toBe(true);
    expect((await addToCart({ user: fan, eventRef: STADIUM, selection: { seatIds: [seat] }, locale: 'en' })).ok).toBe(true);
    await t.db.update(s.events).set({ maxTicketsPerOrder: 2 }).where(eq(s.events.id, e.id));
    await eventChanged(e.id);
    try {
      for (const selection of [{ listingId: listing.id }, { seatIds: [seat] }]) {
        const again = await addToCart({ user: fan, eventRef: STADIUM, selection, locale: 'en' });
        expect(again.ok && again.cart.items.map((item) => item.listingId ?? item.kind)).toEqual([listing.id, 'seat']);
      }
    } finally {
      await t.db.update(s.events).set({ maxTicketsPerOrder: e.maxTicketsPerOrder }).where(eq(s.events.id, e.id));
      await eventChanged(e.id);
    }
  });

  it('a change to the event applies to the next cart call, also when another server process made it', async () => {
    const fan = await newFan();
    const e = await event(STADIUM);
    const seats = await freeSeats(STADIUM, 2, 340);
    expect((await addToCart({ user: fan, eventRef: STADIUM, selection: { seatIds: seats.slice(0, 1) }, locale: 'en' })).ok).toBe(true);
    await t.db.update(s.events).set({ maxTicketsPerOrder: 1 }).where(eq(s.events.id, e.id));
    try {
      // what eventChanged() in another server process sends: this one hears it through its LISTEN
      await t.db.execute(sql`select pg_notify('tribuna_event_changed', ${e.id})`);
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(await addToCart({ user: fan, eventRef: STADIUM, selection: { seatIds: seats.slice(1) }, locale: 'en' })).toMatchObject({ ok: false, code: 'LIMIT_PER_ORDER', limit: 1 });
      // a change made in this thread applies to the very next call
      await t.db.update(s.events).set({ maxTicketsPerOrder: 2 }).where(eq(s.events.id, e.id));
      await eventChanged(e.id);
      const second = await addToCart({ user: fan, eventRef: STADIUM, selection: { seatIds: seats.slice(1) }, locale: 'en' });
      expect(second.ok && second.cart.count).toBe(2);
    } finally {
      await t.db.update(s.events).set({ maxTicketsPerOrder: e.maxTicketsPerOrder }).where(eq(s.events.id, e.id));
      await eventChanged(e.id);
    }
  });

  it('removes a ticket and gives it back to sale at once', async () => {
    const fan = await newFan();
    const [seat] = await freeSeats(STADIUM, 1, 300);
    const held = await addToCart({ user: fan, eventRef: STADIUM, selection: { seatIds: [seat] }, locale: 'en' });
    if (!held.ok) throw new Error(held.code);
    const removed = await removeFromCart({ user: fan, eventRef: STADIUM, itemId: held.cart.items[0].id, locale: 'en' });
    expect(removed.ok && removed.cart.count).toBe(0);
    const [unit] = await unitsBySeat(STADIUM, [seat]);
    expect(unit).toMatchObject({ status: 'available', holdId: null });
    expect(await removeFromCart({ user: fan, eventRef: STADIUM, itemId: held.cart.items[0].id, locale: 'en' })).toMatchObject({ ok: false, code: 'ITEM_NOT_FOUND' });
  });

  it('an emptied cart starts a fresh reservation time with its next ticket; a cart with tickets keeps its time', async () => {
    const fan = await newFan();
    const t0 = new Date();
    const [first, second, third] = await freeSeats(STADIUM, 3, 320);
    const held = await addToCart({ user: fan, eventRef: STADIUM, selection: { seatIds: [first] }, locale: 'en', now: t0 });
    if (!held.ok) throw new Error(held.code);
    const minutes = reservationMinutes(await event(STADIUM));
    expect(held.cart.expiresAt).toBe(new Date(t0.getTime() + minutes * MIN).toISOString());
    // a second ticket two minutes later joins the running time
    const more = await addToCart({ user: fan, eventRef: STADIUM, selection: { seatIds: [second] }, locale: 'en', now: new Date(t0.getTime() + 2 * MIN) });
    expect(more.ok && more.cart.expiresAt).toBe(held.cart.expiresAt);
    for (const item of more.ok ? more.cart.items : []) {
      await removeFromCart({ user: fan, eventRef: STADIUM, itemId: item.id, locale: 'en', now: new Date(t0.getTime() + 3 * MIN) });
    }
    // emptied, the next ticket gets the whole time again, in the answer and in the database
    const t5 = new Date(t0.getTime() + 5 * MIN);
    const again = await addToCart({ user: fan, eventRef: STADIUM, selection: { seatIds: [third] }, locale: 'en', now: t5 });
    if (!again.ok) throw new Error(again.code);
    const fresh = new Date(t5.getTime() + minutes * MIN);
    expect(again.cart).toMatchObject({ expiresAt: fresh.toISOString(), timeLeft: minutes * 60, count: 1 });
    const [unit] = await unitsBySeat(STADIUM, [third]);
    expect(unit.heldUntil?.toISOString()).toBe(fresh.toISOString());
    const [hold] = await t.db.select().from(s.holds).where(eq(s.holds.id, again.cart.holdId!));
    expect(hold.expiresAt.toISOString()).toBe(fresh.toISOString());
  });
});

describe('expiry', () => {
  it('an expired hold is free on every read before the sweeper runs, and the sweeper ends it once', async () => {
    const t0 = new Date();
    const later = new Date(t0.getTime() + 11 * MIN);
    const [a, b] = [await newFan(), await newFan()];
    const [seat, seat2] = await freeSeats(STADIUM, 2, 400);
    const held = await addToCart({ user: a, eventRef: STADIUM, selection: { seatIds: [seat, seat2] }, locale: 'en', now: t0 });
    expect(held.ok).toBe(true);
    // 9 minutes in: still held
    const nine = await getCart({ user: a, eventRef: STADIUM, locale: 'en', now: new Date(t0.getTime() + 9 * MIN) });
    expect(nine.ok && nine.cart.count).toBe(2);
    expect(nine.ok && nine.cart.timeLeft).toBe(60);
    // part of a second left still counts as a second: the fan's countdown never ends before the hold does
    const last = await getCart({ user: a, eventRef: STADIUM, locale: 'en', now: new Date(t0.getTime() + 10 * MIN - 400) });
    expect(last.ok && last.cart).toMatchObject({ count: 2, timeLeft: 1 });
    // 11 minutes in: the cart is empty and says it expired
    const after = await getCart({ user: a, eventRef: STADIUM, locale: 'en', now: later });
    expect(after.ok && after.cart).toMatchObject({ count: 0, items: [], expired: true, timeLeft: 0 });
    // another fan takes the seat before any sweeper
    const taken = await addToCart({ user: b, eventRef: STADIUM, selection: { seatIds: [seat] }, locale: 'en', now: later });
    expect(taken.ok).toBe(true);
    // the sweeper ends A's hold once; the seat B holds stays B's, the other returns to sale
    const swept = await sweepExpiredHolds({ now: later });
    const holdA = held.ok ? held.cart.holdId! : '';
    expect(swept).toContain(holdA);
    expect(await sweepExpiredHolds({ now: later })).not.toContain(holdA);
    const [u1] = await unitsBySeat(STADIUM, [seat]);
    const [u2] = await unitsBySeat(STADIUM, [seat2]);
    expect(u1.status).toBe('held');
    expect(u1.holdId).toBe(taken.ok ? taken.cart.holdId : null);
    expect(u2).toMatchObject({ status: 'available', holdId: null });
    const [hold] = await t.db.select().from(s.holds).where(eq(s.holds.id, holdA));
    expect(hold.status).toBe('expired');
    // A selects again: a fresh cart with a fresh time
    const again = await addToCart({ user: a, eventRef: STADIUM, selection: { seatIds: [seat2] }, locale: 'en', now: later });
    expect(again.ok && again.cart.timeLeft).toBe(600);
  });

  it('a cart whose time ran out before the sweeper: its lines are gone, and the next seat opens a fresh cart and frees the old seats', async () => {
    const t0 = new Date();
    const later = new Date(t0.getTime() + 11 * MIN);
    const fan = await newFan();
    const [s1, s2, s3] = await freeSeats(STADIUM, 3, 420);
    const held = await addToCart({ user: fan, eventRef: STADIUM, selection: { seatIds: [s1, s2] }, locale: 'en', now: t0 });
    if (!held.ok) throw new Error(held.code);
    expect(await removeFromCart({ user: fan, eventRef: STADIUM, itemId: held.cart.items[0].id, locale: 'en', now: later })).toMatchObject({ ok: false, code: 'ITEM_NOT_FOUND' });
    const fresh = await addToCart({ user: fan, eventRef: STADIUM, selection: { seatIds: [s3] }, locale: 'en', now: later });
    if (!fresh.ok) throw new Error(fresh.code);
    expect(fresh.cart).toMatchObject({ count: 1, timeLeft: 600 });
    expect(fresh.cart.holdId).not.toBe(held.cart.holdId);
    const [old] = await t.db.select().from(s.holds).where(eq(s.holds.id, held.cart.holdId!));
    expect(old.status).toBe('expired');
    for (const unit of await unitsBySeat(STADIUM, [s1, s2])) expect(unit).toMatchObject({ status: 'available', holdId: null });
  });

  it('a hold that fails opens no cart and changes nothing', async () => {
    const [a, b] = [await newFan(), await newFan()];
    const [s1, s2] = await freeSeats(STADIUM, 2, 440);
    expect((await addToCart({ user: a, eventRef: STADIUM, selection: { seatIds: [s1] }, locale: 'en' })).ok).toBe(true);
    expect(await addToCart({ user: b, eventRef: STADIUM, selection: { seatIds: [s2, s1] }, locale: 'en' })).toMatchObject({ ok: false, code: 'SEAT_TAKEN' });
    const e = await event(STADIUM);
    expect(await t.db.select().from(s.holds).where(and(eq(s.holds.userId, b.id), eq(s.holds.eventId, e.id)))).toHaveLength(0);
    const [unit2] = await unitsBySeat(STADIUM, [s2]);
    expect(unit2).toMatchObject({ status: 'available', holdId: null });
    const tooMany = await freeSeats(STADIUM, e.maxTicketsPerOrder + 1, 460);
    expect(await addToCart({ user: b, eventRef: STADIUM, selection: { seatIds: tooMany }, locale: 'en' })).toMatchObject({ ok: false, code: 'LIMIT_PER_ORDER' });
    expect(await t.db.select().from(s.holds).where(and(eq(s.holds.userId, b.id), eq(s.holds.eventId, e.id)))).toHaveLength(0);
    // asking again for a seat already in the cart holds it once
    const again = await addToCart({ user: a, eventRef: STADIUM, selection: { seatIds: [s1] }, locale: 'en' });
    expect(again.ok && again.cart.count).toBe(1);
  });

  it('RESERVATION_MINUTES overrides the event', async () => {
    process.env.RESERVATION_MINUTES = '3';
    try {
      const fan = await newFan();
      const [seat] = await freeSeats(STADIUM, 1, 500);
      const held = await addToCart({ user: fan, eventRef: STADIUM, selection: { seatIds: [seat] }, locale: 'en' });
      expect(held.ok && held.cart.timeLeft).toBe(180);
    } finally {
      delete process.env.RESERVATION_MINUTES;
    }
  });
});

describe('coupons', () => {
  async function cartWith(slug: string, selection: Parameters<typeof addToCart>[0]['selection']) {
    const fan = await newFan();
    const held = await addToCart({ user: fan, eventRef: slug, selection, locale: 'en' });
    if (!held.ok) throw new Error(held.code);
    return { fan, cart: held.cart };
  }

  it('DUNAJ10 takes 10 % off a Dunaj match, nothing off other organisers', async () => {
    const { fan, cart } = await cartWith(STADIUM, { seatIds: await freeSeats(STADIUM, 2, 600) });
    const applied = await applyCoupon({ user: fan, eventRef: STADIUM, code: ' dunaj10 ', locale: 'en' });
    if (!applied.ok) throw new Error(applied.code);
    expect(applied.cart.couponCode).toBe('DUNAJ10');
    expect(applied.cart.discount.amount).toBe(Math.floor(cart.subtotal.amount / 10));
    expect(applied.cart.total.amount).toBe(cart.subtotal.amount - applied.cart.discount.amount + cart.fees.amount);
    const other = await cartWith(CONCERT, { ticketTypeId: await typeId(CONCERT, 'GA'), quantity: 1 });
    expect(await applyCoupon({ user: other.fan, eventRef: CONCERT, code: 'DUNAJ10', locale: 'en' })).toMatchObject({ ok: false, code: 'INVALID_DISCOUNT_CODE' });
  });

  it('FEST5 is 5 € off Lúka Fest only', async () => {
    const { fan, cart } = await cartWith(FEST, { ticketTypeId: await typeId(FEST, 'PASS'), quantity: 2 });
    const applied = await applyCoupon({ user: fan, eventRef: FEST, code: 'FEST5', locale: 'en' });
    expect(applied.ok && applied.cart.discount.amount).toBe(500);
    expect(applied.ok && applied.cart.total.amount).toBe(cart.subtotal.amount - 500 + cart.fees.amount);
  });

  it('a category-scoped code discounts only its categories and is invalid without them', async () => {
    const { fan } = await cartWith(CONCERT, { ticketTypeId: await typeId(CONCERT, 'GA'), quantity: 1 });
    expect(await applyCoupon({ user: fan, eventRef: CONCERT, code: 'VIP20', locale: 'en' })).toMatchObject({ ok: false, code: 'INVALID_DISCOUNT_CODE' });
    await addToCart({ user: fan, eventRef: CONCERT, selection: { ticketTypeId: await typeId(CONCERT, 'VIP'), quantity: 1 }, locale: 'en' });
    const applied = await applyCoupon({ user: fan, eventRef: CONCERT, code: 'VIP20', locale: 'en' });
    expect(applied.ok && applied.cart.discount.amount).toBe(Math.floor(5900 * 0.2));
  });

  it('an expired code and a used-up code say so; unknown, not yet valid and other organisers\' codes are "Invalid discount code"', async () => {
    const { fan } = await cartWith(STADIUM, { seatIds: await freeSeats(STADIUM, 1, 700) });
    expect(await applyCoupon({ user: fan, eventRef: STADIUM, code: 'NOSUCHCODE', locale: 'en' })).toMatchObject({ ok: false, code: 'INVALID_DISCOUNT_CODE' });
    expect(await applyCoupon({ user: fan, eventRef: STADIUM, code: 'leto2025', locale: 'en' })).toMatchObject({ ok: false, code: 'DISCOUNT_CODE_EXPIRED' });
    expect(await applyCoupon({ user: fan, eventRef: STADIUM, code: 'VYPREDANE', locale: 'en' })).toMatchObject({ ok: false, code: 'DISCOUNT_CODE_USED_UP' });
    const e = await event(STADIUM);
    await t.db.insert(s.coupons).values({ code: 'BUDUCI', orgId: e.orgId, kind: 'percent', value: 5, validFrom: new Date(Date.now() + 86_400_000) });
    expect(await applyCoupon({ user: fan, eventRef: STADIUM, code: 'BUDUCI', locale: 'en' })).toMatchObject({ ok: false, code: 'INVALID_DISCOUNT_CODE' });
    // Another organiser's expired code is, to this event's fan, a code that does not exist.
    const concert = await event(CONCERT);
    await t.db.insert(s.coupons).values({ code: 'CUDZI', orgId: concert.orgId, kind: 'percent', value: 5, validUntil: new Date(Date.now() - 86_400_000) });
    expect(await applyCoupon({ user: fan, eventRef: STADIUM, code: 'CUDZI', locale: 'en' })).toMatchObject({ ok: false, code: 'INVALID_DISCOUNT_CODE' });
  });

  it.each([
    ['NOSUCHCODE', 'en', 'INVALID_DISCOUNT_CODE', 'Invalid discount code', 920],
    ['LETO2025', 'en', 'DISCOUNT_CODE_EXPIRED', 'This code has expired.', 940],
    ['VYPREDANE', 'en', 'DISCOUNT_CODE_USED_UP', 'This code has been used up.', 960],
    ['LETO2025', 'sk', 'DISCOUNT_CODE_EXPIRED', 'Platnosť tohto kódu už skončila.', 980],
    ['VYPREDANE', 'cs', 'DISCOUNT_CODE_USED_UP', 'Tento kód je už vyčerpaný.', 1000],
  ])('the coupon endpoint answers %s (%s) with 422 %s and its sentence at the code field', async (code, language, failure, message, from) => {
    const { fan } = await cartWith(STADIUM, { seatIds: await freeSeats(STADIUM, 1, from) });
    const response = await couponRoute(
      new Request(`http://localhost/api/v1/events/${STADIUM}/cart/coupon`, {
        method: 'POST',
        headers: { authorization: `Bearer ${await sessionFor(fan.id)}`, 'accept-language': language, 'content-type': 'application/json' },
        body: JSON.stringify({ code }),
      }),
      { params: Promise.resolve({ id: STADIUM }) },
    );
    expect(response.status).toBe(422);
    expect(await response.json()).toMatchObject({ code: failure, message, errors: [{ field: 'code', message }] });
  });

  it('the coupon endpoint answers 422 with the translated message', async () => {
    const { fan } = await cartWith(STADIUM, { seatIds: await freeSeats(STADIUM, 1, 800) });
    const token = await sessionFor(fan.id);
    const response = await couponRoute(
      new Request(`http://localhost/api/v1/events/${STADIUM}/cart/coupon`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'accept-language': 'sk', 'content-type': 'application/json' },
        body: JSON.stringify({ code: 'NOSUCHCODE' }),
      }),
      { params: Promise.resolve({ id: STADIUM }) },
    );
    expect(response.status).toBe(422);
    expect(await response.json()).toMatchObject({ code: 'INVALID_DISCOUNT_CODE', message: 'Neplatný zľavový kód' });
  });

  it('guessing codes is limited per fan like redeem codes: after 5 tries a translated 429 with Retry-After, even for a real code', async () => {
    const { fan } = await cartWith(STADIUM, { seatIds: await freeSeats(STADIUM, 1, 900) });
    const token = await sessionFor(fan.id);
    const attempt = (code: string) =>
      couponRoute(
        new Request(`http://localhost/api/v1/events/${STADIUM}/cart/coupon`, {
          method: 'POST',
          headers: { authorization: `Bearer ${token}`, 'accept-language': 'sk', 'content-type': 'application/json' },
          body: JSON.stringify({ code }),
        }),
        { params: Promise.resolve({ id: STADIUM }) },
      );
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) statuses.push((await attempt(`GUESS${i}`)).status);
    expect(statuses).toEqual([422, 422, 422, 422, 422]);
    const limited = await attempt('DUNAJ10');
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(Number(limited.headers.get('retry-after'))).toBeLessThanOrEqual(60);
    expect(await limited.json()).toMatchObject({ code: 'RATE_LIMITED', message: 'Príliš veľa pokusov. Počkajte minútu a skúste to znova.' });
    // another fan is not held back
    const other = await cartWith(STADIUM, { seatIds: await freeSeats(STADIUM, 1, 950) });
    expect(await applyCoupon({ user: other.fan, eventRef: STADIUM, code: 'DUNAJ10', locale: 'en' })).toMatchObject({ ok: true });
  });

  it('guessing codes is limited per client address too: many fresh accounts from one address get the translated 429', async () => {
    const from = (address: string, token: string, code: string) =>
      couponRoute(
        new Request(`http://localhost/api/v1/events/${STADIUM}/cart/coupon`, {
          method: 'POST',
          headers: { authorization: `Bearer ${token}`, 'accept-language': 'cs', 'content-type': 'application/json', 'x-forwarded-for': address },
          body: JSON.stringify({ code }),
        }),
        { params: Promise.resolve({ id: STADIUM }) },
      );
    // Four tries per account stay under the per-account limit: only the address can stop them.
    const statuses: number[] = [];
    for (let account = 0; account < 8; account++) {
      const token = await sessionFor((await newFan()).id);
      for (let i = 0; i < 4; i++) statuses.push((await from('203.0.113.9', token, `GUESS${account}X${i}`)).status);
    }
    expect(statuses.slice(0, 20).every((status) => status === 422)).toBe(true);
    expect(statuses.slice(20).every((status) => status === 429)).toBe(true);
    const limited = await from('203.0.113.9', await sessionFor((await newFan()).id), 'DUNAJ10');
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(await limited.json()).toMatchObject({ code: 'RATE_LIMITED', message: 'Příliš mnoho pokusů. Počkejte minutu a zkuste to znovu.' });
    // Another address is not held back.
    expect((await from('198.51.100.4', await sessionFor((await newFan()).id), 'NOSUCHCODE')).status).toBe(422);
  });
});

async function sessionFor(userId: string) {
  const token = newSessionToken();
  await t.db.insert(s.sessions).values({ userId, tokenHash: hashToken(token), expiresAt: new Date(Date.now() + 86_400_000) });
  return token;
}

describe('cart API', () => {
  it('answers 401 without a session', async () => {
    const response = await cartRoute(new Request(`http://localhost/api/v1/events/${STADIUM}/cart`), { params: Promise.resolve({ id: STADIUM }) });
    expect(response.status).toBe(401);
  });

  it('holds seats, and answers 409 SEAT_TAKEN naming each taken seat', async () => {
    const [a, b] = [await newFan(), await newFan()];
    const seats = await freeSeats(STADIUM, 2, 900);
    const post = async (userId: string, body: unknown) =>
      addItemsRoute(
        new Request(`http://localhost/api/v1/events/${STADIUM}/cart/items`, {
          method: 'POST',
          headers: { authorization: `Bearer ${await sessionFor(userId)}`, 'accept-language': 'en', 'content-type': 'application/json' },
          body: JSON.stringify(body),
        }),
        { params: Promise.resolve({ id: STADIUM }) },
      );
    const first = await post(a.id, { seatIds: seats.slice(0, 1) });
    expect(first.status).toBe(200);
    expect(await answerOf(cartSchema, first)).toMatchObject({ count: 1, timeLeft: 600, couponCode: null });
    const second = await post(b.id, { seatIds: seats });
    expect(second.status).toBe(409);
    const body = await failureBodyOf(second);
    expect(body.code).toBe('SEAT_TAKEN');
    expect(body.errors).toHaveLength(1);
    expect(body.errors[0]).toMatchObject({ field: 'seatIds', id: seats[0] });
    expect(body.errors[0].message).toMatch(/is no longer available/);
    const invalid = await post(b.id, { seatIds: [] });
    expect(invalid.status).toBe(422);
    const unknown = await addItemsRoute(
      new Request('http://localhost/api/v1/events/no-such-event/cart/items', {
        method: 'POST',
        headers: { authorization: `Bearer ${await sessionFor(b.id)}`, 'content-type': 'application/json' },
        body: JSON.stringify({ seatIds: seats }),
      }),
      { params: Promise.resolve({ id: 'no-such-event' }) },
    );
    expect(unknown.status).toBe(404);
  });

  it('takes a line out, and answers 404 for a line that is not in the cart or is no id at all', async () => {
    const fan = await newFan();
    const held = await addToCart({ user: fan, eventRef: STADIUM, selection: { seatIds: await freeSeats(STADIUM, 1, 950) }, locale: 'en' });
    if (!held.ok) throw new Error(held.code);
    const token = await sessionFor(fan.id);
    const remove = (itemId: string) =>
      removeItemRoute(
        new Request(`http://localhost/api/v1/events/${STADIUM}/cart/items/${itemId}`, { method: 'DELETE', headers: { authorization: `Bearer ${token}`, 'accept-language': 'cs' } }),
        { params: Promise.resolve({ id: STADIUM, itemId }) },
      );
    for (const itemId of ['-'.repeat(36), 'ffffffff-ffff-ffff-ffff-ffffffffffff']) {
      const missing = await remove(itemId);
      expect(missing.status).toBe(404);
      expect(await missing.json()).toMatchObject({ code: 'ITEM_NOT_FOUND' });
    }
    const removed = await remove(held.cart.items[0].id);
    expect(removed.status).toBe(200);
    expect(await removed.json()).toMatchObject({ count: 0, items: [] });
  });
});
