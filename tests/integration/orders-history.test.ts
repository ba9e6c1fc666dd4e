// Receipts, My orders and resale buying through the same functions and routes the web and the app use.
import { and, eq } from 'drizzle-orm';
import { GET as listOrdersRoute } from '@/tests/helpers/api';
import { GET as orderRoute } from '@/tests/helpers/api';
import { GET as myListingsRoute } from '@/tests/helpers/api';
import { POST as cartItemsRoute } from '@/tests/helpers/api';
import { GET as ticketsRoute } from '@/tests/helpers/api';
import * as s from '@/lib/server/db/schema';
import { addToCart } from '@/lib/server/cart';
import { getOrder } from '@/lib/server/orders/read';
import { listTicketForResale } from '@/lib/server/resale/listing';
import { orderListSchema, orderSchema } from '@/lib/schemas/orders';
import { myListingsSchema } from '@/lib/schemas/resale';
import { myTicketsSchema } from '@/lib/schemas/tickets';
import { answerOf, failureBodyOf } from '../helpers/contract';
import { useTestDatabase } from '../helpers/db';
import { buy } from '../helpers/purchases';
import { freeSeatsOf } from '../helpers/seats';
import { auth, makeUser, params, request, sessionFor } from '../helpers/tickets';

const t = useTestDatabase({ seeded: true });
const STADIUM = 'dunaj-bratislava-fc-kosice';


let seatOffset = 0;
async function freeSeats(count: number) {
  const seats = await freeSeatsOf(t.db, STADIUM, count, seatOffset);
  seatOffset += count + 3;
  return seats;
}

const sum = (lines: { amount: { amount: number } }[]) => lines.reduce((n, line) => n + line.amount.amount, 0);

async function ordersOf(user: { token: string }, query = '') {
  return listOrdersRoute(request(`/api/v1/orders${query}`, { headers: auth(user) }), params({}));
}

describe('receipts', () => {
  it('an order with a coupon lists each ticket with its seat, the discount and the service fee, adding up to the total', async () => {
    const fan = await makeUser(t.db, 'receipt');
    const order = await buy(t.db, fan, STADIUM, { seatIds: await freeSeats(2) }, { code: 'DUNAJ10' });
    const response = await orderRoute(request(`/api/v1/orders/${order.id}`, { headers: auth(fan) }), params({ id: order.id }));
    const view = await answerOf(orderSchema, response);
    expect(view.lines.filter((l) => l.kind === 'ticket')).toHaveLength(2);
    for (const line of view.lines.filter((l) => l.kind === 'ticket')) expect(line).toMatchObject({ seat: { section: expect.any(String), row: expect.any(String), seat: expect.any(String) } });
    expect(view.lines.find((l) => l.kind === 'discount')).toMatchObject({ code: 'DUNAJ10', amount: { amount: -order.discountAmount } });
    expect(order.discountAmount).toBeGreaterThan(0);
    expect(view.lines.find((l) => l.kind === 'fee')).toMatchObject({ fee: 'service', count: 2, amount: { amount: 200 } });
    expect(sum(view.lines)).toBe(view.total.amount);
    expect(view.total.amount).toBe(order.totalAmount);
    expect(view).toMatchObject({ number: order.id.slice(0, 8).toUpperCase(), organiser: { name: expect.stringContaining('Dunaj') } });
  });
});

describe('My orders', () => {
  it("lists only the caller's orders, newest first, a page at a time; another fan's order is not found", async () => {
    const fan = await makeUser(t.db, 'history');
    const other = await makeUser(t.db, 'other');
    const first = await buy(t.db, fan, STADIUM, { seatIds: await freeSeats(1) }, { now: new Date(Date.now() - 60_000) });
    const second = await buy(t.db, fan, STADIUM, { seatIds: await freeSeats(1) });
    const theirs = await buy(t.db, other, STADIUM, { seatIds: await freeSeats(1) });

    const all = await answerOf(orderListSchema, await ordersOf(fan));
    expect(all.orders.map((o) => o.id)).toEqual([second.id, first.id]);
    expect(all.orders[0]).toMatchObject({ status: 'paid', ticketCount: 1, total: { amount: second.totalAmount }, event: { slug: STADIUM } });
    expect(all.nextCursor).toBeNull();

    const page1 = await answerOf(orderListSchema, await ordersOf(fan, '?limit=1'));
    expect(page1.orders.map((o) => o.id)).toEqual([second.id]);
    const page2 = await answerOf(orderListSchema, await ordersOf(fan, `?limit=1&cursor=${page1.nextCursor}`));
    expect(page2.orders.map((o) => o.id)).toEqual([first.id]);
    expect(page2.nextCursor).toBeNull();

    const otherList = await answerOf(orderListSchema, await ordersOf(other));
    expect(otherList.orders.map((o) => o.id)).toEqual([theirs.id]);

    const foreign = await orderRoute(request(`/api/v1/orders/${theirs.id}`, { headers: auth(fan) }), params({ id: theirs.id }));
    expect(foreign.status).toBe(404);
    expect(await getOrder({ user: fan, orderId: theirs.id, locale: 'en' })).toBeNull();

    expect((await ordersOf(fan, '?cursor=bm90LWEtY3Vyc29y')).status).toBe(422);
    expect((await listOrdersRoute(request('/api/v1/orders'), params({}))).status).toBe(401);
  });
});

