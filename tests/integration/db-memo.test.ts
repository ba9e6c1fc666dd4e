// On the embedded database (PGlite) Your tickets is answered from memory until the next write
// (lib/server/db/memo.ts): the memory must never show a fan what the database no longer says.
import { eq, sql } from 'drizzle-orm';
import * as s from '@/lib/server/db/schema';
import { memoUntilWrite } from '@/lib/server/db/memo';
import { listMyTickets } from '@/lib/server/tickets/list';
import { isPostgresRun, useTestDatabase } from '../helpers/db';
import { giveTicket, makeUser } from '../helpers/tickets';

const t = useTestDatabase({ seeded: true });


// npm run test:pg runs this file on PostgreSQL too, where other processes write: nothing is remembered there.
const onPglite = !isPostgresRun();

(onPglite ? describe : describe.skip)('memoUntilWrite on PGlite', () => {
  it('reads once while nothing is written, again after any write, transaction or passing of its time', async () => {
    const remember = memoUntilWrite<number>();
    let reads = 0;
    const read = async () => ({ value: ++reads });
    expect(await remember('k', read)).toBe(1);
    expect(await remember('k', read)).toBe(1);
    await t.db.select().from(s.users).limit(1);
    expect(await remember('k', read)).toBe(1);
    expect(await remember('other', read)).toBe(2);

    await t.db.execute(sql`update users set locale = locale where false`);
    expect(await remember('k', read)).toBe(3);
    await t.db.transaction(async (tx) => {
      await tx.select().from(s.users).limit(1);
    });
    expect(await remember('k', read)).toBe(4);

    const soon = async () => ({ value: ++reads, until: Date.now() - 1 });
    expect(await remember('gone', soon)).toBe(5);
    expect(await remember('gone', soon)).toBe(6);
  });

  it('a write made while reading makes that answer stale at once', async () => {
    const remember = memoUntilWrite<number>();
    let reads = 0;
    const read = async () => {
      reads++;
      if (reads === 1) await t.db.execute(sql`update users set locale = locale where false`);
      return { value: reads };
    };
    expect(await remember('k', read)).toBe(1);
    expect(await remember('k', read)).toBe(2);
    expect(await remember('k', read)).toBe(2);
  });
});

describe('Your tickets from memory', () => {
  it('shows a check-in, a new ticket and a changed name on the very next read', async () => {
    const fan = await makeUser(t.db, 'memo');
    const [row] = await t.db.select().from(s.users).where(eq(s.users.id, fan.id));
    const user = { id: row.id, email: row.email!, firstName: row.firstName ?? '', lastName: row.lastName ?? '' };
    const { ticket } = await giveTicket(t.db, fan.id, 'dunaj-bratislava-fc-kosice');

    const first = await listMyTickets(user);
    expect(first.tickets.map((x) => [x.id, x.status])).toEqual([[ticket.id, 'valid']]);
    if (onPglite) expect(await listMyTickets(user)).toBe(first);
    else expect(await listMyTickets(user)).not.toBe(first);

    await t.db.update(s.tickets).set({ status: 'checked_in', checkedInAt: new Date() }).where(eq(s.tickets.id, ticket.id));
    expect((await listMyTickets(user)).tickets.map((x) => x.status)).toEqual(['checked_in']);

    await giveTicket(t.db, fan.id, 'dunaj-bratislava-fc-kosice');
    expect((await listMyTickets(user)).tickets).toHaveLength(2);

    const renamed = await listMyTickets({ ...user, firstName: 'Zuzana' });
    expect(renamed.tickets[0].holderName.startsWith('Zuzana')).toBe(true);
  });
});

(onPglite ? describe.skip : describe)('memoUntilWrite on PostgreSQL', () => {
  it('reads every time', async () => {
    const remember = memoUntilWrite<number>();
    let reads = 0;
    const read = async () => ({ value: ++reads });
    expect(await remember('k', read)).toBe(1);
    expect(await remember('k', read)).toBe(2);
  });
});
