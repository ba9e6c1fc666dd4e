import 'server-only';
import { and, eq, inArray, isNotNull, ne, or, sql } from 'drizzle-orm';
import { signingKeyFor } from '@/lib/ticket-code/keys';
import { getDb, tables } from '@/lib/server/db';
import { memoUntilWrite } from '@/lib/server/db/memo';
import { resaleCapFor, resaleClosesAt } from '@/lib/server/resale/policy';
import { seasonSchedule } from '@/lib/server/seasons/schedule';
import { openReleasesOf, releaseCreditOf, saleClosesAt } from '@/lib/server/seasons/release';
import { claimPendingGifts } from './gift';
import { giftedAway, giftSenders } from './gift-trace';
import { joinPlace, placeColumns, placeOf, placeOrder } from './place';
import { paidAmountOfTicket } from './paid-price';
import { resaleFacts, resaleRefusal } from '@/lib/server/resale/eligibility';
import type { MyTickets, OwnedTicket } from '@/lib/schemas/tickets';
import { refundWindow } from '@/lib/server/refunds/self-service';

/**
 * Whether the holder may return the ticket now (lib/server/refunds/self-service.ts, the same rule): one they
 * bought from the organiser themselves, still valid, with a window open (a postponement's, or self-cancel).
 */
function refundOf(
  r: { status: string; paidAmount: number | null; seasonTicketId: string | null; companionOf: string | null; boughtOnResale: boolean; eventStatus: string; startsAt: Date } & {
    selfCancelAllowed: boolean;
    selfCancelHours: number;
    postponedAt: Date | null;
    refundDeadline: Date | null;
  },
  now: Date,
): OwnedTicket['refund'] {
  if ((r.status !== 'valid' && r.status !== 'listed') || r.paidAmount === null || r.seasonTicketId || r.companionOf || r.boughtOnResale) return null;
  const window = refundWindow({ ...r, status: r.eventStatus }, now);
  return 'closed' in window ? null : { kind: window.kind, until: window.until.toISOString() };
}


type Fan = { id: string; email: string; firstName: string; lastName: string };

// Your tickets is read on every signed-in load of the page: on the embedded database, from memory until a write.
const remembered = memoUntilWrite<MyTickets>();

/** The caller's tickets (upcoming first, then past), claiming any gifts waiting for their email first. */
export async function listMyTickets(user: Fan): Promise<MyTickets> {
  return remembered([user.id, user.email, user.firstName, user.lastName].join('\n'), () => readMyTickets(user));
}

