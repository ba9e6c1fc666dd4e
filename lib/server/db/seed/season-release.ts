// Demo of releasing one match of a season ticket for credit (issue 18 item 3): fanusik@tribuna.cz, a holder of
// the spring season (seed/tickets.ts), cannot come to its last match and released the seat to the club's sale:
// it is on sale again, and Your tickets shows it released, with the credit it would bring and Take it back.
// TRIBUNA_E2E=1 also: e2e-only holders of the winter season (seed/seasons.ts), one per journey that releases
// a match (e2e/season-release.spec.ts, the bad-input suites), each with a ticket for both winter matches.
// Idempotent: keyed by the release of the demo ticket and the e2e holders' emails.
import { and, eq, sql } from 'drizzle-orm';
import { hashPassword } from '../../auth/password';
import { newTicketKeys } from '../../../ticket-code/keys';
import type { Db } from '../client';
import { rowsOf } from '../client';
import * as s from '../schema';
import { DEMO_PASSWORD } from './users';

const DEMO_HOLDER = 'fanusik@tribuna.cz';
const DEMO_MATCH = 'dunaj-bratislava-as-trencin';
const WINTER = 'fk-dunaj-bratislava-zima';
/** e2e-only winter season holders: releasing-journey (spec), bad-input (integration-style real body), spare. */
export const E2E_SEASON_HOLDERS = ['uvolnenie-1@e2e.tribuna.sk', 'uvolnenie-2@e2e.tribuna.sk', 'uvolnenie-3@e2e.tribuna.sk', 'uvolnenie-4@e2e.tribuna.sk'];

export async function seedSeasonRelease(db: Db): Promise<void> {
  await seedDemoRelease(db);
  if (process.env.TRIBUNA_E2E === '1') await seedE2eHolders(db);
}

async function seedDemoRelease(db: Db) {
  const [ticket] = rowsOf<{ id: string; unit_id: string; event_id: string; season_ticket_id: string; user_id: string; org_id: string; currency: 'EUR' | 'CZK'; price: number; share: number; status: string }>(
    await db.execute(sql`
      select t.id, t.unit_id, t.event_id, t.season_ticket_id, t.owner_id as user_id, e.org_id, e.currency, t.price_amount as price, se.release_share_percent as share, t.status
      from tickets t join events e on e.id = t.event_id join users u on u.id = t.owner_id
      join season_tickets st on st.id = t.season_ticket_id and st.user_id = t.owner_id join seasons se on se.id = st.season_id
      where u.email = ${DEMO_HOLDER} and e.slug = ${DEMO_MATCH} and coalesce(e.sale_ends_at, e.starts_at) > now()`),
  );
  if (!ticket || ticket.status !== 'valid') return;
  const [done] = await db.select({ id: s.seasonReleases.id }).from(s.seasonReleases).where(eq(s.seasonReleases.ticketId, ticket.id));
  if (done) return;
  await db.transaction(async (tx) => {
    await tx.update(s.inventoryUnits).set({ status: 'available', holdId: null, heldUntil: null }).where(and(eq(s.inventoryUnits.id, ticket.unit_id), eq(s.inventoryUnits.status, 'sold')));
    await tx.update(s.tickets).set({ status: 'released' }).where(eq(s.tickets.id, ticket.id));
    await tx.insert(s.seasonReleases).values({
      ticketId: ticket.id,
      unitId: ticket.unit_id,
      eventId: ticket.event_id,
      seasonTicketId: ticket.season_ticket_id,
      userId: ticket.user_id,
      orgId: ticket.org_id,
      currency: ticket.currency,
      creditAmount: Math.floor((Number(ticket.price) * Number(ticket.share)) / 100),
    });
  });
}

async function seedE2eHolders(db: Db) {
  const [season] = await db.select({ id: s.seasons.id }).from(s.seasons).where(eq(s.seasons.slug, WINTER));
  if (!season) return;
  const [exists] = await db.select({ id: s.users.id }).from(s.users).where(eq(s.users.email, E2E_SEASON_HOLDERS[0]));
  if (exists) return;
  const matches = await db.select({ id: s.events.id }).from(s.events).where(eq(s.events.seasonId, season.id));
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  await db.transaction(async (tx) => {
    const users = await tx
      .insert(s.users)
      .values(E2E_SEASON_HOLDERS.map((email, i) => ({ email, firstName: 'Sezóna', lastName: `Uvoľnená ${i + 1}`, sex: 'other' as const, dateOfBirth: '1988-03-03', locale: 'sk' as const, passwordHash, emailVerifiedAt: new Date() })))
      .returning({ id: s.users.id });
    // Seats free at every winter match, of the dearest category (a main-stand seat: e2e/season-release.spec.ts
    // counts on its credit paying a seat of the cheapest), from the far end of the stand (the journeys buying
    // seats take others).
    const seats = rowsOf<{ seat_id: string }>(
      await tx.execute(sql`
        select u.seat_id from inventory_units u
        where u.event_id = ${matches[0].id}::uuid and u.seat_id is not null and u.status = 'available'
          and (select count(*) from inventory_units v where v.seat_id = u.seat_id and v.event_id in ${sql.raw(`(${matches.map((m) => `'${m.id}'`).join(',')})`)} and v.status = 'available') = ${matches.length}
        order by (select tt.price_amount from ticket_types tt where tt.id = u.ticket_type_id) desc, u.spread desc limit ${users.length}`),
    );
    for (const [i, user] of users.entries()) {
      const seatId = seats[i].seat_id;
      const [held] = await tx.insert(s.seasonTickets).values({ seasonId: season.id, userId: user.id, seatId }).returning({ id: s.seasonTickets.id });
      const units = rowsOf<{ id: string; event_id: string; ticket_type_id: string; price: number }>(
        await tx.execute(sql`
          update inventory_units u set status = 'sold' from ticket_types tt
          where u.seat_id = ${seatId}::uuid and u.event_id in ${sql.raw(`(${matches.map((m) => `'${m.id}'`).join(',')})`)} and tt.id = u.ticket_type_id
          returning u.id, u.event_id, u.ticket_type_id, tt.price_amount as price`),
      );
      await tx.insert(s.tickets).values(
        units.map((unit) => ({ eventId: unit.event_id, unitId: unit.id, ticketTypeId: unit.ticket_type_id, ownerId: user.id, seasonTicketId: held.id, priceAmount: Number(unit.price), ...newTicketKeys(), status: 'valid' as const })),
      );
    }
  });
}
