// Two support agents acting on the same ticket at once, on real PostgreSQL: a void and a void, a refund and
// a refund, a void and a refund — each ticket is changed once, audited once, its code version raised once,
// refunded at most once. Checked in SQL afterwards.
// Run: TEST_DATABASE_URL=… npx jest --config jest.pg.config.ts tests/pg/support-desk.test.ts
import { and, eq, inArray, sql } from 'drizzle-orm';
import { rowsOf } from '@/lib/server/db/client';
import * as s from '@/lib/server/db/schema';
import { refundTicket, voidTicket } from '@/lib/server/support/actions';
import { isPostgresRun, useTestDatabase } from '../helpers/db';
import { makeMember } from '../helpers/organiser';
import { buy } from '../helpers/purchases';
import { freeSeatsOf } from '../helpers/seats';
import { eventBySlug, makeUser, type TestUser } from '../helpers/tickets';

const t = useTestDatabase({ seeded: true });
const describePg = isPostgresRun() ? describe : describe.skip;
const EVENT = 'dunaj-bratislava-fc-kosice';
const ROUNDS = 6;

let agents: TestUser[];
let fan: TestUser;

beforeAll(async () => {
  if (!isPostgresRun()) return;
  const event = await eventBySlug(t.db, EVENT);
  agents = [await makeMember(t.db, event.orgId, 'manager', 'agent-a'), await makeMember(t.db, event.orgId, 'owner', 'agent-b')];
  fan = await makeUser(t.db, 'buyer');
}, 180_000);

async function ticketsBought(count: number, offset: number) {
  const order = await buy(t.db, fan, EVENT, { seatIds: await freeSeatsOf(t.db, EVENT, count, offset) });
  return t.db.select().from(s.tickets).where(eq(s.tickets.orderId, order.id));
}

async function auditsOf(ids: string[]) {
  return t.db.select().from(s.auditLog).where(and(eq(s.auditLog.subjectType, 'ticket'), inArray(s.auditLog.subjectId, ids)));
}

describePg('two support agents at once (PostgreSQL)', () => {
  it(`void and void on the same ticket, ${ROUNDS} times: each voided once, one audit entry, version +1`, async () => {
    const tickets = await ticketsBought(ROUNDS, 0);
    for (const ticket of tickets) {
      const results = await Promise.all(agents.map((agent) => voidTicket(agent, { ticketId: ticket.id, reason: `Void by ${agent.lastName}` })));
      expect(results.filter((r) => r.ok)).toHaveLength(1);
      expect(results.filter((r) => !r.ok).map((r) => (r.ok ? null : r.code))).toEqual(['SUPPORT_TICKET_VOID']);
    }
    const ids = tickets.map((x) => x.id);
    const rows = rowsOf<{ id: string; status: string; version: number }>(await t.db.execute(sql`select id, status, version from tickets where id in (${sql.join(ids.map((id) => sql`${id}::uuid`), sql`, `)})`));
    expect(rows.every((r) => r.status === 'void' && r.version === tickets.find((x) => x.id === r.id)!.version + 1)).toBe(true);
    expect(await auditsOf(ids)).toHaveLength(ROUNDS);
  });

  it(`refund and refund on the same ticket, ${ROUNDS} times: one refund row, one audit entry, the place freed once`, async () => {
    const tickets = await ticketsBought(ROUNDS, 20);
    for (const ticket of tickets) {
      const results = await Promise.all(agents.map((agent) => refundTicket(agent, { ticketId: ticket.id, reason: `Refund by ${agent.lastName}` })));
      expect(results.filter((r) => r.ok)).toHaveLength(1);
    }
    const ids = tickets.map((x) => x.id);
    const refunds = rowsOf<{ scope: string; n: number }>(
      await t.db.execute(sql`select scope, count(*)::int as n from refunds where scope in (${sql.join(ids.map((id) => sql`${`ticket:${id}`}`), sql`, `)}) group by scope`),
    );
    expect(refunds).toHaveLength(ROUNDS);
    expect(refunds.every((r) => r.n === 1)).toBe(true);
    expect((await auditsOf(ids)).map((a) => a.action)).toEqual(Array(ROUNDS).fill('ticket.refund'));
  });

  it(`void and refund on the same ticket at once, ${ROUNDS} times: exactly one of them acts`, async () => {
    const tickets = await ticketsBought(ROUNDS, 40);
    for (const ticket of tickets) {
      const results = await Promise.all([
        voidTicket(agents[0], { ticketId: ticket.id, reason: 'Void it' }),
        refundTicket(agents[1], { ticketId: ticket.id, reason: 'Refund it' }),
      ]);
      expect(results.filter((r) => r.ok)).toHaveLength(1);
    }
    const ids = tickets.map((x) => x.id);
    const audits = await auditsOf(ids);
    expect(audits).toHaveLength(ROUNDS);
    const refunded = new Set(audits.filter((a) => a.action === 'ticket.refund').map((a) => a.subjectId));
    const refundRows = await t.db.select({ scope: s.refunds.scope }).from(s.refunds).where(inArray(s.refunds.scope, ids.map((id) => `ticket:${id}`)));
    expect(new Set(refundRows.map((r) => r.scope.slice(7)))).toEqual(refunded);
  });
});
