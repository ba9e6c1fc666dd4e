// Money checks under concurrency on real PostgreSQL: duplicate provider notices and refund-queue workers
// in several processes at once. Run: npm run test:pg -- tests/pg/payments.test.ts
import { and, eq, inArray, sql } from 'drizzle-orm';
import { openDatabase, rowsOf } from '@/lib/server/db/client';
import * as s from '@/lib/server/db/schema';
import { addToCart } from '@/lib/server/cart';
import { checkout } from '@/lib/server/orders/checkout';
import { testGateway } from '@/lib/server/payments/test-gateway';
import { handlePaymentNotice } from '@/lib/server/payments/webhook';
import { processDueRefunds } from '@/lib/server/payments/refunds';
import type { PaymentProvider } from '@/lib/server/payments';
import { isPostgresRun, useTestDatabase } from '../helpers/db';

const t = useTestDatabase({ seeded: true });
const describePg = isPostgresRun() ? describe : describe.skip;
const CONCERT = 'polarna-ziara-kosice';
const urls = { success: () => 'http://x/ok', cancel: () => 'http://x/cart', gateway: (id: string) => `/en/pay/${id}` };
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));


describePg('payments under concurrency (PostgreSQL)', () => {
  it('duplicate notices and refund workers in three processes at once: each old payment is refunded exactly once, each order gets its tickets exactly once', async () => {
    const [e] = await t.db.select({ id: s.events.id }).from(s.events).where(eq(s.events.slug, CONCERT));
    const [ga] = await t.db.select().from(s.ticketTypes).where(and(eq(s.ticketTypes.eventId, e.id), eq(s.ticketTypes.code, 'GA')));
    const buyers = await t.db
      .insert(s.users)
      .values(Array.from({ length: 12 }, (_, i) => ({ email: `payer-${i}@example.com`, firstName: 'Pay', lastName: `${i}`, locale: 'en' as const })))
      .returning({ id: s.users.id, email: s.users.email });
    // Each fan checks out, then checks out again: half of them after adding tickets (a dearer order), half as a plain retry.
    const orders: { orderId: string; old: string; current: string; tickets: number }[] = [];
    for (const [i, buyer] of buyers.entries()) {
      const user = { id: buyer.id, email: buyer.email! };
      expect((await addToCart({ user, eventRef: CONCERT, selection: { ticketTypeId: ga.id, quantity: 1 }, locale: 'en' })).ok).toBe(true);
      const old = await checkout({ user, eventRef: CONCERT, locale: 'en', urls });
      if (!old.ok || old.paid) throw new Error(old.ok ? 'paid at checkout' : old.code);
      const more = i % 2 === 0 ? 2 : 0;
      if (more) expect((await addToCart({ user, eventRef: CONCERT, selection: { ticketTypeId: ga.id, quantity: more }, locale: 'en' })).ok).toBe(true);
      const current = await checkout({ user, eventRef: CONCERT, locale: 'en', urls });
      if (!current.ok || current.paid) throw new Error(current.ok ? 'paid at checkout' : current.code);
      orders.push({ orderId: current.orderId, old: old.paymentId, current: current.paymentId, tickets: 1 + more });
    }

    // The provider: counts every refund that reaches it, and takes its time so that workers overlap.
    const refunded = new Map<string, number>();
    const provider: PaymentProvider = {
      ...testGateway,
      async refund(payment) {
        refunded.set(payment.id, (refunded.get(payment.id) ?? 0) + 1);
        await sleep(5 + Math.random() * 20);
      },
    };

    // Every payment's "paid" arrives many times: the same event redelivered, and distinct events for one payment.
    const notices = orders.flatMap((o) =>
      [o.old, o.current].flatMap((paymentId) => [
        ...Array.from({ length: 5 }, () => ({ eventId: `test_${paymentId}_succeeded`, paymentId, outcome: 'succeeded' as const })),
        ...Array.from({ length: 3 }, (_, k) => ({ eventId: `other_${k}_${paymentId}`, paymentId, outcome: 'succeeded' as const })),
      ]),
    );
    notices.sort(() => Math.random() - 0.5);

    const processes = [0, 1, 2].map(() => openDatabase({ url: t.url!, poolSize: 3 }));
    let noticesDone = false;
    const pending = async () =>
      rowsOf<{ n: number }>(await t.db.execute(sql`select count(*)::int as n from refunds where status = 'pending'`))[0].n;
    const worker = async (db: (typeof processes)[number]['db']) => {
      for (;;) {
        const done = await processDueRefunds({ db, limit: 2, providerFor: () => provider });
        if (!done.length) {
          if (noticesDone && !(await pending())) return;
          await sleep(2);
        }
      }
    };
    try {
      const workers = processes.flatMap((p) => [worker(p.db), worker(p.db), worker(p.db)]);
      const results = await Promise.all(notices.map((n) => handlePaymentNotice(provider, n)));
      noticesDone = true;
      await Promise.all(workers);

      const kinds = (paymentId: string) => results.filter((_, i) => notices[i].paymentId === paymentId).map((r) => r.kind);
      for (const o of orders) {
        expect(kinds(o.current).filter((k) => k === 'paid')).toHaveLength(1);
        expect(kinds(o.old).filter((k) => k === 'refunded')).toHaveLength(1);
        expect(kinds(o.old)).not.toContain('paid');
      }
    } finally {
      await Promise.all(processes.map((p) => p.close()));
    }

    // Each old payment reached the provider's refund exactly once; no current payment did.
    for (const o of orders) {
      expect(refunded.get(o.old)).toBe(1);
      expect(refunded.get(o.current)).toBeUndefined();
    }
    const refunds = await t.db.select().from(s.refunds).where(inArray(s.refunds.paymentId, orders.map((o) => o.old)));
    expect(refunds).toHaveLength(orders.length);
    expect(refunds.every((r) => r.status === 'succeeded' && r.attempts === 1)).toBe(true);

    // Each order is paid once, with exactly its tickets, and no unit is in two tickets.
    for (const o of orders) {
      const [order] = await t.db.select().from(s.orders).where(eq(s.orders.id, o.orderId));
      expect(order.status).toBe('paid');
      const tickets = await t.db.select().from(s.tickets).where(eq(s.tickets.orderId, o.orderId));
      expect(tickets).toHaveLength(o.tickets);
      const [current] = await t.db.select().from(s.payments).where(eq(s.payments.id, o.current));
      const [old] = await t.db.select().from(s.payments).where(eq(s.payments.id, o.old));
      expect([current.status, old.status]).toEqual(['succeeded', 'refunded']);
    }
    const twoTickets = rowsOf(await t.db.execute(sql`select unit_id from tickets group by unit_id having count(*) > 1`));
    expect(twoTickets).toEqual([]);
  });
});
