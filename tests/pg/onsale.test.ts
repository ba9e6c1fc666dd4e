// Concurrency proofs on real PostgreSQL (DESIGN.md §4), for seats, standing places and resale listings
// (lib/server/db/functions.sql cart_hold): many buyers at once, exactly the capacity wins,
// zero duplicates, checked in SQL afterwards. Run: npm run test:pg -- tests/pg/onsale.test.ts
import { and, eq, isNotNull, sql } from 'drizzle-orm';
import { openDatabase, rowsOf } from '@/lib/server/db/client';
import * as s from '@/lib/server/db/schema';
import { addToCart, applyCoupon } from '@/lib/server/cart';
import { eventChanged } from '@/lib/server/events/changed';
import { checkout } from '@/lib/server/orders/checkout';
import { sweepExpiredHolds } from '@/lib/server/cart/sweep';
import { freeSeatsOf } from '../helpers/seats';
import { isPostgresRun, useTestDatabase } from '../helpers/db';
import { giveTicket, makeUser } from '../helpers/tickets';

const t = useTestDatabase({ seeded: true });
const describePg = isPostgresRun() ? describe : describe.skip;
const STADIUM = 'dunaj-bratislava-fc-kosice';
const urls = { success: () => 'http://x/ok', cancel: () => 'http://x/cart', gateway: (id: string) => `/en/pay/${id}` };

let batch = 0;
async function fans(count: number) {
  const tag = batch++;
  return t.db
    .insert(s.users)
    .values(Array.from({ length: count }, (_, i) => ({ email: `load-${tag}-${i}@example.com`, firstName: 'Load', lastName: `${i}`, locale: 'en' as const })))
    .returning({ id: s.users.id, email: s.users.email })
    .then((rows) => rows.map((r) => ({ id: r.id, email: r.email! })));
}

async function eventId(slug: string) {
  const [e] = await t.db.select({ id: s.events.id, orgId: s.events.orgId }).from(s.events).where(eq(s.events.slug, slug));
  return e;
}

/** Seats still for sale (the demo seed has sold one of the stadium match's seats to a demo fan), by unit id. */
async function freeSeats(event: string, count: number, from: 'first' | 'last' = 'first') {
  const rows = await t.db
    .select({ seatId: s.inventoryUnits.seatId })
    .from(s.inventoryUnits)
    .where(and(eq(s.inventoryUnits.eventId, event), eq(s.inventoryUnits.status, 'available'), isNotNull(s.inventoryUnits.seatId)))
    .orderBy(from === 'first' ? s.inventoryUnits.id : sql`${s.inventoryUnits.id} desc`)
    .limit(count);
  return rows.map((r) => r.seatId!);
}

/** `count` tickets of the event listed for resale by one seller. */
async function listings(slug: string, count: number) {
  const seller = await makeUser(t.db, `seller-${batch++}`);
  const ids: string[] = [];
  for (let i = 0; i < count; i++) {
    const { ticket, event } = await giveTicket(t.db, seller.id, slug);
    await t.db.update(s.tickets).set({ status: 'listed' }).where(eq(s.tickets.id, ticket.id));
    const [listing] = await t.db
      .insert(s.resaleListings)
      .values({ ticketId: ticket.id, eventId: event.id, sellerId: seller.id, priceAmount: 2000 + i, currency: 'EUR' })
      .returning({ id: s.resaleListings.id });
    ids.push(listing.id);
  }
  return ids;
}

/**
 * No unit in two live holds, every held unit belongs to the live hold that lists it, every held resale
 * listing is in exactly one live hold, no unit in two tickets.
 */
