import 'server-only';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { getDb, rowsOf, tables, type Tx } from '@/lib/server/db';
import { eventAccess, type AccessFailure } from '@/lib/server/organiser/access';
import { eventChanged } from '@/lib/server/events/changed';
import { eventIsPlayed, type EventPlayed } from '@/lib/server/events/played';
import type { NamedTicketsSettings, NamedTicketsSettingsInput } from '@/lib/schemas/named-tickets';

type Db = ReturnType<typeof getDb> | Tx;

async function readSettings(db: Db, eventId: string): Promise<NamedTicketsSettings> {
  const [event] = await db.select({ namedTickets: tables.events.namedTickets, venueId: tables.events.venueId }).from(tables.events).where(eq(tables.events.id, eventId));
  const s = tables.venueSections;
  const sections = await db
    .select({ id: s.id, code: s.code, name: s.name, named: sql<boolean>`exists (select 1 from event_named_sections ns where ns.event_id = ${eventId}::uuid and ns.section_id = ${s.id})` })
    .from(s)
    .where(eq(s.venueId, event.venueId))
    .orderBy(asc(s.sortOrder), asc(s.code));
  const [counts] = rowsOf<{ named: number; unnamed: number }>(
    await db.execute(sql`
      select count(*) filter (where named)::int as named, count(*) filter (where named and holder_name is null and holder_erased_at is null)::int as unnamed
      from tickets where event_id = ${eventId}::uuid and status <> 'void'`),
  );
  return { namedTickets: event.namedTickets, sections: sections.map((row) => ({ ...row, named: Boolean(row.named) })), namedCount: Number(counts?.named ?? 0), unnamedCount: Number(counts?.unnamed ?? 0) };
}

/** GET /api/v1/organiser/events/{eventId}/named-tickets: which tickets of the event are in the holder's name. */
export async function getNamedTickets(userId: string, eventId: string): Promise<({ ok: true } & NamedTicketsSettings) | AccessFailure> {
  const access = await eventAccess(userId, eventId, 'events');
  if (!access.ok) return access;
  return { ok: true, ...(await readSettings(getDb(), eventId)) };
}

export type SetNamedTicketsResult = ({ ok: true } & NamedTicketsSettings) | AccessFailure | EventPlayed | { ok: false; code: 'SECTION_NOT_IN_VENUE' };

/**
 * PUT …/named-tickets: names every ticket of the event, or those of some sections. Tickets already
 * issued follow at once: a ticket that becomes named waits for its owner to name the holder (Your
 * tickets) before the gate admits it; one that no longer is named forgets its holder's data.
 */
export async function setNamedTickets(userId: string, eventId: string, input: NamedTicketsSettingsInput): Promise<SetNamedTicketsResult> {
  const access = await eventAccess(userId, eventId, 'events');
  if (!access.ok) return access;
  const db = getDb();
  const result = await db.transaction(async (tx) => {
    const [event] = await tx
      .select({ venueId: tables.events.venueId, status: tables.events.status, startsAt: tables.events.startsAt, endsAt: tables.events.endsAt })
      .from(tables.events)
      .where(eq(tables.events.id, eventId))
      .for('update');
    // A played event keeps the names its gate checked (events/played.ts): its rule is not changed after the fact.
    if (eventIsPlayed(event, new Date())) return { ok: false as const, code: 'EVENT_PLAYED' as const };
    const sectionIds = [...new Set(input.sectionIds.map((id) => id.toLowerCase()))];
    if (sectionIds.length) {
      const found = await tx
        .select({ id: tables.venueSections.id })
        .from(tables.venueSections)
        .where(and(eq(tables.venueSections.venueId, event.venueId), inArray(tables.venueSections.id, sectionIds)));
      if (found.length !== sectionIds.length) return { ok: false as const, code: 'SECTION_NOT_IN_VENUE' as const };
    }
    await tx.update(tables.events).set({ namedTickets: input.namedTickets, updatedAt: new Date() }).where(eq(tables.events.id, eventId));
    await tx.delete(tables.eventNamedSections).where(eq(tables.eventNamedSections.eventId, eventId));
    if (sectionIds.length) await tx.insert(tables.eventNamedSections).values(sectionIds.map((sectionId) => ({ eventId, sectionId })));
    await tx.execute(sql`
      update tickets set named = n.named,
        holder_name = case when n.named then holder_name end,
        holder_birth_date = case when n.named then holder_birth_date end
      from (select id, unit_is_named(unit_id) as named from tickets where event_id = ${eventId}::uuid) n
      where tickets.id = n.id and (tickets.named <> n.named or (not n.named and tickets.holder_name is not null))`);
    return { ok: true as const, ...(await readSettings(tx, eventId)) };
  });
  if (result.ok) await eventChanged(eventId);
  return result;
}
