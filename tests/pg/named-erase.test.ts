// The holder erasure of named tickets (issue 18 item 7) runs in the sweeper of every server process: several
// at once each take their own rows (SKIP LOCKED), every holder is erased exactly once, and none waits on
// another. PostgreSQL only (PGlite has one connection).
import { eq, isNotNull, and } from 'drizzle-orm';
import * as s from '@/lib/server/db/schema';
import { eraseExpiredHolders } from '@/lib/server/named-tickets/erase';
import { useTestDatabase } from '../helpers/db';
import { eventBySlug, giveTicket, makeUser } from '../helpers/tickets';

const t = useTestDatabase({ seeded: true });
const EVENT = 'vltava-praha-slavia-praha';


it('runs on PostgreSQL', () => {
  expect(t.kind).toBe('postgres');
});

it('four sweepers at once erase every holder exactly once, 30 days after the event', async () => {
  const owner = await makeUser(t.db, 'named-crowd');
  for (let i = 0; i < 40; i++) {
    const { ticket } = await giveTicket(t.db, owner.id, EVENT, 'STAND');
    await t.db.update(s.tickets).set({ named: true, holderName: `Holder ${i}`, holderBirthDate: '1990-01-01' }).where(eq(s.tickets.id, ticket.id));
  }
  const event = await eventBySlug(t.db, EVENT);
  const later = new Date((event.endsAt ?? event.startsAt).getTime() + 31 * 86_400_000);
  const counts = await Promise.all(Array.from({ length: 4 }, () => eraseExpiredHolders({ now: later, limit: 15 })));
  let total = counts.reduce((a, b) => a + b, 0);
  // Whatever the four left (each takes at most 15), later ticks take.
  while (true) {
    const more = await eraseExpiredHolders({ now: later, limit: 15 });
    if (!more) break;
    total += more;
  }
  expect(total).toBe(40);
  const left = await t.db.select({ id: s.tickets.id }).from(s.tickets).where(and(eq(s.tickets.eventId, event.id), isNotNull(s.tickets.holderName)));
  expect(left).toEqual([]);
});
