import 'server-only';
import { and, eq } from 'drizzle-orm';
import { isUuid } from '@/lib/ids';
import { getDb, tables } from '@/lib/server/db';

/** Whether the fan put this listing up themselves (a seller never buys their own ticket: cart_claim_listing). */
export async function isOwnListing(listingId: string, userId: string): Promise<boolean> {
  if (!isUuid(listingId)) return false;
  const [row] = await getDb()
    .select({ id: tables.resaleListings.id })
    .from(tables.resaleListings)
    .where(and(eq(tables.resaleListings.id, listingId), eq(tables.resaleListings.sellerId, userId)));
  return Boolean(row);
}

/**
 * The fan's own listings on sale for an event, so the event page shows them as theirs (with a way to
 * manage them) instead of a Buy button. The public availability lists every offer without its seller.
 */
export async function myActiveListings(user: { id: string }, eventUuid: string): Promise<{ listingId: string; ticketId: string }[]> {
  return getDb()
    .select({ listingId: tables.resaleListings.id, ticketId: tables.resaleListings.ticketId })
    .from(tables.resaleListings)
    .where(and(eq(tables.resaleListings.eventId, eventUuid), eq(tables.resaleListings.sellerId, user.id), eq(tables.resaleListings.status, 'active')));
}
