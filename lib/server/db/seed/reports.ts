// Demo history for the organiser's reports: the past FK Dunaj match (dunaj-bratislava-slovan-liberec)
// sold a few hundred seats over the week before it — a rush in the first hour of the sale, a quieter
// tail, a bump on match day — to demo fans, some with the DUNAJ10 coupon; a few tickets were resold
// (and two listings withdrawn); at the match, most holders came through Brána A or Brána B around the
// doors opening and the rest never came. Rows are written as the app writes them, so that the ledger's
// identities hold: order total = subtotal − discount + fees, its payment succeeded for the total, every
// ticket's unit is sold. Deterministic (a seeded random), idempotent (nothing when the match has orders).
import { randomUUID } from 'node:crypto';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { hashPassword } from '../../auth/password';
import { newTicketKeys } from '../../../ticket-code/keys';
import type { Db } from '../client';
import * as s from '../schema';
import { localDateTime } from './dates';
import { DEMO_PASSWORD } from './users';
import { resaleFee } from '../../../money';

const EVENT_SLUG = 'dunaj-bratislava-slovan-liberec';
const COUPON = 'DUNAJ10';
const SCANNER_EMAIL = 'skener@tribuna.sk';
const GATES = ['Brána A', 'Brána B'] as const;
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** Demo fans who bought tickets for the match (they can sign in with the demo password). */
const FANS: { firstName: string; lastName: string; sex: 'male' | 'female'; locale: 'sk' | 'cs' }[] = [
  { firstName: 'Ján', lastName: 'Horváth', sex: 'male', locale: 'sk' },
  { firstName: 'Mária', lastName: 'Kováčová', sex: 'female', locale: 'sk' },
  { firstName: 'Peter', lastName: 'Šimko', sex: 'male', locale: 'sk' },
  { firstName: 'Zuzana', lastName: 'Lukáčová', sex: 'female', locale: 'sk' },
  { firstName: 'Ľubomír', lastName: 'Baláž', sex: 'male', locale: 'sk' },
  { firstName: 'Dáša', lastName: 'Šťastná', sex: 'female', locale: 'sk' },
  { firstName: 'Martin', lastName: 'Čierny', sex: 'male', locale: 'sk' },
  { firstName: 'Katarína', lastName: 'Hudáková', sex: 'female', locale: 'sk' },
  { firstName: 'Tomáš', lastName: 'Ďurica', sex: 'male', locale: 'sk' },
  { firstName: 'Lenka', lastName: 'Mikulová', sex: 'female', locale: 'sk' },
  { firstName: 'Michal', lastName: 'Žiak', sex: 'male', locale: 'sk' },
  { firstName: 'Veronika', lastName: 'Pástorová', sex: 'female', locale: 'sk' },
  { firstName: 'Róbert', lastName: 'Kráľ', sex: 'male', locale: 'sk' },
  { firstName: 'Eva', lastName: 'Rybárová', sex: 'female', locale: 'sk' },
  { firstName: 'Juraj', lastName: 'Ševčík', sex: 'male', locale: 'sk' },
  { firstName: 'Jiří', lastName: 'Černý', sex: 'male', locale: 'cs' },
  { firstName: 'Kateřina', lastName: 'Veselá', sex: 'female', locale: 'cs' },
  { firstName: 'Lukáš', lastName: 'Procházka', sex: 'male', locale: 'cs' },
  { firstName: 'Tereza', lastName: 'Dvořáková', sex: 'female', locale: 'cs' },
  { firstName: 'Ondřej', lastName: 'Růžička', sex: 'male', locale: 'cs' },
  { firstName: 'Markéta', lastName: 'Šťastná', sex: 'female', locale: 'cs' },
  { firstName: 'Vojtěch', lastName: 'Kříž', sex: 'male', locale: 'cs' },
  { firstName: 'Barbora', lastName: 'Nováčková', sex: 'female', locale: 'cs' },
  { firstName: 'Radek', lastName: 'Hájek', sex: 'male', locale: 'cs' },
];

/** ASCII of a name for an email address (ľ → l, š → s…). */
const ascii = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();
export const reportFanEmail = (fan: { firstName: string; lastName: string }) => `${ascii(fan.firstName)}.${ascii(fan.lastName)}@demo.tribuna.sk`;

