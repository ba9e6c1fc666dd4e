// Releasing a season match for credit under concurrency, on real PostgreSQL (DESIGN.md §4): buyers racing for a
// released seat make one sale and one credit — also a late payment racing the next buyer's, and webhooks twice;
// two checkouts spending the same wallet credit at once spend it once. One credit is one "release-sold" notification.
// Run: npm run test:pg -- tests/pg/season-release.test.ts
import { eq, sql } from 'drizzle-orm';
import { rowsOf } from '@/lib/server/db/client';
import * as s from '@/lib/server/db/schema';
import { addToCart } from '@/lib/server/cart';
import { checkout } from '@/lib/server/orders/checkout';
import { releaseTicket } from '@/lib/server/seasons/release';
import { walletBalance } from '@/lib/server/wallet';
import { isPostgresRun, useTestDatabase } from '../helpers/db';
import { buy } from '../helpers/purchases';
import { eventBySlug, makeUser } from '../helpers/tickets';
import { makeSeasonHolder, MATCH, payPayment, urls } from '../helpers/season-release';

const t = useTestDatabase({ seeded: true });
const describePg = isPostgresRun() ? describe : describe.skip;
const OTHER_MATCH = 'dunaj-bratislava-msk-zilina';

async function credits(releaseTicketId: string) {
  return rowsOf<{ n: number; amount: number }>(
    await t.db.execute(sql`select count(*)::int as n, coalesce(sum(l.amount), 0)::int as amount from wallet_ledger l
      join season_releases r on r.id = l.release_id where r.ticket_id = ${releaseTicketId}::uuid and l.kind = 'release_credit'`),
  )[0];
}

/** The "release-sold" notifications queued for the release of a ticket, and the credits (one each). */
async function notices(releaseTicketId: string) {
  return rowsOf<{ n: number; credited: boolean }>(
    await t.db.execute(sql`select count(*)::int as n, bool_and(exists (select 1 from wallet_ledger l where l.release_id = r.id and l.kind = 'release_credit')) as credited
      from notifications n join season_releases r on n.dedupe_key = 'release-sold:' || r.id::text
      where r.ticket_id = ${releaseTicketId}::uuid and n.topic = 'release-sold' and n.user_id = r.user_id`),
  )[0];
}

async function freeSeats(slug: string, count: number): Promise<string[]> {
  const event = await eventBySlug(t.db, slug);
  return rowsOf<{ seat_id: string }>(
    await t.db.execute(sql`select seat_id from inventory_units where event_id = ${event.id}::uuid and status = 'available' and seat_id is not null order by spread limit ${count}`),
  ).map((r) => r.seat_id);
}

