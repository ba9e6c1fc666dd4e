// Demo tickets: a season with season-ticket holders, tickets fan@tribuna.sk bought (with their orders), a live
// resale offer by another fan, redeem codes and a gate scanner account. Idempotent: keyed by the
// season's slug (tickets, listings, codes) and the scanner's email.
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { hashPassword } from '../../auth/password';
import { newTicketKeys } from '../../../ticket-code/keys';
import type { Db } from '../client';
import * as s from '../schema';
import { insertPaidOrder } from './paid-order';
import { DEMO_PASSWORD } from './users';

const SEASON_SLUG = 'fk-dunaj-bratislava-jar';
const SEASON_MATCHES = ['dunaj-bratislava-spartak-trnava', 'dunaj-bratislava-dac-dunajska-streda', 'dunaj-bratislava-as-trencin'];
const SCANNER_EMAIL = 'skener@tribuna.sk';

/** Redeem codes the demo (and the e2e journeys) can use: code prefix, event, price category, how many. */
const REDEEM_CODES: { prefix: string; event: string; type: string; count: number; quantity?: number }[] = [
  { prefix: 'VOUCHER-DUNAJ', event: 'dunaj-bratislava-fc-kosice', type: 'A', count: 40 },
  { prefix: 'VOUCHER-DNES', event: 'dunaj-bratislava-zemplin-michalovce', type: 'A', count: 20 },
  { prefix: 'VOUCHER-KOSICE-PAIR', event: 'dunaj-bratislava-msk-zilina', type: 'B', count: 10, quantity: 2 },
  { prefix: 'VOUCHER-VLTAVA', event: 'vltava-praha-slavia-praha', type: 'STAND', count: 20 },
  { prefix: 'VOUCHER-KOVOVE', event: 'kovove-nebe-praha', type: 'GA', count: 10 },
  { prefix: 'VOUCHER-LUKA', event: 'luka-fest-2027', type: 'PASS', count: 10 },
];

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

async function claimUnit(tx: Tx, eventId: string, typeId: string, seatId?: string) {
  const where = seatId
    ? and(eq(s.inventoryUnits.eventId, eventId), eq(s.inventoryUnits.seatId, seatId), eq(s.inventoryUnits.status, 'available'))
    : and(
        eq(s.inventoryUnits.ticketTypeId, typeId),
        eq(s.inventoryUnits.status, 'available'),
        // Never a wheelchair place or its companion seat: held back from general buyers (./concessions.ts).
        sql`not exists (select 1 from accessible_seats a where a.seat_id = ${s.inventoryUnits.seatId})`,
        // Nor a season-ticket holder's seat at the venue's other matches: it is kept for the holder's renewal
        // (./seasons.ts blocks it at the next season's matches, which a demo sale must not have taken first).
        sql`not exists (select 1 from season_tickets st where st.seat_id = ${s.inventoryUnits.seatId})`,
      );
  const [unit] = await tx.select({ id: s.inventoryUnits.id, typeId: s.inventoryUnits.ticketTypeId }).from(s.inventoryUnits).where(where).orderBy(asc(s.inventoryUnits.spread)).limit(1);
  if (!unit) throw new Error(`seed: no free unit for ${eventId}`);
  await tx.update(s.inventoryUnits).set({ status: 'sold' }).where(eq(s.inventoryUnits.id, unit.id));
  return unit;
}

/** e2e only (TRIBUNA_E2E=1): a fan whose bought tickets the bad-input suite lists for resale. */
export const E2E_RESALE_SELLER = 'predajca@e2e.tribuna.sk';

