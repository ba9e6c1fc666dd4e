// Cancelling an event (issue 15, item 9): POST /api/v1/organiser/events/{eventId}/cancel stops sales,
// refunds every paid order exactly once (also run twice, and after a crash half-way), voids tickets and
// listings, cancels resale payouts and mails every holder in their language.
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { POST as cancelRoute } from '@/tests/helpers/api';
import { rowsOf } from '@/lib/server/db/client';
import * as s from '@/lib/server/db/schema';
import { addToCart } from '@/lib/server/cart';
import { checkout } from '@/lib/server/orders/checkout';
import { getOrder } from '@/lib/server/orders/read';
import { cancelEvent, cancellationProgress, finishCancelledEvents } from '@/lib/server/events/cancel';
import { processDueRefunds } from '@/lib/server/payments/refunds';
import { testGateway } from '@/lib/server/payments/test-gateway';
import { handlePaymentNotice } from '@/lib/server/payments/webhook';
import { listTicketForResale } from '@/lib/server/resale/listing';
import { giftTicket } from '@/lib/server/tickets/gift';
import { listMyTickets } from '@/lib/server/tickets/list';
import { redeemCode } from '@/lib/server/tickets/redeem';
import { useTestDatabase } from '../helpers/db';
import { expectedStatuses, makeCast, makeMember, orgIdOfSlug, statusesOf, type Cast } from '../helpers/organiser';
import { freeSeatsOf } from '../helpers/seats';
import { auth, eventBySlug, giveTicket, makeUser, params, request } from '../helpers/tickets';
import { log } from '@/lib/server/ops/log';

const t = useTestDatabase({ seeded: true });
const KOSICE = 'dunaj-bratislava-fc-kosice';
const ZILINA = 'dunaj-bratislava-msk-zilina';
const TRNAVA = 'dunaj-bratislava-spartak-trnava';
const TRENCIN = 'dunaj-bratislava-as-trencin';
const urls = { success: () => 'http://x/ok', cancel: () => 'http://x/cart', gateway: (id: string) => `/en/pay/${id}` };

let orgId: string;
let cast: Cast;

beforeAll(async () => {
  orgId = await orgIdOfSlug(t.db, 'fk-dunaj-bratislava');
  cast = await makeCast(t.db, orgId);
}, 180_000);

let n = 0;
type Fan = { id: string; email: string; firstName: string; lastName: string };
async function newFan(locale: 'sk' | 'cs' | 'en', name = 'Eva'): Promise<Fan> {
  const [user] = await t.db
    .insert(s.users)
    .values({ email: `cancel-${n++}-${Date.now()}@example.com`, firstName: name, lastName: 'Fan', locale, emailVerifiedAt: new Date() })
    .returning({ id: s.users.id, email: s.users.email });
  return { id: user.id, email: user.email!, firstName: name, lastName: 'Fan' };
}

const offsets = new Map<string, number>();
async function seats(slug: string, count: number) {
  const offset = offsets.get(slug) ?? 0;
  offsets.set(slug, offset + count + 3);
  return freeSeatsOf(t.db, slug, count, offset);
}

async function pay(paymentId: string) {
  return handlePaymentNotice(testGateway, { eventId: `test_${paymentId}_succeeded`, paymentId, outcome: 'succeeded' });
}

/** A fan holds `count` seats of `slug`, checks out and pays: the paid order's id. */
async function buy(fan: Fan, slug: string, count = 1): Promise<string> {
  const held = await addToCart({ user: fan, eventRef: slug, selection: { seatIds: await seats(slug, count) }, locale: 'en' });
  if (!held.ok) throw new Error(held.code);
  const order = await checkout({ user: fan, eventRef: slug, locale: 'en', urls });
  if (!order.ok || order.paid) throw new Error(order.ok ? 'paid at checkout' : order.code);
  expect((await pay(order.paymentId)).kind).toBe('paid');
  return order.orderId;
}

const cancel = (eventId: string, headers: Record<string, string>) =>
  cancelRoute(request(`/api/v1/organiser/events/${eventId}/cancel`, { method: 'POST', headers }), params({ eventId }));

