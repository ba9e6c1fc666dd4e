import 'server-only';
import { and, eq, not } from 'drizzle-orm';
import { getDb, tables } from '@/lib/server/db';
import { listingIsFree } from '@/lib/server/inventory/free';
import { eventChanged } from '@/lib/server/events/changed';
import { lockOwnedTicket, transferBlock } from '@/lib/server/tickets/ownership';
import { sellerPayout } from '@/lib/money';
import { resaleCapFor, resaleClosesAt } from './policy';
import { resaleFacts, resaleRefusal, type ResaleRefusal } from './eligibility';

export type ListingFailure =
  | { ok: false; code: 'TICKET_NOT_FOUND' | 'ALREADY_LISTED' | 'TICKET_NOT_LISTABLE' | 'GIFT_PENDING' | 'RESALE_DISABLED' | 'RESALE_WINDOW_CLOSED' | 'EVENT_STARTED' | ResaleRefusal }
  | { ok: false; code: 'PRICE_OVER_CAP'; capAmount: number; currency: 'EUR' | 'CZK' };

export type ListingResult =
  | { ok: true; listing: { id: string; ticketId: string; eventId: string; priceAmount: number; currency: 'EUR' | 'CZK'; sellerFeeAmount: number; payoutAmount: number } }
  | ListingFailure;

/**
 * Puts an owned, valid ticket on the secondary market at `priceAmount` (minor units), under the
 * event's policy: resale enabled, before the window closes, the ticket one the market takes (its
 * concession, its companion, a free ticket: eligibility.ts), price ≤ the cap of its price paid. The ticket turns
 * `listed` (no code, no gift, no second listing) in the same transaction that creates the listing.
 */