export async function seedTickets(db: Db): Promise<void> {
  const users = await db.select({ id: s.users.id, email: s.users.email }).from(s.users);
  const userId = (email: string) => {
    const found = users.find((u) => u.email === email);
    if (!found) throw new Error(`seed: user ${email} missing`);
    return found.id;
  };

  // Gate scanner of the two clubs.
  await db
    .insert(s.users)
    .values({ email: SCANNER_EMAIL, firstName: 'Marek', lastName: 'Skener', sex: 'male', dateOfBirth: '1990-06-01', locale: 'sk', passwordHash: await hashPassword(DEMO_PASSWORD), emailVerifiedAt: new Date() })
    .onConflictDoNothing();
  const [scanner] = await db.select({ id: s.users.id }).from(s.users).where(eq(s.users.email, SCANNER_EMAIL));
  const clubs = await db.select({ id: s.organisations.id }).from(s.organisations).where(inArray(s.organisations.slug, ['fk-dunaj-bratislava', 'hc-vltava-praha']));
  if (clubs.length) await db.insert(s.orgMembers).values(clubs.map((c) => ({ orgId: c.id, userId: scanner.id, role: 'scanner' as const }))).onConflictDoNothing();

  const [existingSeason] = await db.select({ id: s.seasons.id }).from(s.seasons).where(eq(s.seasons.slug, SEASON_SLUG));
  if (existingSeason) return;

  const events = await db
    .select({ id: s.events.id, slug: s.events.slug, orgId: s.events.orgId, venueId: s.events.venueId, startsAt: s.events.startsAt, currency: s.events.currency, serviceFee: s.events.serviceFeeAmount })
    .from(s.events);
  const event = (slug: string) => {
    const found = events.find((e) => e.slug === slug);
    if (!found) throw new Error(`seed: event ${slug} missing`);
    return found;
  };
  const types = await db.select({ id: s.ticketTypes.id, eventId: s.ticketTypes.eventId, code: s.ticketTypes.code, price: s.ticketTypes.priceAmount }).from(s.ticketTypes);
  const type = (eventSlug: string, code: string) => {
    const found = types.find((t) => t.eventId === event(eventSlug).id && t.code === code);
    if (!found) throw new Error(`seed: ticket type ${eventSlug}/${code} missing`);
    return found;
  };

  await db.transaction(async (tx) => {
    const fan = userId('fan@tribuna.sk');
    const fanCz = userId('fanusik@tribuna.cz');
    const supporter = userId('supporter@tribuna.eu');

    const ticket = async (
      ownerId: string,
      eventSlug: string,
      code: string,
      extra: { seatId?: string; status?: 'valid' | 'checked_in'; seasonTicketId?: string; createdAt?: Date } = {},
    ) => {
      const e = event(eventSlug);
      const tt = type(eventSlug, code);
      const unit = await claimUnit(tx, e.id, tt.id, extra.seatId);
      const [row] = await tx
        .insert(s.tickets)
        .values({
          eventId: e.id,
          unitId: unit.id,
          ticketTypeId: unit.typeId,
          ownerId,
          priceAmount: types.find((t) => t.id === unit.typeId)!.price,
          ...newTicketKeys(),
          status: extra.status ?? 'valid',
          checkedInAt: extra.status === 'checked_in' ? e.startsAt : null,
          // Seeded entries came through a named gate, as the report's gates (seed/reports.ts) do.
          checkedInGate: extra.status === 'checked_in' ? 'Brána A' : null,
          seasonTicketId: extra.seasonTicketId,
          createdAt: extra.createdAt,
        })
        .returning({ id: s.tickets.id, priceAmount: s.tickets.priceAmount, eventId: s.tickets.eventId, unitId: s.tickets.unitId, ticketTypeId: s.tickets.ticketTypeId });
      return row;
    };

    // Tickets the fan bought: a paid order each (seed/paid-order.ts), with its lines at the event's service
    // fee, so My orders and the receipt show how they came by them. Bought nine days ago, or three days
    // before a match already played.
    const bought = async (ownerId: string, eventSlug: string, code: string, count: number, extra: { status?: 'checked_in' } = {}) => {
      const e = event(eventSlug);
      const at = new Date(Math.min(Date.now() - 9 * 86_400_000, e.startsAt.getTime() - 3 * 86_400_000));
      const rows = [];
      for (let i = 0; i < count; i++) rows.push(await ticket(ownerId, eventSlug, code, { ...extra, createdAt: at }));
      const orderId = await insertPaidOrder(tx, {
        userId: ownerId,
        eventId: e.id,
        currency: e.currency,
        locale: 'sk',
        at,
        lines: rows.map((row) => ({ unitId: row.unitId, ticketTypeId: row.ticketTypeId, priceAmount: row.priceAmount, feeAmount: e.serviceFee })),
      });
      await tx.update(s.tickets).set({ orderId }).where(inArray(s.tickets.id, rows.map((row) => row.id)));
      return rows;
    };

    // The spring season: three home matches, one seat each for two holders.
    const matches = SEASON_MATCHES.map(event);
    const first = matches[0];
    const dateOnly = (d: Date) => d.toISOString().slice(0, 10);
    const [season] = await tx
      .insert(s.seasons)
      .values({
        orgId: first.orgId,
        slug: SEASON_SLUG,
        name: { sk: 'FK Dunaj Bratislava – jar', cs: 'FK Dunaj Bratislava – jaro', en: 'FK Dunaj Bratislava – spring' },
        venueId: first.venueId,
        startsOn: dateOnly(matches[0].startsAt),
        endsOn: dateOnly(matches[matches.length - 1].startsAt),
      })
      .returning({ id: s.seasons.id });
    await tx.update(s.events).set({ seasonId: season.id }).where(inArray(s.events.id, matches.map((m) => m.id)));

    // Two neighbouring seats of category A (main stand), free at every match of the season.
    const seats = await tx
      .select({ seatId: s.inventoryUnits.seatId })
      .from(s.inventoryUnits)
      .innerJoin(s.venueSeats, eq(s.venueSeats.id, s.inventoryUnits.seatId))
      .where(and(eq(s.inventoryUnits.ticketTypeId, type(SEASON_MATCHES[0], 'A').id), eq(s.inventoryUnits.status, 'available')))
      .orderBy(asc(s.venueSeats.sectionId), asc(s.venueSeats.rowId), asc(s.venueSeats.sortOrder))
      .offset(40)
      .limit(2);
    for (const [index, holder] of [fan, fanCz].entries()) {
      const seatId = seats[index].seatId!;
      const [held] = await tx.insert(s.seasonTickets).values({ seasonId: season.id, userId: holder, seatId }).returning({ id: s.seasonTickets.id });
      for (const match of SEASON_MATCHES) await ticket(holder, match, 'A', { seatId, seasonTicketId: held.id });
    }

    // Tickets fan@tribuna.sk bought, across policies: 120 % cap (CZK, two in one order), 100 % cap, resale
    // off, absolute cap, and a past one.
    await bought(fan, 'vltava-praha-slavia-praha', 'MID', 2);
    await bought(fan, 'polarna-ziara-kosice', 'GA', 1);
    await bought(fan, 'kovove-nebe-praha', 'GA', 1);
    await bought(fan, 'luka-fest-2027', 'PASS', 1);
    await bought(fan, 'dunaj-bratislava-slovan-liberec', 'B', 1, { status: 'checked_in' });

    // e2e only: a fan with bought tickets of the stadium match that only e2e/bad-input.spec.ts offers for resale
    // (one per attempt: a listed ticket cannot be listed again).
    if (process.env.TRIBUNA_E2E === '1') {
      const [seller] = await tx
        .insert(s.users)
        .values({ email: E2E_RESALE_SELLER, firstName: 'Pavol', lastName: 'Predajca', sex: 'male', dateOfBirth: '1991-03-03', locale: 'sk', passwordHash: await hashPassword(DEMO_PASSWORD), emailVerifiedAt: new Date() })
        .returning({ id: s.users.id });
      await bought(seller.id, 'dunaj-bratislava-fc-kosice', 'A', 3);
    }

    // Another fan's live resale offers, shown on the event pages.
    for (const [eventSlug, code, owner] of [
      ['dunaj-bratislava-fc-kosice', 'A', supporter],
      ['vltava-praha-kometa-brno', 'END', fanCz],
    ] as const) {
      // Bought, not given: a free ticket is not resold unless its organiser allows it (resale/eligibility.ts).
      const [t] = await bought(owner, eventSlug, code, 1);
      await tx.update(s.tickets).set({ status: 'listed' }).where(eq(s.tickets.id, t.id));
      await tx.insert(s.resaleListings).values({
        ticketId: t.id,
        eventId: t.eventId,
        sellerId: owner,
        priceAmount: t.priceAmount,
        currency: eventSlug.startsWith('vltava') ? 'CZK' : 'EUR',
      });
    }

    // Redeem codes (upper case: redemption normalises what people type).
    const codes = REDEEM_CODES.flatMap((c) =>
      Array.from({ length: c.count }, (_, i) => ({
        code: `${c.prefix}-${i + 1}`,
        eventId: event(c.event).id,
        ticketTypeId: type(c.event, c.type).id,
        quantity: c.quantity ?? 1,
      })),
    );
    await tx.insert(s.redeemCodes).values(codes).onConflictDoNothing();
    await tx.execute(sql`select 1`);
  });
}