/** mulberry32: the same "random" history on every machine. */
function random(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** When each order was paid, ms after the sale opened: a rush in the first hour, the rest of the day, then a tail over the week with a bump on match day. */
function saleMoments(rand: () => number, saleOpens: number, startsAt: number): number[] {
  const moments: number[] = [];
  // The rush: 60 orders in the first hour, most in its first minutes.
  for (let i = 0; i < 60; i++) moments.push(saleOpens + Math.floor(-Math.log(1 - rand() * 0.98) * 9 * MINUTE) % HOUR);
  // The rest of the first day (shop hours).
  for (let i = 0; i < 25; i++) moments.push(saleOpens + HOUR + Math.floor(rand() * 11 * HOUR));
  // The days after, fewer and fewer, until the morning of the match.
  const days = Math.floor((startsAt - saleOpens) / DAY);
  for (let d = 1; d < days; d++) {
    const orders = Math.max(2, Math.round(12 / d));
    for (let i = 0; i < orders; i++) moments.push(saleOpens + d * DAY + Math.floor(rand() * 12 * HOUR));
  }
  // Match day, until an hour before kick-off.
  for (let i = 0; i < 14; i++) moments.push(startsAt - 9 * HOUR + Math.floor(rand() * 8 * HOUR));
  return moments.sort((a, b) => a - b);
}

type Unit = { id: string; typeId: string };

export async function seedReports(db: Db): Promise<void> {
  const [event] = await db.select().from(s.events).where(eq(s.events.slug, EVENT_SLUG));
  if (!event) return;
  // Done when one of its own fans (…@demo.tribuna.sk) bought here; other seeds sell on this match too (payouts.ts).
  const [done] = await db
    .select({ id: s.orders.id })
    .from(s.orders)
    .innerJoin(s.users, eq(s.users.id, s.orders.userId))
    .where(and(eq(s.orders.eventId, event.id), sql`${s.users.email} like '%@demo.tribuna.sk'`))
    .limit(1);
  if (done) return;

  const passwordHash = await hashPassword(DEMO_PASSWORD);
  await db
    .insert(s.users)
    .values(FANS.map((f) => ({ ...f, email: reportFanEmail(f), dateOfBirth: '1992-05-17', passwordHash, emailVerifiedAt: new Date() })))
    .onConflictDoNothing();
  const fans = await db
    .select({ id: s.users.id, email: s.users.email, locale: s.users.locale })
    .from(s.users)
    .where(inArray(s.users.email, FANS.map(reportFanEmail)));
  const [scanner] = await db.select({ id: s.users.id }).from(s.users).where(eq(s.users.email, SCANNER_EMAIL));
  const [coupon] = await db.select().from(s.coupons).where(eq(s.coupons.code, COUPON));
  const types = await db.select().from(s.ticketTypes).where(eq(s.ticketTypes.eventId, event.id)).orderBy(asc(s.ticketTypes.sortOrder));
  // In seat order, not by `spread` (random per database): the same seats are sold in every fresh demo and
  // test database, so suites that count on a seat of this venue being unsold get the same seats every run.
  const free = await db
    .select({ id: s.inventoryUnits.id, typeId: s.inventoryUnits.ticketTypeId })
    .from(s.inventoryUnits)
    .leftJoin(s.venueSeats, eq(s.venueSeats.id, s.inventoryUnits.seatId))
    .leftJoin(s.venueRows, eq(s.venueRows.id, s.venueSeats.rowId))
    .leftJoin(s.venueSections, eq(s.venueSections.id, s.venueSeats.sectionId))
    .where(and(eq(s.inventoryUnits.eventId, event.id), eq(s.inventoryUnits.status, 'available')))
    .orderBy(asc(s.venueSections.code), asc(s.venueRows.sortOrder), asc(s.venueSeats.sortOrder), asc(s.inventoryUnits.id));
  const freeOf = new Map(types.map((t) => [t.id, free.filter((u) => u.typeId === t.id)]));

  const rand = random(20_261_124);
  const pick = <T>(list: readonly T[]) => list[Math.floor(rand() * list.length)];
  const startsAt = event.startsAt.getTime();
  const doorsAt = (event.doorsAt ?? new Date(startsAt - HOUR)).getTime();
  // The sale opened at 10:00 eight days before the match.
  const saleOpens = localDateTime(-8, '10:00', event.startsAt).getTime();

  const holds: (typeof s.holds.$inferInsert)[] = [];
  const orders: (typeof s.orders.$inferInsert)[] = [];
  const items: (typeof s.orderItems.$inferInsert)[] = [];
  const payments: (typeof s.payments.$inferInsert)[] = [];
  const tickets: (typeof s.tickets.$inferInsert & { id: string })[] = [];
  const redemptions: (typeof s.couponRedemptions.$inferInsert)[] = [];
  const soldUnits: string[] = [];
  let couponUses = 0;

  const order = (input: { buyer: (typeof fans)[number]; at: number; lines: { unitId: string | null; listingId?: string; typeId: string; price: number; fee: number }[]; couponId?: string }) => {
    const holdId = randomUUID();
    const orderId = randomUUID();
    const paymentId = randomUUID();
    const subtotal = input.lines.reduce((sum, l) => sum + l.price, 0);
    const fees = input.lines.reduce((sum, l) => sum + l.fee, 0);
    // DUNAJ10: 10 % of the primary tickets, rounded down (cart/totals.ts).
    const discount = input.couponId ? Math.floor((subtotal * 10) / 100) : 0;
    const total = subtotal - discount + fees;
    const at = new Date(input.at);
    holds.push({ id: holdId, userId: input.buyer.id, eventId: event.id, status: 'completed', expiresAt: new Date(input.at + 8 * MINUTE), couponId: input.couponId ?? null, createdAt: new Date(input.at - 3 * MINUTE), updatedAt: at });
    orders.push({
      id: orderId,
      userId: input.buyer.id,
      eventId: event.id,
      holdId,
      status: 'paid',
      currency: event.currency,
      subtotalAmount: subtotal,
      discountAmount: discount,
      feeAmount: fees,
      totalAmount: total,
      couponId: input.couponId ?? null,
      locale: input.buyer.locale,
      createdAt: new Date(input.at - 2 * MINUTE),
      paidAt: at,
    });
    payments.push({ id: paymentId, orderId, provider: 'test', providerRef: `test_${paymentId}`, status: 'succeeded', amount: total, currency: event.currency, createdAt: new Date(input.at - 2 * MINUTE), updatedAt: at });
    for (const l of input.lines) items.push({ orderId, unitId: l.unitId, listingId: l.listingId ?? null, ticketTypeId: l.typeId, priceAmount: l.price, feeAmount: l.fee });
    if (input.couponId) redemptions.push({ couponId: input.couponId, userId: input.buyer.id, holdId, createdAt: at });
    return { orderId, paymentId };
  };

  // Primary sales: 1–4 seats of one category per order, the cheaper stands a little more often.
  const weights = types.map((t, i) => [t, [5, 4, 3][i] ?? 1] as const);
  const totalWeight = weights.reduce((sum, [, w]) => sum + w, 0);
  const category = () => {
    let r = rand() * totalWeight;
    for (const [t, w] of weights) if ((r -= w) < 0) return t;
    return types[0];
  };
  for (const at of saleMoments(rand, saleOpens, startsAt)) {
    const type = category();
    const units = freeOf.get(type.id)!;
    const count = Math.min(units.length, 1 + Math.floor(rand() * rand() * 4.5));
    if (!count) continue;
    const taken: Unit[] = units.splice(0, count);
    const buyer = pick(fans);
    const withCoupon = coupon && rand() < 0.15 ? coupon.id : undefined;
    if (withCoupon) couponUses++;
    const { orderId } = order({ buyer, at, couponId: withCoupon, lines: taken.map((u) => ({ unitId: u.id, typeId: type.id, price: type.priceAmount, fee: event.serviceFeeAmount })) });
    for (const u of taken) {
      soldUnits.push(u.id);
      tickets.push({ id: randomUUID(), eventId: event.id, unitId: u.id, ticketTypeId: type.id, ownerId: buyer.id, orderId, priceAmount: type.priceAmount, ...newTicketKeys(), createdAt: new Date(at) });
    }
  }

  // Resale, two days before the match: six tickets resold at face value to other fans, two listings withdrawn.
  const listings: (typeof s.resaleListings.$inferInsert)[] = [];
  const payouts: (typeof s.payouts.$inferInsert)[] = [];
  const step = Math.floor(tickets.length / 6);
  const resold = [0, 1, 2, 3, 4, 5].map((i) => tickets[i * step + 3]);
  for (const [i, ticket] of resold.entries()) {
    const listedAt = startsAt - 3 * DAY + i * 3 * HOUR;
    const soldAt = listedAt + (2 + i) * HOUR;
    const buyer = fans.find((f) => f.id !== ticket.ownerId && fans.indexOf(f) % 6 === i % 6) ?? fans.find((f) => f.id !== ticket.ownerId)!;
    const listingId = randomUUID();
    const price = ticket.priceAmount;
    listings.push({ id: listingId, ticketId: ticket.id, eventId: event.id, sellerId: ticket.ownerId, priceAmount: price, currency: event.currency, status: 'sold', createdAt: new Date(listedAt), soldAt: new Date(soldAt) });
    const { orderId } = order({ buyer, at: soldAt, lines: [{ unitId: null, listingId, typeId: ticket.ticketTypeId, price, fee: resaleFee(price, event.resaleBuyerFeeBps) }] });
    const sellerFee = resaleFee(price, event.resaleSellerFeeBps);
    payouts.push({ userId: ticket.ownerId, listingId, grossAmount: price, feeAmount: sellerFee, netAmount: price - sellerFee, currency: event.currency, createdAt: new Date(soldAt) });
    // The buyer's ticket now: a new secret and version, so the seller's old code no longer opens the gate.
    Object.assign(ticket, { ownerId: buyer.id, orderId, ...newTicketKeys(2), version: 2 });
  }
  const withdrawn = [1, 4].map((i) => tickets[i * step + 7]);
  for (const [i, ticket] of withdrawn.entries()) {
    listings.push({ ticketId: ticket.id, eventId: event.id, sellerId: ticket.ownerId, priceAmount: ticket.priceAmount, currency: event.currency, status: 'withdrawn', createdAt: new Date(startsAt - 4 * DAY + i * HOUR) });
  }

  // At the match: about 87 % came, through two gates, from the doors opening to a quarter past kick-off.
  const scans: (typeof s.scanLog.$inferInsert)[] = [];
  for (const ticket of tickets) {
    if (rand() >= 0.87) continue;
    // Most in the half hour before kick-off: a bell over the doors' hour and the first quarter of the match.
    const spread = startsAt + 15 * MINUTE - doorsAt;
    const at = doorsAt + Math.floor(((rand() + rand() + rand()) / 3) * spread);
    const checkedInAt = new Date(Math.max(doorsAt, Math.min(at, startsAt + 15 * MINUTE)));
    ticket.status = 'checked_in';
    ticket.checkedInAt = checkedInAt;
    const gate = rand() < 0.6 ? GATES[0] : GATES[1];
    ticket.checkedInGate = gate;
    scans.push({ eventId: event.id, ticketId: ticket.id, scannerId: scanner?.id ?? null, result: 'admitted', gate, scannedAt: checkedInAt });
    // Now and then a fan shows the code twice.
    if (rand() < 0.02) scans.push({ eventId: event.id, ticketId: ticket.id, scannerId: scanner?.id ?? null, result: 'already_used', gate, scannedAt: new Date(checkedInAt.getTime() + 20_000) });
  }

  await db.transaction(async (tx) => {
    const chunks = <T>(rows: T[], size = 500) => Array.from({ length: Math.ceil(rows.length / size) }, (_, i) => rows.slice(i * size, (i + 1) * size));
    for (const rows of chunks(holds)) await tx.insert(s.holds).values(rows);
    for (const rows of chunks(orders)) await tx.insert(s.orders).values(rows);
    for (const rows of chunks(payments)) await tx.insert(s.payments).values(rows);
    // Each order's current payment: the one that paid it.
    await tx.execute(sql`update orders o set current_payment_id = p.id from payments p where p.order_id = o.id and o.event_id = ${event.id} and o.current_payment_id is null`);
    for (const rows of chunks(soldUnits, 1000)) await tx.update(s.inventoryUnits).set({ status: 'sold' }).where(inArray(s.inventoryUnits.id, rows));
    for (const rows of chunks(tickets)) await tx.insert(s.tickets).values(rows);
    for (const rows of chunks(items)) await tx.insert(s.orderItems).values(rows);
    if (listings.length) await tx.insert(s.resaleListings).values(listings);
    if (payouts.length) await tx.insert(s.payouts).values(payouts);
    if (redemptions.length) await tx.insert(s.couponRedemptions).values(redemptions);
    if (coupon && couponUses) await tx.update(s.coupons).set({ usedCount: sql`${s.coupons.usedCount} + ${couponUses}` }).where(eq(s.coupons.id, coupon.id));
    for (const rows of chunks(scans)) await tx.insert(s.scanLog).values(rows);
  });
}