async function assertInvariants() {
  const twoHolds = rowsOf(
    await t.db.execute(sql`
      select hi.unit_id from hold_items hi join holds h on h.id = hi.hold_id
      where hi.unit_id is not null and h.status in ('active', 'ordered') and h.expires_at > now()
      group by hi.unit_id having count(*) > 1`),
  );
  expect(twoHolds).toEqual([]);
  const orphanHeld = rowsOf(
    await t.db.execute(sql`
      select u.id from inventory_units u
      where u.status = 'held' and u.held_until > now()
        and not exists (select 1 from hold_items hi join holds h on h.id = hi.hold_id
                        where hi.unit_id = u.id and h.id = u.hold_id and h.status in ('active', 'ordered'))`),
  );
  expect(orphanHeld).toEqual([]);
  const listingNotInOneCart = rowsOf(
    await t.db.execute(sql`
      select l.id from resale_listings l
      where l.status = 'active' and l.held_until > now()
        and (select count(*) from hold_items hi join holds h on h.id = hi.hold_id
             where hi.listing_id = l.id and h.status in ('active', 'ordered') and h.expires_at > now()) <> 1`),
  );
  expect(listingNotInOneCart).toEqual([]);
  const twoTickets = rowsOf(await t.db.execute(sql`select unit_id from tickets group by unit_id having count(*) > 1`));
  expect(twoTickets).toEqual([]);
}


