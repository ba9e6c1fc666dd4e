import 'server-only';
import { and, eq, inArray } from 'drizzle-orm';
import { getDb, tables, type Tx } from '@/lib/server/db';
import type { ResalePolicy } from '@/lib/server/db/schema';
import { eventChanged } from '@/lib/server/events/changed';
import { resaleCapFor } from '@/lib/server/resale/policy';
import { resaleFacts } from '@/lib/server/resale/eligibility';
import type { Locale } from '@/lib/i18n/routing';
import { eventAccess, type AccessFailure } from '@/lib/server/organiser/access';
import { sendListingWithdrawnEmail } from './resale-mail';

// An event's resale and gifting rules live in its own columns (events.resale_* and transfer_enabled):
// the fan side (resale/listing.ts, resale/policy.ts, tickets/gift.ts, the cart) reads them there and
// nowhere else. This file is the organiser's one way to write them.

const e = tables.events;
const l = tables.resaleListings;

const policyColumns = {
  transferEnabled: e.transferEnabled,
  resaleEnabled: e.resaleEnabled,
  resaleCapPercent: e.resaleCapPercent,
  resaleCapAmount: e.resaleCapAmount,
  resaleWindowHours: e.resaleWindowHours,
  resaleSellerFeeBps: e.resaleSellerFeeBps,
  resaleBuyerFeeBps: e.resaleBuyerFeeBps,
  resaleOrganiserSharePercent: e.resaleOrganiserSharePercent,
  freeTicketsResale: e.freeTicketsResale,
};

type LiveListing = { id: string; ticketId: string; priceAmount: number; pricePaid: number };

/**
 * The live listings a policy does not allow: every one when resale is off, a free ticket's when free
 * tickets may not be resold, else those priced over their ticket's cap — the fan side's own cap rule
 * (resaleCapFor), per listing from its ticket's price paid.
 */
export function listingsOverPolicy<T extends LiveListing>(
  policy: Pick<ResalePolicy, 'resaleEnabled' | 'resaleCapPercent' | 'resaleCapAmount'> & { freeTicketsResale?: boolean },
  listings: T[],
): T[] {
  if (!policy.resaleEnabled) return listings;
  return listings.filter((listing) => {
    if (listing.pricePaid === 0 && !policy.freeTicketsResale) return true;
    const cap = resaleCapFor(policy, listing.pricePaid);
    return cap !== null && listing.priceAmount > cap;
  });
}

async function liveListings(db: ReturnType<typeof getDb> | Tx, eventId: string, lock = false): Promise<LiveListing[]> {
  const query = db
    .select({ id: l.id, ticketId: l.ticketId, priceAmount: l.priceAmount, pricePaid: resaleFacts.pricePaid })
    .from(l)
    .innerJoin(tables.tickets, eq(tables.tickets.id, l.ticketId))
    .where(and(eq(l.eventId, eventId), eq(l.status, 'active')));
  return lock ? query.for('update', { of: l }) : query;
}

export type ResalePolicyView = { policy: ResalePolicy; currency: 'EUR' | 'CZK'; activeListings: number };

/** The event's rules as the console's form shows them, with how many listings are on sale now. */
export async function getResalePolicy(userId: string, eventId: string): Promise<({ ok: true } & ResalePolicyView) | AccessFailure> {
  const access = await eventAccess(userId, eventId, 'events');
  if (!access.ok) return access;
  const db = getDb();
  const [row] = await db.select({ ...policyColumns, currency: e.currency }).from(e).where(eq(e.id, eventId));
  const { currency, ...policy } = row;
  return { ok: true, policy, currency, activeListings: (await liveListings(db, eventId)).length };
}

/** What saving `policy` would do: how many of the live listings it would withdraw. Writes nothing. */
export async function previewResalePolicy(userId: string, eventId: string, policy: ResalePolicy): Promise<{ ok: true; activeListings: number; withdraw: number } | AccessFailure> {
  const access = await eventAccess(userId, eventId, 'events');
  if (!access.ok) return access;
  const listings = await liveListings(getDb(), eventId);
  return { ok: true, activeListings: listings.length, withdraw: listingsOverPolicy(policy, listings).length };
}

/**
 * Saves the event's resale and gifting rules. Every live listing the new rules do not allow (all of
 * them when resale is turned off, else those over their new cap) is withdrawn in the same transaction:
 * the ticket is its seller's and valid again, and each seller is emailed in their own language.
 *
 * A listing a buyer holds in a cart right now is withdrawn too, at once, not after the hold: waiting
 * would let the buyer pay a price the organiser has just forbidden. Its hold is cleared with it, so
 * the line leaves the buyer's cart (cart_live_items keeps only listings whose hold_id is the cart's)
 * and checkout refuses a cart left empty (CART_EMPTY); a payment already under way cannot sell it
 * either (inventory/sell.ts sells only active listings) and is refunded.
 *
 * The event row is updated first, so this transaction holds its lock while it reads the listings.
 */
export async function setResalePolicy(
  userId: string,
  eventId: string,
  policy: ResalePolicy,
  now = new Date(),
): Promise<{ ok: true; policy: ResalePolicy; withdrawn: number } | AccessFailure> {
  const access = await eventAccess(userId, eventId, 'events');
  if (!access.ok) return access;
  const { count, mails } = await getDb().transaction(async (tx) => {
    const [event] = await tx.update(e).set({ ...policy, updatedAt: now }).where(eq(e.id, eventId)).returning({ title: e.title, currency: e.currency });
    const over = listingsOverPolicy(policy, await liveListings(tx, eventId, true));
    if (over.length) {
      await tx
        .update(l)
        .set({ status: 'withdrawn', holdId: null, heldUntil: null })
        .where(inArray(l.id, over.map((x) => x.id)));
      await tx
        .update(tables.tickets)
        .set({ status: 'valid' })
        .where(and(inArray(tables.tickets.id, over.map((x) => x.ticketId)), eq(tables.tickets.status, 'listed')));
    }
    // The rules are part of what fans see of the event (its resale offers, the sell and gift buttons).
    await eventChanged(eventId, tx);
    if (!over.length) return { count: 0, mails: [] };
    const sellers = await tx
      .select({ listingId: l.id, email: tables.users.email, locale: tables.users.locale, name: tables.users.firstName })
      .from(l)
      .innerJoin(tables.users, eq(tables.users.id, l.sellerId))
      .where(inArray(l.id, over.map((x) => x.id)));
    const mails = over.flatMap((listing) => {
      const seller = sellers.find((s) => s.listingId === listing.id);
      // A removed account has no address left to tell.
      if (!seller?.email) return [];
      return {
        to: seller.email,
        locale: seller.locale as Locale,
        name: seller.name,
        eventTitle: event.title[seller.locale as Locale],
        priceAmount: listing.priceAmount,
        currency: event.currency,
        capAmount: policy.resaleEnabled ? resaleCapFor(policy, listing.pricePaid) : null,
      };
    });
    return { count: over.length, mails };
  });
  // After the commit: a seller is told only of a withdrawal that happened.
  for (const mail of mails) await sendListingWithdrawnEmail(mail);
  return { ok: true, policy, withdrawn: count };
}
