import { and, eq } from 'drizzle-orm';
import * as s from '@/lib/server/db/schema';
import { addToCart, getCart } from '@/lib/server/cart';
import { checkout } from '@/lib/server/orders/checkout';
import { signedGatewayNotice, testGateway } from '@/lib/server/payments/test-gateway';
import { handlePaymentNotice } from '@/lib/server/payments/webhook';
import { sweepExpiredHolds } from '@/lib/server/cart/sweep';
import { joinWaitingList, leaveWaitingList, myWaitingEntries, waitingListState } from '@/lib/server/waiting-list';
import { offerReturned, sweepWaitingLists } from '@/lib/server/waiting-list/offers';
import { sendDueNotifications } from '@/lib/server/notifications/sender';
import { GET as stateRoute, POST as joinRoute } from '@/tests/helpers/api';
import { GET as mineRoute } from '@/tests/helpers/api';
import { PUT as settingsRoute } from '@/tests/helpers/api';
import { myWaitingEntriesSchema, waitingListOverviewSchema, waitingListStateSchema } from '@/lib/schemas/waiting-list';
import { answerOf, failureBodyOf } from '../helpers/contract';
import { useTestDatabase } from '../helpers/db';
import { makeCast, statusesOf, expectedStatuses } from '../helpers/organiser';
import { auth, makeUser, params, request, type TestUser } from '../helpers/tickets';
import { entryOf, makeSmallEvent, unitStatuses, type SmallEvent } from '../helpers/waiting-list';

const t = useTestDatabase();
const MIN = 60_000;
const urls = { success: (id: string) => `http://x/orders/${id}`, cancel: () => 'http://x/cart', gateway: (id: string) => `/en/pay/${id}` };

/** The offer's emails once the notification queue was sent (a fan without push gets an email). */
async function offerMails(to: string, now = new Date()) {
  await sendDueNotifications({ now });
  return t.db
    .select()
    .from(s.emailOutbox)
    .where(and(eq(s.emailOutbox.toAddress, to), eq(s.emailOutbox.kind, 'notification-waiting-list-offer')));
}

/** A fresh event of two standing places, both in a holder's cart from `at`: sold out. */
async function soldOutEvent(at: Date): Promise<{ event: SmallEvent; holder: TestUser }> {
  const event = await makeSmallEvent(t.db, { seats: 0, places: 2 });
  const holder = await makeUser(t.db, 'holder');
  const held = await addToCart({ user: holder, eventRef: event.slug, selection: { ticketTypeId: event.standingType, quantity: 2 }, locale: 'en', now: at });
  if (!held.ok) throw new Error(held.code);
  return { event, holder };
}

