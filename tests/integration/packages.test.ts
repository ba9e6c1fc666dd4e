// Packages (issue 18 item 4): tickets sold as one at one price — a family ticket of seats together, a
// festival pass over every day, a VIP add-on — held all or nothing, one line in the cart at the package
// price, paid as one and issued as separate tickets. On the demo seed (seed/packages.ts).
import { and, eq, inArray, sql } from 'drizzle-orm';
import { rowsOf } from '@/lib/server/db/client';
import * as s from '@/lib/server/db/schema';
import { FAMILY_EVENT, festivalDaySlugs } from '@/lib/server/db/seed/packages';
import { cartSchema } from '@/lib/schemas/cart';
import { eventPackagesSchema, organiserPackageAnswerSchema, organiserPackageListSchema } from '@/lib/schemas/packages';
import { addToCart, applyCoupon, removeFromCart } from '@/lib/server/cart';
import { orderListSchema, orderSchema } from '@/lib/schemas/orders';
import { getOrder } from '@/lib/server/orders/read';
import { bestSeatsTogether } from '@/lib/server/packages/seats';
import { GET as listOrdersRoute } from '@/tests/helpers/api';
import { GET as orderRoute } from '@/tests/helpers/api';
import { checkout } from '@/lib/server/orders/checkout';
import { signedGatewayNotice, testGateway } from '@/lib/server/payments/test-gateway';
import { handlePaymentNotice } from '@/lib/server/payments/webhook';
import { addPackageToCart } from '@/lib/server/packages/sale';
import { sweepExpiredHolds } from '@/lib/server/cart/sweep';
import { GET as packagesGet, POST as packagesPost } from '@/tests/helpers/api';
import { DELETE as packageDelete, PATCH as packagePatch } from '@/tests/helpers/api';
import { GET as eventPackagesGet } from '@/tests/helpers/api';
import { POST as cartPackagesPost } from '@/tests/helpers/api';
import { useTestDatabase } from '../helpers/db';
import { answerOf, failureBodyOf } from '../helpers/contract';
import { auth, makeUser, params, request, type TestUser } from '../helpers/tickets';
import { expectedStatuses, makeCast, orgIdOfSlug, statusesOf } from '../helpers/organiser';

const t = useTestDatabase({ seeded: true });
const urls = { success: (id: string) => `http://x/orders/${id}`, cancel: () => 'http://x/cart', gateway: (id: string) => `/en/pay/${id}` };


const sum = (lines: { amount: { amount: number } }[]) => lines.reduce((n, line) => n + line.amount.amount, 0);

async function packageNamed(en: string) {
  const [row] = await t.db.select().from(s.packages).where(sql`${s.packages.name}->>'en' = ${en}`);
  return row;
}
const FAMILY4 = 'Family ticket: 2 adults + 2 children';
const PASS = 'Festival pass: Friday to Sunday';
const VIP = 'Saturday VIP add-on: parking and VIP lounge';

async function eventPackages(slug: string) {
  return answerOf(eventPackagesSchema, await eventPackagesGet(request(`/api/v1/events/${slug}/packages`, { headers: { 'accept-language': 'en' } }), params({ id: slug })));
}

async function addPackage(fan: TestUser, slug: string, body: unknown) {
  return cartPackagesPost(request(`/api/v1/events/${slug}/cart/packages`, { method: 'POST', headers: auth(fan), body }), params({ id: slug }));
}

async function pay(fan: TestUser, slug: string) {
  const result = await checkout({ user: fan, eventRef: slug, locale: 'en', urls });
  if (!result.ok || result.paid) throw new Error(result.ok ? 'paid at checkout' : result.code);
  const { eventId } = signedGatewayNotice(result.paymentId, 'succeeded');
  const paid = await handlePaymentNotice(testGateway, { eventId, paymentId: result.paymentId, outcome: 'succeeded' }, new Date());
  expect(paid.kind).toBe('paid');
  return result.orderId;
}