export async function listTicketForResale(actor: { id: string }, input: { ticketId: string; priceAmount: number }, now = new Date()): Promise<ListingResult> {
  const db = getDb();
  const [ticket] = await db
    .select({
      id: tables.tickets.id,
      status: tables.tickets.status,
      ...resaleFacts,
      eventId: tables.events.id,
      currency: tables.events.currency,
      startsAt: tables.events.startsAt,
      eventStatus: tables.events.status,
      transferEnabled: tables.events.transferEnabled,
      resaleEnabled: tables.events.resaleEnabled,
      resaleCapPercent: tables.events.resaleCapPercent,
      resaleCapAmount: tables.events.resaleCapAmount,
      resaleWindowHours: tables.events.resaleWindowHours,
      resaleSellerFeeBps: tables.events.resaleSellerFeeBps,
      freeTicketsResale: tables.events.freeTicketsResale,
    })
    .from(tables.tickets)
    .innerJoin(tables.events, eq(tables.events.id, tables.tickets.eventId))
    .where(and(eq(tables.tickets.id, input.ticketId), eq(tables.tickets.ownerId, actor.id)));
  if (!ticket) return { ok: false, code: 'TICKET_NOT_FOUND' };
  if (ticket.status === 'listed') return { ok: false, code: 'ALREADY_LISTED' };
  if (ticket.status !== 'valid') return { ok: false, code: 'TICKET_NOT_LISTABLE' };
  if (!ticket.resaleEnabled || ticket.eventStatus === 'cancelled') return { ok: false, code: 'RESALE_DISABLED' };
  if (transferBlock({ transferEnabled: true, startsAt: ticket.startsAt, status: ticket.eventStatus }, now) === 'EVENT_STARTED') {
    return { ok: false, code: 'EVENT_STARTED' };
  }
  if (resaleClosesAt(ticket).getTime() <= now.getTime()) return { ok: false, code: 'RESALE_WINDOW_CLOSED' };
  const refused = resaleRefusal(ticket, ticket);
  if (refused) return { ok: false, code: refused };
  const cap = resaleCapFor(ticket, ticket.pricePaid);
  if (cap !== null && input.priceAmount > cap) return { ok: false, code: 'PRICE_OVER_CAP', capAmount: cap, currency: ticket.currency };

  return db.transaction(async (tx) => {
    // The policy again, under a share lock of the event row: an organiser saving new rules at this
    // moment (events/resale-policy.ts updates that row, then withdraws the listings over them)
    // either committed before, and this reads the new rules, or waits for this listing and then
    // withdraws it if it is over them. The event first, then the ticket: the organiser's order too.
    const [rules] = await tx
      .select({
        resaleEnabled: tables.events.resaleEnabled,
        resaleCapPercent: tables.events.resaleCapPercent,
        resaleCapAmount: tables.events.resaleCapAmount,
        freeTicketsResale: tables.events.freeTicketsResale,
      })
      .from(tables.events)
      .where(eq(tables.events.id, ticket.eventId))
      .for('share');
    if (!rules.resaleEnabled) return { ok: false as const, code: 'RESALE_DISABLED' as const };
    const refusedNow = resaleRefusal(ticket, rules);
    if (refusedNow) return { ok: false as const, code: refusedNow };
    const currentCap = resaleCapFor(rules, ticket.pricePaid);
    if (currentCap !== null && input.priceAmount > currentCap) return { ok: false as const, code: 'PRICE_OVER_CAP' as const, capAmount: currentCap, currency: ticket.currency };
    // Lock the ticket row, then look for a gift: a gift made at the same moment (which takes the same
    // lock) is either committed and seen here, or waits and then finds the ticket listed.
    const locked = await lockOwnedTicket(tx, { ticketId: ticket.id, ownerId: actor.id });
    if (!locked) return { ok: false as const, code: 'TICKET_NOT_FOUND' as const };
    if (locked.status === 'listed') return { ok: false as const, code: 'ALREADY_LISTED' as const };
    if (locked.status !== 'valid') return { ok: false as const, code: 'TICKET_NOT_LISTABLE' as const };
    const [gift] = await tx
      .select({ id: tables.gifts.id })
      .from(tables.gifts)
      .where(and(eq(tables.gifts.ticketId, ticket.id), eq(tables.gifts.fromUserId, actor.id), eq(tables.gifts.status, 'pending')));
    if (gift) return { ok: false as const, code: 'GIFT_PENDING' as const };
    // Listed: no code, no gift, no second listing, and the gate refuses it.
    await tx.update(tables.tickets).set({ status: 'listed' }).where(eq(tables.tickets.id, ticket.id));
    const [listing] = await tx
      .insert(tables.resaleListings)
      .values({ ticketId: ticket.id, eventId: ticket.eventId, sellerId: actor.id, priceAmount: input.priceAmount, currency: ticket.currency })
      .returning({ id: tables.resaleListings.id });
    // A new offer on the event page, and maybe a lower lowest price in the lists.
    await eventChanged(ticket.eventId, tx);
    const { fee: sellerFeeAmount, payout: payoutAmount } = sellerPayout(input.priceAmount, ticket.resaleSellerFeeBps);
    return {
      ok: true as const,
      listing: {
        id: listing.id,
        ticketId: ticket.id,
        eventId: ticket.eventId,
        priceAmount: input.priceAmount,
        currency: ticket.currency,
        sellerFeeAmount,
        payoutAmount,
      },
    };
  });
}

/** The seller takes an unsold listing back, unless a buyer is holding it in a cart right now. */
export async function withdrawListing(
  actor: { id: string },
  ticketId: string,
  now = new Date(),
): Promise<{ ok: true; eventId: string } | { ok: false; code: 'TICKET_NOT_FOUND' | 'LISTING_HELD' }> {
  return getDb().transaction(async (tx) => {
    const [withdrawn] = await tx
      .update(tables.resaleListings)
      .set({ status: 'withdrawn' })
      .where(
        and(
          eq(tables.resaleListings.ticketId, ticketId),
          eq(tables.resaleListings.sellerId, actor.id),
          listingIsFree(now),
        ),
      )
      .returning({ eventId: tables.resaleListings.eventId });
    if (!withdrawn) {
      const [held] = await tx
        .select({ id: tables.resaleListings.id })
        .from(tables.resaleListings)
        .where(
          and(
            eq(tables.resaleListings.ticketId, ticketId),
            eq(tables.resaleListings.sellerId, actor.id),
            eq(tables.resaleListings.status, 'active'),
            not(listingIsFree(now)),
          ),
        );
      return { ok: false as const, code: held ? ('LISTING_HELD' as const) : ('TICKET_NOT_FOUND' as const) };
    }
    await tx
      .update(tables.tickets)
      .set({ status: 'valid' })
      .where(and(eq(tables.tickets.id, ticketId), eq(tables.tickets.ownerId, actor.id), eq(tables.tickets.status, 'listed')));
    await eventChanged(withdrawn.eventId, tx);
    return { ok: true as const, eventId: withdrawn.eventId };
  });
}
