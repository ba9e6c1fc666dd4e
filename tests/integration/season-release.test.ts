// Releasing one match of a season ticket for credit (issue 18 item 3): the holder gives the seat back to the
// club's primary sale; when a fan buys it, the holder's Tribuna wallet with the club gets the season's share of
// the face value — once, whatever the webhook repeats; an unsold seat may be taken back, and stays the holder's
// when the sale closes; the credit comes off a later cart of the same club, once, and a refund gives it back.
import { and, eq, sql } from 'drizzle-orm';
import { rowsOf } from '@/lib/server/db/client';
import * as s from '@/lib/server/db/schema';
import { addToCart, getCart } from '@/lib/server/cart';
import { checkout } from '@/lib/server/orders/checkout';
import { getOrder } from '@/lib/server/orders/read';
import { cancelEvent } from '@/lib/server/events/cancel';
import { keepUnsoldReleases } from '@/lib/server/seasons/release';
import { transferSeasonTicket } from '@/lib/server/seasons/transfer';
import { issueFreeTickets } from '@/lib/server/tickets/create';
import { listMyTickets } from '@/lib/server/tickets/list';
import { myWallet } from '@/lib/server/wallet';
import { releaseResultSchema, walletSchema } from '@/lib/schemas/wallet';
import { POST as releasePost, DELETE as releaseDelete } from '@/tests/helpers/api';
import { GET as walletGet } from '@/tests/helpers/api';
import { useTestDatabase } from '../helpers/db';
import { buy } from '../helpers/purchases';
import { auth, eventBySlug, giveTicket, makeScanner, makeUser, params, request, type TestUser } from '../helpers/tickets';
import { ledgerOf, makeSeasonHolder, MATCH, payPayment, urls } from '../helpers/season-release';

jest.mock('next/server', () => ({ ...jest.requireActual('next/server'), connection: async () => {} }));

const t = useTestDatabase({ seeded: true });
/** The winter season's second match (the same club): where the credit is spent. */
const OTHER_MATCH = 'dunaj-bratislava-msk-zilina';


function release(user: TestUser, ticketId: string, body: unknown = { sharePercent: 50 }, lang = 'en') {
  return releasePost(request(`/api/v1/tickets/${ticketId}/release`, { method: 'POST', headers: auth(user, { 'accept-language': lang }), body }), params({ id: ticketId }));
}

function takeBack(user: TestUser, ticketId: string, lang = 'en') {
  return releaseDelete(request(`/api/v1/tickets/${ticketId}/release`, { method: 'DELETE', headers: auth(user, { 'accept-language': lang }) }), params({ id: ticketId }));
}

async function unitOf(ticketId: string) {
  const [row] = await t.db
    .select({ status: s.inventoryUnits.status, seatId: s.inventoryUnits.seatId, ticketStatus: s.tickets.status, ownerId: s.tickets.ownerId, seasonTicketId: s.tickets.seasonTicketId, version: s.tickets.version })
    .from(s.tickets)
    .innerJoin(s.inventoryUnits, eq(s.inventoryUnits.id, s.tickets.unitId))
    .where(eq(s.tickets.id, ticketId));
  return row;
}

async function freeSeat(slug: string): Promise<string> {
  const event = await eventBySlug(t.db, slug);
  const [unit] = rowsOf<{ seat_id: string }>(
    await t.db.execute(sql`select seat_id from inventory_units where event_id = ${event.id}::uuid and status = 'available' and seat_id is not null order by spread offset ${Math.floor(Math.random() * 50)} limit 1`),
  );
  return unit.seat_id;
}

it('the demo seed has a released seat: fanusik@tribuna.cz gave the spring season’s last match back to sale', async () => {
  const [fanCs] = await t.db.select({ id: s.users.id, email: s.users.email, firstName: s.users.firstName, lastName: s.users.lastName }).from(s.users).where(eq(s.users.email, 'fanusik@tribuna.cz'));
  const released = (await listMyTickets({ id: fanCs.id, email: fanCs.email!, firstName: fanCs.firstName ?? '', lastName: fanCs.lastName ?? '' })).tickets.filter((x) => x.status === 'released');
  expect(released).toHaveLength(1);
  expect(released[0]).toMatchObject({ event: { slug: 'dunaj-bratislava-as-trencin' }, release: { released: true } });
  expect((await unitOf(released[0].id)).status).toBe('available');
});