/** The seats of units held or sold for `holdId`, with their row and place in it. */
async function seatsOfHold(holdId: string) {
  return rowsOf<{ unit_id: string; seat_id: string; row_id: string; sort_order: number; status: string; event_id: string }>(
    await t.db.execute(sql`select u.id as unit_id, u.seat_id, vs.row_id, vs.sort_order, u.status, u.event_id from inventory_units u
      left join venue_seats vs on vs.id = u.seat_id where u.hold_id = ${holdId}::uuid order by vs.sort_order`),
  );
}

/** `n` runs of `count` free seats together of category `code` (the seat map's rule), none sharing a seat. */
async function runsOf(slug: string, code: string, count: number, n: number): Promise<string[][]> {
  const [type] = await t.db
    .select({ id: s.ticketTypes.id, eventId: s.events.id })
    .from(s.ticketTypes)
    .innerJoin(s.events, eq(s.events.id, s.ticketTypes.eventId))
    .where(and(eq(s.events.slug, slug), eq(s.ticketTypes.code, code)));
  const avoid = new Set<string>();
  const runs: string[][] = [];
  for (let i = 0; i < n; i++) {
    const run = await bestSeatsTogether(type.eventId, type.id, count, new Date(), avoid);
    if (!run) throw new Error(`no ${count} seats together in ${code}`);
    run.forEach((id) => avoid.add(id));
    runs.push(run);
  }
  return runs;
}

describe('packages on the event page', () => {
  it('lists the family tickets at the match and the festival pass on each festival day, with their contents and how many are left', async () => {
    const family = await eventPackages(FAMILY_EVENT);
    expect(family.packages.map((p) => p.name)).toEqual(['Family ticket: 2 adults + 1 child', FAMILY4]);
    const four = family.packages.find((p) => p.name === FAMILY4)!;
    expect(four).toMatchObject({ price: { amount: 5400, currency: 'EUR' }, faceValue: { amount: 7200, currency: 'EUR' }, left: 40, seated: true, tickets: 4 });
    for (const day of festivalDaySlugs) {
      const pass = (await eventPackages(day)).packages.find((p) => p.name === PASS)!;
      expect(pass).toMatchObject({ price: { amount: 9900 }, seated: false, tickets: 3 });
      expect(pass.contents.map((c) => c.eventTitle)).toEqual(['Lúka Fest 2027 – Friday', 'Lúka Fest 2027 – Saturday', 'Lúka Fest 2027 – Sunday']);
    }
    const sk = answerOf(eventPackagesSchema, await eventPackagesGet(request(`/api/v1/events/${FAMILY_EVENT}/packages`, { headers: { 'accept-language': 'sk' } }), params({ id: FAMILY_EVENT })));
    expect((await sk).packages.map((p) => p.name)).toContain('Rodinná vstupenka: 2 dospelí + 2 deti');
    expect((await eventPackagesGet(request('/api/v1/events/nope/packages'), params({ id: 'nope' }))).status).toBe(404);
  });
});

