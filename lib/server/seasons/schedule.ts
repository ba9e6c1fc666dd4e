import 'server-only';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { getDb, tables } from '@/lib/server/db';
import type { SeasonSchedule } from '@/lib/schemas/tickets';

type SeasonMatch = SeasonSchedule['matches'][number];

/** Every season ticket the fan holds, with the season's matches and what happened to each match's seat. */
export async function seasonSchedule(user: { id: string }): Promise<SeasonSchedule[]> {
  const db = getDb();
  const section = alias(tables.venueSections, 'section');
  const row = alias(tables.venueRows, 'row');
  const holdings = await db
    .select({
      seasonTicketId: tables.seasonTickets.id,
      seasonId: tables.seasons.id,
      seasonSlug: tables.seasons.slug,
      seasonName: tables.seasons.name,
      sectionName: section.name,
      rowLabel: row.label,
      seatLabel: tables.venueSeats.label,
    })
    .from(tables.seasonTickets)
    .innerJoin(tables.seasons, eq(tables.seasons.id, tables.seasonTickets.seasonId))
    .innerJoin(tables.venueSeats, eq(tables.venueSeats.id, tables.seasonTickets.seatId))
    .innerJoin(row, eq(row.id, tables.venueSeats.rowId))
    .innerJoin(section, eq(section.id, tables.venueSeats.sectionId))
    .where(eq(tables.seasonTickets.userId, user.id))
    .orderBy(asc(tables.seasons.startsOn));
  if (!holdings.length) return [];

  const seasonIds = [...new Set(holdings.map((h) => h.seasonId))];
  const matches = await db
    .select({ id: tables.events.id, slug: tables.events.slug, title: tables.events.title, startsAt: tables.events.startsAt, seasonId: tables.events.seasonId })
    .from(tables.events)
    .where(inArray(tables.events.seasonId, seasonIds))
    .orderBy(asc(tables.events.startsAt));
  const tickets = await db
    .select({ id: tables.tickets.id, eventId: tables.tickets.eventId, seasonTicketId: tables.tickets.seasonTicketId, ownerId: tables.tickets.ownerId, status: tables.tickets.status })
    .from(tables.tickets)
    .where(and(inArray(tables.tickets.seasonTicketId, holdings.map((h) => h.seasonTicketId))));

  return holdings.map((h) => ({
    seasonTicketId: h.seasonTicketId,
    season: { id: h.seasonId, slug: h.seasonSlug, name: h.seasonName },
    seat: { section: h.sectionName, row: h.rowLabel, seat: h.seatLabel },
    matches: matches
      .filter((m) => m.seasonId === h.seasonId)
      .map((m) => {
        const ticket = tickets.find((t) => t.seasonTicketId === h.seasonTicketId && t.eventId === m.id && t.status !== 'void');
        const state: SeasonMatch['state'] = !ticket
          ? 'none'
          : ticket.ownerId !== user.id
            ? 'passed_on'
            : ticket.status === 'listed'
              ? 'listed'
              : ticket.status === 'checked_in'
                ? 'checked_in'
                : 'yours';
        return { eventId: m.id, slug: m.slug, title: m.title, startsAt: m.startsAt.toISOString(), ticketId: ticket && ticket.ownerId === user.id ? ticket.id : null, state };
      }),
  }));
}