/** Refund rows per payment of the event's orders (SQL: the proof that nothing goes back twice). */
async function refundsPerPayment(eventId: string) {
  return rowsOf<{ payment_id: string; n: number; reason: string; amount: number; paid: number }>(
    await t.db.execute(sql`
      select r.payment_id, count(*)::int as n, min(r.reason) as reason, min(r.amount)::int as amount, min(p.amount)::int as paid
      from refunds r join payments p on p.id = r.payment_id join orders o on o.id = p.order_id
      where o.event_id = ${eventId} group by r.payment_id`),
  );
}

async function ordersOf(eventId: string) {
  return t.db.select().from(s.orders).where(eq(s.orders.eventId, eventId)).orderBy(asc(s.orders.id));
}

async function mailsTo(email: string) {
  return t.db.select().from(s.emailOutbox).where(and(eq(s.emailOutbox.toAddress, email), inArray(s.emailOutbox.kind, ['event-cancelled', 'event-cancelled-refund'])));
}

describe('POST /api/v1/organiser/events/{eventId}/cancel', () => {
  it('owner and manager may cancel; scanner 403; fan and another organisation 404; anonymous 401; a second cancel answers the same state', async () => {
    const event = await eventBySlug(t.db, TRNAVA);
    const statuses = await statusesOf(cast, (headers) => cancel(event.id, headers));
    // The manager cancelled it, then the owner's call found it cancelled: both 200.
    expect(statuses).toEqual(expectedStatuses('events', 200));
    const [row] = await t.db.select().from(s.events).where(eq(s.events.id, event.id));
    expect(row.status).toBe('cancelled');
    const again = await cancel(event.id, auth(cast.owner));
    expect(again.status).toBe(200);
    const body = await again.json();
    expect(body.event).toEqual({ id: event.id, status: 'cancelled', cancelledAt: row.cancelledAt!.toISOString() });
    expect(body.progress).toMatchObject({ status: 'cancelled', ordersWaiting: 0, done: true });
  });

  it('another organisation’s event, an unknown id: 404; a draft that sold nothing cannot be cancelled (409, translated), one unpublished after selling can', async () => {
    const [foreign] = await t.db.select().from(s.events).where(eq(s.events.slug, 'vltava-praha-slavia-praha'));
    expect((await cancel(foreign.id, auth(cast.owner))).status).toBe(404);
    expect((await cancel('00000000-0000-4000-8000-000000000000', auth(cast.owner))).status).toBe(404);
    // The demo's draft has sold nothing.
    const draft = await eventBySlug(t.db, 'vltava-praha-sparta-praha');
    expect(draft.status).toBe('draft');
    const vltavaManager = await makeMember(t.db, draft.orgId, 'manager');
    const refused = await cancel(draft.id, auth(vltavaManager, { 'accept-language': 'sk' }));
    expect(refused.status).toBe(409);
    expect((await refused.json()).message).toBe('Zrušiť sa dá iba zverejnené podujatie: koncept nemá žiadny predaj.');
    const [still] = await t.db.select({ status: s.events.status }).from(s.events).where(eq(s.events.id, draft.id));
    expect(still.status).toBe('draft');
    // Unpublished after selling (its tickets stay valid): that draft is cancelled like any event.
    const unpublished = await eventBySlug(t.db, TRENCIN);
    await t.db.update(s.events).set({ status: 'draft' }).where(eq(s.events.id, unpublished.id));
    const holder = await makeUser(t.db, 'holder');
    const { ticket } = await giveTicket(t.db, holder.id, TRENCIN);
    expect((await cancel(unpublished.id, auth(cast.manager))).status).toBe(200);
    const [voided] = await t.db.select().from(s.tickets).where(eq(s.tickets.id, ticket.id));
    expect(voided.status).toBe('void');
    expect(await cancelEvent(cast.stranger, draft.id)).toEqual({ ok: false, code: 'ORG_NOT_FOUND' });
    expect(await cancellationProgress(cast.scanner, unpublished.id)).toEqual({ ok: false, code: 'ROLE_FORBIDDEN' });
  });
});

