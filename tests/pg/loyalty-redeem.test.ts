// Loyalty points are spent once (issue 18 item 6): a fan's carts of several matches, each paying with the
// same points, checked out at the same moment on many connections: exactly one spends them, the others are
// refused (LOYALTY_POINTS_CHANGED), the balance never goes below zero and is the ledger's sum. The same
// cart checked out many times at once spends its points once. PostgreSQL only (PGlite has one connection).
import { and, eq } from 'drizzle-orm';
import { addToCart, setCartPoints } from '@/lib/server/cart';
import * as s from '@/lib/server/db/schema';
import { checkout } from '@/lib/server/orders/checkout';
import { useTestDatabase } from '../helpers/db';
import { freeSeatsOf } from '../helpers/seats';
import { eventBySlug, makeUser } from '../helpers/tickets';

const t = useTestDatabase({ seeded: true });
const MATCHES = ['dunaj-bratislava-fc-kosice', 'dunaj-bratislava-msk-zilina', 'dunaj-bratislava-spartak-trnava', 'dunaj-bratislava-as-trencin', 'dunaj-bratislava-zemplin-michalovce'];
const urls = { success: (id: string) => `http://x/orders/${id}`, cancel: () => 'http://x/cart', gateway: (id: string) => `/en/pay/${id}` };
let orgId: string;

beforeAll(async () => {
  orgId = (await eventBySlug(t.db, MATCHES[0])).orgId;
  await t.db.update(s.loyaltyPrograms).set({ redeemRate: 100, redeemMaxPercent: 100 }).where(eq(s.loyaltyPrograms.orgId, orgId));
});

it('runs on PostgreSQL', () => {
  expect(t.kind).toBe('postgres');
});

async function fanWithPoints(tag: string, points: number) {
  const fan = await makeUser(t.db, tag);
  await t.db.insert(s.loyaltyLedger).values({ orgId, userId: fan.id, points, kind: 'attendance' });
  return fan;
}

async function ledgerState(userId: string) {
  const rows = await t.db.select().from(s.loyaltyLedger).where(and(eq(s.loyaltyLedger.userId, userId), eq(s.loyaltyLedger.orgId, orgId)));
  const [balance] = await t.db.select().from(s.loyaltyBalances).where(and(eq(s.loyaltyBalances.userId, userId), eq(s.loyaltyBalances.orgId, orgId)));
  const reversed = new Set(rows.filter((r) => r.kind === 'reversal').map((r) => r.reversesId));
  return {
    balance: balance.points,
    sum: rows.reduce((n, r) => n + r.points, 0),
    standing: rows.filter((r) => r.kind === 'redemption' && !reversed.has(r.id)),
  };
}

it('carts of five matches paying with the same points, checked out at once: one spends them, the others are refused', async () => {
  for (let round = 0; round < 3; round++) {
    const fan = await fanWithPoints(`race${round}`, 1000);
    for (const slug of MATCHES) {
      const held = await addToCart({ user: fan, eventRef: slug, selection: { seatIds: await freeSeatsOf(t.db, slug, 2, round * 2) }, locale: 'en' });
      if (!held.ok) throw new Error(`${slug}: ${held.code}`);
      const used = await setCartPoints({ user: fan, eventRef: slug, points: 1000, locale: 'en' });
      if (!used.ok || used.cart.loyalty?.points !== 1000) throw new Error(`${slug}: points not taken`);
    }
    const results = await Promise.all(MATCHES.map((slug) => checkout({ user: fan, eventRef: slug, locale: 'en', urls })));
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(results.filter((r) => !r.ok).map((r) => !r.ok && r.code)).toEqual(Array(MATCHES.length - 1).fill('LOYALTY_POINTS_CHANGED'));
    const state = await ledgerState(fan.id);
    expect(state.balance).toBe(0);
    expect(state.sum).toBe(0);
    expect(state.standing.map((r) => r.points)).toEqual([-1000]);
    const winner = results.find((r) => r.ok)!;
    expect(winner.ok && state.standing[0].orderId).toBe(winner.ok && winner.orderId);
    const [order] = await t.db.select().from(s.orders).where(eq(s.orders.id, state.standing[0].orderId!));
    expect(order).toMatchObject({ loyaltyPoints: 1000, loyaltyAmount: 1000 });
  }
});

it('600 and 600 of 1000 points at once: exactly one of the two carts gets them', async () => {
  const fan = await fanWithPoints('halves', 1000);
  for (const slug of MATCHES.slice(0, 2)) {
    const held = await addToCart({ user: fan, eventRef: slug, selection: { seatIds: await freeSeatsOf(t.db, slug, 2, 10) }, locale: 'en' });
    if (!held.ok) throw new Error(held.code);
    expect((await setCartPoints({ user: fan, eventRef: slug, points: 600, locale: 'en' })).ok).toBe(true);
  }
  const results = await Promise.all(MATCHES.slice(0, 2).map((slug) => checkout({ user: fan, eventRef: slug, locale: 'en', urls })));
  expect(results.filter((r) => r.ok)).toHaveLength(1);
  const state = await ledgerState(fan.id);
  expect(state.balance).toBe(400);
  expect(state.sum).toBe(400);
  expect(state.standing.map((r) => r.points)).toEqual([-600]);
});

it('one cart checked out ten times at once spends its points once', async () => {
  const fan = await fanWithPoints('tabs', 1000);
  const slug = MATCHES[2];
  const held = await addToCart({ user: fan, eventRef: slug, selection: { seatIds: await freeSeatsOf(t.db, slug, 1, 20) }, locale: 'en' });
  if (!held.ok) throw new Error(held.code);
  const points = held.cart.loyalty!.usable;
  expect((await setCartPoints({ user: fan, eventRef: slug, points, locale: 'en' })).ok).toBe(true);
  const results = await Promise.all(Array.from({ length: 10 }, () => checkout({ user: fan, eventRef: slug, locale: 'en', urls })));
  expect(results.every((r) => r.ok)).toBe(true);
  const state = await ledgerState(fan.id);
  expect(state.balance).toBe(1000 - points);
  expect(state.sum).toBe(1000 - points);
  expect(state.standing.map((r) => r.points)).toEqual([-points]);
});