describe('buying a package', () => {
  it('holds a family package as four seats together, shows one line at the package price, and issues four tickets', async () => {
    const fan = await makeUser(t.db, 'family');
    const pkg = await packageNamed(FAMILY4);
    const cart = await answerOf(cartSchema, await addPackage(fan, FAMILY_EVENT, { packageId: pkg.id }));
    expect(cart.items).toHaveLength(1);
    const [line] = cart.items;
    expect(line.kind).toBe('package');
    expect(line.price.amount).toBe(5400);
    expect(line.package!.name).toBe(FAMILY4);
    expect(line.package!.tickets).toHaveLength(4);
    expect(line.package!.tickets.every((x) => x.seat)).toBe(true);
    expect(cart.count).toBe(4);
    expect(cart.subtotal.amount).toBe(5400);
    // Seats together: one row, next to each other.
    const seats = await seatsOfHold(cart.holdId!);
    expect(seats).toHaveLength(4);
    expect(new Set(seats.map((x) => x.row_id)).size).toBe(1);
    expect(seats.map((x) => x.sort_order - seats[0].sort_order)).toEqual([0, 1, 2, 3]);

    const orderId = await pay(fan, FAMILY_EVENT);
    const tickets = await t.db.select().from(s.tickets).where(eq(s.tickets.orderId, orderId));
    expect(tickets).toHaveLength(4);
    expect(new Set(tickets.map((x) => x.unitId)).size).toBe(4);
    expect(tickets.every((x) => x.ownerId === fan.id && x.status === 'valid')).toBe(true);
    const [order] = await t.db.select().from(s.orders).where(eq(s.orders.id, orderId));
    expect(order.subtotalAmount).toBe(5400);
    expect((await eventPackages(FAMILY_EVENT)).packages.find((p) => p.name === FAMILY4)!.left).toBe(39);
  });

  it('a festival pass from any day holds a place on every day and issues a ticket per day', async () => {
    const fan = await makeUser(t.db, 'pass');
    const pkg = await packageNamed(PASS);
    const cart = await answerOf(cartSchema, await addPackage(fan, festivalDaySlugs[1], { packageId: pkg.id }));
    expect(cart.items).toHaveLength(1);
    expect(cart.items[0].price.amount).toBe(9900);
    expect(cart.items[0].package!.tickets.map((x) => x.event)).toEqual(['Lúka Fest 2027 – Friday', 'Lúka Fest 2027 – Saturday', 'Lúka Fest 2027 – Sunday']);
    const orderId = await pay(fan, festivalDaySlugs[1]);
    const tickets = await t.db
      .select({ slug: s.events.slug, unitEvent: s.inventoryUnits.eventId, eventId: s.tickets.eventId })
      .from(s.tickets)
      .innerJoin(s.events, eq(s.events.id, s.tickets.eventId))
      .innerJoin(s.inventoryUnits, eq(s.inventoryUnits.id, s.tickets.unitId))
      .where(eq(s.tickets.orderId, orderId));
    expect(tickets.map((x) => x.slug).sort()).toEqual([...festivalDaySlugs].sort());
    expect(tickets.every((x) => x.unitEvent === x.eventId)).toBe(true);
  });

  it('a payment after its cart expired is refunded when the package sold out meanwhile, though its places are still free', async () => {
    const pkg = await packageNamed(PASS);
    const t0 = new Date();
    const late = new Date(t0.getTime() + 60 * 60_000);
    const slow = await makeUser(t.db, 'pass-late');
    expect((await addPackageToCart({ user: slow, eventRef: festivalDaySlugs[2], packageId: pkg.id, locale: 'en', now: t0 })).ok).toBe(true);
    const started = await checkout({ user: slow, eventRef: festivalDaySlugs[2], locale: 'en', urls, now: t0 });
    if (!started.ok || started.paid) throw new Error(started.ok ? 'paid at checkout' : started.code);
    await sweepExpiredHolds({ now: late });
    // Meanwhile another fan took the last pass (other places: the festival has plenty).
    const quick = await makeUser(t.db, 'pass-quick');
    expect((await addPackageToCart({ user: quick, eventRef: festivalDaySlugs[0], packageId: pkg.id, locale: 'en', now: late })).ok).toBe(true);
    const [{ taken }] = rowsOf<{ taken: number }>(await t.db.execute(sql`select package_taken(${pkg.id}::uuid, ${late.toISOString()}::timestamptz) as taken`));
    await t.db.update(s.packages).set({ quantity: taken }).where(eq(s.packages.id, pkg.id));
    try {
      const { eventId } = signedGatewayNotice(started.paymentId, 'succeeded');
      const result = await handlePaymentNotice(testGateway, { eventId, paymentId: started.paymentId, outcome: 'succeeded' }, late);
      expect(result).toMatchObject({ kind: 'refunded', reason: 'LATE_PAYMENT_UNITS_TAKEN' });
      expect(await t.db.select().from(s.tickets).where(eq(s.tickets.orderId, started.orderId))).toHaveLength(0);
      const [payment] = await t.db.select().from(s.payments).where(eq(s.payments.id, started.paymentId));
      expect(payment.status).toBe('refunded');
      const [after] = rowsOf<{ taken: number }>(await t.db.execute(sql`select package_taken(${pkg.id}::uuid, ${late.toISOString()}::timestamptz) as taken`));
      expect(after.taken).toBe(taken);
    } finally {
      await t.db.update(s.packages).set({ quantity: pkg.quantity }).where(eq(s.packages.id, pkg.id));
    }
  });

  it('takes the fan’s own seats together, says why seats that do not fit are refused, and holds nothing when one is taken', async () => {
    const pkg = await packageNamed(FAMILY4);
    const fan = await makeUser(t.db, 'own-seats');
    const [run1, run2, run3] = await runsOf(FAMILY_EVENT, 'B', 4, 3);
    const [oneA] = await runsOf(FAMILY_EVENT, 'A', 1, 1);
    const refusal = async (seatIds: string[]) => {
      const answer = await addPackage(fan, FAMILY_EVENT, { packageId: pkg.id, seatIds });
      expect(answer.status).toBe(422);
      const body = await failureBodyOf(answer);
      expect(body.errors[0]).toMatchObject({ field: 'seatIds', message: body.message });
      return body;
    };
    // Too few of the category.
    expect(await refusal(run1.slice(0, 3))).toMatchObject({ code: 'PACKAGE_SEATS_COUNT', message: 'This package has 4 seats in Category B – opposite stand; you picked 3.' });
    // One of another category: named.
    const category = await refusal([...run1.slice(0, 3), oneA[0]]);
    expect(category.code).toBe('PACKAGE_SEATS_CATEGORY');
    expect(category.message).toMatch(/^This package takes only seats in Category B – opposite stand\. Of another category: .+, row .+, seat .+\.$/);
    // Four of the category, not next to each other (a seat between).
    expect(await refusal([run2[0], run2[2], run3[0], run3[2]])).toMatchObject({ code: 'PACKAGE_SEATS_APART', message: expect.stringContaining('next to each other in one row') });
    // A seat of no event here.
    expect((await refusal(['00000000-0000-4000-8000-000000000000', ...run1.slice(1)])).code).toBe('PACKAGE_SEATS_INVALID');
    // In Slovak too.
    const sk = await cartPackagesPost(
      request(`/api/v1/events/${FAMILY_EVENT}/cart/packages`, { method: 'POST', headers: { ...auth(fan), 'accept-language': 'sk' }, body: { packageId: pkg.id, seatIds: run1.slice(0, 2) } }),
      params({ id: FAMILY_EVENT }),
    );
    expect((await failureBodyOf(sk)).message).toBe('Tento balík má 4 miesta v kategórii Kategória B – protiľahlá tribúna; vybrali ste 2.');

    const other = await makeUser(t.db, 'first');
    const first = await addPackage(other, FAMILY_EVENT, { packageId: pkg.id, seatIds: run1 });
    expect(first.status).toBe(200);
    const clash = await addPackage(fan, FAMILY_EVENT, { packageId: pkg.id, seatIds: run1 });
    expect(clash.status).toBe(409);
    expect((await failureBodyOf(clash)).code).toBe('SEAT_TAKEN');
    // Nothing of the fan's is held: never a part of a package, and no refusal above held anything.
    const held = await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(s.inventoryUnits)
      .innerJoin(s.holds, eq(s.holds.id, s.inventoryUnits.holdId))
      .where(and(eq(s.holds.userId, fan.id), eq(s.inventoryUnits.status, 'held')));
    expect(held[0].n).toBe(0);
    const mine = await answerOf(cartSchema, await addPackage(fan, FAMILY_EVENT, { packageId: pkg.id, seatIds: run2 }));
    expect(mine.items[0].package!.tickets).toHaveLength(4);
    expect((await seatsOfHold(mine.holdId!)).map((x) => x.seat_id).sort()).toEqual([...run2].sort());
  });

  it('never takes a wheelchair place or a companion seat: they are held back for card holders', async () => {
    const pkg = await packageNamed(FAMILY4);
    const [free] = await runsOf(FAMILY_EVENT, 'B', 4, 1);
    await t.db.insert(s.accessibleSeats).values({ seatId: free[0], kind: 'wheelchair' });
    try {
      const fan = await makeUser(t.db, 'wheelchair-package');
      const refused = await addPackage(fan, FAMILY_EVENT, { packageId: pkg.id, seatIds: free });
      expect(refused.status).toBe(409);
      expect((await failureBodyOf(refused)).code).toBe('SEAT_TAKEN');
      const [unit] = await t.db.select({ status: s.inventoryUnits.status }).from(s.inventoryUnits).innerJoin(s.events, eq(s.events.id, s.inventoryUnits.eventId)).where(and(eq(s.events.slug, FAMILY_EVENT), eq(s.inventoryUnits.seatId, free[0])));
      expect(unit.status).toBe('available');
    } finally {
      await t.db.delete(s.accessibleSeats).where(eq(s.accessibleSeats.seatId, free[0]));
    }
  });

  it('taking the package’s line out gives all its seats back at once', async () => {
    const fan = await makeUser(t.db, 'remove');
    const pkg = await packageNamed(FAMILY4);
    const held = await addPackageToCart({ user: fan, eventRef: FAMILY_EVENT, packageId: pkg.id, locale: 'en' });
    if (!held.ok) throw new Error(held.code);
    const units = (await seatsOfHold(held.cart.holdId!)).map((x) => x.unit_id);
    expect(units).toHaveLength(4);
    const removed = await removeFromCart({ user: fan, eventRef: FAMILY_EVENT, itemId: held.cart.items[0].id, locale: 'en' });
    if (!removed.ok) throw new Error(removed.code);
    expect(removed.cart.items).toEqual([]);
    const after = await t.db.select({ status: s.inventoryUnits.status }).from(s.inventoryUnits).where(inArray(s.inventoryUnits.id, units));
    expect(after.every((x) => x.status === 'available')).toBe(true);
  });

  it('an add-on whose lounge places ran out holds nothing, not even the parking', async () => {
    const pkg = await packageNamed(VIP);
    const saturday = festivalDaySlugs[1];
    await t.db.execute(sql`update inventory_units u set status = 'sold' from ticket_types tt, events e
      where tt.id = u.ticket_type_id and e.id = u.event_id and e.slug = ${saturday} and tt.code = 'LOUNGE'`);
    const fan = await makeUser(t.db, 'vip');
    const answer = await addPackage(fan, saturday, { packageId: pkg.id });
    expect(answer.status).toBe(409);
    expect((await failureBodyOf(answer)).code).toBe('SOLD_OUT');
    const [{ n }] = rowsOf<{ n: number }>(
      await t.db.execute(sql`select count(*)::int as n from inventory_units u join holds h on h.id = u.hold_id where h.user_id = ${fan.id}::uuid and u.status = 'held'`),
    );
    expect(n).toBe(0);
  });
});