describePg('releasing a season match for credit under concurrency', () => {

  it('of many buyers racing for a released seat, one buys it and its holder is credited once', async () => {
    for (let round = 0; round < 3; round++) {
      const { holder, seatId, ticketId, faceValue } = await makeSeasonHolder(t.db, `pg-release-${round}`);
      const released = await releaseTicket(holder, { ticketId });
      if (!released.ok) throw new Error(released.code);
      const buyers = await Promise.all(Array.from({ length: 16 }, (_, i) => makeUser(t.db, `pg-release-buyer-${round}-${i}`)));
      const results = await Promise.allSettled(buyers.map((buyer) => buy(t.db, buyer, MATCH, { seatIds: [seatId] })));
      const winners = results.filter((r) => r.status === 'fulfilled');
      expect(winners).toHaveLength(1);
      const order = (winners[0] as PromiseFulfilledResult<typeof s.orders.$inferSelect>).value;
      // The ticket is the buyer's; one credit of the season's share; no second ticket for the seat.
      const [ticket] = await t.db.select({ ownerId: s.tickets.ownerId, status: s.tickets.status }).from(s.tickets).where(eq(s.tickets.id, ticketId));
      expect(ticket).toEqual({ ownerId: order.userId, status: 'valid' });
      expect(await credits(ticketId)).toEqual({ n: 1, amount: Math.floor((faceValue * 50) / 100) });
      expect(await notices(ticketId)).toEqual({ n: 1, credited: true });
      const dupes = rowsOf(await t.db.execute(sql`select unit_id from tickets group by unit_id having count(*) > 1`));
      expect(dupes).toEqual([]);
    }
  }, 120_000);

  it('a late payment racing the next buyer’s (each webhook twice) makes one sale and one credit', async () => {
    const { holder, seatId, ticketId } = await makeSeasonHolder(t.db, 'pg-release-late');
    if (!(await releaseTicket(holder, { ticketId })).ok) throw new Error('release');
    const early = await makeUser(t.db, 'pg-release-early');
    const late = await makeUser(t.db, 'pg-release-next');
    if (!(await addToCart({ user: early, eventRef: MATCH, selection: { seatIds: [seatId] }, locale: 'en' })).ok) throw new Error('early cart');
    const first = await checkout({ user: early, eventRef: MATCH, locale: 'en', urls });
    if (!first.ok || first.paid) throw new Error(first.ok ? 'paid at checkout' : first.code);
    // The first cart runs out before its payment lands; the next fan holds the seat and checks out.
    await t.db.execute(sql`update holds set expires_at = now() - interval '1 second' where user_id = ${early.id}::uuid`);
    await t.db.execute(sql`update inventory_units set held_until = now() - interval '1 second' where hold_id in (select id from holds where user_id = ${early.id}::uuid)`);
    if (!(await addToCart({ user: late, eventRef: MATCH, selection: { seatIds: [seatId] }, locale: 'en' })).ok) throw new Error('next cart');
    const second = await checkout({ user: late, eventRef: MATCH, locale: 'en', urls });
    if (!second.ok || second.paid) throw new Error(second.ok ? 'paid at checkout' : second.code);
    const outcomes = await Promise.all([payPayment(first.paymentId), payPayment(second.paymentId), payPayment(first.paymentId), payPayment(second.paymentId)]);
    expect(outcomes.filter((o) => o.kind === 'paid')).toHaveLength(1);
    expect(outcomes.filter((o) => o.kind === 'duplicate')).toHaveLength(2);
    const paidOrders = rowsOf<{ n: number }>(await t.db.execute(sql`select count(*)::int as n from orders where id in (${first.orderId}::uuid, ${second.orderId}::uuid) and status = 'paid'`))[0];
    expect(paidOrders.n).toBe(1);
    expect((await credits(ticketId)).n).toBe(1);
    expect(await notices(ticketId)).toEqual({ n: 1, credited: true });
    const [release] = await t.db.select({ status: s.seasonReleases.status }).from(s.seasonReleases).where(eq(s.seasonReleases.ticketId, ticketId));
    expect(release.status).toBe('sold');
  }, 60_000);

  it('two checkouts spending the same credit at once spend it once', async () => {
    for (let round = 0; round < 4; round++) {
      const { holder, seatId, ticketId } = await makeSeasonHolder(t.db, `pg-spend-${round}`);
      if (!(await releaseTicket(holder, { ticketId })).ok) throw new Error('release');
      await buy(t.db, await makeUser(t.db, `pg-spend-buyer-${round}`), MATCH, { seatIds: [seatId] });
      const event = await eventBySlug(t.db, MATCH);
      const key = { userId: holder.id, orgId: event.orgId, currency: 'EUR' as const };
      const credit = await walletBalance(t.db, key, new Date());
      expect(credit).toBeGreaterThan(0);
      // Two carts of the club, checked out at once (one of them twice): the wallet is locked, so the first takes
      // what it covers and the second only what is left.
      const [a] = await freeSeats(MATCH, 1);
      const [b] = await freeSeats(OTHER_MATCH, 1);
      let gross = 0;
      for (const [slug, seat] of [[MATCH, a], [OTHER_MATCH, b]] as const) {
        const held = await addToCart({ user: holder, eventRef: slug, selection: { seatIds: [seat] }, locale: 'en' });
        if (!held.ok) throw new Error(held.code);
        const cartGross = held.cart.subtotal.amount - held.cart.discount.amount + held.cart.fees.amount;
        expect(held.cart.walletCredit.amount).toBe(Math.min(credit, cartGross));
        gross += cartGross;
      }
      const results = await Promise.all([
        checkout({ user: holder, eventRef: MATCH, locale: 'en', urls }),
        checkout({ user: holder, eventRef: OTHER_MATCH, locale: 'en', urls }),
        checkout({ user: holder, eventRef: OTHER_MATCH, locale: 'en', urls }),
      ]);
      expect(results.every((r) => r.ok)).toBe(true);
      const spent = Math.min(credit, gross);
      const spends = rowsOf<{ order_id: string; amount: number }>(
        await t.db.execute(sql`select order_id, amount from wallet_ledger where user_id = ${holder.id}::uuid and kind = 'order_spend'`),
      );
      // One spend row per order at most, adding up to no more than the credit.
      expect(new Set(spends.map((x) => x.order_id)).size).toBe(spends.length);
      expect(spends.reduce((sum, x) => sum + x.amount, 0)).toBe(spent);
      expect(await walletBalance(t.db, key, new Date())).toBe(credit - spent);
      // Both paid: still spent once, never below zero, and the orders were charged the rest.
      const orderIds = [...new Set(results.map((r) => (r.ok ? r.orderId : '')))];
      for (const orderId of orderIds) {
        // The order's current payment: of the cart checked out twice, the checkout that ran last.
        const [order] = await t.db.select({ paymentId: s.orders.currentPaymentId }).from(s.orders).where(eq(s.orders.id, orderId));
        expect((await payPayment(order.paymentId!)).kind).toBe('paid');
      }
      expect(await walletBalance(t.db, key, new Date())).toBe(credit - spent);
      const totals = rowsOf<{ total: number; gross: number }>(
        await t.db.execute(sql`select sum(total_amount)::int as total, sum(subtotal_amount - discount_amount + fee_amount)::int as gross from orders where user_id = ${holder.id}::uuid and status = 'paid' and hold_id in (select id from holds where season_id is null)`),
      )[0];
      expect(totals.gross).toBe(gross);
      expect(totals.gross - totals.total).toBe(spent);
    }
  }, 120_000);
});
