// Demo season-ticket sale: the winter part of FK Dunaj Bratislava's season (its two next home matches)
// renews the spring season (seed/tickets.ts), whose holders (fan@tribuna.sk, fanusik@tribuna.cz) are
// in the renewal window now: their seats are kept for them, every other seat is on general sale.
// supporter@tribuna.eu already holds a winter seat (a ticket for each of its matches); e2e only
// (TRIBUNA_E2E=1), so does sezona-prevod@e2e.tribuna.sk, whose season ticket e2e/bad-input.spec.ts gives away.
// Idempotent: keyed by the season's slug.
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { hashPassword } from '../../auth/password';
import { newTicketKeys } from '../../../ticket-code/keys';
import { rowsOf, type Db, type Tx } from '../client';
import { DEMO_PASSWORD } from './users';
import * as s from '../schema';

const SEASON_SLUG = 'fk-dunaj-bratislava-zima';
const RENEWS = 'fk-dunaj-bratislava-jar';
const MATCHES = ['dunaj-bratislava-fc-kosice', 'dunaj-bratislava-msk-zilina'];
const DAY = 86_400_000;
/** e2e only: a winter holder no journey but the season-ticket transfer write uses. */
export const E2E_SEASON_HOLDER = 'sezona-prevod@e2e.tribuna.sk';

export async function seedSeasons(db: Db): Promise<void> {
  const [existing] = await db.select({ id: s.seasons.id }).from(s.seasons).where(eq(s.seasons.slug, SEASON_SLUG));
  if (existing) return;
  const [renews] = await db.select().from(s.seasons).where(eq(s.seasons.slug, RENEWS));
  const matches = await db.select({ id: s.events.id, startsAt: s.events.startsAt, seasonId: s.events.seasonId }).from(s.events).where(inArray(s.events.slug, MATCHES));
  if (!renews || matches.length !== MATCHES.length || matches.some((m) => m.seasonId)) return;
  matches.sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime());
  const now = Date.now();
  const day = (d: Date) => d.toISOString().slice(0, 10);
  await db.transaction(async (tx) => {
    const [season] = await tx
      .insert(s.seasons)
      .values({
        orgId: renews.orgId,
        slug: SEASON_SLUG,
        name: { sk: 'FK Dunaj Bratislava – zima', cs: 'FK Dunaj Bratislava – zima', en: 'FK Dunaj Bratislava – winter' },
        venueId: renews.venueId,
        startsOn: day(matches[0].startsAt),
        endsOn: day(matches[matches.length - 1].startsAt),
        currency: 'EUR',
        renewsSeasonId: renews.id,
        renewalOpensAt: new Date(now - 2 * DAY),
        renewalClosesAt: new Date(now + 5 * DAY),
        saleOpensAt: new Date(now - DAY),
        transferEnabled: true,
        releaseSharePercent: 50,
      })
      .returning({ id: s.seasons.id });
    await tx.update(s.events).set({ seasonId: season.id }).where(inArray(s.events.id, matches.map((m) => m.id)));
    // Costing about 85 % of the matches bought one by one.
    await categoriesOfFirstMatch(tx, season.id, matches, (price) => Math.round((price * matches.length * 0.85) / 100) * 100);

    // Winter holders: a seat of category A free at both matches (away from the spring holders'), and its ticket for each.
    const holders = [(await tx.select({ id: s.users.id }).from(s.users).where(eq(s.users.email, 'supporter@tribuna.eu')))[0]?.id];
    if (process.env.TRIBUNA_E2E === '1') {
      const [e2eHolder] = await tx
        .insert(s.users)
        .values({ email: E2E_SEASON_HOLDER, firstName: 'Samuel', lastName: 'Sezónny', sex: 'male', dateOfBirth: '1988-09-09', locale: 'sk', passwordHash: await hashPassword(DEMO_PASSWORD), emailVerifiedAt: new Date(now) })
        .onConflictDoUpdate({ target: s.users.email, set: { locale: 'sk' } })
        .returning({ id: s.users.id });
      holders.push(e2eHolder.id);
    }
    const seatTypes = await tx.select({ id: s.ticketTypes.id, eventId: s.ticketTypes.eventId, code: s.ticketTypes.code, price: s.ticketTypes.priceAmount }).from(s.ticketTypes).where(inArray(s.ticketTypes.eventId, matches.map((m) => m.id)));
    const seats = rowsOf<{ seat_id: string }>(
      await tx.execute(sql`select u.seat_id from inventory_units u join ticket_types tt on tt.id = u.ticket_type_id join venue_seats vs on vs.id = u.seat_id
        where u.event_id = ${matches[0].id} and tt.code = 'A' and u.status = 'available'
          and (select count(*) from inventory_units o where o.seat_id = u.seat_id and o.event_id = any(${`{${matches.map((m) => m.id).join(',')}}`}::uuid[]) and o.status = 'available') = ${matches.length}
        order by vs.section_id, vs.row_id, vs.sort_order offset 80 limit ${holders.length}`),
    );
    for (const [index, holder] of holders.entries()) {
      if (!holder || !seats[index]) continue;
      const seatId = seats[index].seat_id;
      const [held] = await tx.insert(s.seasonTickets).values({ seasonId: season.id, userId: holder, seatId }).returning({ id: s.seasonTickets.id });
      for (const match of matches) {
        const [unit] = await tx
          .update(s.inventoryUnits)
          .set({ status: 'sold' })
          .where(and(eq(s.inventoryUnits.eventId, match.id), eq(s.inventoryUnits.seatId, seatId), eq(s.inventoryUnits.status, 'available')))
          .returning({ id: s.inventoryUnits.id, typeId: s.inventoryUnits.ticketTypeId });
        const price = seatTypes.find((t) => t.id === unit.typeId)!.price;
        await tx.insert(s.tickets).values({ eventId: match.id, unitId: unit.id, ticketTypeId: unit.typeId, ownerId: holder, priceAmount: price, ...newTicketKeys(), status: 'valid', seasonTicketId: held.id });
      }
    }
  });
  // The holders' seats are held back from sale until the renewal ends (what the server's sweeper keeps doing).
  await db.execute(sql`select * from season_renewal_sweep(now())`);
  if (process.env.TRIBUNA_E2E === '1') await seedE2eCancelSeason(db);
}