describe('cancelling a published event with sales', () => {
  it('refunds every paid order once, voids tickets and listings, cancels the resale payout, mails every holder in their language; the fan side refuses everything after', async () => {
    const event = await eventBySlug(t.db, KOSICE);
    const [type] = await t.db.select().from(s.ticketTypes).where(eq(s.ticketTypes.eventId, event.id)).orderBy(asc(s.ticketTypes.sortOrder)).limit(1);
    const seeded = await ordersOf(event.id);
    const before = new Set(seeded.map((o) => o.id));
    // The demo's paid orders of the match (a fan's live resale offer was bought): refunded with the rest.
    const seededPaidWithMoney = seeded.filter((o) => o.status === 'paid' && o.totalAmount > 0).length;

    const anna = await newFan('sk', 'Anna'); // buys two
    const boris = await newFan('cs', 'Boris'); // buys one and gives it to Greta
    const greta = await newFan('en', 'Greta');
    const seller = await newFan('en', 'Sam'); // buys one, resells it to Rita
    const rita = await newFan('sk', 'Rita');
    const lister = await newFan('cs', 'Lída'); // buys one and lists it: nobody buys it
    const guest = await newFan('sk', 'Gabo'); // a redeem code's ticket: nothing paid
    const browsing = await newFan('en', 'Hana'); // a cart at the moment of the cancellation
    const paying = await newFan('en', 'Petr'); // at the payment page at that moment

    const annaOrder = await buy(anna, KOSICE, 2);
    const borisOrder = await buy(boris, KOSICE);
    const [borisTicket] = await t.db.select().from(s.tickets).where(eq(s.tickets.orderId, borisOrder));
    expect(await giftTicket(boris, { ticketId: borisTicket.id, email: greta.email, locale: 'cs' })).toMatchObject({ ok: true, status: 'claimed' });
    const sellerOrder = await buy(seller, KOSICE);
    const [sellerTicket] = await t.db.select().from(s.tickets).where(eq(s.tickets.orderId, sellerOrder));
    const listed = await listTicketForResale(seller, { ticketId: sellerTicket.id, priceAmount: sellerTicket.priceAmount });
    if (!listed.ok) throw new Error(listed.code);
    expect((await addToCart({ user: rita, eventRef: KOSICE, selection: { listingId: listed.listing.id }, locale: 'en' })).ok).toBe(true);
    const ritaCheckout = await checkout({ user: rita, eventRef: KOSICE, locale: 'en', urls });
    if (!ritaCheckout.ok || ritaCheckout.paid) throw new Error(ritaCheckout.ok ? 'paid at checkout' : ritaCheckout.code);
    expect((await pay(ritaCheckout.paymentId)).kind).toBe('paid');
    const [payout] = await t.db.select().from(s.payouts).where(eq(s.payouts.listingId, listed.listing.id));
    expect(payout.status).toBe('pending');
    const listerOrder = await buy(lister, KOSICE);
    const [listerTicket] = await t.db.select().from(s.tickets).where(eq(s.tickets.orderId, listerOrder));
    const live = await listTicketForResale(lister, { ticketId: listerTicket.id, priceAmount: listerTicket.priceAmount });
    if (!live.ok) throw new Error(live.code);
    await t.db.insert(s.redeemCodes).values([
      { code: 'CANCEL-GUEST-1', eventId: event.id, ticketTypeId: type.id },
      { code: 'CANCEL-GUEST-2', eventId: event.id, ticketTypeId: type.id },
    ]);
    expect((await redeemCode(guest, 'CANCEL-GUEST-1')).ok).toBe(true);
    const browsingSeats = await seats(KOSICE, 1);
    expect((await addToCart({ user: browsing, eventRef: KOSICE, selection: { seatIds: browsingSeats }, locale: 'en' })).ok).toBe(true);
    expect((await addToCart({ user: paying, eventRef: KOSICE, selection: { seatIds: await seats(KOSICE, 1) }, locale: 'en' })).ok).toBe(true);
    const payingCheckout = await checkout({ user: paying, eventRef: KOSICE, locale: 'en', urls });
    if (!payingCheckout.ok || payingCheckout.paid) throw new Error(payingCheckout.ok ? 'paid at checkout' : payingCheckout.code);

    const response = await cancel(event.id, auth(cast.owner));
    expect(response.status).toBe(200);
    const body = await response.json();
    const paidOrders = [annaOrder, borisOrder, sellerOrder, ritaCheckout.orderId, listerOrder];
    expect(body.progress).toMatchObject({ status: 'cancelled', ordersWaiting: 0, ordersRefunded: paidOrders.length + before.size, refundsPending: paidOrders.length + seededPaidWithMoney, refundsSucceeded: 0, ticketsLeft: 0, done: true });

    // Orders: each paid one refunded; the unpaid one at the payment page cancelled with its payment.
    const orders = (await ordersOf(event.id)).filter((o) => !before.has(o.id));
    for (const id of paidOrders) expect(orders.find((o) => o.id === id)).toMatchObject({ status: 'refunded', note: 'EVENT_CANCELLED' });
    expect(orders.find((o) => o.id === payingCheckout.orderId)?.status).toBe('cancelled');
    const [payingPayment] = await t.db.select().from(s.payments).where(eq(s.payments.id, payingCheckout.paymentId));
    expect(payingPayment.status).toBe('cancelled');

    // Money: one refund per paid order's payment, for the whole amount, through the provider it was paid with.
    const perPayment = await refundsPerPayment(event.id);
    expect(perPayment).toHaveLength(paidOrders.length + seededPaidWithMoney);
    expect(perPayment.every((r) => r.n === 1 && r.reason === 'EVENT_CANCELLED' && r.amount === r.paid && r.paid > 0)).toBe(true);
    const payments = await t.db.select().from(s.payments).where(inArray(s.payments.orderId, paidOrders));
    expect(payments.filter((p) => p.status === 'refunded')).toHaveLength(paidOrders.length);

    // Tickets void, the live listing withdrawn, the sold one's payout cancelled, the carts ended.
    const tickets = await t.db.select().from(s.tickets).where(eq(s.tickets.eventId, event.id));
    expect(tickets.length).toBeGreaterThanOrEqual(7);
    expect(tickets.every((tk) => tk.status === 'void')).toBe(true);
    const [liveListing] = await t.db.select().from(s.resaleListings).where(eq(s.resaleListings.id, live.listing.id));
    expect(liveListing.status).toBe('withdrawn');
    const [cancelledPayout] = await t.db.select().from(s.payouts).where(eq(s.payouts.id, payout.id));
    expect(cancelledPayout.status).toBe('cancelled');
    const openHolds = await t.db.select().from(s.holds).where(and(eq(s.holds.eventId, event.id), inArray(s.holds.status, ['active', 'ordered'])));
    expect(openHolds).toEqual([]);
    const [browsingUnit] = await t.db.select().from(s.inventoryUnits).where(and(eq(s.inventoryUnits.eventId, event.id), eq(s.inventoryUnits.seatId, browsingSeats[0])));
    expect(browsingUnit).toMatchObject({ status: 'available', holdId: null });

    // Mails: the buyers that their money comes back, the other holders that their tickets are void — each once, in their language.
    const [annaMail] = await mailsTo(anna.email);
    expect(await mailsTo(anna.email)).toHaveLength(1);
    expect(annaMail).toMatchObject({ kind: 'event-cancelled-refund', locale: 'sk' });
    expect(annaMail.subject).toMatch(/^Podujatie .+ je zrušené – peniaze vám vrátime$/);
    expect(annaMail.textBody).toContain('2 vstupenky');
    expect(annaMail.textBody).toMatch(/Celú sumu .+€ vám vraciame/);
    const borisMails = await mailsTo(boris.email);
    expect(borisMails.map((m) => [m.kind, m.locale])).toEqual([['event-cancelled-refund', 'cs']]);
    expect(borisMails[0].subject).toMatch(/je zrušena – peníze vám vrátíme$/);
    const gretaMails = await mailsTo(greta.email);
    expect(gretaMails.map((m) => [m.kind, m.locale])).toEqual([['event-cancelled', 'en']]);
    expect(gretaMails[0].textBody).toContain('Your ticket for it is no longer valid');
    expect((await mailsTo(seller.email)).map((m) => m.kind)).toEqual(['event-cancelled-refund']);
    expect((await mailsTo(rita.email)).map((m) => [m.kind, m.locale])).toEqual([['event-cancelled-refund', 'sk']]);
    expect((await mailsTo(lister.email)).map((m) => [m.kind, m.locale])).toEqual([['event-cancelled-refund', 'cs']]);
    const guestMails = await mailsTo(guest.email);
    expect(guestMails.map((m) => [m.kind, m.locale])).toEqual([['event-cancelled', 'sk']]);
    expect(guestMails[0].textBody).toContain('Vaša vstupenka naň už neplatí');
    expect(await mailsTo(browsing.email)).toEqual([]);

    // The refund queue sends them through the test gateway, which marks them done.
    const attempts = await processDueRefunds({ limit: 50 });
    expect(attempts.filter((a) => payments.some((p) => p.id === a.paymentId)).every((a) => a.ok)).toBe(true);
    const progress = await cancellationProgress(cast.manager, event.id);
    expect(progress.ok && progress.progress).toMatchObject({ refundsSucceeded: paidOrders.length + seededPaidWithMoney, refundsPending: 0, refundsFailing: 0, done: true });

    // Run twice: nothing more goes back, nobody is mailed again.
    const mailCount = async () => (await t.db.select().from(s.emailOutbox)).length;
    const mailsBefore = await mailCount();
    expect((await cancel(event.id, auth(cast.manager))).status).toBe(200);
    expect(await finishCancelledEvents()).toBe(0);
    expect((await refundsPerPayment(event.id)).every((r) => r.n === 1)).toBe(true);
    expect(await refundsPerPayment(event.id)).toHaveLength(paidOrders.length + seededPaidWithMoney);
    expect(await mailCount()).toBe(mailsBefore);

    // The fan sees the order refunded because of the cancellation, and the ticket void in Your tickets.
    expect(await getOrder({ user: anna, orderId: annaOrder, locale: 'sk' })).toMatchObject({ status: 'refunded', eventCancelled: true, refundedLate: false, refunds: [{ status: 'refunded' }] });
    const annaTickets = (await listMyTickets(anna)).tickets.filter((tk) => tk.event.id === event.id);
    expect(annaTickets.map((tk) => [tk.status, tk.signingKey])).toEqual([
      ['void', null],
      ['void', null],
    ]);

    // The fan side refuses a hold, a checkout, a resale purchase, a code, a gift and a listing.
    const late = await newFan('en');
    expect(await addToCart({ user: late, eventRef: KOSICE, selection: { seatIds: await seats(KOSICE, 1) }, locale: 'en' })).toEqual({ ok: false, code: 'NOT_ON_SALE' });
    expect(await addToCart({ user: late, eventRef: KOSICE, selection: { listingId: live.listing.id }, locale: 'en' })).toEqual({ ok: false, code: 'NOT_ON_SALE' });
    expect(await checkout({ user: browsing, eventRef: KOSICE, locale: 'en', urls })).toEqual({ ok: false, code: 'NOT_ON_SALE' });
    expect(await redeemCode(late, 'CANCEL-GUEST-2')).toEqual({ ok: false, code: 'INVALID_REDEEM_CODE' });
    expect((await giftTicket(anna, { ticketId: tickets.find((tk) => tk.ownerId === anna.id)!.id, email: late.email, locale: 'sk' })).ok).toBe(false);
    expect((await listTicketForResale(anna, { ticketId: tickets.find((tk) => tk.ownerId === anna.id)!.id, priceAmount: 100 })).ok).toBe(false);

    // A payment that still arrives for the order cancelled at its payment page issues nothing and goes back.
    const latePayment = await pay(payingCheckout.paymentId);
    expect(latePayment).toMatchObject({ kind: 'refunded', reason: 'EVENT_CANCELLED' });
    expect(await t.db.select().from(s.tickets).where(eq(s.tickets.orderId, payingCheckout.orderId))).toEqual([]);
    expect((await refundsPerPayment(event.id)).find((r) => r.payment_id === payingCheckout.paymentId)).toMatchObject({ n: 1, reason: 'EVENT_CANCELLED' });
    expect((await mailsTo(paying.email)).map((m) => m.kind)).toEqual(['event-cancelled-refund']);
  });

  it('a crash half-way: the orders done stay done, the rest is finished by the next run and the sweeper, and no order is refunded twice', async () => {
    const event = await eventBySlug(t.db, ZILINA);
    const buyers = await Promise.all(Array.from({ length: 7 }, (_, i) => newFan((['sk', 'cs', 'en'] as const)[i % 3])));
    const paid: string[] = [];
    for (const buyer of buyers) paid.push(await buy(buyer, ZILINA));

    // The refunds break off inside the third order's transaction (as when the process dies there).
    let seen = 0;
    const logged = jest.spyOn(log(), 'error').mockImplementation(() => {});
    const first = await cancelEvent(cast.owner, event.id, {
      inOrderTransaction: () => {
        if (++seen === 3) throw new Error('simulated crash');
      },
    });
    expect(logged.mock.calls.some((call) => String((call[0] as unknown as { err?: Error }).err?.message).includes('simulated crash'))).toBe(true);
    logged.mockRestore();
    // The organiser is told it is cancelled, and how much is still to come.
    expect(first.ok && first.progress).toMatchObject({ status: 'cancelled', ordersRefunded: 2, ordersWaiting: 5, done: false });
    const [cancelled] = await t.db.select().from(s.events).where(eq(s.events.id, event.id));
    expect(cancelled.status).toBe('cancelled');
    const statuses = (await ordersOf(event.id)).filter((o) => paid.includes(o.id)).map((o) => o.status);
    expect(statuses.filter((x) => x === 'refunded')).toHaveLength(2);
    expect(statuses.filter((x) => x === 'paid')).toHaveLength(5);
    expect(await refundsPerPayment(event.id)).toHaveLength(2);
    // The broken-off order is untouched: its transaction wrote nothing (no void ticket, no mail).
    const stillPaid = (await ordersOf(event.id)).filter((o) => o.status === 'paid').map((o) => o.id);
    const theirTickets = await t.db.select().from(s.tickets).where(inArray(s.tickets.orderId, stillPaid));
    expect(theirTickets.map((tk) => tk.status)).toEqual(stillPaid.map(() => 'valid'));
    const mailed = (await Promise.all(buyers.map((b) => mailsTo(b.email)))).filter((m) => m.length).length;
    expect(mailed).toBe(2);
    const progress = await cancellationProgress(cast.owner, event.id);
    expect(progress.ok && progress.progress).toMatchObject({ ordersWaiting: 5, ordersRefunded: 2, done: false });

    // After the restart: the organiser presses cancel again (this request does one more), the sweeper the rest.
    const again = await cancelEvent(cast.manager, event.id, { maxOrders: 1 });
    expect(again.ok && again.progress).toMatchObject({ ordersWaiting: 4, ordersRefunded: 3, done: false });
    expect(await finishCancelledEvents()).toBe(4);
    expect(await finishCancelledEvents()).toBe(0);

    const perPayment = await refundsPerPayment(event.id);
    expect(perPayment).toHaveLength(7);
    expect(perPayment.every((r) => r.n === 1)).toBe(true);
    expect((await ordersOf(event.id)).filter((o) => paid.includes(o.id)).every((o) => o.status === 'refunded')).toBe(true);
    for (const buyer of buyers) expect(await mailsTo(buyer.email)).toHaveLength(1);
    const final = await cancellationProgress(cast.owner, event.id);
    expect(final.ok && final.progress).toMatchObject({ ordersWaiting: 0, ordersRefunded: 7, refundsPending: 7, done: true });
  });
});
