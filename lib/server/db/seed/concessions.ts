// Concessions (issue 18 item 5): concession prices on the demo's price categories — child, student,
// senior, ZŤP and ZŤP-S (with a free companion seat next to it) at sports events, ZŤP and ZŤP-S at the
// others — and wheelchair places with their companion seats in Aréna Vltava (blocks 105 and 106, front
// row, by the aisles). With TRIBUNA_E2E=1 also an e2e-only hockey match in the arena whose gates are
// open like the match of the day's, that only e2e/concessions.spec.ts and e2e/gate-devices.spec.ts buy in. Idempotent.
import { and, eq, sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../client';
import * as s from '../schema';

/** Slug of the e2e-only match with wheelchair places (TRIBUNA_E2E=1). */
export const E2E_ACCESSIBLE_MATCH = 'e2e-bezbarierovy-zapas';
const ARENA = 'arena-vltava';

/** Per mille of the full price, rounded to 10 cents (haléřů). */
const share = (price: number, perMille: number) => Math.round((price * perMille) / 10_000) * 10;

function concessionsOf(price: number, sport: boolean) {
  const disability = [
    { kind: 'ztp' as const, priceAmount: share(price, 500), companion: false },
    { kind: 'ztp_s' as const, priceAmount: share(price, 500), companion: true },
  ];
  if (!sport) return disability;
  return [
    { kind: 'child' as const, priceAmount: share(price, 500), companion: false },
    { kind: 'student' as const, priceAmount: share(price, 700), companion: false },
    { kind: 'senior' as const, priceAmount: share(price, 700), companion: false },
    ...disability,
  ];
}

export async function seedConcessions(db: Db): Promise<void> {
  const types = await db
    .select({ id: s.ticketTypes.id, price: s.ticketTypes.priceAmount, category: s.events.category })
    .from(s.ticketTypes)
    .innerJoin(s.events, eq(s.events.id, s.ticketTypes.eventId));
  const rows = types.flatMap((type) => concessionsOf(type.price, type.category === 'sport').map((c) => ({ ticketTypeId: type.id, ...c })));
  for (let i = 0; i < rows.length; i += 500) await db.insert(s.ticketTypeConcessions).values(rows.slice(i, i + 500)).onConflictDoNothing();
  if (process.env.TRIBUNA_E2E === '1') await seedE2eAccessibleMatch(db);
}

/**
 * The arena's wheelchair places and their companion seats. Seeded right after the venues, before any demo
 * sale: the demo's bought tickets (./tickets.ts) are never these places, as no general buyer's can be. (When
 * they were marked last, a random demo sale sometimes took a companion seat, and a ZŤP-S holder found no
 * companion seat beside the wheelchair place.)
 */
export async function seedAccessibleSeats(db: Db): Promise<void> {
  // The arena's wheelchair places: the first and last seat of the front row of blocks 105 and 106, each
  // with the companion seat beside it.
  const seats = rowsOf<{ id: string; n: number; last: number }>(
    await db.execute(sql`
      select vs.id, n::int, last::int from (
        select vs.id, row_number() over (partition by vs.row_id order by vs.sort_order) as n, count(*) over (partition by vs.row_id) as last, r.sort_order as row_order
        from venue_seats vs
        join venue_rows r on r.id = vs.row_id
        join venue_sections sec on sec.id = vs.section_id
        join venues v on v.id = sec.venue_id
        where v.slug = ${ARENA} and sec.code in ('105', '106') and r.sort_order = 0
      ) vs`),
  );
  const marked: { seatId: string; kind: 'wheelchair' | 'companion' }[] = [];
  for (const seat of seats) {
    if (seat.n === 1 || seat.n === seat.last) marked.push({ seatId: seat.id, kind: 'wheelchair' });
    else if (seat.n === 2 || seat.n === seat.last - 1) marked.push({ seatId: seat.id, kind: 'companion' });
  }
  if (marked.length) await db.insert(s.accessibleSeats).values(marked).onConflictDoNothing();
}

/** e2e only: a hockey match in the arena (its END category, with its concessions) at the match of the day's times, gates open. */
async function seedE2eAccessibleMatch(db: Db): Promise<void> {
  const [exists] = await db.select({ id: s.events.id }).from(s.events).where(eq(s.events.slug, E2E_ACCESSIBLE_MATCH));
  if (exists) return;
  const [source] = await db.select().from(s.events).where(eq(s.events.slug, 'vltava-praha-kometa-brno'));
  const [today] = await db.select().from(s.events).where(eq(s.events.slug, 'dunaj-bratislava-zemplin-michalovce'));
  if (!source || !today) return;
  const [sourceType] = await db.select().from(s.ticketTypes).where(and(eq(s.ticketTypes.eventId, source.id), eq(s.ticketTypes.code, 'END')));
  if (!sourceType) return;
  const { id: _id, createdAt: _c, updatedAt: _u, ...copy } = source;
  const title = { sk: 'E2E: bezbariérový zápas', cs: 'E2E: bezbariérové utkání', en: 'E2E: accessible match' };
  const [copied] = await db
    .insert(s.events)
    .values({
      ...copy,
      slug: E2E_ACCESSIBLE_MATCH,
      title,
      summary: title,
      searchText: 'e2e bezbarierovy zapas',
      startsAt: today.startsAt,
      endsAt: today.endsAt,
      doorsAt: today.doorsAt,
      saleStartsAt: today.saleStartsAt,
      saleEndsAt: today.saleEndsAt,
    })
    .returning({ id: s.events.id });
  const { id: _t, eventId: _e, ...typeCopy } = sourceType;
  const [type] = await db.insert(s.ticketTypes).values({ ...typeCopy, eventId: copied.id }).returning({ id: s.ticketTypes.id });
  const concessions = await db.select().from(s.ticketTypeConcessions).where(eq(s.ticketTypeConcessions.ticketTypeId, sourceType.id));
  if (concessions.length) await db.insert(s.ticketTypeConcessions).values(concessions.map((c) => ({ ...c, ticketTypeId: type.id })));
  const sections = await db.select({ sectionId: s.eventSections.sectionId }).from(s.eventSections).where(eq(s.eventSections.ticketTypeId, sourceType.id));
  if (sections.length) await db.insert(s.eventSections).values(sections.map((row) => ({ eventId: copied.id, sectionId: row.sectionId, ticketTypeId: type.id })));
  const units = await db.select({ seatId: s.inventoryUnits.seatId }).from(s.inventoryUnits).where(eq(s.inventoryUnits.ticketTypeId, sourceType.id));
  const seatIds = units.map((u) => u.seatId).filter((id): id is string => Boolean(id));
  if (seatIds.length) await db.insert(s.inventoryUnits).values(seatIds.map((seatId) => ({ eventId: copied.id, ticketTypeId: type.id, seatId })));
}