describe('the receipt of a package', () => {
  it('is one line at the package price naming its four seats, beside a ticket bought alone, and its lines add up to the total', async () => {
    const fan = await makeUser(t.db, 'package-receipt');
    const pkg = await packageNamed(FAMILY4);
    const [run] = await runsOf(FAMILY_EVENT, 'B', 4, 1);
    const [single] = await runsOf(FAMILY_EVENT, 'A', 1, 1);
    expect((await addToCart({ user: fan, eventRef: FAMILY_EVENT, selection: { seatIds: single }, locale: 'en' })).ok).toBe(true);
    expect((await addPackageToCart({ user: fan, eventRef: FAMILY_EVENT, packageId: pkg.id, seatIds: run, locale: 'en' })).ok).toBe(true);
    expect((await applyCoupon({ user: fan, eventRef: FAMILY_EVENT, code: 'DUNAJ10', locale: 'en' })).ok).toBe(true);
    const orderId = await pay(fan, FAMILY_EVENT);
    const [order] = await t.db.select().from(s.orders).where(eq(s.orders.id, orderId));
    expect(order.discountAmount).toBeGreaterThan(0);

    const view = await answerOf(orderSchema, await orderRoute(request(`/api/v1/orders/${orderId}`, { headers: auth(fan) }), params({ id: orderId })));
    const packages = view.lines.filter((l) => l.kind === 'package');
    expect(packages).toHaveLength(1);
    const [line] = packages;
    expect(line).toMatchObject({ name: FAMILY4, amount: { amount: 5400, currency: 'EUR' } });
    expect(line.tickets).toHaveLength(4);
    for (const ticket of line.tickets) expect(ticket).toMatchObject({ ticketType: 'Category B – opposite stand', seat: { section: expect.any(String), row: expect.any(String), seat: expect.any(String) }, event: expect.stringContaining('MŠK Žilina') });
    expect(new Set(line.tickets.map((x) => `${x.seat!.section}/${x.seat!.row}`)).size).toBe(1);
    // Beneath the package, its seats in their order in the row.
    const numbers = line.tickets.map((x) => Number(x.seat!.seat));
    expect(numbers).toEqual([...numbers].sort((a, b) => a - b));
    expect(view.lines.filter((l) => l.kind === 'ticket')).toEqual([{ kind: 'ticket', ticketType: 'Category A – main stand', seat: expect.any(Object), resale: false, amount: { amount: 2500, currency: 'EUR' } }]);
    expect(view.lines.find((l) => l.kind === 'discount')).toMatchObject({ code: 'DUNAJ10', amount: { amount: -order.discountAmount } });
    expect(view.lines.find((l) => l.kind === 'fee')).toMatchObject({ fee: 'service', count: 5 });
    expect(sum(view.lines)).toBe(view.total.amount);
    expect(view.total.amount).toBe(order.totalAmount);
    expect(view.items.filter((x) => x.package === FAMILY4)).toHaveLength(4);

    // My orders: one package of four tickets, not four priced tickets.
    const list = await answerOf(orderListSchema, await listOrdersRoute(request('/api/v1/orders', { headers: auth(fan) }), params({})));
    expect(list.orders[0]).toMatchObject({ id: orderId, ticketCount: 5, packages: [{ name: FAMILY4, tickets: 4 }] });
  });

  it('a festival pass is one line naming a ticket for each day', async () => {
    const fan = await makeUser(t.db, 'pass-receipt');
    const pkg = await packageNamed(PASS);
    expect((await addPackageToCart({ user: fan, eventRef: festivalDaySlugs[0], packageId: pkg.id, locale: 'en' })).ok).toBe(true);
    const orderId = await pay(fan, festivalDaySlugs[0]);
    const order = await getOrder({ user: fan, orderId, locale: 'en' });
    expect(order!.lines.map((l) => l.kind)).toEqual(['package', 'fee']);
    const [line] = order!.lines;
    expect(line).toMatchObject({ kind: 'package', name: PASS, amount: { amount: 9900 } });
    expect(line.kind === 'package' && line.tickets).toEqual([
      { ticketType: 'Day ticket', seat: null, event: 'Lúka Fest 2027 – Friday' },
      { ticketType: 'Day ticket', seat: null, event: 'Lúka Fest 2027 – Saturday' },
      { ticketType: 'Day ticket', seat: null, event: 'Lúka Fest 2027 – Sunday' },
    ]);
    expect(sum(order!.lines)).toBe(order!.total.amount);
  });
});

