// Season-ticket holders for the release-for-credit suites (issue 18 item 3): a fan buys a seat of the demo
// winter season (seed/seasons.ts) through the real sale and payment, and so holds a ticket for each match.
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '@/lib/server/db/client';
import { rowsOf } from '@/lib/server/db/client';
import * as s from '@/lib/server/db/schema';
import { signedGatewayNotice, testGateway } from '@/lib/server/payments/test-gateway';
import { handlePaymentNotice } from '@/lib/server/payments/webhook';
import { purchaseSeason, seasonSale } from '@/lib/server/seasons/sale';
import { newTicketKeys } from '@/lib/ticket-code/keys';
import { makeUser, type TestUser } from './tickets';

export const WINTER = 'fk-dunaj-bratislava-zima';
/** The winter season's first match. */
export const MATCH = 'dunaj-bratislava-fc-kosice';
export const urls = { success: (id: string) => `http://x/orders/${id}`, cancel: () => 'http://x/cart', gateway: (id: string) => `/en/pay/${id}` };

/** Pays a payment of the test gateway: its signed "succeeded" notice, as the gateway's page sends it. */
export async function payPayment(paymentId: string, now = new Date()) {
  const { eventId } = signedGatewayNotice(paymentId, 'succeeded');
  return handlePaymentNotice(testGateway, { eventId, paymentId, outcome: 'succeeded' }, now);
}

let pick = 0;

/** A fan who bought a winter season seat; answers them, the seat and their ticket for `MATCH`. */
export async function makeSeasonHolder(db: Db, tag: string): Promise<{ holder: TestUser; seatId: string; ticketId: string; faceValue: number }> {
  const holder = await makeUser(db, tag);
  const sale = await seasonSale(WINTER, holder.id);
  const free = sale!.sections.flatMap((sec) => sec.rows.flatMap((r) => r.seats)).filter((seat) => seat.state === 'free');
  // Spread over the stand, so that suites of one database do not reach for the same seat.
  const seat = free[(37 * ++pick + Math.floor(Math.random() * 17)) % free.length];
  const bought = await purchaseSeason({ user: holder, seasonRef: WINTER, seatIds: [seat.id], locale: 'en', urls });
  if (!bought.ok) throw new Error(`purchaseSeason: ${bought.code}`);
  const [payment] = await db.select({ id: s.payments.id }).from(s.payments).where(eq(s.payments.orderId, bought.orderId));
  const paid = await payPayment(payment.id);
  if (paid.kind !== 'paid') throw new Error(`season payment: ${paid.kind}`);
  const [ticket] = await db
    .select({ id: s.tickets.id, price: s.tickets.priceAmount })
    .from(s.tickets)
    .innerJoin(s.events, eq(s.events.id, s.tickets.eventId))
    .where(and(eq(s.tickets.ownerId, holder.id), eq(s.events.slug, MATCH)));
  return { holder, seatId: seat.id, ticketId: ticket.id, faceValue: ticket.price };
}

/** The wallet ledger's rows of a user. */
export async function ledgerOf(db: Db, userId: string) {
  return rowsOf<{ kind: string; amount: number; release_id: string | null; order_id: string | null }>(
    await db.execute(sql`select kind, amount, release_id, order_id from wallet_ledger where user_id = ${userId}::uuid order by created_at`),
  );
}

/**
 * A holder of the winter season made by hand (as the demo seed makes its holders), for suites whose earlier
 * cases leave no seat free at every match: a season ticket for a seat free at `MATCH`, and its ticket there.
 */
export async function seasonHolderByHand(db: Db, tag: string): Promise<{ holder: TestUser; ticketId: string }> {
  const holder = await makeUser(db, tag);
  const [season] = await db.select({ id: s.seasons.id }).from(s.seasons).where(eq(s.seasons.slug, WINTER));
  const [event] = await db.select({ id: s.events.id }).from(s.events).where(eq(s.events.slug, MATCH));
  return db.transaction(async (tx) => {
    const [unit] = rowsOf<{ id: string; seat_id: string; ticket_type_id: string; price: number }>(
      await tx.execute(sql`
        update inventory_units u set status = 'sold' from ticket_types tt
        where u.id = (select id from inventory_units where event_id = ${event.id}::uuid and status = 'available' and seat_id is not null
                      and seat_id not in (select seat_id from season_tickets where season_id = ${season.id}::uuid) order by spread limit 1)
          and tt.id = u.ticket_type_id
        returning u.id, u.seat_id, u.ticket_type_id, tt.price_amount as price`),
    );
    const [held] = await tx.insert(s.seasonTickets).values({ seasonId: season.id, userId: holder.id, seatId: unit.seat_id }).returning({ id: s.seasonTickets.id });
    const [ticket] = await tx
      .insert(s.tickets)
      .values({ eventId: event.id, unitId: unit.id, ticketTypeId: unit.ticket_type_id, ownerId: holder.id, seasonTicketId: held.id, priceAmount: Number(unit.price), ...newTicketKeys(), status: 'valid' })
      .returning({ id: s.tickets.id });
    return { holder, ticketId: ticket.id };
  });
}
