import 'server-only';
import { and, asc, eq, inArray, ne, or } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { signingKeyFor } from '@/lib/ticket-code/keys';
import { getDb, tables } from '@/lib/server/db';
import { resaleCapFor, resaleClosesAt } from '@/lib/server/resale/policy';
import { seasonSchedule } from '@/lib/server/seasons/schedule';
import { claimPendingGifts } from './gift';
import { paidAmountOfTicket } from './paid-price';
import type { MyTickets, OwnedTicket } from '@/lib/schemas/tickets';


/** The caller's tickets (upcoming first, then past), claiming any gifts waiting for their email first. */
export async function listMyTickets(user: { id: string; email: string; firstName: string; lastName: string }): Promise<MyTickets> {
  await claimPendingGifts(user);
  const db = getDb();
  const t = tables.tickets;
  const e = tables.events;
  const section = alias(tables.venueSections, 'section');
  const row = alias(tables.venueRows, 'row');
  const rows = await db
    .select({
      id: t.id,
      status: t.status,
      version: t.version,
      secret: t.secret,
      priceAmount: t.priceAmount,
      paidAmount: paidAmountOfTicket,
      checkedInAt: t.checkedInAt,
      seasonTicketId: t.seasonTicketId,
      typeName: tables.ticketTypes.name,
      typeKind: tables.ticketTypes.kind,
      sectionName: section.name,
      rowLabel: row.label,
      seatLabel: tables.venueSeats.label,
      eventId: e.id,
      slug: e.slug,
      title: e.title,
      startsAt: e.startsAt,
      endsAt: e.endsAt,
      currency: e.currency,
      eventStatus: e.status,
      transferEnabled: e.transferEnabled,
      resaleEnabled: e.resaleEnabled,
      resaleCapPercent: e.resaleCapPercent,
      resaleCapAmount: e.resaleCapAmount,
      resaleWindowHours: e.resaleWindowHours,
      resaleSellerFeeBps: e.resaleSellerFeeBps,
      venueName: tables.venues.name,
      venueCity: tables.venues.city,
    })
    .from(t)
    .innerJoin(e, eq(e.id, t.eventId))
    .innerJoin(tables.venues, eq(tables.venues.id, e.venueId))
    .innerJoin(tables.ticketTypes, eq(tables.ticketTypes.id, t.ticketTypeId))
    .innerJoin(tables.inventoryUnits, eq(tables.inventoryUnits.id, t.unitId))
    .leftJoin(tables.venueSeats, eq(tables.venueSeats.id, tables.inventoryUnits.seatId))
    .leftJoin(row, eq(row.id, tables.venueSeats.rowId))
    .leftJoin(section, eq(section.id, tables.venueSeats.sectionId))
    // A void ticket is gone, unless its event was cancelled: the holder sees it there, void (organiser/cancel.ts).
    .where(and(eq(t.ownerId, user.id), or(ne(t.status, 'void'), eq(e.status, 'cancelled'))))
    .orderBy(asc(e.startsAt), asc(section.sortOrder), asc(row.sortOrder), asc(tables.venueSeats.sortOrder));

  const ids = rows.map((r) => r.id);
  const [listings, gifts] = ids.length
    ? await Promise.all([
        db
          .select({ id: tables.resaleListings.id, ticketId: tables.resaleListings.ticketId, priceAmount: tables.resaleListings.priceAmount, heldUntil: tables.resaleListings.heldUntil })
          .from(tables.resaleListings)
          .where(and(inArray(tables.resaleListings.ticketId, ids), eq(tables.resaleListings.status, 'active'))),
        db
          .select({ ticketId: tables.gifts.ticketId, toEmail: tables.gifts.toEmail })
          .from(tables.gifts)
          // only the holder's own gift: one an earlier holder left behind is not theirs to show
          .where(and(inArray(tables.gifts.ticketId, ids), eq(tables.gifts.fromUserId, user.id), eq(tables.gifts.status, 'pending'))),
      ])
    : [[], []];
  const now = Date.now();
  const holderName = `${user.firstName} ${user.lastName}`.trim();

  const tickets = await Promise.all(
    rows.map(async (r): Promise<OwnedTicket> => {
      const listing = listings.find((l) => l.ticketId === r.id);
      const gift = gifts.find((g) => g.ticketId === r.id);
      return {
        id: r.id,
        status: r.status,
        version: r.version,
        // No code for a ticket on its way to another fan: the gate refuses it until the gift is claimed or cancelled.
        signingKey: r.status === 'valid' && !gift ? signingKeyFor(r.secret, r.version) : null,
        holderName,
        priceAmount: r.priceAmount,
        paidAmount: r.paidAmount,
        currency: r.currency,
        checkedInAt: r.checkedInAt?.toISOString() ?? null,
        seasonTicketId: r.seasonTicketId,
        ticketType: { name: r.typeName, kind: r.typeKind },
        seat: r.seatLabel && r.sectionName && r.rowLabel ? { section: r.sectionName, row: r.rowLabel, seat: r.seatLabel } : null,
        event: {
          id: r.eventId,
          slug: r.slug,
          title: r.title,
          startsAt: r.startsAt.toISOString(),
          endsAt: r.endsAt?.toISOString() ?? null,
          venue: { name: r.venueName, city: r.venueCity },
          transferEnabled: r.transferEnabled && r.eventStatus !== 'cancelled',
          resale: {
            enabled: r.resaleEnabled,
            capAmount: resaleCapFor({ resaleCapPercent: r.resaleCapPercent, resaleCapAmount: r.resaleCapAmount }, r.priceAmount),
            closesAt: resaleClosesAt({ startsAt: r.startsAt, resaleWindowHours: r.resaleWindowHours }).toISOString(),
            sellerFeeBps: r.resaleSellerFeeBps,
          },
        },
        listing: listing ? { id: listing.id, priceAmount: listing.priceAmount, held: !!listing.heldUntil && listing.heldUntil.getTime() > now } : null,
        pendingGift: gift ? { toEmail: gift.toEmail } : null,
      };
    }),
  );
  return { tickets, seasons: await seasonSchedule(user) };
}
