// Concurrency proofs of the waiting list on real PostgreSQL (functions.sql waiting_list_offer and
// waiting_list_reserves): returned tickets go to the fans in line before general sale, and a returned
// unit is offered to exactly one fan, checked in SQL afterwards. Run: npm run test:pg -- tests/pg/waiting-list.test.ts
import { eq, sql } from 'drizzle-orm';
import { rowsOf } from '@/lib/server/db/client';
import * as s from '@/lib/server/db/schema';
import { addToCart } from '@/lib/server/cart';
import { sweepExpiredHolds } from '@/lib/server/cart/sweep';
import { joinWaitingList } from '@/lib/server/waiting-list';
import { offerReturned } from '@/lib/server/waiting-list/offers';
import { isPostgresRun, useTestDatabase } from '../helpers/db';
import { makeUser, type TestUser } from '../helpers/tickets';
import { makeSmallEvent } from '../helpers/waiting-list';

const t = useTestDatabase();
const describePg = isPostgresRun() ? describe : describe.skip;
const MIN = 60_000;

async function users(count: number, tag: string): Promise<TestUser[]> {
  return Promise.all(Array.from({ length: count }, (_, i) => makeUser(t.db, `${tag}${i}`)));
}

/** Units held by more than one live cart line, or by a cart that is not the offered fan's: must be none. */
async function doubleOffers(eventId: string) {
  return rowsOf<{ unit_id: string; n: number }>(
    await t.db.execute(sql`
      select hi.unit_id, count(*)::int as n from hold_items hi
      join holds h on h.id = hi.hold_id and h.status in ('active', 'ordered')
      join inventory_units u on u.id = hi.unit_id and u.hold_id = h.id
      where u.event_id = ${eventId} group by hi.unit_id having count(*) > 1`),
  );
}

describePg('the waiting list under concurrency', () => {
  it('concurrent returns and joins never offer one unit to two fans', async () => {
    const base = new Date();
    const event = await makeSmallEvent(t.db, { seats: 8, places: 8 });
    // Sold out: four holders hold everything
    const holders = await users(4, 'holder');
    for (const [i, holder] of holders.entries()) {
      const selection = i < 2 ? { seatIds: event.seatIds.slice(i * 4, i * 4 + 4) } : { ticketTypeId: event.standingType, quantity: 4 };
      const held = await addToCart({ user: holder, eventRef: event.slug, selection, locale: 'en', now: base });
      if (!held.ok) throw new Error(held.code);
    }
    const early = await users(10, 'early');
    await Promise.all(early.map((fan, i) => joinWaitingList({ user: fan, eventRef: event.slug, quantity: 1 + (i % 3), locale: 'en', now: new Date(base.getTime() + i) })));

    // The carts run out; sweepers of several processes, offer runs and new joins all at once.
    const later = new Date(base.getTime() + 11 * MIN);
    const late = await users(10, 'late');
    const results = await Promise.allSettled([
      ...Array.from({ length: 3 }, () => sweepExpiredHolds({ db: t.db, now: later })),
      ...Array.from({ length: 10 }, () => offerReturned(event.id, { now: later })),
      ...late.map((fan, i) => joinWaitingList({ user: fan, eventRef: event.slug, quantity: 1 + (i % 2), locale: 'en', now: later })),
    ]);
    expect(results.filter((r) => r.status === 'rejected')).toEqual([]);
    // and again once everything settled
    await sweepExpiredHolds({ db: t.db, now: later });
    await offerReturned(event.id, { now: later });

    expect(await doubleOffers(event.id)).toEqual([]);
    const offered = rowsOf<{ id: string; quantity: number; held: number; created_at: Date }>(
      await t.db.execute(sql`
        select w.id, w.quantity, w.created_at, (select count(*)::int from inventory_units u where u.hold_id = w.hold_id and u.status = 'held') as held
        from waiting_list_entries w where w.event_id = ${event.id} and w.status = 'offered'`),
    );
    // each offered fan holds exactly what they asked for, and every returned unit went to the list
    for (const entry of offered) expect(entry.held).toBe(entry.quantity);
    expect(offered.reduce((sum, e) => sum + e.quantity, 0)).toBe(16);
    const [units] = rowsOf<{ held: number; held_by_offers: number }>(
      await t.db.execute(sql`
        select count(*) filter (where u.status = 'held')::int as held,
               count(*) filter (where u.status = 'held' and exists (select 1 from waiting_list_entries w where w.hold_id = u.hold_id and w.status = 'offered'))::int as held_by_offers
        from inventory_units u where u.event_id = ${event.id}`),
    );
    expect(units).toEqual({ held: 16, held_by_offers: 16 });
    // an entry is open once per fan
    const [dupes] = rowsOf<{ n: number }>(
      await t.db.execute(sql`select count(*)::int as n from (select user_id from waiting_list_entries where event_id = ${event.id} and status in ('waiting', 'offered') group by user_id having count(*) > 1) d`),
    );
    expect(dupes.n).toBe(0);
  });

  it('a returned seat with a waiting fan cannot be taken by 20 concurrent general buyers', async () => {
    const base = new Date();
    const event = await makeSmallEvent(t.db, { seats: 1, places: 0 });
    const [holder, waiting] = await users(2, 'seat');
    const held = await addToCart({ user: holder, eventRef: event.slug, selection: { seatIds: event.seatIds }, locale: 'en', now: base });
    if (!held.ok) throw new Error(held.code);
    expect(await joinWaitingList({ user: waiting, eventRef: event.slug, quantity: 1, locale: 'en', now: base })).toMatchObject({ ok: true });

    // The holder's cart has run out (not yet swept): 20 buyers ask for the free seat at once, and are refused.
    const later = new Date(base.getTime() + 11 * MIN);
    const buyers = await users(20, 'buyer');
    const first = await Promise.all(buyers.map((buyer) => addToCart({ user: buyer, eventRef: event.slug, selection: { seatIds: event.seatIds }, locale: 'en', now: later })));
    expect(first.map((a) => (a.ok ? 'held' : a.code))).toEqual(buyers.map(() => 'WAITING_LIST_RESERVED'));

    // Then again while the list offers it to the waiting fan.
    const [offers, ...answers] = await Promise.all([
      offerReturned(event.id, { now: later }),
      ...buyers.map((buyer) => addToCart({ user: buyer, eventRef: event.slug, selection: { seatIds: event.seatIds }, locale: 'en', now: later })),
    ]);
    expect(offers).toHaveLength(1);
    expect(answers.filter((a) => a.ok)).toEqual([]);
    for (const answer of answers) expect(['WAITING_LIST_RESERVED', 'SEAT_TAKEN']).toContain(!answer.ok && answer.code);

    const [entry] = await t.db.select().from(s.waitingListEntries).where(eq(s.waitingListEntries.userId, waiting.id));
    expect(entry.status).toBe('offered');
    const lines = rowsOf<{ hold_id: string; user_id: string }>(
      await t.db.execute(sql`
        select h.id as hold_id, h.user_id from hold_items hi join holds h on h.id = hi.hold_id
        join inventory_units u on u.id = hi.unit_id
        where u.event_id = ${event.id} and h.status in ('active', 'ordered') and h.expires_at > ${later.toISOString()}::timestamptz`),
    );
    expect(lines).toEqual([{ hold_id: entry.holdId, user_id: waiting.id }]);
    const [unit] = await t.db.select().from(s.inventoryUnits).where(eq(s.inventoryUnits.eventId, event.id));
    expect(unit).toMatchObject({ status: 'held', holdId: entry.holdId });
  });
});
