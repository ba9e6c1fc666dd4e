// Orders with nothing left to pay under concurrency, on real PostgreSQL (DESIGN.md §4): checkout completes
// them itself (orders/checkout.ts), so the wallet credit and the seat must still go exactly once — many
// checkouts of one fully covered cart at once pay it once; carts of several matches of the club checked out
// at once share one credit without spending more than it holds; fans with credit racing for the last seat of
// a match make one sale.
// Run: npm run test:pg -- tests/pg/checkout-covered.test.ts
import { and, eq, inArray, sql } from 'drizzle-orm';
import { rowsOf } from '@/lib/server/db/client';
import * as s from '@/lib/server/db/schema';
import { addToCart } from '@/lib/server/cart';
import { checkout } from '@/lib/server/orders/checkout';
import { testGateway } from '@/lib/server/payments/test-gateway';
import type { PaymentProvider } from '@/lib/server/payments/types';
import { walletBalance } from '@/lib/server/wallet';
import { isPostgresRun, useTestDatabase } from '../helpers/db';
import { eventBySlug, makeUser, type TestUser } from '../helpers/tickets';

const t = useTestDatabase({ seeded: true });
const describePg = isPostgresRun() ? describe : describe.skip;
const urls = { success: (id: string) => `http://x/orders/${id}`, cancel: () => 'http://x/cart', gateway: (id: string) => `/en/pay/${id}` };
/** FK Dunaj's matches: one club, one wallet. */
const MATCHES = ['dunaj-bratislava-msk-zilina', 'dunaj-bratislava-fc-kosice', 'dunaj-bratislava-spartak-trnava'] as const;

/** The test gateway, counting the payments it is asked to create. */
function countingGateway() {
  const created: number[] = [];
  const provider: PaymentProvider = {
    ...testGateway,
    async createPayment(input) {
      created.push(input.amount);
      return testGateway.createPayment(input);
    },
  };
  return { provider, created };
}

async function grantCredit(fan: { id: string }, slug: string, amount: number) {
  const event = await eventBySlug(t.db, slug);
  await t.db.insert(s.wallets).values({ userId: fan.id, orgId: event.orgId, currency: event.currency }).onConflictDoNothing();
  await t.db.insert(s.walletLedger).values({ userId: fan.id, orgId: event.orgId, currency: event.currency, kind: 'release_credit', amount });
}

async function balance(fan: { id: string }, slug: string) {
  const event = await eventBySlug(t.db, slug);
  return walletBalance(t.db, { userId: fan.id, orgId: event.orgId, currency: event.currency }, new Date());
}

/** Free seats spread over the stand, skipping `skip` of them (so rounds and cases take different ones). */
async function freeSeats(slug: string, count: number, skip: number): Promise<string[]> {
  const event = await eventBySlug(t.db, slug);
  return rowsOf<{ seat_id: string }>(
    await t.db.execute(sql`select seat_id from inventory_units where event_id = ${event.id}::uuid and status = 'available' and seat_id is not null
      order by spread offset ${skip} limit ${count}`),
  ).map((r) => r.seat_id);
}

async function hold(fan: TestUser, slug: string, seatIds: string[]) {
  const held = await addToCart({ user: fan, eventRef: slug, selection: { seatIds }, locale: 'en' });
  if (!held.ok) throw new Error(held.code);
  return held.cart;
}

async function ordersOf(fan: { id: string }) {
  return t.db.select().from(s.orders).where(eq(s.orders.userId, fan.id));
}

async function spendsOf(orderIds: string[]) {
  if (!orderIds.length) return [];
  return t.db.select().from(s.walletLedger).where(and(inArray(s.walletLedger.orderId, orderIds), eq(s.walletLedger.kind, 'order_spend')));
}