describePg('on-sale concurrency (PostgreSQL)', () => {
  it('200 fans at once on the same 50 seats: exactly 50 held, no seat twice', async () => {
    const e = await eventId(STADIUM);
    const seats = await freeSeats(e.id, 50);
    const buyers = await fans(200);
    const results = await Promise.all(buyers.map((fan, i) => addToCart({ user: fan, eventRef: STADIUM, selection: { seatIds: [seats[i % 50]] }, locale: 'en' })));
    const won = results.filter((r) => r.ok);
    expect(won).toHaveLength(50);
    expect(results.filter((r) => !r.ok).every((r) => !r.ok && r.code === 'SEAT_TAKEN')).toBe(true);
    const heldSeats = won.flatMap((r) => (r.ok ? r.cart.items.map((i) => i.id) : []));
    expect(new Set(heldSeats).size).toBe(50);
    const [{ held }] = rowsOf<{ held: number }>(
      await t.db.execute(sql`select count(*)::int as held from inventory_units where event_id = ${e.id} and status = 'held'`),
    );
    expect(held).toBe(50);
    await assertInvariants();
  });

  it('200 fans at once asking for overlapping pairs: all or nothing, each winner holds both seats, none twice', async () => {
    const e = await eventId(STADIUM);
    const seats = await freeSeats(e.id, 50);
    const buyers = await fans(200);
    const results = await Promise.all(
      buyers.map((fan, i) => addToCart({ user: fan, eventRef: STADIUM, selection: { seatIds: [seats[i % 50], seats[(i * 7 + 3) % 50]] }, locale: 'en' })),
    );
    const won = results.filter((r) => r.ok);
    expect(won.length).toBeGreaterThan(0);
    for (const r of won) if (r.ok) expect(r.cart.count).toBe(new Set(r.cart.items.map((i) => i.id)).size);
    const [{ held }] = rowsOf<{ held: number }>(
      await t.db.execute(sql`select count(*)::int as held from inventory_units where event_id = ${e.id} and status = 'held' and seat_id in ${seats}`),
    );
    expect(held).toBe(won.reduce((sum, r) => sum + (r.ok ? r.cart.count : 0), 0));
    await assertInvariants();
  });

  it('300 fans × 2 places at once on a 100-place category: exactly 100 held', async () => {
    const e = await eventId('sever-noci-akusticky');
    const [type] = await t.db
      .insert(s.ticketTypes)
      .values({ eventId: e.id, code: 'LOAD', name: { sk: 'Záťaž', cs: 'Zátěž', en: 'Load' }, kind: 'standing', priceAmount: 1000 })
      .returning({ id: s.ticketTypes.id });
    await t.db.insert(s.inventoryUnits).values(Array.from({ length: 100 }, () => ({ eventId: e.id, ticketTypeId: type.id })));
    const buyers = await fans(300);
    const results = await Promise.all(
      buyers.map((fan) => addToCart({ user: fan, eventRef: 'sever-noci-akusticky', selection: { ticketTypeId: type.id, quantity: 2 }, locale: 'en' })),
    );
    const won = results.filter((r) => r.ok);
    expect(won).toHaveLength(50);
    expect(results.filter((r) => !r.ok).every((r) => !r.ok && r.code === 'SOLD_OUT')).toBe(true);
    const [{ held, holds }] = rowsOf<{ held: number; holds: number }>(
      await t.db.execute(sql`select count(*)::int as held, count(distinct hold_id)::int as holds from inventory_units where ticket_type_id = ${type.id} and status = 'held'`),
    );
    expect(held).toBe(100);
    expect(holds).toBe(50);
    await assertInvariants();
  });

  it('a coupon with 10 uses, 50 fans checking out at once: exactly 10 get it', async () => {
    const e = await eventId(STADIUM);
    await t.db.insert(s.coupons).values({ code: 'DESAT', orgId: e.orgId, kind: 'percent', value: 10, maxUses: 10 });
    const seats = await freeSeats(e.id, 50, 'last');
    const buyers = await fans(50);
    for (const [i, fan] of buyers.entries()) {
      expect((await addToCart({ user: fan, eventRef: STADIUM, selection: { seatIds: [seats[i]] }, locale: 'en' })).ok).toBe(true);
      expect((await applyCoupon({ user: fan, eventRef: STADIUM, code: 'DESAT', locale: 'en' })).ok).toBe(true);
    }
    const results = await Promise.all(buyers.map((fan) => checkout({ user: fan, eventRef: STADIUM, locale: 'en', urls })));
    expect(results.filter((r) => r.ok)).toHaveLength(10);
    expect(results.filter((r) => !r.ok && r.code === 'DISCOUNT_CODE_USED_UP')).toHaveLength(40);
    const [coupon] = await t.db.select().from(s.coupons).where(eq(s.coupons.code, 'DESAT'));
    expect(coupon.usedCount).toBe(10);
    const [{ n }] = rowsOf<{ n: number }>(await t.db.execute(sql`select count(*)::int as n from coupon_redemptions where coupon_id = ${coupon.id}`));
    expect(n).toBe(10);
    const [{ discounted }] = rowsOf<{ discounted: number }>(await t.db.execute(sql`select count(*)::int as discounted from orders where coupon_id = ${coupon.id}`));
    expect(discounted).toBe(10);
    await assertInvariants();
  });

  it('the sweeper in two processes at once releases each expired hold exactly once', async () => {
    const past = new Date(Date.now() - 30 * 60_000);
    const e = await eventId('polarna-ziara-kosice');
    const [ga] = await t.db.select().from(s.ticketTypes).where(and(eq(s.ticketTypes.eventId, e.id), eq(s.ticketTypes.code, 'GA')));
    const buyers = await fans(120);
    for (const fan of buyers) {
      const r = await addToCart({ user: fan, eventRef: 'polarna-ziara-kosice', selection: { ticketTypeId: ga.id, quantity: 2 }, locale: 'en', now: past });
      expect(r.ok).toBe(true);
    }
    const processA = openDatabase({ url: t.url!, poolSize: 4 });
    const processB = openDatabase({ url: t.url!, poolSize: 4 });
    const drain = async (db: typeof processA.db) => {
      const ended: string[] = [];
      for (;;) {
        const batchEnded = await sweepExpiredHolds({ db, limit: 7 });
        if (!batchEnded.length) {
          const [{ left }] = rowsOf<{ left: number }>(await db.execute(sql`select count(*)::int as left from holds where status in ('active','ordered') and expires_at < now()`));
          if (!left) return ended;
        }
        ended.push(...batchEnded);
      }
    };
    try {
      const [a, b] = await Promise.all([drain(processA.db), drain(processB.db)]);
      const all = [...a, ...b];
      expect(all).toHaveLength(120);
      expect(new Set(all).size).toBe(120);
      expect(a.length).toBeGreaterThan(0);
      expect(b.length).toBeGreaterThan(0);
    } finally {
      await processA.close();
      await processB.close();
    }
    const [{ held }] = rowsOf<{ held: number }>(await t.db.execute(sql`select count(*)::int as held from inventory_units where ticket_type_id = ${ga.id} and status = 'held'`));
    expect(held).toBe(0);
    await assertInvariants();
  });

  it('120 fans at once on 12 resale listings: each listing goes to exactly one cart, at its price plus the buyer fee', async () => {
    const ids = await listings(STADIUM, 12);
    const buyers = await fans(120);
    const results = await Promise.all(buyers.map((fan, i) => addToCart({ user: fan, eventRef: STADIUM, selection: { listingId: ids[i % 12] }, locale: 'en' })));
    const won = results.filter((r) => r.ok);
    expect(won).toHaveLength(12);
    expect(results.filter((r) => !r.ok).every((r) => !r.ok && r.code === 'LISTING_SOLD')).toBe(true);
    const heldListings = won.flatMap((r) => (r.ok ? r.cart.items : []));
    expect(new Set(heldListings.map((item) => item.listingId))).toEqual(new Set(ids));
    const [{ resaleBuyerFeeBps }] = await t.db.select({ resaleBuyerFeeBps: s.events.resaleBuyerFeeBps }).from(s.events).where(eq(s.events.slug, STADIUM));
    for (const item of heldListings) {
      const price = 2000 + ids.indexOf(item.listingId!);
      expect([item.price.amount, item.fee.amount]).toEqual([price, Math.round((price * resaleBuyerFeeBps) / 10_000)]);
    }
    const [{ held }] = rowsOf<{ held: number }>(
      await t.db.execute(sql`select count(distinct hold_id)::int as held from resale_listings where id in ${ids} and held_until > now()`),
    );
    expect(held).toBe(12);
    await assertInvariants();
  });

  it('one fan sends 15 holds of all three kinds at once: the per-order limit holds across them, and the rest are refused by the limit', async () => {
    const [event] = await t.db.select().from(s.events).where(eq(s.events.slug, STADIUM));
    await t.db.update(s.events).set({ maxTicketsPerOrder: 6, maxTicketsPerUser: 10 }).where(eq(s.events.id, event.id));
    await eventChanged(event.id);
    try {
      const [standing] = await t.db
        .insert(s.ticketTypes)
        .values({ eventId: event.id, code: 'STAND', name: { sk: 'Státie', cs: 'Stání', en: 'Standing' }, kind: 'standing', priceAmount: 900 })
        .returning({ id: s.ticketTypes.id });
      await t.db.insert(s.inventoryUnits).values(Array.from({ length: 40 }, () => ({ eventId: event.id, ticketTypeId: standing.id })));
      // The listings first: making them sells seats, which must not be among the seats the fan then asks for.
      const offers = await listings(STADIUM, 5);
      const seats = (await freeSeatsOf(t.db, STADIUM, 5)).map((seatId) => ({ seatId }));
      const [fan] = await fans(1);
      const selections = [
        ...seats.map((seat) => ({ seatIds: [seat.seatId!] })),
        ...Array.from({ length: 5 }, () => ({ ticketTypeId: standing.id, quantity: 1 })),
        ...offers.map((listingId) => ({ listingId })),
      ];
      const results = await Promise.all(selections.map((selection) => addToCart({ user: fan, eventRef: STADIUM, selection, locale: 'en' })));
      expect(results.filter((r) => r.ok)).toHaveLength(6);
      expect(results.filter((r) => !r.ok).map((r) => !r.ok && r.code)).toEqual(Array(9).fill('LIMIT_PER_ORDER'));
      const [{ lines, units, held }] = rowsOf<{ lines: number; units: number; held: number }>(
        await t.db.execute(sql`
          select count(*)::int as lines,
                 (select count(*)::int from inventory_units u where u.hold_id = h.id and u.status = 'held') as units,
                 (select count(*)::int from resale_listings l where l.hold_id = h.id) as held
          from holds h join hold_items hi on hi.hold_id = h.id
          where h.user_id = ${fan.id} and h.status = 'active'
          group by h.id`),
      );
      expect(lines).toBe(6);
      expect(units + held).toBe(6);
      await assertInvariants();
    } finally {
      await t.db.update(s.events).set({ maxTicketsPerOrder: event.maxTicketsPerOrder, maxTicketsPerUser: event.maxTicketsPerUser }).where(eq(s.events.id, event.id));
      await eventChanged(event.id);
    }
  });
});
