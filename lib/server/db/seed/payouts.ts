// Demo resale payouts: the Tribuna admin (admin@tribuna.sk, README "Demo accounts") who runs payouts at
// /sk/admin/vyplaty, and two tickets resold for the friendly that took place ten days ago, between
// supporter@tribuna.eu and fanusik@tribuna.cz: each payout is due as soon as its seller adds a bank
// account on the profile. Idempotent: keyed by the admin's email and each seller's payout for that event.
import { and, asc, desc, eq } from 'drizzle-orm';
import { hashPassword } from '../../auth/password';
import { newTicketKeys } from '../../../ticket-code/keys';
import type { Db } from '../client';
import * as s from '../schema';
import { insertPaidOrder } from './paid-order';
import { DEMO_PASSWORD } from './users';
import { resaleFee } from '../../../money';

export const DEMO_ADMIN_EMAIL = 'admin@tribuna.sk';
const PAST_EVENT = 'dunaj-bratislava-slovan-liberec';
const SALES = [
  { seller: 'supporter@tribuna.eu', buyer: 'fanusik@tribuna.cz' },
  { seller: 'fanusik@tribuna.cz', buyer: 'supporter@tribuna.eu' },
] as const;

export async function seedPayouts(db: Db): Promise<void> {
  await db
    .insert(s.users)
    .values({ email: DEMO_ADMIN_EMAIL, firstName: 'Adriana', lastName: 'Správcová', sex: 'female', dateOfBirth: '1988-02-14', locale: 'sk', passwordHash: await hashPassword(DEMO_PASSWORD), emailVerifiedAt: new Date(), isAdmin: true })
    .onConflictDoNothing();

  const [event] = await db.select().from(s.events).where(eq(s.events.slug, PAST_EVENT));
  if (!event) return;
  const people = await db.select({ id: s.users.id, email: s.users.email }).from(s.users);
  for (const sale of SALES) {
    const seller = people.find((u) => u.email === sale.seller);
    const buyer = people.find((u) => u.email === sale.buyer);
    if (seller && buyer) await seedSale(db, event, seller, buyer);
  }
}

type Person = { id: string; email: string | null };

async function seedSale(db: Db, event: typeof s.events.$inferSelect, seller: Person, buyer: Person) {
  const [already] = await db
    .select({ id: s.payouts.id })
    .from(s.payouts)
    .innerJoin(s.resaleListings, eq(s.resaleListings.id, s.payouts.listingId))
    .where(and(eq(s.payouts.userId, seller.id), eq(s.resaleListings.eventId, event.id)));
  if (already) return;

  await db.transaction(async (tx) => {
    const [type] = await tx.select().from(s.ticketTypes).where(eq(s.ticketTypes.eventId, event.id)).orderBy(asc(s.ticketTypes.sortOrder)).limit(1);
    // The category's last free seat in seat order: the same one in every fresh database (`spread` is random).
    const [unit] = await tx
      .select({ id: s.inventoryUnits.id })
      .from(s.inventoryUnits)
      .leftJoin(s.venueSeats, eq(s.venueSeats.id, s.inventoryUnits.seatId))
      .leftJoin(s.venueRows, eq(s.venueRows.id, s.venueSeats.rowId))
      .leftJoin(s.venueSections, eq(s.venueSections.id, s.venueSeats.sectionId))
      .where(and(eq(s.inventoryUnits.ticketTypeId, type.id), eq(s.inventoryUnits.status, 'available')))
      .orderBy(desc(s.venueSections.code), desc(s.venueRows.sortOrder), desc(s.venueSeats.sortOrder), desc(s.inventoryUnits.id))
      .limit(1);
    if (!unit) return;
    await tx.update(s.inventoryUnits).set({ status: 'sold' }).where(eq(s.inventoryUnits.id, unit.id));
    // Sold a week before the match, at face value; the event's own seller and buyer fees.
    const soldAt = new Date(event.startsAt.getTime() - 7 * 86_400_000);
    const price = type.priceAmount;
    const sellerFee = resaleFee(price, event.resaleSellerFeeBps);
    const buyerFee = resaleFee(price, event.resaleBuyerFeeBps);
    const [ticket] = await tx
      .insert(s.tickets)
      .values({ eventId: event.id, unitId: unit.id, ticketTypeId: type.id, ownerId: buyer.id, priceAmount: price, ...newTicketKeys(), version: 2, status: 'checked_in', checkedInAt: event.startsAt, checkedInGate: 'Brána A', createdAt: soldAt })
      .returning({ id: s.tickets.id });
    const [listing] = await tx
      .insert(s.resaleListings)
      .values({ ticketId: ticket.id, eventId: event.id, sellerId: seller.id, priceAmount: price, currency: event.currency, status: 'sold', createdAt: soldAt, soldAt })
      .returning({ id: s.resaleListings.id });
    const orderId = await insertPaidOrder(tx, {
      userId: buyer.id,
      eventId: event.id,
      currency: event.currency,
      locale: 'cs',
      at: soldAt,
      lines: [{ listingId: listing.id, ticketTypeId: type.id, priceAmount: price, feeAmount: buyerFee }],
    });
    await tx.update(s.tickets).set({ orderId }).where(eq(s.tickets.id, ticket.id));
    await tx.insert(s.payouts).values({ userId: seller.id, listingId: listing.id, grossAmount: price, feeAmount: sellerFee, netAmount: price - sellerFee, currency: event.currency, createdAt: soldAt });
  });
}