describePg('orders with nothing to pay under concurrency', () => {

  it('twelve checkouts at once of one cart the credit covers: one order, paid once, the credit spent once, no payment', async () => {
    for (let round = 0; round < 3; round++) {
      const fan = await makeUser(t.db, `pg-covered-${round}`);
      const cart = await hold(fan, MATCHES[0], await freeSeats(MATCHES[0], 2, 40 * round));
      await grantCredit(fan, MATCHES[0], cart.total.amount + 100);
      const { provider, created } = countingGateway();
      const results = await Promise.all(Array.from({ length: 12 }, () => checkout({ user: fan, eventRef: MATCHES[0], locale: 'en', urls, provider })));
      const paid = results.filter((r) => r.ok && r.paid);
      expect(paid).toHaveLength(1);
      // The others found the cart done (or queued behind the one that did it).
      expect(results.filter((r) => !r.ok).map((r) => !r.ok && r.code)).toEqual(Array(11).fill('CART_EMPTY'));
      expect(created).toEqual([]);
      const orders = await ordersOf(fan);
      expect(orders.map((o) => ({ status: o.status, total: o.totalAmount, current: o.currentPaymentId }))).toEqual([{ status: 'paid', total: 0, current: null }]);
      expect(await t.db.select().from(s.payments).where(eq(s.payments.orderId, orders[0].id))).toEqual([]);
      expect((await spendsOf([orders[0].id])).map((l) => l.amount)).toEqual([cart.total.amount]);
      expect(await balance(fan, MATCHES[0])).toBe(100);
      const tickets = await t.db.select().from(s.tickets).where(eq(s.tickets.orderId, orders[0].id));
      expect(tickets).toHaveLength(2);
    }
    const dupes = rowsOf(await t.db.execute(sql`select unit_id from tickets where unit_id is not null group by unit_id having count(*) > 1`));
    expect(dupes).toEqual([]);
  }, 120_000);

  it('carts at three matches checked out at once (each three times) share one credit: never more spent than it holds', async () => {
    for (let round = 0; round < 3; round++) {
      const fan = await makeUser(t.db, `pg-shared-${round}`);
      const carts = [];
      for (const slug of MATCHES) carts.push(await hold(fan, slug, await freeSeats(slug, 1, 200 + 20 * round)));
      const totals = carts.map((c) => c.total.amount);
      // Enough for the cheapest cart, never for two: whichever checkout locks the wallet first takes what it needs.
      const credit = Math.min(...totals);
      await grantCredit(fan, MATCHES[0], credit);
      const { provider } = countingGateway();
      const results = await Promise.all(
        MATCHES.flatMap((slug) => Array.from({ length: 3 }, () => checkout({ user: fan, eventRef: slug, locale: 'en', urls, provider }))),
      );
      for (const r of results) if (!r.ok) expect(r.code).toBe('CART_EMPTY');
      const orders = await ordersOf(fan);
      expect(orders).toHaveLength(MATCHES.length);
      const spends = await spendsOf(orders.map((o) => o.id));
      const spent = spends.reduce((sum, l) => sum + l.amount, 0);
      expect(spent).toBeLessThanOrEqual(credit);
      expect(await balance(fan, MATCHES[0])).toBe(credit - spent);
      // A paid order took no payment and its whole gross in credit; every other order waits for a payment of what is left.
      const paid = orders.filter((o) => o.status === 'paid');
      expect(paid.length).toBeLessThanOrEqual(1);
      for (const order of orders) {
        const payments = await t.db.select().from(s.payments).where(eq(s.payments.orderId, order.id));
        const spend = spends.find((l) => l.orderId === order.id)?.amount ?? 0;
        const gross = totals[carts.findIndex((c) => c.holdId === order.holdId)];
        expect(order.totalAmount).toBe(gross - spend);
        if (order.status === 'paid') {
          expect(order.totalAmount).toBe(0);
          expect(payments).toEqual([]);
        } else {
          expect(order.totalAmount).toBeGreaterThan(0);
          expect(payments.find((p) => p.id === order.currentPaymentId)).toMatchObject({ status: 'pending', amount: order.totalAmount });
        }
      }
    }
  }, 120_000);

  it('fans with credit racing for the last seat of a match: one holds and pays it with credit, the others keep theirs', async () => {
    const slug = MATCHES[1];
    for (let round = 0; round < 4; round++) {
      const [seatId] = await freeSeats(slug, 1, 400 + 10 * round);
      const fans = await Promise.all(Array.from({ length: 8 }, (_, i) => makeUser(t.db, `pg-last-seat-${round}-${i}`)));
      for (const fan of fans) await grantCredit(fan, slug, 100_000);
      const { provider, created } = countingGateway();
      const results = await Promise.all(
        fans.map(async (fan) => {
          const held = await addToCart({ user: fan, eventRef: slug, selection: { seatIds: [seatId] }, locale: 'en' });
          if (!held.ok) return held;
          return checkout({ user: fan, eventRef: slug, locale: 'en', urls, provider });
        }),
      );
      const paid = results.filter((r) => r.ok && 'paid' in r && r.paid);
      expect(paid).toHaveLength(1);
      expect(results.filter((r) => !r.ok)).toHaveLength(fans.length - 1);
      expect(created).toEqual([]);
      const event = await eventBySlug(t.db, slug);
      const sold = rowsOf<{ n: number }>(
        await t.db.execute(sql`select count(*)::int as n from tickets t join inventory_units u on u.id = t.unit_id where u.event_id = ${event.id}::uuid and u.seat_id = ${seatId}::uuid`),
      );
      expect(sold).toEqual([{ n: 1 }]);
      const balances = await Promise.all(fans.map((fan) => balance(fan, slug)));
      expect(balances.filter((b) => b === 100_000)).toHaveLength(fans.length - 1);
      expect(balances.filter((b) => b < 100_000)).toHaveLength(1);
    }
  }, 120_000);
});
