// Concurrent package holds on real PostgreSQL (DESIGN.md §4): many fans race for the last family
// package's seats and for the last festival passes (lib/server/db/functions.sql package_hold). A package
// is held all or nothing: never a part of one, never a seat twice, never more packages than for sale —
// checked in SQL afterwards. Run: npm run test:pg -- tests/pg/packages.test.ts
import { and, eq, sql } from 'drizzle-orm';
import { rowsOf } from '@/lib/server/db/client';
import * as s from '@/lib/server/db/schema';
import { FAMILY_EVENT, festivalDaySlugs } from '@/lib/server/db/seed/packages';
import { addPackageToCart } from '@/lib/server/packages/sale';
import { checkout } from '@/lib/server/orders/checkout';
import { signedGatewayNotice, testGateway } from '@/lib/server/payments/test-gateway';
import { handlePaymentNotice } from '@/lib/server/payments/webhook';
import { sweepExpiredHolds } from '@/lib/server/cart/sweep';
import { isPostgresRun, useTestDatabase } from '../helpers/db';

const t = useTestDatabase({ seeded: true });
const describePg = isPostgresRun() ? describe : describe.skip;

async function packageNamed(en: string) {
  const [row] = await t.db.select().from(s.packages).where(sql`${s.packages.name}->>'en' = ${en}`);
  return row;
}

async function fans(tag: string, n: number) {
  return t.db
    .insert(s.users)
    .values(Array.from({ length: n }, (_, i) => ({ email: `package-race-${tag}-${i}@example.com`, firstName: 'Race', lastName: `${i}`, locale: 'en' as const })))
    .returning({ id: s.users.id, email: s.users.email });
}

/** No unit in two live carts, and every line of the package in a live cart holds exactly `size` live units. */
async function expectWholePackages(packageId: string, size: number) {
  const doubles = rowsOf(
    await t.db.execute(sql`select hi.unit_id from hold_items hi join holds h on h.id = hi.hold_id
      where h.status in ('active', 'ordered') and hi.unit_id is not null group by hi.unit_id having count(*) > 1`),
  );
  expect(doubles).toEqual([]);
  const partial = rowsOf(
    await t.db.execute(sql`select hp.id, count(u.id)::int as held from hold_packages hp
      join holds h on h.id = hp.hold_id and h.status = 'active'
      left join hold_items hi on hi.package_line_id = hp.id
      left join inventory_units u on u.id = hi.unit_id and u.hold_id = h.id and u.status = 'held'
      where hp.package_id = ${packageId}::uuid and exists (select 1 from hold_items x where x.package_line_id = hp.id)
      group by hp.id having count(u.id) <> ${size}`),
  );
  expect(partial).toEqual([]);
}