describe('the organiser’s packages', () => {
  it('creates, changes, takes off sale and deletes a package; only owners and managers, only of their own events', async () => {
    const orgId = await orgIdOfSlug(t.db, 'fk-dunaj-bratislava');
    const cast = await makeCast(t.db, orgId);
    const [event] = await t.db.select().from(s.events).where(eq(s.events.slug, 'dunaj-bratislava-as-trencin'));
    const [category] = await t.db.select().from(s.ticketTypes).where(and(eq(s.ticketTypes.eventId, event.id), eq(s.ticketTypes.code, 'C')));
    const body = {
      organisation: orgId,
      name: { sk: 'Dvojica', cs: 'Dvojice', en: 'Pair' },
      description: null,
      price: 2000,
      quantity: 1,
      onSale: true,
      contents: [{ eventId: event.id, ticketTypeId: category.id, quantity: 2 }],
    };
    const create = (headers: Record<string, string>) => packagesPost(request('/api/v1/organiser/packages', { method: 'POST', headers, body }), params({}));
    expect(await statusesOf(cast, (headers) => create(headers))).toEqual(expectedStatuses('events', 201));
    const created = await answerOf(organiserPackageAnswerSchema, await create(auth(cast.owner)));
    expect(created.package).toMatchObject({ price: 2000, currency: 'EUR', quantity: 1, taken: 0, onSale: true });

    const list = await answerOf(organiserPackageListSchema, await packagesGet(request(`/api/v1/organiser/packages?organisation=${orgId}`, { headers: auth(cast.manager) }), params({})));
    expect(list.packages.map((p) => p.id)).toContain(created.package.id);
    expect(list.events.map((e) => e.id)).toContain(event.id);

    // Another organisation's category is refused, in words.
    const [foreign] = await t.db.select().from(s.ticketTypes).innerJoin(s.events, eq(s.events.id, s.ticketTypes.eventId)).where(eq(s.events.slug, festivalDaySlugs[0]));
    const refused = await packagesPost(
      request('/api/v1/organiser/packages', { method: 'POST', headers: auth(cast.owner), body: { ...body, contents: [{ eventId: foreign.events.id, ticketTypeId: foreign.ticket_types.id, quantity: 1 }] } }),
      params({}),
    );
    expect(refused.status).toBe(422);
    expect((await failureBodyOf(refused)).code).toBe('PACKAGE_CONTENTS_INVALID');

    // The one package is held by the first fan; the second finds it sold out.
    const first = await makeUser(t.db, 'pair-1');
    const second = await makeUser(t.db, 'pair-2');
    expect((await addPackage(first, event.slug, { packageId: created.package.id })).status).toBe(200);
    const late = await addPackage(second, event.slug, { packageId: created.package.id });
    expect(late.status).toBe(409);
    expect((await failureBodyOf(late)).code).toBe('SOLD_OUT');

    // Sold or in a cart: its contents stay, it cannot be deleted, only taken off sale.
    const patchOf = (b: unknown) => packagePatch(request(`/api/v1/organiser/packages/${created.package.id}`, { method: 'PATCH', headers: auth(cast.owner), body: b }), params({ packageId: created.package.id }));
    expect((await patchOf({ contents: [{ eventId: event.id, ticketTypeId: category.id, quantity: 3 }] })).status).toBe(422);
    const deleteIt = () => packageDelete(request(`/api/v1/organiser/packages/${created.package.id}`, { method: 'DELETE', headers: auth(cast.owner) }), params({ packageId: created.package.id }));
    expect((await deleteIt()).status).toBe(409);
    const off = await answerOf(organiserPackageAnswerSchema, await patchOf({ onSale: false, price: 2100 }));
    expect(off.package).toMatchObject({ onSale: false, price: 2100, taken: 1 });
    expect((await eventPackages(event.slug)).packages.map((p) => p.id)).not.toContain(created.package.id);
    const stranger = await packagePatch(request(`/api/v1/organiser/packages/${created.package.id}`, { method: 'PATCH', headers: auth(cast.stranger), body: { onSale: true } }), params({ packageId: created.package.id }));
    expect(stranger.status).toBe(404);

    const unused = await answerOf(organiserPackageAnswerSchema, await create(auth(cast.manager)));
    const gone = await packageDelete(request(`/api/v1/organiser/packages/${unused.package.id}`, { method: 'DELETE', headers: auth(cast.manager) }), params({ packageId: unused.package.id }));
    expect(gone.status).toBe(200);
    expect(await t.db.select().from(s.packages).where(eq(s.packages.id, unused.package.id))).toEqual([]);
  });
});