describe('the waiting list', () => {
  it('offers returned tickets in the order fans joined, and a general buyer cannot take them meanwhile', async () => {
    const base = new Date();
    const { event } = await soldOutEvent(base);
    const [a, b, c, buyer] = [await makeUser(t.db, 'a'), await makeUser(t.db, 'b'), await makeUser(t.db, 'c'), await makeUser(t.db, 'buyer')];

    // not sold out yet in another sense: a category with free places cannot be queued for
    const other = await makeSmallEvent(t.db, { seats: 0, places: 2 });
    expect(await joinWaitingList({ user: a, eventRef: other.slug, quantity: 1, locale: 'en', now: base })).toMatchObject({ ok: false, code: 'NOT_SOLD_OUT' });

    for (const [fan, quantity, offset] of [[a, 1, 1], [b, 1, 2], [c, 2, 3]] as const) {
      const joined = await joinWaitingList({ user: fan, eventRef: event.slug, quantity, locale: 'en', now: new Date(base.getTime() + offset * 1000) });
      expect(joined).toMatchObject({ ok: true, entry: { status: 'waiting', position: offset, quantity } });
    }
    expect(await joinWaitingList({ user: a, eventRef: event.slug, quantity: 1, locale: 'en', now: base })).toMatchObject({ ok: false, code: 'ALREADY_WAITING' });
    expect(await joinWaitingList({ user: buyer, eventRef: event.slug, quantity: 5, locale: 'en', now: base })).toMatchObject({ ok: false, code: 'LIMIT_PER_USER', limit: 4 });

    // the holder's cart runs out: its places are free, but the list's
    const later = new Date(base.getTime() + 11 * MIN);
    const grab = await addToCart({ user: buyer, eventRef: event.slug, selection: { ticketTypeId: event.standingType, quantity: 1 }, locale: 'en', now: later });
    expect(grab).toMatchObject({ ok: false, code: 'WAITING_LIST_RESERVED' });
    const state = await waitingListState({ user: buyer, eventRef: event.slug, locale: 'en', now: later });
    expect(state).toMatchObject({ enabled: true, soldOut: true, entry: null });

    await sweepExpiredHolds({ db: t.db, now: later });
    const offered = await offerReturned(event.id, { now: later });
    expect(offered.sort()).toEqual([(await entryOf(t.db, event.id, a.id)).id, (await entryOf(t.db, event.id, b.id)).id].sort());
    for (const fan of [a, b]) {
      const entry = await entryOf(t.db, event.id, fan.id);
      expect(entry).toMatchObject({ status: 'offered', offerExpiresAt: new Date(later.getTime() + 30 * MIN) });
      expect(entry.toldAt).not.toBeNull();
      const cart = await getCart({ user: fan, eventRef: event.slug, locale: 'en', now: later });
      if (!cart.ok) throw new Error(cart.code);
      expect(cart.cart).toMatchObject({ count: 1, timeLeft: 30 * 60 });
      const mails = await offerMails(fan.email, later);
      expect(mails).toHaveLength(1);
      expect(mails[0].subject).toBe('Tickets for you');
      expect(mails[0].textBody).toContain(`/en/events/${event.slug}/cart`);
    }
    // c wants two: still waiting, now first in line
    expect(await entryOf(t.db, event.id, c.id)).toMatchObject({ status: 'waiting' });
    const [cEntry] = await myWaitingEntries({ user: c, locale: 'en', now: later });
    expect(cEntry).toMatchObject({ status: 'waiting', position: 1, quantity: 2 });
    expect(await unitStatuses(t.db, event.id)).toEqual({ held: 2 });

    // a second run offers nothing twice and tells nobody twice
    expect(await sweepWaitingLists({ now: later })).toBe(0);
    expect(await offerMails(a.email)).toHaveLength(1);
  });

  it('an offer that runs out passes to the next fan in line', async () => {
    const base = new Date();
    const { event } = await soldOutEvent(base);
    const [a, b] = [await makeUser(t.db, 'a'), await makeUser(t.db, 'b')];
    await joinWaitingList({ user: a, eventRef: event.slug, quantity: 2, locale: 'en', now: new Date(base.getTime() + 1000) });
    await joinWaitingList({ user: b, eventRef: event.slug, quantity: 2, locale: 'en', now: new Date(base.getTime() + 2000) });

    const later = new Date(base.getTime() + 11 * MIN);
    await sweepExpiredHolds({ db: t.db, now: later });
    await sweepWaitingLists({ now: later });
    expect(await entryOf(t.db, event.id, a.id)).toMatchObject({ status: 'offered' });
    expect(await entryOf(t.db, event.id, b.id)).toMatchObject({ status: 'waiting' });

    // a does not buy within the 30 minutes
    const after = new Date(later.getTime() + 31 * MIN);
    await sweepExpiredHolds({ db: t.db, now: after });
    await sweepWaitingLists({ now: after });
    expect(await entryOf(t.db, event.id, a.id)).toMatchObject({ status: 'expired' });
    expect(await entryOf(t.db, event.id, b.id)).toMatchObject({ status: 'offered', offerExpiresAt: new Date(after.getTime() + 30 * MIN) });
    const cart = await getCart({ user: b, eventRef: event.slug, locale: 'en', now: after });
    expect(cart).toMatchObject({ ok: true, cart: { count: 2 } });
    const aCart = await getCart({ user: a, eventRef: event.slug, locale: 'en', now: after });
    expect(aCart).toMatchObject({ ok: true, cart: { count: 0 } });
    expect(await offerMails(b.email)).toHaveLength(1);
    const [mine] = await myWaitingEntries({ user: a, locale: 'en', now: after });
    expect(mine).toMatchObject({ status: 'expired', position: null });

    // b pays within the offer: the tickets are b's, the entry says bought
    const paidAt = new Date(after.getTime() + 5 * MIN);
    const result = await checkout({ user: b, eventRef: event.slug, locale: 'en', urls, now: paidAt });
    if (!result.ok || result.paid) throw new Error(result.ok ? 'paid at checkout' : result.code);
    const { eventId } = signedGatewayNotice(result.paymentId, 'succeeded');
    expect((await handlePaymentNotice(testGateway, { eventId, paymentId: result.paymentId, outcome: 'succeeded' }, paidAt)).kind).toBe('paid');
    await sweepWaitingLists({ now: paidAt });
    expect(await entryOf(t.db, event.id, b.id)).toMatchObject({ status: 'bought' });
    expect(await unitStatuses(t.db, event.id)).toEqual({ sold: 2 });
  });

  it('leaving gives up the place, and an offer held in the cart goes to the next fan or back on sale', async () => {
    const base = new Date();
    const { event } = await soldOutEvent(base);
    const [a, b, buyer] = [await makeUser(t.db, 'a'), await makeUser(t.db, 'b'), await makeUser(t.db, 'buyer')];
    await joinWaitingList({ user: a, eventRef: event.slug, quantity: 2, locale: 'en', now: new Date(base.getTime() + 1000) });
    await joinWaitingList({ user: b, eventRef: event.slug, quantity: 1, locale: 'en', now: new Date(base.getTime() + 2000) });
    // b leaves while waiting: a is the only one in line
    expect(await leaveWaitingList({ user: b, eventRef: event.slug, now: base })).toEqual({ ok: true });
    expect(await entryOf(t.db, event.id, b.id)).toMatchObject({ status: 'left' });
    expect(await leaveWaitingList({ user: b, eventRef: event.slug, now: base })).toEqual({ ok: false, code: 'WAITING_ENTRY_NOT_FOUND' });

    const later = new Date(base.getTime() + 11 * MIN);
    await sweepExpiredHolds({ db: t.db, now: later });
    await offerReturned(event.id, { now: later });
    expect(await entryOf(t.db, event.id, a.id)).toMatchObject({ status: 'offered' });

    // a leaves with the offer: the places go back, and with nobody waiting, to general sale
    expect(await leaveWaitingList({ user: a, eventRef: event.slug, now: later })).toEqual({ ok: true });
    expect(await entryOf(t.db, event.id, a.id)).toMatchObject({ status: 'left' });
    expect(await unitStatuses(t.db, event.id)).toEqual({ available: 2 });
    const bought = await addToCart({ user: buyer, eventRef: event.slug, selection: { ticketTypeId: event.standingType, quantity: 2 }, locale: 'en', now: later });
    expect(bought).toMatchObject({ ok: true, cart: { count: 2 } });
  });

  it('the organiser turns the list on and off; off, returned tickets go to general sale', async () => {
    const base = new Date();
    const { event } = await soldOutEvent(base);
    const cast = await makeCast(t.db, event.orgId);
    const put = (headers: Record<string, string>, body: unknown) =>
      settingsRoute(request(`/api/v1/organiser/events/${event.id}/waiting-list`, { method: 'PUT', headers, body }), params({ eventId: event.id }));
    expect(await statusesOf(cast, (headers) => put(headers, { enabled: true, offerMinutes: 20 }))).toEqual(expectedStatuses('events', 200));

    const fan = await makeUser(t.db, 'fan');
    const joined = await joinRoute(request(`/api/v1/events/${event.slug}/waiting-list`, { method: 'POST', headers: auth(fan), body: { quantity: 1 } }), params({ id: event.slug }));
    expect(joined.status).toBe(200);
    const state = await answerOf(waitingListStateSchema, await stateRoute(request(`/api/v1/events/${event.slug}/waiting-list`, { headers: auth(fan) }), params({ id: event.slug })));
    expect(state).toMatchObject({ enabled: true, offerMinutes: 20, soldOut: true, entry: { status: 'waiting', position: 1 } });
    const anonymous = await answerOf(waitingListStateSchema, await stateRoute(request(`/api/v1/events/${event.slug}/waiting-list`), params({ id: event.slug })));
    expect(anonymous.entry).toBeNull();
    const mine = await answerOf(myWaitingEntriesSchema, await mineRoute(request('/api/v1/waiting-list', { headers: auth(fan) }), params({})));
    expect(mine.entries.map((entry) => entry.eventId)).toEqual([event.slug]);

    const off = await answerOf(waitingListOverviewSchema, await put(auth(cast.manager), { enabled: false, offerMinutes: 20 }));
    expect(off).toMatchObject({ enabled: false, waiting: 0 });
    expect(await entryOf(t.db, event.id, fan.id)).toMatchObject({ status: 'closed' });
    const refused = await joinRoute(request(`/api/v1/events/${event.slug}/waiting-list`, { method: 'POST', headers: auth(cast.fan), body: { quantity: 1 } }), params({ id: event.slug }));
    expect(refused.status).toBe(409);
    expect((await failureBodyOf(refused)).code).toBe('WAITING_LIST_OFF');

    const buyer = await makeUser(t.db, 'buyer');
    const later = new Date(base.getTime() + 11 * MIN);
    expect(await addToCart({ user: buyer, eventRef: event.slug, selection: { ticketTypeId: event.standingType, quantity: 1 }, locale: 'en', now: later })).toMatchObject({ ok: true });
    const invalid = await put(auth(cast.owner), { enabled: true, offerMinutes: 1 });
    expect(invalid.status).toBe(422);
  });
});