/** e2e only (TRIBUNA_E2E=1): a season of two matches of its own, on general sale, whose second match e2e/season-cancel.spec.ts cancels. */
export const E2E_CANCEL_SEASON = 'e2e-sezona-na-zrusenie';
const E2E_CANCEL_MATCHES = [
  { slug: 'e2e-sezona-zapas-1', from: 'dunaj-bratislava-spartak-trnava', title: { sk: 'E2E: sezóna, 1. zápas', cs: 'E2E: sezóna, 1. zápas', en: 'E2E: season, match 1' } },
  { slug: 'e2e-sezona-zapas-2', from: 'dunaj-bratislava-as-trencin', title: { sk: 'E2E: sezóna, 2. zápas', cs: 'E2E: sezóna, 2. zápas', en: 'E2E: season, match 2' } },
];

async function seedE2eCancelSeason(db: Db): Promise<void> {
  const [existing] = await db.select({ id: s.seasons.id }).from(s.seasons).where(eq(s.seasons.slug, E2E_CANCEL_SEASON));
  if (existing) return;
  await db.transaction(async (tx) => {
    const matches: { id: string; startsAt: Date }[] = [];
    for (const match of E2E_CANCEL_MATCHES) {
      const [source] = await tx.select().from(s.events).where(eq(s.events.slug, match.from));
      if (!source) return;
      const { id: _id, createdAt: _c, updatedAt: _u, seasonId: _s, ...copy } = source;
      const [copied] = await tx
        .insert(s.events)
        .values({ ...copy, slug: match.slug, title: match.title, summary: match.title, searchText: match.slug.replace(/-/g, ' '), status: 'on_sale' })
        .returning({ id: s.events.id, startsAt: s.events.startsAt });
      const types = await tx.select().from(s.ticketTypes).where(eq(s.ticketTypes.eventId, source.id));
      for (const type of types) {
        const { id: typeId, eventId: _e, seasonCategoryId: _sc, ...typeCopy } = type;
        const [made] = await tx.insert(s.ticketTypes).values({ ...typeCopy, eventId: copied.id }).returning({ id: s.ticketTypes.id });
        const sections = await tx.select({ sectionId: s.eventSections.sectionId }).from(s.eventSections).where(eq(s.eventSections.ticketTypeId, typeId));
        if (sections.length) await tx.insert(s.eventSections).values(sections.map((row) => ({ eventId: copied.id, sectionId: row.sectionId, ticketTypeId: made.id })));
        // Every unit of the category is free in the copy, whatever the source has sold.
        const units = await tx.select({ seatId: s.inventoryUnits.seatId }).from(s.inventoryUnits).where(eq(s.inventoryUnits.ticketTypeId, typeId));
        for (let i = 0; i < units.length; i += 500) {
          await tx.insert(s.inventoryUnits).values(units.slice(i, i + 500).map((u) => ({ eventId: copied.id, ticketTypeId: made.id, seatId: u.seatId })));
        }
      }
      matches.push(copied);
    }
    const [source] = await tx.select().from(s.events).where(eq(s.events.id, matches[0].id));
    const day = (d: Date) => d.toISOString().slice(0, 10);
    const [season] = await tx
      .insert(s.seasons)
      .values({
        orgId: source.orgId,
        slug: E2E_CANCEL_SEASON,
        name: { sk: 'E2E: sezóna na zrušenie', cs: 'E2E: sezóna ke zrušení', en: 'E2E: season to cancel' },
        venueId: source.venueId,
        startsOn: day(matches[0].startsAt),
        endsOn: day(matches[1].startsAt),
        currency: 'EUR',
        saleOpensAt: new Date(Date.now() - DAY),
        transferEnabled: true,
        releaseSharePercent: 50,
      })
      .returning({ id: s.seasons.id });
    await tx.update(s.events).set({ seasonId: season.id }).where(inArray(s.events.id, matches.map((m) => m.id)));
    // An odd price, so that the two matches' shares differ by the cent the first match takes.
    await categoriesOfFirstMatch(tx, season.id, matches, (price) => price * 2 - 99);
  });
}

