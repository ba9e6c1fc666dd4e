// A fan lists a ticket for resale and gifts it at the same moment (two tabs, two phones): exactly one
// of the two may win, or a resale buyer would pay for a ticket that a waiting gift keeps from the
// gate. PostgreSQL only (PGlite has one connection and would serialise the race away).
import { sql } from 'drizzle-orm';
import { POST as gift } from '@/tests/helpers/api';
import { POST as list } from '@/tests/helpers/api';
import { rowsOf } from '@/lib/server/db/client';
import { useTestDatabase } from '../helpers/db';
import { auth, giveTicket, makeUser, params, request } from '../helpers/tickets';

const t = useTestDatabase({ seeded: true });
const ROUNDS = 50;


type State = { status: string; owner_id: string; listings: number; pending_gifts: number; claimed_gifts: number };

async function stateOf(ticketId: string): Promise<State> {
  const [row] = rowsOf<State>(
    await t.db.execute(sql`
      select t.status, t.owner_id,
             (select count(*)::int from resale_listings l where l.ticket_id = t.id and l.status = 'active') as listings,
             (select count(*)::int from gifts g where g.ticket_id = t.id and g.status = 'pending') as pending_gifts,
             (select count(*)::int from gifts g where g.ticket_id = t.id and g.status = 'claimed') as claimed_gifts
      from tickets t where t.id = ${ticketId}`),
  );
  return row;
}

describe('listing and gifting one ticket at once (PostgreSQL)', () => {
  it('runs on PostgreSQL', () => {
    expect(t.kind).toBe('postgres');
  });

  it.each([
    ['an unknown email (the gift waits)', false],
    ['a registered fan (the ticket moves at once)', true],
  ])(`${ROUNDS} rounds, gift to %s: exactly one of the two succeeds and the ticket ends in one consistent state`, async (_name, registered) => {
    const seller = await makeUser(t.db, 'both-ways');
    const friend = registered ? await makeUser(t.db, 'friend') : null;
    for (let round = 0; round < ROUNDS; round++) {
      const { ticket } = await giveTicket(t.db, seller.id, 'dunaj-bratislava-as-trencin');
      const email = friend?.email ?? `nobody.${round}.${Date.now()}@example.com`;
      const [listed, gifted] = await Promise.all([
        list(request(`/api/v1/tickets/${ticket.id}/listing`, { method: 'POST', headers: auth(seller), body: { price: 1000 } }), params({ id: ticket.id })),
        gift(request(`/api/v1/tickets/${ticket.id}/gift`, { method: 'POST', headers: auth(seller), body: { email } }), params({ id: ticket.id })),
      ]);
      const winners = [listed.status, gifted.status].filter((status) => status === 201);
      expect({ round, winners: winners.length }).toEqual({ round, winners: 1 });

      const state = await stateOf(ticket.id);
      if (listed.status === 201) {
        expect(state).toEqual({ status: 'listed', owner_id: seller.id, listings: 1, pending_gifts: 0, claimed_gifts: 0 });
        expect({ status: gifted.status, code: (await gifted.json()).code }).toEqual({ status: 409, code: 'TICKET_LISTED' });
      } else if (registered) {
        expect(state).toEqual({ status: 'valid', owner_id: friend!.id, listings: 0, pending_gifts: 0, claimed_gifts: 1 });
        // the ticket is the friend's now: the seller has nothing to list
        expect({ status: listed.status, code: (await listed.json()).code }).toEqual({ status: 404, code: 'NOT_FOUND' });
      } else {
        expect(state).toEqual({ status: 'valid', owner_id: seller.id, listings: 0, pending_gifts: 1, claimed_gifts: 0 });
        expect({ status: listed.status, code: (await listed.json()).code }).toEqual({ status: 409, code: 'GIFT_PENDING' });
      }
    }
    // nothing anywhere is both on sale and on its way to someone
    const [both] = rowsOf<{ n: number }>(
      await t.db.execute(sql`
        select count(*)::int as n from resale_listings l join gifts g on g.ticket_id = l.ticket_id
        where l.status = 'active' and g.status = 'pending'`),
    );
    expect(both.n).toBe(0);
  });
});
