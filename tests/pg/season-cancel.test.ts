// Cancelling a season's match under concurrency, on real PostgreSQL (issue 28 item 2): while fans race to buy a
// holder's released seat, another holder gifts their ticket and two organisers (and the sweeper) cancel the
// match at once, every share of the match is refunded exactly once, money never goes back twice or beyond what
// was paid, and the match finishes with no live ticket. Counted in SQL afterwards.
// Run: npm run test:pg -- tests/pg/season-cancel.test.ts
import { eq, sql } from 'drizzle-orm';
import { rowsOf } from '@/lib/server/db/client';
import * as s from '@/lib/server/db/schema';
import { cancelEvent, cancellationProgress, cancelSeason, finishCancelledEvents } from '@/lib/server/events/cancel';
import { releaseTicket } from '@/lib/server/seasons/release';
import { giftTicket } from '@/lib/server/tickets/gift';
import { isPostgresRun, useTestDatabase } from '../helpers/db';
import { makeCast, orgIdOfSlug, type Cast } from '../helpers/organiser';
import { buy } from '../helpers/purchases';
import { makeSeasonHolder, MATCH } from '../helpers/season-release';
import { eventBySlug, makeUser } from '../helpers/tickets';

const t = useTestDatabase({ seeded: true });
const describePg = isPostgresRun() ? describe : describe.skip;
const SECOND = 'dunaj-bratislava-msk-zilina';