describe('release → sale → credit', () => {
  it('a released seat is back on primary sale; when it sells the holder is credited once, even with the webhook twice', async () => {
    const { holder, seatId, ticketId, faceValue } = await makeSeasonHolder(t.db, 'release-holder');
    const answer = await release(holder, ticketId);
    expect(answer.status).toBe(201);
    const body = releaseResultSchema.parse(await answer.json());
    const credit = Math.floor((faceValue * 50) / 100);
    expect(body.release).toMatchObject({ ticketId, creditAmount: credit, currency: 'EUR' });
    expect(await unitOf(ticketId)).toMatchObject({ status: 'available', ticketStatus: 'released' });
    // Your tickets: released, with the credit it would bring and no code.
    const mine = (await listMyTickets(holder)).tickets.find((x) => x.id === ticketId)!;
    expect(mine).toMatchObject({ status: 'released', signingKey: null, release: { released: true, creditAmount: credit, sharePercent: 50 } });

    // Another fan buys the seat at its primary price.
    const buyer = await makeUser(t.db, 'release-buyer');
    const held = await addToCart({ user: buyer, eventRef: MATCH, selection: { seatIds: [seatId] }, locale: 'en' });
    if (!held.ok) throw new Error(held.code);
    expect(held.cart.items[0].price.amount).toBe(faceValue);
    const ordered = await checkout({ user: buyer, eventRef: MATCH, locale: 'en', urls });
    if (!ordered.ok || ordered.paid) throw new Error(ordered.ok ? 'paid at checkout' : ordered.code);
    expect((await payPayment(ordered.paymentId)).kind).toBe('paid');
    // The gateway's notice again: nothing more happens.
    expect((await payPayment(ordered.paymentId)).kind).toBe('duplicate');

    // The buyer holds the ticket (a new code version, no longer a season ticket's); the holder no longer.
    expect(await unitOf(ticketId)).toMatchObject({ status: 'sold', ticketStatus: 'valid', ownerId: buyer.id, seasonTicketId: null, version: 2 });
    expect((await listMyTickets(holder)).tickets.some((x) => x.id === ticketId)).toBe(false);
    const [row] = await t.db.select().from(s.seasonReleases).where(eq(s.seasonReleases.ticketId, ticketId));
    expect(row).toMatchObject({ status: 'sold', orderId: ordered.orderId });

    // One credit, on the holder's wallet with the club; GET /api/v1/wallet says so.
    expect(await ledgerOf(t.db, holder.id)).toEqual([{ kind: 'release_credit', amount: credit, release_id: row.id, order_id: null }]);
    const wallet = walletSchema.parse(await (await walletGet(request('/api/v1/wallet', { headers: auth(holder) }), params({}))).json());
    expect(wallet.wallets).toEqual([{ organisation: { id: row.orgId, name: expect.any(String) }, balance: { amount: credit, currency: 'EUR' } }]);
    expect(wallet.entries).toMatchObject([{ kind: 'release_credit', amount: { amount: credit }, counts: true, event: { slug: MATCH } }]);
    // The holder is told once ("release-sold"), whatever the webhook repeats.
    const told = await t.db.select().from(s.notifications).where(and(eq(s.notifications.userId, holder.id), eq(s.notifications.topic, 'release-sold')));
    expect(told).toMatchObject([{ dedupeKey: `release-sold:${row.id}`, orgId: row.orgId, data: { eventId: row.eventId, releaseId: row.id, amount: credit, currency: 'EUR' } }]);
  });

  it('refuses in words what cannot be released or taken back', async () => {
    const { holder, ticketId } = await makeSeasonHolder(t.db, 'release-refused');
    // A single match bought on its own is no season ticket.
    const single = await giveTicket(t.db, holder.id, OTHER_MATCH);
    const notSeason = await release(holder, single.ticket.id, undefined, 'sk');
    expect(notSeason.status).toBe(409);
    expect(await notSeason.json()).toMatchObject({ message: 'Za kredit sa dá uvoľniť len vstupenka na zápas z vašej vlastnej permanentky.' });
    // Not theirs: like a ticket that does not exist.
    expect((await release(await makeUser(t.db, 'stranger'), ticketId)).status).toBe(404);
    // Bad bodies: a translated 422.
    const bad = await release(holder, ticketId, { sharePercent: 'half' }, 'cs');
    expect(bad.status).toBe(422);
    expect((await bad.json()).errors[0]).toMatchObject({ field: 'sharePercent' });
    expect((await release(holder, ticketId, { sharePercent: 50, extra: 1 })).status).toBe(422);
    // A share the club no longer offers.
    const changed = await release(holder, ticketId, { sharePercent: 70 }, 'cs');
    expect(changed.status).toBe(409);
    expect((await changed.json()).message).toBe('Klub změnil podíl kreditu. Podívejte se na nabídku znovu.');
    // Nothing released yet: nothing to take back.
    expect((await takeBack(holder, ticketId)).status).toBe(409);
    expect((await release(holder, ticketId)).status).toBe(201);
    const twice = await release(holder, ticketId, undefined, 'sk');
    expect(twice.status).toBe(409);
    expect((await twice.json()).message).toBe('Toto miesto je na tento zápas už uvoľnené.');
    // The match's sale has closed.
    const other = await makeSeasonHolder(t.db, 'release-late');
    const { releaseTicket } = await import('@/lib/server/seasons/release');
    const event = await eventBySlug(t.db, MATCH);
    expect(await releaseTicket(other.holder, { ticketId: other.ticketId }, new Date(event.startsAt.getTime() + 1000))).toEqual({ ok: false, code: 'RELEASE_CLOSED' });
  });
});

