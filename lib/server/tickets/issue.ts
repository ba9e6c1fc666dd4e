import 'server-only';
import { eq, inArray } from 'drizzle-orm';
import { organiserFeeShare, sellerPayout } from '@/lib/money';
import { tables, type Tx } from '@/lib/server/db';
import { newTicketKeys } from '@/lib/ticket-code/keys';
import { nameOrderTickets } from '@/lib/server/named-tickets/holders';
import { concessionOrderTickets } from '@/lib/server/concessions/issue';
import { moveTicketToOwner } from './ownership';
import { takeOverReleasedUnits } from '@/lib/server/seasons/release';

/** An order item: `feeAmount` is the service fee of a primary ticket, the buyer's fee of a resale one. */
type PaidItem = { unitId: string | null; listingId: string | null; ticketTypeId: string; priceAmount: number; feeAmount: number };

/**
 * Issues the tickets of a paid order: a new ticket (fresh secret, version 1) for every primary unit,
 * and for every resale listing the existing ticket moves to the buyer with a NEW secret and version + 1
 * (the seller's code stops working at once) and the seller is owed price − seller fee; the payout also
 * fixes the organiser's share of the sale's fees (its policy's percentage now, whatever it is changed to later).
 * The caller has already turned the units and listings into sold ones for this hold.
 */
export async function issueTicketsForOrder(
  tx: Tx,
  input: { orderId: string; eventId: string; buyerId: string; items: PaidItem[]; sellerFeeBps: number; organiserSharePercent: number; currency: 'EUR' | 'CZK'; now: Date },
): Promise<string[]> {
  const issued: string[] = [];
  // Seats season-ticket holders released for this match: the holder's ticket moves to the buyer (and credits them).
  const released = await takeOverReleasedUnits(tx, { orderId: input.orderId, buyerId: input.buyerId, unitIds: input.items.flatMap((item) => (item.unitId ? [item.unitId] : [])), now: input.now });
  issued.push(...released.values());
  const primary = input.items.filter((item) => item.unitId && !released.has(item.unitId));
  if (primary.length) {
    const faceValues = new Map(
      (
        await tx
          .select({ id: tables.ticketTypes.id, price: tables.ticketTypes.priceAmount })
          .from(tables.ticketTypes)
          .where(inArray(tables.ticketTypes.id, [...new Set(primary.map((item) => item.ticketTypeId))]))
      ).map((row) => [row.id, row.price]),
    );
    // A festival pass (lib/server/packages) holds units of every day in one cart: each ticket is its unit's event's.
    const eventOf = new Map(
      (
        await tx
          .select({ id: tables.inventoryUnits.id, eventId: tables.inventoryUnits.eventId })
          .from(tables.inventoryUnits)
          .where(inArray(tables.inventoryUnits.id, primary.map((item) => item.unitId!)))
      ).map((row) => [row.id, row.eventId]),
    );
    const rows = await tx
      .insert(tables.tickets)
      .values(
        primary.map((item) => ({
          eventId: eventOf.get(item.unitId!) ?? input.eventId,
          unitId: item.unitId!,
          ticketTypeId: item.ticketTypeId,
          ownerId: input.buyerId,
          orderId: input.orderId,
          priceAmount: faceValues.get(item.ticketTypeId) ?? item.priceAmount,
          ...newTicketKeys(),
          version: 1,
          status: 'valid' as const,
          createdAt: input.now,
        })),
      )
      .returning({ id: tables.tickets.id });
    issued.push(...rows.map((row) => row.id));
  }
  for (const item of input.items.filter((i) => i.listingId)) {
    const [listing] = await tx
      .select({ id: tables.resaleListings.id, ticketId: tables.resaleListings.ticketId, sellerId: tables.resaleListings.sellerId, price: tables.resaleListings.priceAmount })
      .from(tables.resaleListings)
      .where(eq(tables.resaleListings.id, item.listingId!));
    const moved = await moveTicketToOwner(tx, {
      ticketId: listing.ticketId,
      fromUserId: listing.sellerId,
      toUserId: input.buyerId,
      orderId: input.orderId,
      fromStatuses: ['listed', 'valid'],
    });
    if (!moved) throw new Error(`resale ticket ${listing.ticketId} is no longer transferable`);
    issued.push(moved.id);
    const { fee, payout } = sellerPayout(listing.price, input.sellerFeeBps);
    await tx
      .insert(tables.payouts)
      .values({
        userId: listing.sellerId,
        listingId: listing.id,
        grossAmount: listing.price,
        feeAmount: fee,
        netAmount: payout,
        // The organiser is never owed a fraction that Tribuna did not collect: its share rounds down.
        organiserShareAmount: organiserFeeShare(fee, item.feeAmount, input.organiserSharePercent),
        currency: input.currency,
        createdAt: input.now,
      })
      .onConflictDoNothing();
  }
  // Risk matches: each named ticket gets the holder its buyer gave in the cart.
  await nameOrderTickets(tx, input.orderId);
  // Concessions: the gate asks for the card.
  await concessionOrderTickets(tx, input.orderId);
  return issued;
}
