// Concurrency proofs for an organiser's new resale rules on real PostgreSQL: a fan listing a ticket
// while the organiser lowers the cap or turns resale off never ends up with a live listing the new
// rules forbid — whichever commits first.
// Run: npm run test:pg -- tests/pg/resale-policy.test.ts
import { and, eq } from 'drizzle-orm';
import * as s from '@/lib/server/db/schema';
import { setResalePolicy } from '@/lib/server/events/resale-policy';
import { listTicketForResale } from '@/lib/server/resale/listing';
import { resaleCapFor } from '@/lib/server/resale/policy';
import { isPostgresRun, useTestDatabase } from '../helpers/db';
import { makeMember } from '../helpers/organiser';
import { eventBySlug, giveTicket, makeUser } from '../helpers/tickets';

const t = useTestDatabase({ seeded: true });
const describePg = isPostgresRun() ? describe : describe.skip;
const SLUG = 'dunaj-bratislava-msk-zilina';
const BASE = { transferEnabled: true, resaleEnabled: true, resaleCapPercent: 100, resaleCapAmount: null, resaleWindowHours: 2, resaleSellerFeeBps: 500, resaleBuyerFeeBps: 0, resaleOrganiserSharePercent: 0, freeTicketsResale: false };

describePg('resale rules under concurrency (PostgreSQL)', () => {

  it('a listing made while the organiser saves a lower cap is refused or withdrawn: none stays over the cap', async () => {
    const event = await eventBySlug(t.db, SLUG);
    const manager = await makeMember(t.db, event.orgId, 'manager');
    for (let round = 0; round < 5; round++) {
      await setResalePolicy(manager.id, event.id, BASE);
      const sellers = await Promise.all(Array.from({ length: 8 }, () => makeUser(t.db, 'racer')));
      const tickets = [];
      for (const seller of sellers) tickets.push(await giveTicket(t.db, seller.id, SLUG, 'A'));
      const lower = { ...BASE, resaleCapPercent: 80 };
      // Every fan asks face value (allowed now, over the new cap) at the moment the organiser saves.
      await Promise.all([
        setResalePolicy(manager.id, event.id, lower),
        ...tickets.map(({ ticket }, i) => listTicketForResale(sellers[i], { ticketId: ticket.id, priceAmount: ticket.priceAmount })),
      ]);
      const live = await t.db
        .select({ price: s.resaleListings.priceAmount, face: s.tickets.priceAmount })
        .from(s.resaleListings)
        .innerJoin(s.tickets, eq(s.tickets.id, s.resaleListings.ticketId))
        .where(and(eq(s.resaleListings.eventId, event.id), eq(s.resaleListings.status, 'active')));
      for (const listing of live) expect(listing.price).toBeLessThanOrEqual(resaleCapFor(lower, listing.face)!);
    }
  });

  it('a listing made while the organiser turns resale off does not stay on sale', async () => {
    const event = await eventBySlug(t.db, SLUG);
    const manager = await makeMember(t.db, event.orgId, 'manager');
    await setResalePolicy(manager.id, event.id, BASE);
    const sellers = await Promise.all(Array.from({ length: 8 }, () => makeUser(t.db, 'racer')));
    const tickets = [];
    for (const seller of sellers) tickets.push(await giveTicket(t.db, seller.id, SLUG, 'B'));
    await Promise.all([
      setResalePolicy(manager.id, event.id, { ...BASE, resaleEnabled: false }),
      ...tickets.map(({ ticket }, i) => listTicketForResale(sellers[i], { ticketId: ticket.id, priceAmount: 1000 })),
    ]);
    const live = await t.db.select().from(s.resaleListings).where(and(eq(s.resaleListings.eventId, event.id), eq(s.resaleListings.status, 'active')));
    expect(live).toEqual([]);
  });
});