describe('resale buying', () => {
  it("the seller cannot buy their own listing, a sold one says so in words, and the buyer's ticket shows the resale price", async () => {
    const seller = await makeUser(t.db, 'seller');
    const buyer = await makeUser(t.db, 'buyer');
    const late = await makeUser(t.db, 'late');
    const bought = await buy(t.db, seller, STADIUM, { seatIds: await freeSeats(1) });
    const [ticket] = await t.db.select().from(s.tickets).where(eq(s.tickets.orderId, bought.id));
    const price = ticket.priceAmount - 100;
    const listed = await listTicketForResale(seller, { ticketId: ticket.id, priceAmount: price });
    if (!listed.ok) throw new Error(listed.code);
    const listingId = listed.listing.id;

    const mine = await answerOf(myListingsSchema, await myListingsRoute(request(`/api/v1/events/${STADIUM}/my-listings`, { headers: auth(seller) }), params({ id: STADIUM })));
    expect(mine.listings).toEqual([{ listingId, ticketId: ticket.id }]);
    const notMine = await answerOf(myListingsSchema, await myListingsRoute(request(`/api/v1/events/${STADIUM}/my-listings`, { headers: auth(buyer) }), params({ id: STADIUM })));
    expect(notMine.listings).toEqual([]);

    const own = await cartItemsRoute(request(`/api/v1/events/${STADIUM}/cart/items`, { method: 'POST', headers: auth(seller), body: { listingId } }), params({ id: STADIUM }));
    expect(own.status).toBe(409);
    expect(await failureBodyOf(own)).toMatchObject({ code: 'OWN_LISTING' });

    const order = await buy(t.db, buyer, STADIUM, { listingId });
    const soldOut = await cartItemsRoute(request(`/api/v1/events/${STADIUM}/cart/items`, { method: 'POST', headers: auth(late), body: { listingId } }), params({ id: STADIUM }));
    expect(soldOut.status).toBe(409);
    const body = await failureBodyOf(soldOut);
    expect(body).toMatchObject({ code: 'LISTING_SOLD', message: 'This ticket was just sold to someone else.' });
    expect(JSON.stringify(body)).not.toContain(listingId);
    expect((await addToCart({ user: late, eventRef: STADIUM, selection: { listingId }, locale: 'sk' })).ok).toBe(false);

    const receipt = await getOrder({ user: buyer, orderId: order.id, locale: 'en' });
    expect(receipt!.lines[0]).toMatchObject({ kind: 'ticket', resale: true, seat: { section: expect.any(String) }, amount: { amount: price } });
    expect(receipt!.lines.find((l) => l.kind === 'fee')).toMatchObject({ fee: 'resale', count: 1 });
    expect(sum(receipt!.lines)).toBe(receipt!.total.amount);

    const wallet = await answerOf(myTicketsSchema, await ticketsRoute(request('/api/v1/tickets', { headers: auth(buyer) }), params({})));
    const mineNow = wallet.tickets.find((x) => x.id === ticket.id)!;
    expect(mineNow).toMatchObject({ priceAmount: ticket.priceAmount, paidAmount: price });
    const [row] = await t.db.select({ ownerId: s.tickets.ownerId }).from(s.tickets).where(and(eq(s.tickets.id, ticket.id)));
    expect(row.ownerId).toBe(buyer.id);
  });
});

describe('the demo fan', () => {
  it('has the orders their tickets came from: My orders lists them and each receipt adds up', async () => {
    const [row] = await t.db.select().from(s.users).where(eq(s.users.email, 'fan@tribuna.sk'));
    const fan = { token: await sessionFor(t.db, row.id) };
    const list = await answerOf(orderListSchema, await ordersOf(fan, '?limit=50'));
    expect(list.orders.map((o) => [o.event.slug, o.status, o.ticketCount]).sort()).toEqual([
      ['dunaj-bratislava-slovan-liberec', 'paid', 1],
      ['kovove-nebe-praha', 'paid', 1],
      ['luka-fest-2027', 'paid', 1],
      ['polarna-ziara-kosice', 'paid', 1],
      ['vltava-praha-slavia-praha', 'paid', 2],
    ]);
    for (const summary of list.orders) {
      const view = await answerOf(orderSchema, await orderRoute(request(`/api/v1/orders/${summary.id}`, { headers: auth(fan) }), params({ id: summary.id })));
      expect(view.lines.filter((l) => l.kind === 'ticket')).toHaveLength(summary.ticketCount);
      expect(sum(view.lines)).toBe(view.total.amount);
      expect(view.total).toEqual(summary.total);
    }
    // Every ticket the fan bought (not the season's) belongs to one of them.
    const bought = await t.db.select().from(s.tickets).where(eq(s.tickets.ownerId, row.id));
    const outside = bought.filter((x) => !x.seasonTicketId && !list.orders.some((o) => o.id === x.orderId));
    expect(outside).toEqual([]);
  });
});
