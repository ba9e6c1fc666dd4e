import 'server-only';
import { and, desc, eq, inArray, ne } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { getDb, tables } from '@/lib/server/db';
import type { GiftedTicket } from '@/lib/schemas/tickets';

/**
 * How one fan is named to another on a gift's trace: first name and the initial of the last ("Jana N."),
 * enough to recognise a friend and no more. Null for an account that was removed (its names are gone).
 */
export function shortName(firstName: string | null, lastName: string | null): string | null {
  const first = firstName?.trim() ?? '';
  const last = lastName?.trim() ?? '';
  if (!first && !last) return null;
  // The first letter as a person reads it (a letter with its diacritic, never half of a pair).
  const initial = last ? `${[...last.normalize('NFC')][0].toLocaleUpperCase()}.` : '';
  return [first, initial].filter(Boolean).join(' ');
}

/** Who gave the caller each of these tickets, for the ones that came as a claimed gift (the latest gift to them wins). */
export async function giftSenders(userId: string, ticketIds: string[]): Promise<Map<string, string | null>> {
  const senders = new Map<string, string | null>();
  if (!ticketIds.length) return senders;
  const g = tables.gifts;
  const rows = await getDb()
    .select({ ticketId: g.ticketId, firstName: tables.users.firstName, lastName: tables.users.lastName })
    .from(g)
    .innerJoin(tables.users, eq(tables.users.id, g.fromUserId))
    .where(and(eq(g.toUserId, userId), eq(g.status, 'claimed'), inArray(g.ticketId, ticketIds)))
    .orderBy(desc(g.resolvedAt));
  for (const row of rows) if (!senders.has(row.ticketId)) senders.set(row.ticketId, shortName(row.firstName, row.lastName));
  return senders;
}

/**
 * The tickets the caller gave away and no longer holds: each once (its latest gift), latest first.
 * A ticket that came back to the caller is in their list again and not here.
 */
export async function giftedAway(userId: string): Promise<GiftedTicket[]> {
  const g = tables.gifts;
  const t = tables.tickets;
  const e = tables.events;
  const recipient = alias(tables.users, 'recipient');
  const section = alias(tables.venueSections, 'section');
  const row = alias(tables.venueRows, 'row');
  const rows = await getDb()
    .select({
      ticketId: g.ticketId,
      resolvedAt: g.resolvedAt,
      createdAt: g.createdAt,
      firstName: recipient.firstName,
      lastName: recipient.lastName,
      typeName: tables.ticketTypes.name,
      sectionName: section.name,
      rowLabel: row.label,
      seatLabel: tables.venueSeats.label,
      eventId: e.id,
      slug: e.slug,
      title: e.title,
      startsAt: e.startsAt,
      endsAt: e.endsAt,
      venueName: tables.venues.name,
      venueCity: tables.venues.city,
    })
    .from(g)
    .innerJoin(t, eq(t.id, g.ticketId))
    .innerJoin(e, eq(e.id, t.eventId))
    .innerJoin(tables.venues, eq(tables.venues.id, e.venueId))
    .innerJoin(tables.ticketTypes, eq(tables.ticketTypes.id, t.ticketTypeId))
    .innerJoin(tables.inventoryUnits, eq(tables.inventoryUnits.id, t.unitId))
    .leftJoin(tables.venueSeats, eq(tables.venueSeats.id, tables.inventoryUnits.seatId))
    .leftJoin(row, eq(row.id, tables.venueSeats.rowId))
    .leftJoin(section, eq(section.id, tables.venueSeats.sectionId))
    .leftJoin(recipient, eq(recipient.id, g.toUserId))
    .where(and(eq(g.fromUserId, userId), eq(g.status, 'claimed'), ne(t.ownerId, userId)))
    .orderBy(desc(g.resolvedAt));
  const seen = new Set<string>();
  const lines: GiftedTicket[] = [];
  for (const r of rows) {
    if (seen.has(r.ticketId)) continue;
    seen.add(r.ticketId);
    lines.push({
      ticketId: r.ticketId,
      giftedAt: (r.resolvedAt ?? r.createdAt).toISOString(),
      to: { name: shortName(r.firstName, r.lastName) },
      ticketType: { name: r.typeName },
      seat: r.seatLabel && r.sectionName && r.rowLabel ? { section: r.sectionName, row: r.rowLabel, seat: r.seatLabel } : null,
      event: {
        id: r.eventId,
        slug: r.slug,
        title: r.title,
        startsAt: r.startsAt.toISOString(),
        endsAt: r.endsAt?.toISOString() ?? null,
        venue: { name: r.venueName, city: r.venueCity },
      },
    });
  }
  return lines;
}