describePg('cancelling a season match under concurrency', () => {
  let cast: Cast;
  let seasonId: string;

  beforeAll(async () => {
    cast = await makeCast(t.db, await orgIdOfSlug(t.db, 'fk-dunaj-bratislava'));
    [{ id: seasonId }] = await t.db.select({ id: s.seasons.id }).from(s.seasons).where(eq(s.seasons.slug, 'fk-dunaj-bratislava-zima'));
  }, 300_000);

  /** Money and shares of the match, in SQL: nothing refunded twice, never more than a payment took, nothing left. */
  async function audit(eventId: string) {
    const [row] = rowsOf<{ shares_left: number; twice: number; over: number; live: number; credits_twice: number }>(
      await t.db.execute(sql`select
        (select count(*)::int from order_shares sh join orders o on o.id = sh.order_id where sh.event_id = ${eventId}::uuid and sh.refunded_at is null and o.status = 'paid') as shares_left,
        (select count(*)::int from (select payment_id, scope from refunds group by payment_id, scope having count(*) > 1) x) as twice,
        (select count(*)::int from (select r.payment_id from refunds r join payments p on p.id = r.payment_id group by r.payment_id, p.amount having sum(r.amount) > p.amount) x) as over,
        (select count(*)::int from tickets where event_id = ${eventId}::uuid and status <> 'void') as live,
        (select count(*)::int from (select order_id, event_id from wallet_ledger where kind = 'refund_credit' group by order_id, event_id having count(*) > 1) x) as credits_twice`),
    );
    return row;
  }

  it('buyers racing for a released seat, a gift and two cancellations at once: one outcome, every share refunded once', async () => {
    const event = await eventBySlug(t.db, MATCH);
    const releasing = await makeSeasonHolder(t.db, 'pg-cancel-release');
    const gifting = await makeSeasonHolder(t.db, 'pg-cancel-gift');
    const keeping = await makeSeasonHolder(t.db, 'pg-cancel-keep');
    const released = await releaseTicket(releasing.holder, { ticketId: releasing.ticketId });
    if (!released.ok) throw new Error(released.code);
    const buyers = await Promise.all(Array.from({ length: 12 }, (_, i) => makeUser(t.db, `pg-cancel-buyer-${i}`)));
    const friend = await makeUser(t.db, 'pg-cancel-friend');

    const results = await Promise.allSettled([
      ...buyers.map((buyer) => buy(t.db, buyer, MATCH, { seatIds: [releasing.seatId] })),
      giftTicket(gifting.holder, { ticketId: gifting.ticketId, email: friend.email, locale: 'sk' }),
      cancelEvent(cast.owner, event.id),
      cancelEvent(cast.manager, event.id),
      finishCancelledEvents(),
    ]);
    const bought = results.slice(0, buyers.length).filter((r) => r.status === 'fulfilled');
    expect(bought.length).toBeLessThanOrEqual(1);
    for (const r of results.slice(buyers.length + 1)) expect(r.status === 'rejected' ? String((r.reason as { cause?: unknown }).cause ?? r.reason) : 'fulfilled').toBe('fulfilled');
    await finishCancelledEvents();

    expect(await audit(event.id)).toEqual({ shares_left: 0, twice: 0, over: 0, live: 0, credits_twice: 0 });
    // Each holder: exactly one refund of this match's share — the released seat's holder less the credit it earned, if it sold.
    for (const h of [releasing, gifting, keeping]) {
      const [share] = rowsOf<{ total: number; refunded: number; n: number; credit: number }>(
        await t.db.execute(sql`select sh.total_amount as total, sh.refunded_amount as refunded,
            (select count(*)::int from refunds r where r.payment_id = o.current_payment_id and r.scope = ${event.id}) as n,
            (select coalesce(sum(w.amount), 0)::int from wallet_ledger w join season_releases rl on rl.id = w.release_id
               where w.kind = 'release_credit' and rl.event_id = ${event.id}::uuid and rl.user_id = ${h.holder.id}::uuid) as credit
          from season_tickets st join orders o on o.id = st.order_id join order_shares sh on sh.order_id = o.id and sh.event_id = ${event.id}::uuid
          where st.user_id = ${h.holder.id}::uuid`),
      );
      expect(Number(share.refunded)).toBe(Number(share.total) - Number(share.credit));
      expect(Number(share.n)).toBe(Number(share.refunded) > 0 ? 1 : 0);
      // Their next match stands.
      const [next] = rowsOf<{ status: string }>(
        await t.db.execute(sql`select t.status from tickets t join events e on e.id = t.event_id where e.slug = ${SECOND} and t.owner_id = ${h.holder.id}::uuid`),
      );
      expect(next.status).toBe('valid');
    }
    // The released seat's buyer, if one won the race, got their whole payment back once.
    if (bought.length) {
      const order = (bought[0] as PromiseFulfilledResult<typeof s.orders.$inferSelect>).value;
      const [row] = rowsOf<{ status: string; n: number; amount: number }>(
        await t.db.execute(sql`select o.status, count(r.id)::int as n, coalesce(sum(r.amount), 0)::int as amount from orders o
          left join refunds r on r.payment_id = o.current_payment_id where o.id = ${order.id}::uuid group by o.status`),
      );
      expect(row).toEqual({ status: 'refunded', n: 1, amount: order.totalAmount });
    }
    const progress = await cancellationProgress(cast.owner, event.id);
    expect(progress.ok && progress.progress.done).toBe(true);
  });

  it('the whole season cancelled by two managers and the sweeper at once: the last match’s shares refunded once each', async () => {
    const event = await eventBySlug(t.db, SECOND);
    const results = await Promise.allSettled([cancelSeason(cast.owner, seasonId), cancelSeason(cast.manager, seasonId), cancelEvent(cast.owner, event.id), finishCancelledEvents()]);
    for (const r of results) expect(r.status).toBe('fulfilled');
    await finishCancelledEvents();
    expect(await audit(event.id)).toEqual({ shares_left: 0, twice: 0, over: 0, live: 0, credits_twice: 0 });
    // Every season order is now refunded whole: its two shares went back and they add up to what was paid.
    const [sums] = rowsOf<{ orders: number; mismatched: number }>(
      await t.db.execute(sql`select count(*)::int as orders,
          count(*) filter (where o.status <> 'refunded' or (select coalesce(sum(r.amount), 0) from refunds r where r.payment_id = o.current_payment_id)
            + (select coalesce(sum(w.amount), 0) from wallet_ledger w join season_releases rl on rl.id = w.release_id join season_tickets x on x.id = rl.season_ticket_id where x.order_id = o.id and w.kind = 'release_credit')
            <> o.total_amount)::int as mismatched
        from orders o join holds h on h.id = o.hold_id where h.season_id = ${seasonId}::uuid and o.paid_at is not null`),
    );
    expect(Number(sums.orders)).toBeGreaterThanOrEqual(3);
    expect(Number(sums.mismatched)).toBe(0);
  });
});
