// Named tickets for risk matches (Slovak act 1/2014 on sports events): the demo's FK Dunaj – DAC match is
// one, every ticket in its holder's name (the season-ticket holders' tickets named after them). With
// TRIBUNA_E2E=1 also an e2e-only copy of the match of the day, gates open, all seats named, that only
// e2e/named-tickets.spec.ts buys in. Idempotent: done once per event (events.named_tickets).
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../client';
import * as s from '../schema';

const RISK_MATCH = 'dunaj-bratislava-dac-dunajska-streda';
/** e2e-only redeem codes of the risk match: a ticket that arrives without its holder's name (VOUCHER-RIZIKO-1…20). */
export const E2E_RISK_VOUCHER = 'VOUCHER-RIZIKO';
/** Slug of the e2e-only risk match (TRIBUNA_E2E=1). */
export const E2E_RISK_MATCH = 'e2e-rizikovy-zapas';

export async function seedNamedTickets(db: Db): Promise<void> {
  const [event] = await db.select({ id: s.events.id, named: s.events.namedTickets }).from(s.events).where(eq(s.events.slug, RISK_MATCH));
  if (event && !event.named) {
    await db.transaction(async (tx) => {
      await tx.update(s.events).set({ namedTickets: true }).where(eq(s.events.id, event.id));
      // The tickets already out are named after their owners, as a club names its season-ticket holders.
      await tx.execute(sql`
        update tickets t set named = true, holder_name = u.first_name || ' ' || u.last_name, holder_birth_date = u.date_of_birth
        from users u
        where u.id = t.owner_id and t.event_id = ${event.id}::uuid and u.date_of_birth is not null`);
    });
  }
  if (process.env.TRIBUNA_E2E === '1') await seedE2eRiskMatch(db);
}

/** e2e only: the match of the day copied with its category C seats, every ticket named, and redeem codes for it. */
async function seedE2eRiskMatch(db: Db): Promise<void> {
  const [exists] = await db.select({ id: s.events.id }).from(s.events).where(eq(s.events.slug, E2E_RISK_MATCH));
  if (exists) return;
  const [source] = await db.select().from(s.events).where(eq(s.events.slug, 'dunaj-bratislava-zemplin-michalovce'));
  if (!source) return;
  const [sourceType] = await db.select().from(s.ticketTypes).where(and(eq(s.ticketTypes.eventId, source.id), eq(s.ticketTypes.code, 'C')));
  if (!sourceType) return;
  const { id: _id, createdAt: _c, updatedAt: _u, ...copy } = source;
  const title = { sk: 'E2E: rizikový zápas', cs: 'E2E: rizikové utkání', en: 'E2E: risk match' };
  const [copied] = await db
    .insert(s.events)
    .values({ ...copy, slug: E2E_RISK_MATCH, title, summary: title, searchText: 'e2e rizikovy zapas', namedTickets: true })
    .returning({ id: s.events.id });
  const { id: _t, eventId: _e, ...typeCopy } = sourceType;
  const [type] = await db.insert(s.ticketTypes).values({ ...typeCopy, eventId: copied.id }).returning({ id: s.ticketTypes.id });
  const sections = await db.select({ sectionId: s.eventSections.sectionId }).from(s.eventSections).where(eq(s.eventSections.ticketTypeId, sourceType.id));
  if (sections.length) await db.insert(s.eventSections).values(sections.map((row) => ({ eventId: copied.id, sectionId: row.sectionId, ticketTypeId: type.id })));
  const seats = await db.select({ seatId: s.inventoryUnits.seatId }).from(s.inventoryUnits).where(eq(s.inventoryUnits.ticketTypeId, sourceType.id));
  for (let i = 0; i < seats.length; i += 1000) {
    await db.insert(s.inventoryUnits).values(seats.slice(i, i + 1000).map((seat) => ({ eventId: copied.id, ticketTypeId: type.id, seatId: seat.seatId })));
  }
  await db
    .insert(s.redeemCodes)
    .values(Array.from({ length: 20 }, (_, i) => ({ code: `${E2E_RISK_VOUCHER}-${i + 1}`, eventId: copied.id, ticketTypeId: type.id })))
    .onConflictDoNothing();
}