describe('taking a released seat back', () => {
  it('the holder takes it back while unsold: valid again, off sale; not while a fan has it in the cart', async () => {
    const { holder, seatId, ticketId } = await makeSeasonHolder(t.db, 'takeback');
    expect((await release(holder, ticketId)).status).toBe(201);
    // A fan puts it in the cart: not taken back from under them.
    const fan = await makeUser(t.db, 'takeback-cart');
    const held = await addToCart({ user: fan, eventRef: MATCH, selection: { seatIds: [seatId] }, locale: 'en' });
    expect(held.ok).toBe(true);
    const busy = await takeBack(holder, ticketId, 'sk');
    expect(busy.status).toBe(409);
    expect((await busy.json()).message).toBe('Toto miesto má práve niekto v košíku. Skúste to znova o pár minút.');
    // The cart lets it go: the holder takes it back.
    await t.db.execute(sql`update holds set expires_at = now() - interval '1 second' where user_id = ${fan.id}::uuid`);
    await t.db.execute(sql`update inventory_units set held_until = now() - interval '1 second' where hold_id in (select id from holds where user_id = ${fan.id}::uuid)`);
    const back = await takeBack(holder, ticketId);
    expect(back.status).toBe(200);
    expect(await unitOf(ticketId)).toMatchObject({ status: 'sold', ticketStatus: 'valid', ownerId: holder.id, version: 1 });
    expect((await listMyTickets(holder)).tickets.find((x) => x.id === ticketId)!.signingKey).not.toBeNull();
    const again = await addToCart({ user: await makeUser(t.db, 'takeback-late'), eventRef: MATCH, selection: { seatIds: [seatId] }, locale: 'en' });
    expect(again).toMatchObject({ ok: false, code: 'SEAT_TAKEN' });
    expect(await ledgerOf(t.db, holder.id)).toEqual([]);
  });

  it('unsold when the sale closes, the seat stays the holder’s and nothing is credited', async () => {
    const { holder, ticketId } = await makeSeasonHolder(t.db, 'kept');
    expect((await release(holder, ticketId)).status).toBe(201);
    const event = await eventBySlug(t.db, MATCH);
    // Not given away with the whole season ticket while a match of it is released.
    const [held] = await t.db.select({ id: s.tickets.seasonTicketId }).from(s.tickets).where(eq(s.tickets.id, ticketId));
    const friend = await makeUser(t.db, 'kept-friend');
    expect(await transferSeasonTicket(holder, { seasonTicketId: held.id!, email: friend.email })).toEqual({ ok: false, code: 'ALREADY_RELEASED' });
    expect(await keepUnsoldReleases({ now: new Date(event.startsAt.getTime() - 60_000) })).toBe(0);
    expect(await keepUnsoldReleases({ now: new Date(event.startsAt.getTime() + 1000) })).toBeGreaterThanOrEqual(1);
    expect(await unitOf(ticketId)).toMatchObject({ status: 'sold', ticketStatus: 'valid', ownerId: holder.id });
    const [row] = await t.db.select({ status: s.seasonReleases.status }).from(s.seasonReleases).where(eq(s.seasonReleases.ticketId, ticketId));
    expect(row.status).toBe('kept');
    expect(await ledgerOf(t.db, holder.id)).toEqual([]);
  });
});

