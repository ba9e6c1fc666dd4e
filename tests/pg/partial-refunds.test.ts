// Part refunds under concurrency on real PostgreSQL (issue 33): many clients asking to return the same
// tickets at once refund each ticket once (one refund row, one partial_refunds row, the place freed once),
// and two refund workers in two processes pay each part refund exactly once through the provider.
// Run: npm run test:pg -- tests/pg/partial-refunds.test.ts
import { eq, sql } from 'drizzle-orm';
import { openDatabase, rowsOf } from '@/lib/server/db/client';
import * as s from '@/lib/server/db/schema';
import { runSeed } from '@/lib/server/db/seed';
import { testGateway } from '@/lib/server/payments/test-gateway';
import { processDueRefunds } from '@/lib/server/payments/refunds';
import type { PaymentProvider } from '@/lib/server/payments';
import { refundTickets } from '@/lib/server/refunds/core';
import { requestRefund } from '@/lib/server/refunds/self-service';
import { isPostgresRun, useTestDatabase } from '../helpers/db';
import { buy } from '../helpers/purchases';
import { freeSeatsOf } from '../helpers/seats';
import { eventBySlug, makeUser } from '../helpers/tickets';

const t = useTestDatabase();
const describePg = isPostgresRun() ? describe : describe.skip;
const SLUG = 'dunaj-bratislava-fc-kosice';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

beforeAll(async () => {
  if (isPostgresRun()) {
    await runSeed(t.db);
    const event = await eventBySlug(t.db, SLUG);
    await t.db.update(s.events).set({ selfCancelAllowed: true, selfCancelHours: 1 }).where(eq(s.events.id, event.id));
  }
}, 180_000);

describePg('part refunds under concurrency (PostgreSQL)', () => {
  it('a refund asked by many clients at once (per ticket and for the whole order, in three processes) refunds each ticket once', async () => {
    const fans = await Promise.all(Array.from({ length: 4 }, (_, i) => makeUser(t.db, `racer${i}`)));
    const orders = [];
    let offset = 0;
    for (const fan of fans) {
      orders.push({ fan, order: await buy(t.db, fan, SLUG, { seatIds: await freeSeatsOf(t.db, SLUG, 2, offset) }) });
      offset += 4;
    }
    const processes = [0, 1, 2].map(() => openDatabase({ url: t.url!, poolSize: 3 }));
    try {
      const attempts: Promise<{ ok: boolean; code?: string }>[] = [];
      for (const { fan, order } of orders) {
        const tickets = await t.db.select({ id: s.tickets.id }).from(s.tickets).where(eq(s.tickets.orderId, order.id)).orderBy(s.tickets.id);
        // The fan taps on several devices: per ticket and for the whole order, through the API's function…
        for (let i = 0; i < 6; i++) attempts.push(requestRefund(fan, { ticketId: tickets[i % 2].id, scope: i % 3 === 0 ? 'order' : 'ticket' }));
        // …and other processes refund the same tickets in their own transactions.
        for (const p of processes) attempts.push(p.db.transaction((tx) => refundTickets(tx, { ticketIds: tickets.map((x) => x.id), reason: 'SELF_CANCELLED', actorId: fan.id })));
      }
      const results = await Promise.all(attempts);
      expect(results.filter((r) => !r.ok && r.code !== 'TICKET_ALREADY_REFUNDED')).toEqual([]);
      expect(results.some((r) => r.ok)).toBe(true);
    } finally {
      await Promise.all(processes.map((p) => p.close()));
    }
    const ids = orders.map((o) => o.order.id);
    const [counts] = rowsOf<{ tickets: number; parts: number; refunds: number; void: number; free: number; over: number }>(
      await t.db.execute(sql`
        select
          (select count(*)::int from tickets where order_id = any(${`{${ids.join(',')}}`}::uuid[])) as tickets,
          (select count(*)::int from partial_refunds where order_id = any(${`{${ids.join(',')}}`}::uuid[])) as parts,
          (select count(*)::int from refunds r join payments p on p.id = r.payment_id where p.order_id = any(${`{${ids.join(',')}}`}::uuid[])) as refunds,
          (select count(*)::int from tickets where order_id = any(${`{${ids.join(',')}}`}::uuid[]) and status = 'void') as void,
          (select count(*)::int from inventory_units u join tickets t on t.unit_id = u.id where t.order_id = any(${`{${ids.join(',')}}`}::uuid[]) and u.status = 'available') as free,
          (select count(*)::int from payments p where p.order_id = any(${`{${ids.join(',')}}`}::uuid[]) and (select coalesce(sum(amount), 0) from refunds r where r.payment_id = p.id) > p.amount) as over`),
    );
    expect(counts).toEqual({ tickets: 8, parts: 8, refunds: 8, void: 8, free: 8, over: 0 });
  });

  it('two refund workers in two processes pay each part refund exactly once', async () => {
    const refunded = new Map<string, number>();
    const provider: PaymentProvider = {
      ...testGateway,
      async refund(payment) {
        refunded.set(payment.idempotencyKey, (refunded.get(payment.idempotencyKey) ?? 0) + 1);
        await sleep(5 + Math.random() * 20);
      },
    };
    const processes = [0, 1].map(() => openDatabase({ url: t.url!, poolSize: 2 }));
    const pending = async () => rowsOf<{ n: number }>(await t.db.execute(sql`select count(*)::int as n from refunds where status = 'pending'`))[0].n;
    const worker = async (db: (typeof processes)[number]['db']) => {
      for (;;) {
        const done = await processDueRefunds({ db, limit: 2, providerFor: () => provider });
        if (!done.length) {
          if (!(await pending())) return;
          await sleep(2);
        }
      }
    };
    try {
      await Promise.all(processes.map((p) => worker(p.db)));
    } finally {
      await Promise.all(processes.map((p) => p.close()));
    }
    const rows = await t.db.select({ scope: s.refunds.scope, status: s.refunds.status, paymentId: s.refunds.paymentId }).from(s.refunds);
    const parts = rows.filter((r) => r.scope.startsWith('ticket:'));
    expect(parts.length).toBe(8);
    expect(rows.every((r) => r.status === 'succeeded')).toBe(true);
    for (const part of parts) expect(refunded.get(`refund_${part.paymentId}_${part.scope}`)).toBe(1);
    expect([...refunded.values()].every((n) => n === 1)).toBe(true);
  });
});
