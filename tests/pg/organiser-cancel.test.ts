// Cancelling an event under concurrency on real PostgreSQL: several cancel requests, sweeper ticks in
// three processes and refund-queue workers at once — every paid order refunded exactly once, checked in SQL.
// Run: TEST_DATABASE_URL=… npx jest --config jest.pg.config.ts tests/pg/organiser-cancel.test.ts
import { and, eq, sql } from 'drizzle-orm';
import { openDatabase, rowsOf } from '@/lib/server/db/client';
import * as s from '@/lib/server/db/schema';
import { addToCart } from '@/lib/server/cart';
import { checkout } from '@/lib/server/orders/checkout';
import { cancelEvent, finishCancelledEvents } from '@/lib/server/events/cancel';
import { processDueRefunds } from '@/lib/server/payments/refunds';
import { testGateway } from '@/lib/server/payments/test-gateway';
import { handlePaymentNotice } from '@/lib/server/payments/webhook';
import type { PaymentProvider } from '@/lib/server/payments';
import { isPostgresRun, useTestDatabase } from '../helpers/db';
import { makeMember, orgIdOfSlug } from '../helpers/organiser';

const t = useTestDatabase({ seeded: true });
const describePg = isPostgresRun() ? describe : describe.skip;
const CONCERT = 'polarna-ziara-kosice';
const ORDERS = 60;
const urls = { success: () => 'http://x/ok', cancel: () => 'http://x/cart', gateway: (id: string) => `/en/pay/${id}` };
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));


describePg('event cancellation under concurrency (PostgreSQL)', () => {
  it('three cancel requests, sweeper ticks in three processes and refund workers at once: every paid order refunded exactly once, every buyer mailed once', async () => {
    const [event] = await t.db.select({ id: s.events.id }).from(s.events).where(eq(s.events.slug, CONCERT));
    const [ga] = await t.db.select().from(s.ticketTypes).where(and(eq(s.ticketTypes.eventId, event.id), eq(s.ticketTypes.code, 'GA')));
    const orgId = await orgIdOfSlug(t.db, 'pulz-live');
    const [owner, manager] = [await makeMember(t.db, orgId, 'owner'), await makeMember(t.db, orgId, 'manager')];
    // The demo's own paid orders of the concert (the demo fan's, lib/server/db/seed/tickets.ts) are refunded with the rest.
    const [seeded] = rowsOf<{ orders: number; buyers: number }>(
      await t.db.execute(sql`select count(*)::int as orders, count(distinct user_id)::int as buyers from orders where event_id = ${event.id} and status = 'paid'`),
    );
    const buyers = await t.db
      .insert(s.users)
      .values(Array.from({ length: ORDERS }, (_, i) => ({ email: `cancelled-${i}@example.com`, firstName: 'Fan', lastName: `${i}`, locale: (['sk', 'cs', 'en'] as const)[i % 3] })))
      .returning({ id: s.users.id, email: s.users.email });
    for (const [i, buyer] of buyers.entries()) {
      const user = { id: buyer.id, email: buyer.email! };
      expect((await addToCart({ user, eventRef: CONCERT, selection: { ticketTypeId: ga.id, quantity: 1 + (i % 2) }, locale: 'en' })).ok).toBe(true);
      const order = await checkout({ user, eventRef: CONCERT, locale: 'en', urls });
      if (!order.ok || order.paid) throw new Error(order.ok ? 'paid at checkout' : order.code);
      expect((await handlePaymentNotice(testGateway, { eventId: `test_${order.paymentId}_succeeded`, paymentId: order.paymentId, outcome: 'succeeded' })).kind).toBe('paid');
    }

    // The provider counts every refund that reaches it, and takes its time so that workers overlap.
    const refunded = new Map<string, number>();
    const provider: PaymentProvider = {
      ...testGateway,
      async refund(payment) {
        refunded.set(payment.id, (refunded.get(payment.id) ?? 0) + 1);
        await sleep(2 + Math.random() * 10);
      },
    };
    const processes = [0, 1, 2].map(() => openDatabase({ url: t.url!, poolSize: 3 }));
    const left = async () =>
      rowsOf<{ n: number }>(
        await t.db.execute(sql`select (select count(*) from orders where event_id = ${event.id} and status = 'paid')
          + (select count(*) from refunds where status = 'pending')
          + (select count(*) from tickets where event_id = ${event.id} and status <> 'void') as n`),
      )[0].n;
    let requestsDone = false;
    const sweeper = async (db: (typeof processes)[number]['db']) => {
      for (;;) {
        await finishCancelledEvents({ db });
        const sent = await processDueRefunds({ db, limit: 3, providerFor: () => provider });
        if (!sent.length) {
          if (requestsDone && Number(await left()) === 0) return;
          await sleep(3);
        }
      }
    };
    try {
      const sweepers = processes.flatMap((p) => [sweeper(p.db), sweeper(p.db)]);
      // Each request does a few orders itself (as one with many orders does a share), the sweepers the rest.
      const requests = await Promise.all([
        cancelEvent(owner, event.id, { maxOrders: 7 }),
        cancelEvent(manager, event.id, { maxOrders: 7 }),
        sleep(5).then(() => cancelEvent(owner, event.id, { maxOrders: 7 })),
      ]);
      requestsDone = true;
      expect(requests.every((r) => r.ok)).toBe(true);
      // One cancellation time: the later requests found it cancelled.
      expect(new Set(requests.map((r) => (r.ok ? r.event.cancelledAt : null))).size).toBe(1);
      await Promise.all(sweepers);
    } finally {
      await Promise.all(processes.map((p) => p.close()));
    }

    const perOrder = rowsOf<{ status: string; payments: number; refunds: number; succeeded: number }>(
      await t.db.execute(sql`
        select o.status, count(distinct p.id)::int as payments, count(r.id)::int as refunds, count(r.id) filter (where r.status = 'succeeded')::int as succeeded
        from orders o join payments p on p.order_id = o.id left join refunds r on r.payment_id = p.id
        where o.event_id = ${event.id} group by o.id, o.status`),
    );
    expect(perOrder).toHaveLength(ORDERS + seeded.orders);
    expect(perOrder.every((o) => o.status === 'refunded' && o.payments === 1 && o.refunds === 1 && o.succeeded === 1)).toBe(true);
    const twice = rowsOf<{ n: number }>(await t.db.execute(sql`select count(*)::int as n from (select payment_id from refunds group by payment_id having count(*) > 1) x`));
    expect(twice[0].n).toBe(0);
    expect(refunded.size).toBe(ORDERS + seeded.orders);
    expect([...refunded.values()].every((times) => times === 1)).toBe(true);
    const live = rowsOf<{ n: number }>(await t.db.execute(sql`select count(*)::int as n from tickets where event_id = ${event.id} and status <> 'void'`));
    expect(live[0].n).toBe(0);
    const mails = rowsOf<{ to_address: string; n: number }>(
      await t.db.execute(sql`select to_address, count(*)::int as n from email_outbox where kind = 'event-cancelled-refund' group by to_address`),
    );
    expect(mails).toHaveLength(ORDERS + seeded.buyers);
    expect(mails.every((m) => m.n === 1)).toBe(true);
  }, 180_000);
});