describePg('package holds under concurrency', () => {

  it('of many fans racing for the last four seats together, exactly one holds all four and nobody a part of them', async () => {
    const pkg = await packageNamed('Family ticket: 2 adults + 2 children');
    const [event] = await t.db.select().from(s.events).where(eq(s.events.slug, FAMILY_EVENT));
    const [category] = await t.db.select().from(s.ticketTypes).where(and(eq(s.ticketTypes.eventId, event.id), eq(s.ticketTypes.code, 'B')));
    // Category B is sold out but for four seats next to each other in one row and three lone seats.
    const [row] = rowsOf<{ row_id: string }>(
      await t.db.execute(sql`select vs.row_id from inventory_units u join venue_seats vs on vs.id = u.seat_id
        where u.ticket_type_id = ${category.id} group by vs.row_id having count(*) >= 12 order by vs.row_id limit 1`),
    );
    const rowSeats = rowsOf<{ id: string; seat_id: string }>(
      await t.db.execute(sql`select u.id, u.seat_id from inventory_units u join venue_seats vs on vs.id = u.seat_id
        where u.ticket_type_id = ${category.id} and vs.row_id = ${row.row_id} order by vs.sort_order`),
    );
    const together = rowSeats.slice(2, 6).map((r) => r.id);
    const lone = [rowSeats[7].id, rowSeats[9].id, rowSeats[11].id];
    await t.db.execute(sql`update inventory_units set status = 'sold' where ticket_type_id = ${category.id}`);
    await t.db.execute(sql`update inventory_units set status = 'available' where id in (${sql.join([...together, ...lone].map((id) => sql`${id}::uuid`), sql`, `)})`);
    const togetherSeats = rowSeats.slice(2, 6).map((r) => r.seat_id);

    const racers = await fans('family', 30);
    // A third of them chose the four seats on the map themselves; the rest let "best available" choose.
    const results = await Promise.all(
      racers.map((fan, i) => addPackageToCart({ user: fan, eventRef: FAMILY_EVENT, packageId: pkg.id, seatIds: i % 3 === 0 ? togetherSeats : undefined, locale: 'en' })),
    );
    const winners = results.filter((r) => r.ok);
    expect(winners).toHaveLength(1);
    expect(results.filter((r) => !r.ok).every((r) => !r.ok && ['SEAT_TAKEN', 'SOLD_OUT', 'PACKAGE_NO_SEATS_TOGETHER'].includes(r.code))).toBe(true);

    // In SQL: the four seats are held by one live cart, together with nothing else of category B; the lone ones by nobody.
    const holders = rowsOf<{ hold_id: string; n: number }>(
      await t.db.execute(sql`select u.hold_id, count(*)::int as n from inventory_units u join holds h on h.id = u.hold_id and h.status = 'active'
        where u.ticket_type_id = ${category.id} and u.status = 'held' and u.held_until > now() group by u.hold_id`),
    );
    expect(holders).toEqual([{ hold_id: expect.any(String), n: 4 }]);
    const held = rowsOf<{ id: string }>(await t.db.execute(sql`select id from inventory_units where hold_id = ${holders[0].hold_id}::uuid and status = 'held'`)).map((r) => r.id);
    expect(held.sort()).toEqual([...together].sort());
    const [{ lonelyHeld }] = rowsOf<{ lonelyHeld: number }>(
      await t.db.execute(sql`select count(*)::int as "lonelyHeld" from inventory_units where id in (${sql.join(lone.map((id) => sql`${id}::uuid`), sql`, `)}) and status <> 'available'`),
    );
    expect(lonelyHeld).toBe(0);
    // Losers hold nothing: no package line, no item.
    const [{ lines }] = rowsOf<{ lines: number }>(
      await t.db.execute(sql`select count(*)::int as lines from hold_packages hp join holds h on h.id = hp.hold_id join users u on u.id = h.user_id
        where u.email like 'package-race-family-%' and exists (select 1 from hold_items hi where hi.package_line_id = hp.id)`),
    );
    expect(lines).toBe(1);
    await expectWholePackages(pkg.id, 4);
  }, 120_000);

  it('of many fans racing for the last festival passes, exactly as many win as are left, each with a place on every day', async () => {
    const pkg = await packageNamed('Festival pass: Friday to Sunday');
    await t.db.update(s.packages).set({ quantity: 3 }).where(eq(s.packages.id, pkg.id));
    const racers = await fans('pass', 25);
    const results = await Promise.all(racers.map((fan, i) => addPackageToCart({ user: fan, eventRef: festivalDaySlugs[i % 3], packageId: pkg.id, locale: 'en' })));
    expect(results.filter((r) => r.ok)).toHaveLength(3);
    expect(results.filter((r) => !r.ok).every((r) => !r.ok && r.code === 'SOLD_OUT')).toBe(true);
    const [{ taken }] = rowsOf<{ taken: number }>(await t.db.execute(sql`select package_taken(${pkg.id}::uuid, now()) as taken`));
    expect(taken).toBe(3);
    // Each pass: one place on each of the three days.
    const perLine = rowsOf<{ days: number; units: number }>(
      await t.db.execute(sql`select count(distinct u.event_id)::int as days, count(*)::int as units from hold_packages hp
        join hold_items hi on hi.package_line_id = hp.id join inventory_units u on u.id = hi.unit_id and u.status = 'held'
        where hp.package_id = ${pkg.id}::uuid group by hp.id`),
    );
    expect(perLine).toEqual([{ days: 3, units: 3 }, { days: 3, units: 3 }, { days: 3, units: 3 }]);
    await expectWholePackages(pkg.id, 3);
  }, 120_000);

  it('of many late payments for the last festival passes, exactly as many are honoured as are left, the rest refunded', async () => {
    const pkg = await packageNamed('Festival pass: Friday to Sunday');
    await t.db.update(s.packages).set({ quantity: 1000 }).where(eq(s.packages.id, pkg.id));
    const t0 = new Date();
    const late = new Date(t0.getTime() + 60 * 60_000);
    const urls = { success: (id: string) => `http://x/orders/${id}`, cancel: () => 'http://x/cart', gateway: (id: string) => `/en/pay/${id}` };
    const buyers = await fans('late', 8);
    const payments: string[] = [];
    for (const fan of buyers) {
      const held = await addPackageToCart({ user: fan, eventRef: festivalDaySlugs[0], packageId: pkg.id, locale: 'en', now: t0 });
      expect(held.ok).toBe(true);
      const started = await checkout({ user: { id: fan.id, email: fan.email! }, eventRef: festivalDaySlugs[0], locale: 'en', urls, now: t0 });
      if (!started.ok || started.paid) throw new Error(started.ok ? 'paid at checkout' : started.code);
      payments.push(started.paymentId);
    }
    // Their time ran out, their places went back on sale; meanwhile the pass sold all but two.
    await sweepExpiredHolds({ now: late });
    const [{ taken }] = rowsOf<{ taken: number }>(await t.db.execute(sql`select package_taken(${pkg.id}::uuid, ${late.toISOString()}::timestamptz) as taken`));
    await t.db.update(s.packages).set({ quantity: taken + 2 }).where(eq(s.packages.id, pkg.id));

    const results = await Promise.all(
      payments.map((paymentId) => {
        const { eventId } = signedGatewayNotice(paymentId, 'succeeded');
        return handlePaymentNotice(testGateway, { eventId, paymentId, outcome: 'succeeded' }, late);
      }),
    );
    expect(results.filter((r) => r.kind === 'paid')).toHaveLength(2);
    expect(results.filter((r) => r.kind === 'refunded')).toHaveLength(6);
    // In SQL: never more passes sold than the quantity; the refunded orders issued nothing and their money goes back.
    const [after] = rowsOf<{ taken: number; refunds: number; tickets: number }>(
      await t.db.execute(sql`select package_taken(${pkg.id}::uuid, ${late.toISOString()}::timestamptz) as taken,
        (select count(*)::int from payments p where p.id in (${sql.join(payments.map((id) => sql`${id}::uuid`), sql`, `)}) and p.status = 'refunded') as refunds,
        (select count(*)::int from tickets tk join orders o on o.id = tk.order_id join payments p on p.order_id = o.id
          where p.id in (${sql.join(payments.map((id) => sql`${id}::uuid`), sql`, `)})) as tickets`),
    );
    expect(after).toEqual({ taken: taken + 2, refunds: 6, tickets: 2 * 3 });
  }, 120_000);
});