describe('spending the credit', () => {
  it('comes off a later cart of the club (capped at the total), once; a refund gives it back', async () => {
    const { holder, seatId, ticketId, faceValue } = await makeSeasonHolder(t.db, 'spender');
    expect((await release(holder, ticketId)).status).toBe(201);
    await buy(t.db, await makeUser(t.db, 'spender-buyer'), MATCH, { seatIds: [seatId] });
    const credit = Math.floor((faceValue * 50) / 100);
    expect((await myWallet(holder)).wallets[0].balance.amount).toBe(credit);

    // The holder's cart at the club's other match: a line of wallet credit, at most the total.
    const held = await addToCart({ user: holder, eventRef: OTHER_MATCH, selection: { seatIds: [await freeSeat(OTHER_MATCH)] }, locale: 'en' });
    if (!held.ok) throw new Error(held.code);
    const gross = held.cart.subtotal.amount - held.cart.discount.amount + held.cart.fees.amount;
    const used = Math.min(credit, gross);
    expect(held.cart.walletCredit.amount).toBe(used);
    expect(held.cart.total.amount).toBe(gross - used);
    // Checking out twice (the fan came back) rewrites the one spend, not adds a second.
    const first = await checkout({ user: holder, eventRef: OTHER_MATCH, locale: 'en', urls });
    const ordered = await checkout({ user: holder, eventRef: OTHER_MATCH, locale: 'en', urls });
    if (!first.ok || !ordered.ok || ordered.paid) throw new Error('checkout');
    const [order] = await t.db.select().from(s.orders).where(eq(s.orders.id, ordered.orderId));
    expect(order.totalAmount).toBe(gross - used);
    const [payment] = await t.db.select({ amount: s.payments.amount }).from(s.payments).where(eq(s.payments.id, ordered.paymentId));
    expect(payment.amount).toBe(gross - used);
    expect((await payPayment(ordered.paymentId)).kind).toBe('paid');
    expect((await ledgerOf(t.db, holder.id)).filter((l) => l.kind === 'order_spend')).toEqual([{ kind: 'order_spend', amount: used, release_id: null, order_id: ordered.orderId }]);
    expect((await myWallet(holder)).wallets[0].balance.amount).toBe(credit - used);

    // The receipt: its lines, the wallet's among them, add up to what was paid.
    const receipt = await getOrder({ user: holder, orderId: ordered.orderId, locale: 'en' });
    expect(receipt!.lines.find((l) => l.kind === 'wallet')).toEqual({ kind: 'wallet', amount: { amount: -used, currency: 'EUR' } });
    expect(receipt!.lines.reduce((sum, l) => sum + l.amount.amount, 0)).toBe(receipt!.total.amount);

    // A later cart sees only what is left.
    const next = await getCart({ user: holder, eventRef: MATCH, locale: 'en' });
    if (!next.ok) throw new Error(next.code);
    expect(next.cart.walletCredit.amount).toBe(0);

    // The club cancels the match: the order is refunded, and the credit it used is back.
    const owner = await makeScanner(t.db, OTHER_MATCH, 'owner');
    const cancelled = await cancelEvent(owner, (await eventBySlug(t.db, OTHER_MATCH)).id);
    expect(cancelled.ok).toBe(true);
    const [after] = await t.db.select({ status: s.orders.status }).from(s.orders).where(and(eq(s.orders.id, ordered.orderId)));
    expect(after.status).toBe('refunded');
    expect((await myWallet(holder)).wallets[0].balance.amount).toBe(credit);
  });
});

describe('vouchers', () => {
  it('a voucher never takes a released seat: that one is sold for the holder’s credit, so the code finds no place rather than failing', async () => {
    const { holder, seatId, ticketId } = await makeSeasonHolder(t.db, 'release-voucher');
    expect((await release(holder, ticketId)).status).toBe(201);
    const [ticket] = await t.db.select({ ticketTypeId: s.tickets.ticketTypeId }).from(s.tickets).where(eq(s.tickets.id, ticketId));
    const fan = await makeUser(t.db, 'release-voucher-fan');
    // Only the released seat is asked for (a redeem code asks for any free place of its category).
    await expect(issueFreeTickets(t.db, { ticketTypeId: ticket.ticketTypeId, ownerId: fan.id, quantity: 1, seatIds: [seatId] })).resolves.toBeNull();
    expect(await unitOf(ticketId)).toMatchObject({ status: 'available', ticketStatus: 'released', ownerId: holder.id });
  });
});