async function readMyTickets(user: Fan): Promise<{ value: MyTickets; until: number }> {
  await claimPendingGifts(user);
  const db = getDb();
  const t = tables.tickets;
  const e = tables.events;
  // The giver's history of gifts does not depend on the tickets held: read it alongside.
  const gifted = giftedAway(user.id);
  gifted.catch(() => {}); // awaited below; a failure of the main read must not leave it unhandled
  const rows = await joinPlace(
    db
      .select({
        id: t.id,
        status: t.status,
        version: t.version,
        secret: t.secret,
        priceAmount: t.priceAmount,
        paidAmount: paidAmountOfTicket,
        checkedInAt: t.checkedInAt,
        seasonTicketId: t.seasonTicketId,
        named: t.named,
        namedHolder: t.holderName,
        namedBirthDate: t.holderBirthDate,
        ...resaleFacts,
        companionOf: t.companionOf,
        ...placeColumns,
        typeKind: tables.ticketTypes.kind,
        currency: e.currency,
        eventStatus: e.status,
        saleEndsAt: e.saleEndsAt,
        seasonHolderId: tables.seasonTickets.userId,
        releaseSharePercent: tables.seasons.releaseSharePercent,
        transferEnabled: e.transferEnabled,
        resaleEnabled: e.resaleEnabled,
        resaleCapPercent: e.resaleCapPercent,
        resaleCapAmount: e.resaleCapAmount,
        resaleWindowHours: e.resaleWindowHours,
        resaleSellerFeeBps: e.resaleSellerFeeBps,
        freeTicketsResale: e.freeTicketsResale,
        orderId: t.orderId,
        selfCancelAllowed: e.selfCancelAllowed,
        selfCancelHours: e.selfCancelHours,
        postponedAt: e.postponedAt,
        postponedFrom: e.postponedFrom,
        refundDeadline: e.refundDeadline,
        // Bought from another fan (its order's line is the listing): not refundable by the organiser (lib/server/refunds).
        boughtOnResale: sql<boolean>`exists (select 1 from order_items oi join resale_listings rl on rl.id = oi.listing_id where oi.order_id = ${t.orderId} and rl.ticket_id = ${t.id})`,
      })
      .from(t)
      .leftJoin(tables.seasonTickets, eq(tables.seasonTickets.id, t.seasonTicketId))
      .leftJoin(tables.seasons, eq(tables.seasons.id, tables.seasonTickets.seasonId))
      .$dynamic(),
  )
    // A void ticket is gone, unless its event was cancelled: the holder sees it there, void (events/cancel.ts).
    // A match never published yet (a season's new match is issued to its holders as a draft) is not public:
    // its tickets show once it is published, and stay shown if it is taken back to draft.
    .where(and(eq(t.ownerId, user.id), or(ne(t.status, 'void'), eq(e.status, 'cancelled')), or(ne(e.status, 'draft'), isNotNull(e.publishedAt))))
    .orderBy(...placeOrder);

  const ids = rows.map((r) => r.id);
  const releases = await openReleasesOf(db, user.id, rows.filter((r) => r.status === 'released').map((r) => r.id));
  const readAt = new Date();
  const [listings, gifts, senders] = ids.length
    ? await Promise.all([
        db
          .select({
            id: tables.resaleListings.id,
            ticketId: tables.resaleListings.ticketId,
            priceAmount: tables.resaleListings.priceAmount,
            heldUntil: tables.resaleListings.heldUntil,
            // In a live cart: the database's rule (functions.sql held_until_live).
            held: sql<boolean>`coalesce(held_until_live(${tables.resaleListings.heldUntil}, ${readAt.toISOString()}::timestamptz), false)`,
          })
          .from(tables.resaleListings)
          .where(and(inArray(tables.resaleListings.ticketId, ids), eq(tables.resaleListings.status, 'active'))),
        db
          .select({ ticketId: tables.gifts.ticketId, toEmail: tables.gifts.toEmail })
          .from(tables.gifts)
          // only the holder's own gift: one an earlier holder left behind is not theirs to show
          .where(and(inArray(tables.gifts.ticketId, ids), eq(tables.gifts.fromUserId, user.id), eq(tables.gifts.status, 'pending'))),
        giftSenders(user.id, ids),
      ])
    : [[], [], new Map<string, string | null>()];
  const holderName = `${user.firstName} ${user.lastName}`.trim();

  const tickets = await Promise.all(
    rows.map(async (r): Promise<OwnedTicket> => {
      const listing = listings.find((l) => l.ticketId === r.id);
      const gift = gifts.find((g) => g.ticketId === r.id);
      const place = placeOf(r);
      return {
        id: r.id,
        status: r.status,
        version: r.version,
        // No code for a ticket on its way to another fan: the gate refuses it until the gift is claimed or cancelled.
        // Nor for a named ticket (risk match) whose holder is not named yet: the gate would refuse it.
        signingKey: r.status === 'valid' && !gift && (!r.named || r.namedHolder) ? signingKeyFor(r.secret, r.version) : null,
        holderName: r.named && r.namedHolder ? r.namedHolder : holderName,
        priceAmount: r.priceAmount,
        paidAmount: r.paidAmount,
        pricePaid: r.pricePaid,
        currency: r.currency,
        checkedInAt: r.checkedInAt?.toISOString() ?? null,
        seasonTicketId: r.seasonTicketId,
        ticketType: { ...place.ticketType, kind: r.typeKind },
        seat: place.seat,
        event: {
          ...place.event,
          transferEnabled: r.transferEnabled && r.eventStatus !== 'cancelled',
          postponed: r.postponedAt && r.postponedFrom && r.refundDeadline ? { from: r.postponedFrom.toISOString(), refundDeadline: r.refundDeadline.toISOString() } : null,
          resale: {
            enabled: r.resaleEnabled,
            // The listing's own rule (resale/listing.ts): the cap of the price paid, the same refusals.
            capAmount: resaleCapFor({ resaleCapPercent: r.resaleCapPercent, resaleCapAmount: r.resaleCapAmount }, r.pricePaid),
            closesAt: resaleClosesAt({ startsAt: r.startsAt, resaleWindowHours: r.resaleWindowHours }).toISOString(),
            sellerFeeBps: r.resaleSellerFeeBps,
            refusal: resaleRefusal(r, r),
          },
        },
        giftable: r.concession !== 'companion',
        companionOf: r.companionOf,
        listing: listing ? { id: listing.id, priceAmount: listing.priceAmount, held: listing.held } : null,
        pendingGift: gift ? { toEmail: gift.toEmail } : null,
        giftedFrom: senders.has(r.id) ? { name: senders.get(r.id) ?? null } : null,
        named: r.named ? { name: r.namedHolder, dateOfBirth: r.namedBirthDate } : null,
        // A match of the holder's own season ticket may be released to the club's sale for credit (seasons/release.ts).
        release:
          r.seasonTicketId && r.seasonHolderId === user.id && r.releaseSharePercent !== null && r.eventStatus !== 'cancelled'
            ? {
                sharePercent: r.releaseSharePercent,
                creditAmount: releases.get(r.id) ?? releaseCreditOf(r.priceAmount, r.releaseSharePercent),
                closesAt: saleClosesAt({ saleEndsAt: r.saleEndsAt, startsAt: r.startsAt }).toISOString(),
                released: r.status === 'released',
              }
            : null,
        concession: r.concession,
        refund: refundOf(r, readAt),
      };
    }),
  );
  const [seasons, giftedLines] = await Promise.all([seasonSchedule(user), gifted]);
  // A listing's hold ends without a write: the answer holds until the first such end.
  // A refund window closes without a write too (lib/server/refunds): the answer holds until the first such close.
  const until = Math.min(
    Infinity,
    ...listings.map((l) => (l.held && l.heldUntil ? l.heldUntil.getTime() : Infinity)),
    ...tickets.map((ticket) => (ticket.refund ? new Date(ticket.refund.until).getTime() : Infinity)),
  );
  return { value: { tickets, seasons, gifted: giftedLines }, until };
}