/**
 * One season category per seated category of the first match, priced by `priceOf` its single-match price;
 * every match's category of the same code is mapped onto it.
 */
async function categoriesOfFirstMatch(tx: Tx, seasonId: string, matches: { id: string }[], priceOf: (price: number) => number): Promise<void> {
  const types = await tx
    .select({ code: s.ticketTypes.code, name: s.ticketTypes.name, color: s.ticketTypes.color, price: s.ticketTypes.priceAmount })
    .from(s.ticketTypes)
    .where(and(eq(s.ticketTypes.eventId, matches[0].id), eq(s.ticketTypes.kind, 'seated')))
    .orderBy(asc(s.ticketTypes.sortOrder), asc(s.ticketTypes.code));
  for (const [sort, type] of types.entries()) {
    const [category] = await tx
      .insert(s.seasonCategories)
      .values({ seasonId, name: type.name, color: type.color, priceAmount: priceOf(type.price), sort })
      .returning({ id: s.seasonCategories.id });
    await tx
      .update(s.ticketTypes)
      .set({ seasonCategoryId: category.id })
      .where(and(inArray(s.ticketTypes.eventId, matches.map((m) => m.id)), eq(s.ticketTypes.code, type.code), eq(s.ticketTypes.kind, 'seated')));
  }
}
