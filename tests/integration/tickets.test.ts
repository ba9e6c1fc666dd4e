import { and, eq } from 'drizzle-orm';
import { GET as listTickets } from '@/tests/helpers/api';
import { POST as redeem } from '@/tests/helpers/api';
import { DELETE as cancelGiftRoute, POST as gift } from '@/tests/helpers/api';
import { DELETE as withdraw, POST as list } from '@/tests/helpers/api';
import { GET as payoutsRoute } from '@/tests/helpers/api';
import { POST as scan } from '@/tests/helpers/api';
import { GET as offlineRoute } from '@/tests/helpers/api';
import { POST as syncRoute } from '@/tests/helpers/api';
import * as s from '@/lib/server/db/schema';
import { issueTicketsForOrder } from '@/lib/server/tickets/issue';
import { generateTicketCode, parseTicketCode, STEP_SECONDS, verifyTicketCode } from '@/lib/ticket-code/code';
import { publicKeyFor, signingKeyFor } from '@/lib/ticket-code/keys';
import { myTicketsSchema, scanResultSchema } from '@/lib/schemas/tickets';
import { answerOf, checkAnswer } from '../helpers/contract';
import { useTestDatabase } from '../helpers/db';
import { auth, currentCode, eventBySlug, giveTicket, makeScanner, makeUser, openGates, params, request } from '../helpers/tickets';

const t = useTestDatabase({ seeded: true });

beforeAll(async () => {
  await openGates(t.db);
});

async function ticketRow(id: string) {
  const [row] = await t.db.select().from(s.tickets).where(eq(s.tickets.id, id));
  return row;
}

async function scanAs(user: { token: string }, payload: string, eventId?: string) {
  const response = await scan(request('/api/v1/scan', { method: 'POST', headers: auth(user), body: { payload, eventId } }), params({}));
  const body = await response.json();
  checkAnswer(scanResultSchema, response.status, body);
  return { status: response.status, body };
}

async function myTickets(user: { token: string }) {
  const response = await listTickets(request('/api/v1/tickets', { headers: auth(user) }), params({}));
  expect(response.status).toBe(200);
  return (await answerOf(myTicketsSchema, response)) as { tickets: { id: string; status: string; version: number; signingKey: string | null; pendingGift: { toEmail: string } | null; event: { slug: string } }[]; seasons: { matches: { slug: string; state: string }[] }[] };
}

describe('Your tickets', () => {
  it('answers 401 without a session', async () => {
    const response = await listTickets(request('/api/v1/tickets'), params({}));
    expect(response.status).toBe(401);
  });

  it('lists the seeded fan’s tickets upcoming first, with a signing key only for valid ones, and the season schedule', async () => {
    const [fan] = await t.db.select().from(s.users).where(eq(s.users.email, 'fan@tribuna.sk'));
    const { sessionFor } = await import('../helpers/tickets');
    const data = await myTickets({ token: await sessionFor(t.db, fan.id) });
    expect(data.tickets.length).toBeGreaterThanOrEqual(8);
    const past = data.tickets.find((x) => x.event.slug === 'dunaj-bratislava-slovan-liberec')!;
    expect(past.status).toBe('checked_in');
    expect(past.signingKey).toBeNull();
    expect(data.tickets.filter((x) => x.status === 'valid').every((x) => typeof x.signingKey === 'string' && x.signingKey.length > 20)).toBe(true);
    // never the secret itself
    expect(JSON.stringify(data)).not.toMatch(/"secret"/);
    expect(data.seasons).toHaveLength(1);
    expect(data.seasons[0].matches.map((m) => m.slug)).toEqual(['dunaj-bratislava-spartak-trnava', 'dunaj-bratislava-dac-dunajska-streda', 'dunaj-bratislava-as-trencin']);
    expect(data.seasons[0].matches.every((m) => m.state === 'yours')).toBe(true);
  });
});

describe('gifts', () => {
  it('moves a ticket to a registered fan at once: new secret and version, the sender’s code is rejected', async () => {
    const sender = await makeUser(t.db, 'sender');
    const recipient = await makeUser(t.db, 'recipient');
    const scanner = await makeScanner(t.db, 'dunaj-bratislava-fc-kosice');
    const { ticket } = await giveTicket(t.db, sender.id, 'dunaj-bratislava-fc-kosice');
    const oldCode = await currentCode(t.db, ticket.id);

    const response = await gift(request(`/api/v1/tickets/${ticket.id}/gift`, { method: 'POST', headers: auth(sender), body: { email: recipient.email.toUpperCase() } }), params({ id: ticket.id }));
    expect(response.status).toBe(201);
    expect(await response.json()).toMatchObject({ ok: true, status: 'claimed' });

    const after = await ticketRow(ticket.id);
    expect(after.ownerId).toBe(recipient.id);
    expect(after.version).toBe(ticket.version + 1);
    expect(after.secret).not.toBe(ticket.secret);
    expect((await myTickets(sender)).tickets.find((x) => x.id === ticket.id)).toBeUndefined();
    expect((await myTickets(recipient)).tickets.find((x) => x.id === ticket.id)).toMatchObject({ status: 'valid', version: 2 });
    const mails = await t.db.select().from(s.emailOutbox).where(eq(s.emailOutbox.toAddress, recipient.email));
    expect(mails).toHaveLength(1);

    expect((await scanAs(scanner, oldCode)).body).toMatchObject({ result: 'not_valid', reason: 'old_version' });
    expect((await scanAs(scanner, await currentCode(t.db, ticket.id))).body).toMatchObject({ result: 'admitted' });
  });

  it('invites an unknown email; the ticket waits, the sender can cancel, and a new account claims it on loading tickets', async () => {
    const sender = await makeUser(t.db, 'sender2');
    const { ticket } = await giveTicket(t.db, sender.id, 'polarna-ziara-kosice');
    const newcomer = `newcomer.${Date.now()}@example.com`;

    const first = await gift(request(`/api/v1/tickets/${ticket.id}/gift`, { method: 'POST', headers: auth(sender), body: { email: newcomer } }), params({ id: ticket.id }));
    expect(first.status).toBe(201);
    expect(await first.json()).toMatchObject({ status: 'pending', toEmail: newcomer });
    expect((await ticketRow(ticket.id)).ownerId).toBe(sender.id);
    const [invite] = await t.db.select().from(s.emailOutbox).where(eq(s.emailOutbox.toAddress, newcomer));
    expect(invite.kind).toBe('gift-invitation');

    // while it waits, the sender's list offers no code for it: the gate would refuse it
    expect((await myTickets(sender)).tickets.find((x) => x.id === ticket.id)).toMatchObject({ status: 'valid', signingKey: null, pendingGift: { toEmail: newcomer } });
    // a second gift of the same ticket while one waits is refused
    const again = await gift(request(`/api/v1/tickets/${ticket.id}/gift`, { method: 'POST', headers: auth(sender), body: { email: 'someone@example.com' } }), params({ id: ticket.id }));
    expect(again.status).toBe(409);

    // cancel, then gift again
    const cancelled = await cancelGiftRoute(request(`/api/v1/tickets/${ticket.id}/gift`, { method: 'DELETE', headers: auth(sender) }), params({ id: ticket.id }));
    expect(cancelled.status).toBe(200);
    expect((await myTickets(sender)).tickets.find((x) => x.id === ticket.id)).toMatchObject({ signingKey: expect.any(String), pendingGift: null });
    const second = await gift(request(`/api/v1/tickets/${ticket.id}/gift`, { method: 'POST', headers: auth(sender), body: { email: newcomer } }), params({ id: ticket.id }));
    expect(second.status).toBe(201);

    const signedUp = await makeUser(t.db, 'newcomer', newcomer);
    const data = await myTickets(signedUp);
    expect(data.tickets.find((x) => x.id === ticket.id)).toMatchObject({ status: 'valid', version: 2 });
    expect((await ticketRow(ticket.id)).ownerId).toBe(signedUp.id);
    const gifts = await t.db.select().from(s.gifts).where(eq(s.gifts.ticketId, ticket.id));
    expect(gifts.map((g) => g.status).sort()).toEqual(['cancelled', 'claimed']);
    // the sender can no longer cancel a claimed gift
    const late = await cancelGiftRoute(request(`/api/v1/tickets/${ticket.id}/gift`, { method: 'DELETE', headers: auth(sender) }), params({ id: ticket.id }));
    expect(late.status).toBe(404);
  });

  it('is refused when the organiser forbids transfers or the event has started, and for someone else’s ticket', async () => {
    const owner = await makeUser(t.db, 'owner');
    const { ticket, event } = await giveTicket(t.db, owner.id, 'the-lowlands-bratislava');
    await t.db.update(s.events).set({ transferEnabled: false }).where(eq(s.events.id, event.id));
    const refused = await gift(request(`/api/v1/tickets/${ticket.id}/gift`, { method: 'POST', headers: auth(owner), body: { email: 'x@example.com' } }), params({ id: ticket.id }));
    expect(refused.status).toBe(409);
    expect(await refused.json()).toMatchObject({ code: 'TRANSFER_DISABLED', message: 'The organiser does not allow passing on tickets for this event.' });
    await t.db.update(s.events).set({ transferEnabled: true, startsAt: new Date(Date.now() - 60_000) }).where(eq(s.events.id, event.id));
    const started = await gift(request(`/api/v1/tickets/${ticket.id}/gift`, { method: 'POST', headers: auth(owner), body: { email: 'x@example.com' } }), params({ id: ticket.id }));
    expect((await started.json()).code).toBe('EVENT_STARTED');

    const stranger = await makeUser(t.db, 'stranger');
    const notMine = await gift(request(`/api/v1/tickets/${ticket.id}/gift`, { method: 'POST', headers: auth(stranger), body: { email: 'x@example.com' } }), params({ id: ticket.id }));
    expect(notMine.status).toBe(404);
  });
});

describe('resale listings', () => {
  it('refuses a price over the cap with the cap shown, accepts one under it, and lists the ticket once', async () => {
    const seller = await makeUser(t.db, 'seller');
    // HC Vltava – Slavia: 120 % of face value
    const { ticket, type } = await giveTicket(t.db, seller.id, 'vltava-praha-slavia-praha', 'MID');
    const cap = Math.floor((type.priceAmount * 120) / 100);
    const over = await list(request(`/api/v1/tickets/${ticket.id}/listing`, { method: 'POST', headers: auth(seller), body: { price: cap + 100 } }), params({ id: ticket.id }));
    expect(over.status).toBe(422);
    const overBody = await over.json();
    expect(overBody.code).toBe('PRICE_OVER_CAP');
    expect(overBody.message).toBe(`The price is over the organiser's maximum of ${new Intl.NumberFormat('en', { style: 'currency', currency: 'CZK' }).format(cap / 100)}.`);
    expect(overBody.errors[0].field).toBe('price');

    const skCap = await list(
      request(`/api/v1/tickets/${ticket.id}/listing`, { method: 'POST', headers: auth(seller, { 'accept-language': 'sk' }), body: { price: cap + 1 } }),
      params({ id: ticket.id }),
    );
    expect((await skCap.json()).message).toContain('708,00');

    const ok = await list(request(`/api/v1/tickets/${ticket.id}/listing`, { method: 'POST', headers: auth(seller), body: { price: cap } }), params({ id: ticket.id }));
    expect(ok.status).toBe(201);
    expect((await ok.json()).listing).toMatchObject({ priceAmount: cap, currency: 'CZK', sellerFeeAmount: Math.round(cap * 0.05), payoutAmount: cap - Math.round(cap * 0.05) });
    expect((await ticketRow(ticket.id)).status).toBe('listed');

    const twice = await list(request(`/api/v1/tickets/${ticket.id}/listing`, { method: 'POST', headers: auth(seller), body: { price: 1000 } }), params({ id: ticket.id }));
    expect((await twice.json()).code).toBe('ALREADY_LISTED');
  });

  it('applies an absolute cap below the percentage cap', async () => {
    const seller = await makeUser(t.db, 'seller-abs');
    // Mountfield: 120 % but never over 600 CZK (60000 minor units); MID face value is 590 CZK
    const { ticket } = await giveTicket(t.db, seller.id, 'vltava-praha-mountfield-hradec', 'MID');
    const over = await list(request(`/api/v1/tickets/${ticket.id}/listing`, { method: 'POST', headers: auth(seller), body: { price: 60001 } }), params({ id: ticket.id }));
    expect((await over.json()).code).toBe('PRICE_OVER_CAP');
    const ok = await list(request(`/api/v1/tickets/${ticket.id}/listing`, { method: 'POST', headers: auth(seller), body: { price: 60000 } }), params({ id: ticket.id }));
    expect(ok.status).toBe(201);
  });

  it('is refused when resale is off or its window has closed', async () => {
    const seller = await makeUser(t.db, 'seller-off');
    const off = await giveTicket(t.db, seller.id, 'vltava-praha-ocelari-trinec', 'MID');
    const refused = await list(request(`/api/v1/tickets/${off.ticket.id}/listing`, { method: 'POST', headers: auth(seller), body: { price: 100 } }), params({ id: off.ticket.id }));
    expect((await refused.json()).code).toBe('RESALE_DISABLED');

    const soon = await giveTicket(t.db, seller.id, 'sever-noci-akusticky');
    // 2-hour window: an event starting in 90 minutes is closed for resale
    await t.db.update(s.events).set({ startsAt: new Date(Date.now() + 90 * 60_000) }).where(eq(s.events.id, soon.event.id));
    const closed = await list(request(`/api/v1/tickets/${soon.ticket.id}/listing`, { method: 'POST', headers: auth(seller), body: { price: 100 } }), params({ id: soon.ticket.id }));
    expect(closed.status).toBe(409);
    expect(await closed.json()).toMatchObject({ code: 'RESALE_WINDOW_CLOSED', message: 'Resale for this event has closed.' });
  });

  it('a listed ticket cannot be gifted or scanned; withdrawing makes it valid again', async () => {
    const seller = await makeUser(t.db, 'seller-lock');
    const scanner = await makeScanner(t.db, 'dunaj-bratislava-msk-zilina');
    const { ticket } = await giveTicket(t.db, seller.id, 'dunaj-bratislava-msk-zilina');
    const code = await currentCode(t.db, ticket.id);
    await list(request(`/api/v1/tickets/${ticket.id}/listing`, { method: 'POST', headers: auth(seller), body: { price: 500 } }), params({ id: ticket.id }));

    const gifted = await gift(request(`/api/v1/tickets/${ticket.id}/gift`, { method: 'POST', headers: auth(seller), body: { email: 'friend@example.com' } }), params({ id: ticket.id }));
    expect(await gifted.json()).toMatchObject({ code: 'TICKET_LISTED' });
    expect((await scanAs(scanner, code)).body).toMatchObject({ result: 'not_valid', reason: 'listed' });
    expect((await ticketRow(ticket.id)).status).toBe('listed');

    const back = await withdraw(request(`/api/v1/tickets/${ticket.id}/listing`, { method: 'DELETE', headers: auth(seller) }), params({ id: ticket.id }));
    expect(back.status).toBe(200);
    expect((await ticketRow(ticket.id)).status).toBe('valid');
    const listings = await t.db.select().from(s.resaleListings).where(eq(s.resaleListings.ticketId, ticket.id));
    expect(listings.map((l) => l.status)).toEqual(['withdrawn']);
    expect((await scanAs(scanner, code)).body).toMatchObject({ result: 'admitted' });
  });

  it('buyer pays → the ticket moves with a new secret, the seller’s code is rejected, and the payout is on the ledger', async () => {
    const seller = await makeUser(t.db, 'seller-paid');
    const buyer = await makeUser(t.db, 'buyer');
    const scanner = await makeScanner(t.db, 'polarna-ziara-kosice');
    const { ticket, event } = await giveTicket(t.db, seller.id, 'polarna-ziara-kosice', 'GA');
    const sellerCode = await currentCode(t.db, ticket.id);
    const listed = await list(request(`/api/v1/tickets/${ticket.id}/listing`, { method: 'POST', headers: auth(seller), body: { price: 2900 } }), params({ id: ticket.id }));
    const { listing } = await listed.json();

    // What the checkout does once the payment lands (BUYING's issue.ts), inside its transaction.
    await t.db.transaction(async (tx) => {
      const [hold] = await tx.insert(s.holds).values({ userId: buyer.id, eventId: event.id, expiresAt: new Date(Date.now() + 600_000), status: 'completed' }).returning();
      const [order] = await tx
        .insert(s.orders)
        .values({ userId: buyer.id, eventId: event.id, holdId: hold.id, status: 'paid', currency: 'EUR', subtotalAmount: 2900, totalAmount: 2987, locale: 'en' })
        .returning();
      await tx.update(s.resaleListings).set({ status: 'sold', soldAt: new Date() }).where(eq(s.resaleListings.id, listing.id));
      await issueTicketsForOrder(tx, {
        orderId: order.id,
        eventId: event.id,
        buyerId: buyer.id,
        items: [{ unitId: null, listingId: listing.id, ticketTypeId: ticket.ticketTypeId, priceAmount: 2900, feeAmount: 87 }],
        sellerFeeBps: event.resaleSellerFeeBps,
        organiserSharePercent: event.resaleOrganiserSharePercent,
        currency: 'EUR',
        now: new Date(),
      });
    });

    const moved = await ticketRow(ticket.id);
    expect(moved).toMatchObject({ ownerId: buyer.id, status: 'valid', version: ticket.version + 1 });
    expect((await scanAs(scanner, sellerCode)).body).toMatchObject({ result: 'not_valid', reason: 'old_version' });
    expect((await myTickets(buyer)).tickets.map((x) => x.id)).toContain(ticket.id);

    const ledger = await payoutsRoute(request('/api/v1/payouts', { headers: auth(seller) }), params({}));
    const { payouts } = await ledger.json();
    const fee = Math.round(2900 * 0.07);
    expect(payouts).toEqual([expect.objectContaining({ grossAmount: 2900, feeAmount: fee, netAmount: 2900 - fee, currency: 'EUR', status: 'pending' })]);
    expect((await scanAs(scanner, await currentCode(t.db, ticket.id))).body).toMatchObject({ result: 'admitted' });
  });
});

describe('a change of owner and waiting gifts', () => {
  /** What the checkout does once a resale payment lands (as in the test above). */
  async function buyListing(buyer: { id: string }, listingId: string, event: typeof s.events.$inferSelect, ticketTypeId: string, price: number) {
    await t.db.transaction(async (tx) => {
      const [hold] = await tx.insert(s.holds).values({ userId: buyer.id, eventId: event.id, expiresAt: new Date(Date.now() + 600_000), status: 'completed' }).returning();
      const [order] = await tx
        .insert(s.orders)
        .values({ userId: buyer.id, eventId: event.id, holdId: hold.id, status: 'paid', currency: event.currency, subtotalAmount: price, totalAmount: price, locale: 'en' })
        .returning();
      await tx.update(s.resaleListings).set({ status: 'sold', soldAt: new Date() }).where(eq(s.resaleListings.id, listingId));
      await issueTicketsForOrder(tx, {
        orderId: order.id,
        eventId: event.id,
        buyerId: buyer.id,
        items: [{ unitId: null, listingId, ticketTypeId, priceAmount: price, feeAmount: 0 }],
        sellerFeeBps: event.resaleSellerFeeBps,
        organiserSharePercent: event.resaleOrganiserSharePercent,
        currency: event.currency,
        now: new Date(),
      });
    });
  }

  it('a resale sale cancels the gift the seller left waiting, and the buyer gets in', async () => {
    const seller = await makeUser(t.db, 'seller-gift');
    const buyer = await makeUser(t.db, 'buyer-gift');
    const scanner = await makeScanner(t.db, 'polarna-ziara-kosice');
    const { ticket, event } = await giveTicket(t.db, seller.id, 'polarna-ziara-kosice', 'GA');
    const listed = await list(request(`/api/v1/tickets/${ticket.id}/listing`, { method: 'POST', headers: auth(seller), body: { price: 2900 } }), params({ id: ticket.id }));
    const { listing } = await listed.json();
    // What a listing and a gift racing each other left behind before the ticket row was locked
    await t.db.insert(s.gifts).values({ ticketId: ticket.id, fromUserId: seller.id, toEmail: `late.${Date.now()}@example.com` });

    await buyListing(buyer, listing.id, event, ticket.ticketTypeId, 2900);

    const gifts = await t.db.select().from(s.gifts).where(eq(s.gifts.ticketId, ticket.id));
    expect(gifts.map((g) => g.status)).toEqual(['cancelled']);
    const mine = (await myTickets(buyer)).tickets.find((x) => x.id === ticket.id)!;
    expect(mine.pendingGift).toBeNull();
    expect((await scanAs(scanner, await currentCode(t.db, ticket.id))).body).toMatchObject({ result: 'admitted' });
  });

  it('only the current owner’s gift counts: one an earlier holder left waiting blocks neither the code, the gate, a listing nor a gift', async () => {
    const earlier = await makeUser(t.db, 'earlier-holder');
    const holder = await makeUser(t.db, 'holder-now');
    const scanner = await makeScanner(t.db, 'polarna-ziara-kosice');
    const a = await giveTicket(t.db, holder.id, 'polarna-ziara-kosice', 'GA');
    const b = await giveTicket(t.db, holder.id, 'polarna-ziara-kosice', 'GA');
    const c = await giveTicket(t.db, holder.id, 'polarna-ziara-kosice', 'GA');
    for (const { ticket } of [a, b, c]) await t.db.insert(s.gifts).values({ ticketId: ticket.id, fromUserId: earlier.id, toEmail: `old.${ticket.id}@example.com` });

    const mine = (await myTickets(holder)).tickets.find((x) => x.id === a.ticket.id)!;
    expect(mine).toMatchObject({ pendingGift: null, signingKey: expect.any(String) });
    const dataset = await (await offlineRoute(request(`/api/v1/scan/events/${a.event.id}/offline`, { headers: auth(scanner) }), params({ id: a.event.id }))).json();
    expect(dataset.tickets.find((x: { id: string }) => x.id === a.ticket.id).giftPending).toBeUndefined();
    const listed = await list(request(`/api/v1/tickets/${b.ticket.id}/listing`, { method: 'POST', headers: auth(holder), body: { price: 2900 } }), params({ id: b.ticket.id }));
    expect(listed.status).toBe(201);
    const gifted = await gift(request(`/api/v1/tickets/${c.ticket.id}/gift`, { method: 'POST', headers: auth(holder), body: { email: `new.${Date.now()}@example.com` } }), params({ id: c.ticket.id }));
    expect(gifted.status).toBe(201);
    expect((await scanAs(scanner, await currentCode(t.db, a.ticket.id))).body).toMatchObject({ result: 'admitted' });
  });
});

describe('redeem codes', () => {
  it('grants the code’s tickets once; a second use and an unknown code are "Invalid redeem code"', async () => {
    const fan = await makeUser(t.db, 'redeemer');
    const other = await makeUser(t.db, 'redeemer2');
    const first = await redeem(request('/api/v1/tickets/redeem', { method: 'POST', headers: auth(fan), body: { code: ' voucher-kosice-pair-1 ' } }), params({}));
    expect(first.status).toBe(201);
    const body = await first.json();
    expect(body.ticketIds).toHaveLength(2);
    const owned = await t.db.select().from(s.tickets).where(eq(s.tickets.ownerId, fan.id));
    expect(owned).toHaveLength(2);

    const again = await redeem(request('/api/v1/tickets/redeem', { method: 'POST', headers: auth(other), body: { code: 'VOUCHER-KOSICE-PAIR-1' } }), params({}));
    expect(again.status).toBe(422);
    expect(await again.json()).toMatchObject({ code: 'INVALID_REDEEM_CODE', message: 'Invalid redeem code' });
    const sk = await redeem(
      request('/api/v1/tickets/redeem', { method: 'POST', headers: auth(other, { 'accept-language': 'sk' }), body: { code: 'NO-SUCH-CODE' } }),
      params({}),
    );
    expect((await sk.json()).message).toBe('Neplatný kód na uplatnenie vstupenky');
  });

  it('two fans redeeming one code at once: exactly one gets it', async () => {
    const fans = await Promise.all([makeUser(t.db, 'race1'), makeUser(t.db, 'race2')]);
    const answers = await Promise.all(
      fans.map((f) => redeem(request('/api/v1/tickets/redeem', { method: 'POST', headers: auth(f), body: { code: 'VOUCHER-LUKA-1' } }), params({}))),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([201, 422]);
  });

  it('is rate-limited per fan', async () => {
    const fan = await makeUser(t.db, 'guesser');
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) {
      const response = await redeem(request('/api/v1/tickets/redeem', { method: 'POST', headers: auth(fan), body: { code: `GUESS-${i}` } }), params({}));
      statuses.push(response.status);
    }
    expect(statuses.slice(0, 5)).toEqual([422, 422, 422, 422, 422]);
    expect(statuses.slice(5)).toEqual([429, 429]);
  });

  it('a 429 says how long until its window ends, not a fixed minute', async () => {
    const fan = await makeUser(t.db, 'patient-guesser');
    // 15 s into a minute: the per-fan window (60 s, aligned to the minute) ends in 45 s.
    const minute = Math.floor(Date.now() / 60_000) * 60_000;
    jest.useFakeTimers({ now: minute + 15_000, doNotFake: ['nextTick', 'setImmediate', 'clearImmediate', 'setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'queueMicrotask', 'hrtime', 'performance'] });
    try {
      let response: Response | undefined;
      for (let i = 0; i < 6; i++) response = await redeem(request('/api/v1/tickets/redeem', { method: 'POST', headers: auth(fan), body: { code: `WAIT-${i}` } }), params({}));
      expect(response!.status).toBe(429);
      expect(response!.headers.get('retry-after')).toBe('45');
      expect(await response!.json()).toMatchObject({ code: 'RATE_LIMITED', errors: [{ message: expect.any(String) }] });
    } finally {
      jest.useRealTimers();
    }
  });
});

describe('gate scanning', () => {
  it('admits once, then says already used with the time; screenshots and forgeries are refused', async () => {
    const owner = await makeUser(t.db, 'goer');
    const scanner = await makeScanner(t.db, 'vltava-praha-kometa-brno', 'manager');
    const { ticket, event } = await giveTicket(t.db, owner.id, 'vltava-praha-kometa-brno');

    const stale = await currentCode(t.db, ticket.id, Date.now() - 3 * STEP_SECONDS * 1000);
    expect((await scanAs(scanner, stale, event.id)).body).toMatchObject({ result: 'expired' });
    const code = await currentCode(t.db, ticket.id);
    const forged = code.slice(0, -2) + (code.endsWith('AA') ? 'BB' : 'AA');
    expect((await scanAs(scanner, forged, event.id)).body).toMatchObject({ result: 'invalid' });
    expect((await scanAs(scanner, 'hello', event.id)).body).toMatchObject({ result: 'invalid' });

    const admitted = await scanAs(scanner, code, event.id);
    expect(admitted.status).toBe(200);
    expect(admitted.body).toMatchObject({ result: 'admitted', ticketId: ticket.id, ticket: { seat: expect.objectContaining({ row: expect.any(String) }) } });
    const used = await scanAs(scanner, code, event.id);
    expect(used.body).toMatchObject({ result: 'already_used', checkedInAt: admitted.body.checkedInAt });

    const log = await t.db.select().from(s.scanLog).where(eq(s.scanLog.ticketId, ticket.id));
    expect(log.map((l) => l.result).sort()).toEqual(['admitted', 'already_used', 'expired', 'invalid']);
  });

  it('says wrong event for another event’s ticket, and refuses fans who are not staff', async () => {
    const owner = await makeUser(t.db, 'goer2');
    const scanner = await makeScanner(t.db, 'vltava-praha-skoda-plzen');
    const { ticket } = await giveTicket(t.db, owner.id, 'vltava-praha-slavia-praha');
    const plzen = await eventBySlug(t.db, 'vltava-praha-skoda-plzen');
    const code = await currentCode(t.db, ticket.id);
    expect((await scanAs(scanner, code, plzen.id)).body).toMatchObject({ result: 'wrong_event', event: { title: expect.objectContaining({ en: expect.stringContaining('Slavia') }) } });
    // another organiser's scanner learns nothing about the ticket or its event
    const dunajScanner = await makeScanner(t.db, 'dunaj-bratislava-fc-kosice');
    expect((await scanAs(dunajScanner, code)).body).toEqual({ result: 'invalid' });
    const fan = await makeUser(t.db, 'not-staff');
    const refused = await scanAs(fan, code);
    expect(refused.status).toBe(403);
    expect((await ticketRow(ticket.id)).status).toBe('valid');
  });

  it('a forged code reveals nothing: not another organiser’s event, not even its own event at a wrong gate', async () => {
    const owner = await makeUser(t.db, 'forged-target');
    const { ticket } = await giveTicket(t.db, owner.id, 'vltava-praha-slavia-praha');
    const code = await currentCode(t.db, ticket.id);
    const forged = code.slice(0, -2) + (code.endsWith('AA') ? 'BB' : 'AA');
    // a scanner of another organiser, at their own event's gate
    const dunajScanner = await makeScanner(t.db, 'dunaj-bratislava-fc-kosice');
    const kosice = await eventBySlug(t.db, 'dunaj-bratislava-fc-kosice');
    expect((await scanAs(dunajScanner, forged, kosice.id)).body).toEqual({ result: 'invalid' });
    expect((await scanAs(dunajScanner, forged)).body).toEqual({ result: 'invalid' });
    // a scanner of the same organiser at another event's gate: the signature is checked before the event
    const vltavaScanner = await makeScanner(t.db, 'vltava-praha-skoda-plzen');
    const plzen = await eventBySlug(t.db, 'vltava-praha-skoda-plzen');
    const answer = (await scanAs(vltavaScanner, forged, plzen.id)).body;
    expect(answer).toMatchObject({ result: 'invalid' });
    expect(answer.event).toBeUndefined();
    expect((await ticketRow(ticket.id)).status).toBe('valid');
  });

  it('a scan is logged only under events the caller may scan, whatever event id the gate sends', async () => {
    const owner = await makeUser(t.db, 'log-target');
    const dunajScanner = await makeScanner(t.db, 'dunaj-bratislava-fc-kosice');
    const foreign = await eventBySlug(t.db, 'vltava-praha-ocelari-trinec');
    const { ticket: vltavaTicket } = await giveTicket(t.db, owner.id, 'vltava-praha-slavia-praha');
    const { ticket: dunajTicket } = await giveTicket(t.db, owner.id, 'dunaj-bratislava-msk-zilina');
    expect((await scanAs(dunajScanner, 'hello', foreign.id)).body).toEqual({ result: 'invalid' });
    expect((await scanAs(dunajScanner, await currentCode(t.db, vltavaTicket.id), foreign.id)).body).toEqual({ result: 'invalid' });
    // its own organiser's ticket shown at a gate claiming someone else's event: said, but logged under its own event
    expect((await scanAs(dunajScanner, await currentCode(t.db, dunajTicket.id), foreign.id)).body).toMatchObject({ result: 'wrong_event' });
    expect(await t.db.select().from(s.scanLog).where(eq(s.scanLog.eventId, foreign.id))).toEqual([]);
    const own = await t.db.select().from(s.scanLog).where(eq(s.scanLog.ticketId, dunajTicket.id));
    expect(own.map((l) => [l.eventId, l.result])).toEqual([[dunajTicket.eventId, 'wrong_event']]);
    // and at the gate of an event it may scan, an unreadable code is logged there
    const kosice = await eventBySlug(t.db, 'dunaj-bratislava-fc-kosice');
    await scanAs(dunajScanner, 'hello', kosice.id);
    const lines = await t.db.select().from(s.scanLog).where(and(eq(s.scanLog.eventId, kosice.id), eq(s.scanLog.scannerId, dunajScanner.id)));
    expect(lines.map((l) => l.result)).toEqual(['invalid']);
  });

  it('a gate without a live session hears 401 before anything else, and nothing is checked in', async () => {
    const owner = await makeUser(t.db, 'goer3');
    const scanner = await makeScanner(t.db, 'vltava-praha-kometa-brno');
    const { ticket, event } = await giveTicket(t.db, owner.id, 'vltava-praha-kometa-brno');
    const code = await currentCode(t.db, ticket.id);
    const post = async (headers: Record<string, string>, body: unknown) => {
      const response = await scan(request('/api/v1/scan', { method: 'POST', headers: { ...headers, 'accept-language': 'sk' }, body }), params({}));
      return { status: response.status, body: await response.json() };
    };
    expect(await post({}, { payload: code })).toMatchObject({ status: 401, body: { code: 'UNAUTHENTICATED' } });
    expect(await post(auth({ token: 'no-such-session' }), { payload: code })).toMatchObject({ status: 401, body: { code: 'UNAUTHENTICATED' } });
    expect(await post(auth({ token: 'no-such-session' }), { payload: 'hello' })).toMatchObject({ status: 401 });
    expect(await post(auth({ token: 'no-such-session' }), { nothing: true })).toMatchObject({ status: 401 });
    // a live session with a bad body hears what is wrong with it
    expect((await post(auth(scanner), { nothing: true })).status).toBe(422);
    // signed out: the same token no longer scans
    await t.db.update(s.sessions).set({ revokedAt: new Date() }).where(eq(s.sessions.userId, scanner.id));
    const revoked = await post(auth(scanner), { payload: code, eventId: event.id });
    expect(revoked).toMatchObject({ status: 401, body: { code: 'UNAUTHENTICATED' } });
    expect(revoked.body.message).toMatch(/prihl/i);
    expect((await ticketRow(ticket.id)).status).toBe('valid');
    expect(await t.db.select().from(s.scanLog).where(eq(s.scanLog.ticketId, ticket.id))).toHaveLength(0);
  });

  it('a ticket being gifted cannot be scanned, online or offline, until the gift is cancelled', async () => {
    const sender = await makeUser(t.db, 'gift-at-gate');
    const scanner = await makeScanner(t.db, 'luka-fest-warm-up');
    const { ticket, event } = await giveTicket(t.db, sender.id, 'luka-fest-warm-up');
    const pending = await gift(request(`/api/v1/tickets/${ticket.id}/gift`, { method: 'POST', headers: auth(sender), body: { email: `friend.${Date.now()}@example.com` } }), params({ id: ticket.id }));
    expect(pending.status).toBe(201);

    expect((await scanAs(scanner, await currentCode(t.db, ticket.id))).body).toMatchObject({ result: 'not_valid', reason: 'gift_pending' });
    const dataset = await (await offlineRoute(request(`/api/v1/scan/events/${event.id}/offline`, { headers: auth(scanner) }), params({ id: event.id }))).json();
    expect(dataset.tickets.find((x: { id: string }) => x.id === ticket.id)).toMatchObject({ giftPending: true, publicKey: null });
    const sync = await syncRoute(
      request('/api/v1/scan/sync', {
        method: 'POST',
        headers: auth(scanner),
        body: { eventId: event.id, checkIns: [{ ticketId: ticket.id, version: 1, scannedAt: new Date().toISOString(), payload: await currentCode(t.db, ticket.id) }] },
      }),
      params({}),
    );
    expect((await sync.json()).results).toEqual([{ ticketId: ticket.id, result: 'not_valid' }]);
    expect((await ticketRow(ticket.id)).status).toBe('valid');

    const cancelled = await cancelGiftRoute(request(`/api/v1/tickets/${ticket.id}/gift`, { method: 'DELETE', headers: auth(sender) }), params({ id: ticket.id }));
    expect(cancelled.status).toBe(200);
    expect((await scanAs(scanner, await currentCode(t.db, ticket.id))).body).toMatchObject({ result: 'admitted' });
  });

  it('hands a gate the event’s public keys for offline checks — no secrets, nothing a phone signs with — and syncs offline check-ins, flagging conflicts', async () => {
    const owner = await makeUser(t.db, 'goer3');
    const scanner = await makeScanner(t.db, 'luka-fest-warm-up');
    const a = await giveTicket(t.db, owner.id, 'luka-fest-warm-up');
    const b = await giveTicket(t.db, owner.id, 'luka-fest-warm-up');
    const response = await offlineRoute(request(`/api/v1/scan/events/${a.event.id}/offline`, { headers: auth(scanner) }), params({ id: a.event.id }));
    expect(response.status).toBe(200);
    const dataset = await response.json();
    expect(JSON.stringify(dataset)).not.toContain(a.ticket.secret);
    const entry = dataset.tickets.find((x: { id: string }) => x.id === a.ticket.id);
    const check = await verifyTicketCode(parseTicketCode(await currentCode(t.db, a.ticket.id))!, entry);
    expect(check.ok).toBe(true);
    expect(dataset.window).toEqual({ opensAt: expect.any(String), closesAt: expect.any(String) });

    const stranger = await makeUser(t.db, 'not-staff2');
    const denied = await offlineRoute(request(`/api/v1/scan/events/${a.event.id}/offline`, { headers: auth(stranger) }), params({ id: a.event.id }));
    expect(denied.status).toBe(403);

    // b was admitted online at another gate meanwhile
    await scanAs(scanner, await currentCode(t.db, b.ticket.id));
    const at = Date.now();
    const checkIns = await Promise.all([a, b].map(async (x) => ({ ticketId: x.ticket.id, version: 1, scannedAt: new Date(at).toISOString(), payload: await currentCode(t.db, x.ticket.id, at) })));
    const sync = await syncRoute(request('/api/v1/scan/sync', { method: 'POST', headers: auth(scanner), body: { eventId: a.event.id, checkIns } }), params({}));
    expect((await sync.json()).results).toEqual([
      { ticketId: a.ticket.id, result: 'admitted' },
      { ticketId: b.ticket.id, result: 'already_used' },
    ]);
    const [row] = await t.db.select().from(s.tickets).where(and(eq(s.tickets.id, a.ticket.id), eq(s.tickets.status, 'checked_in')));
    expect(row).toBeDefined();
  });
});

describe('an offline sync carries the code the gate scanned', () => {
  const MINUTE = 60_000;
  const syncAs = async (scanner: { token: string }, eventId: string, checkIns: unknown[]) =>
    (await (await syncRoute(request('/api/v1/scan/sync', { method: 'POST', headers: auth(scanner), body: { eventId, checkIns } }), params({}))).json()).results;

  it('checks a ticket in only with a genuine code of that ticket drawn when the check-in says: ids and versions alone, forged, borrowed, stale or altered codes are not_valid', async () => {
    const fan = await makeUser(t.db, 'offline-entry');
    const scanner = await makeScanner(t.db, 'luka-fest-warm-up');
    const tickets = [];
    for (let i = 0; i < 8; i++) tickets.push((await giveTicket(t.db, fan.id, 'luka-fest-warm-up')).ticket);
    const [idOnly, forged, borrowed, stale, future, garbled, otherVersion, genuine] = tickets;
    const eventId = genuine.eventId;
    const at = Date.now();
    const item = (ticket: { id: string }, payload?: string) => ({ ticketId: ticket.id, version: 1, scannedAt: new Date(at).toISOString(), ...(payload === undefined ? {} : { payload }) });
    const randomKey = signingKeyFor('not the ticket secret', 1);
    const alter = (code: string) => `${code.slice(0, -10)}${code.at(-10) === 'A' ? 'B' : 'A'}${code.slice(-9)}`;
    const results = await syncAs(scanner, eventId, [
      // what an insider reads in the gate data: ticket ids and versions, no code
      item(idOnly),
      item(forged, await generateTicketCode({ ticketId: forged.id, version: 1, signingKey: randomKey }, at)),
      // a genuine code, of another ticket
      item(borrowed, await currentCode(t.db, genuine.id, at)),
      // genuine codes of the ticket, drawn 10 minutes before or after the check-in's time
      item(stale, await currentCode(t.db, stale.id, at - 10 * MINUTE)),
      item(future, await currentCode(t.db, future.id, at + 10 * MINUTE)),
      // the genuine code with one character inside its signature changed
      item(garbled, alter(await currentCode(t.db, garbled.id, at))),
      // signed by the ticket's key for another version than the item says
      { ...item(otherVersion, await currentCode(t.db, otherVersion.id, at, { secret: otherVersion.secret, version: 2 })) },
      item(genuine, await currentCode(t.db, genuine.id, at)),
    ]);
    expect(results).toEqual([
      ...[idOnly, forged, borrowed, stale, future, garbled, otherVersion].map((x) => ({ ticketId: x.id, result: 'not_valid' })),
      { ticketId: genuine.id, result: 'admitted' },
    ]);
    const statuses = await Promise.all(tickets.map(async (x) => (await ticketRow(x.id)).status));
    expect(statuses).toEqual([...Array(7).fill('valid'), 'checked_in']);
    // each one is in the gate's log as what it was
    const log = await t.db.select({ ticketId: s.scanLog.ticketId, result: s.scanLog.result, gate: s.scanLog.gate }).from(s.scanLog).where(eq(s.scanLog.scannerId, scanner.id));
    expect(log).toHaveLength(8);
    // (synced without a gate: the device was set up as none; gate-entries.test.ts syncs one with its gate)
    expect(log.filter((l) => l.result === 'admitted')).toEqual([{ ticketId: genuine.id, result: 'admitted', gate: null }]);
  });

  it('refuses a sync whose code is no code at all (no gate queues one) with a translated 422, and checks nothing in', async () => {
    const fan = await makeUser(t.db, 'offline-garbage');
    const scanner = await makeScanner(t.db, 'luka-fest-warm-up');
    const { ticket } = await giveTicket(t.db, fan.id, 'luka-fest-warm-up');
    const response = await syncRoute(
      request('/api/v1/scan/sync', { method: 'POST', headers: auth(scanner), body: { eventId: ticket.eventId, checkIns: [{ ticketId: ticket.id, version: 1, scannedAt: new Date().toISOString(), payload: 'not a code' }] } }),
      params({}),
    );
    expect(response.status).toBe(422);
    expect((await response.json()).errors).toEqual([{ field: 'checkIns.0.payload', message: expect.any(String) }]);
    expect((await ticketRow(ticket.id)).status).toBe('valid');
    expect(await t.db.select().from(s.scanLog).where(eq(s.scanLog.scannerId, scanner.id))).toHaveLength(0);
  });

  it('takes the code within the gate’s tolerance of the check-in’s time: one step either side', async () => {
    const fan = await makeUser(t.db, 'offline-drift');
    const scanner = await makeScanner(t.db, 'luka-fest-warm-up');
    const early = (await giveTicket(t.db, fan.id, 'luka-fest-warm-up')).ticket;
    const late = (await giveTicket(t.db, fan.id, 'luka-fest-warm-up')).ticket;
    const at = Date.now();
    const step = STEP_SECONDS * 1000;
    const results = await syncAs(scanner, early.eventId, [
      { ticketId: early.id, version: 1, scannedAt: new Date(at).toISOString(), payload: await currentCode(t.db, early.id, at - step) },
      { ticketId: late.id, version: 1, scannedAt: new Date(at).toISOString(), payload: await currentCode(t.db, late.id, at + step) },
    ]);
    expect(results.map((r: { result: string }) => r.result)).toEqual(['admitted', 'admitted']);
  });
});

describe('a scanner cannot mint codes', () => {
  it('nothing in the offline gate data is the key the fan’s phone signs with, and codes drawn with it are refused at the gate', async () => {
    const fan = await makeUser(t.db, 'minted');
    const scanner = await makeScanner(t.db, 'luka-fest-warm-up');
    const { ticket, event } = await giveTicket(t.db, fan.id, 'luka-fest-warm-up');
    const dataset = await (await offlineRoute(request(`/api/v1/scan/events/${event.id}/offline`, { headers: auth(scanner) }), params({ id: event.id }))).json();
    const entry = dataset.tickets.find((x: { id: string }) => x.id === ticket.id);
    const phoneKey = (await myTickets(fan)).tickets.find((x) => x.id === ticket.id)!.signingKey!;
    expect(JSON.stringify(dataset)).not.toContain(phoneKey);
    // an insider signs with every key-like value the gate data holds for the ticket
    const held = Object.values(entry).filter((v): v is string => typeof v === 'string' && /^[A-Za-z0-9_-]{40,}$/.test(v));
    expect(held.length).toBeGreaterThan(0);
    for (const key of held) {
      const minted = await generateTicketCode({ ticketId: ticket.id, version: entry.version, signingKey: key });
      expect((await scanAs(scanner, minted, event.id)).body).toEqual({ result: 'invalid' });
    }
    expect((await ticketRow(ticket.id)).status).toBe('valid');
    // the fan's own phone gets in
    expect((await scanAs(scanner, await generateTicketCode({ ticketId: ticket.id, version: ticket.version, signingKey: phoneKey }), event.id)).body).toMatchObject({ result: 'admitted' });
  });
});

describe('stored public keys', () => {
  it('a change of secret or version that leaves the stored key behind forgets it: the old holder’s key signs nothing valid', async () => {
    const fan = await makeUser(t.db, 'rekeyed');
    const scanner = await makeScanner(t.db, 'luka-fest-warm-up');
    const { ticket, event } = await giveTicket(t.db, fan.id, 'luka-fest-warm-up');
    const oldKey = signingKeyFor(ticket.secret, 1);
    // a careless path: new secret and version, the stored public key untouched
    await t.db.update(s.tickets).set({ secret: 'a-new-secret', version: 2 }).where(eq(s.tickets.id, ticket.id));
    expect((await ticketRow(ticket.id)).codePublicKey).toBeNull();
    const spoofed = await generateTicketCode({ ticketId: ticket.id, version: 2, signingKey: oldKey });
    expect((await scanAs(scanner, spoofed, event.id)).body).toEqual({ result: 'invalid' });
    expect((await scanAs(scanner, await currentCode(t.db, ticket.id), event.id)).body).toMatchObject({ result: 'admitted' });
  });

  it('a change of owner stores the new version’s public key', async () => {
    const fan = await makeUser(t.db, 'mover');
    const friend = await makeUser(t.db, 'mover-friend');
    const { ticket } = await giveTicket(t.db, fan.id, 'luka-fest-warm-up');
    await gift(request(`/api/v1/tickets/${ticket.id}/gift`, { method: 'POST', headers: auth(fan), body: { email: friend.email } }), params({ id: ticket.id }));
    const moved = await ticketRow(ticket.id);
    expect(moved).toMatchObject({ ownerId: friend.id, version: 2, codePublicKey: publicKeyFor(moved.secret, 2) });
  });
});

describe('the entry window: doors open … end + 2 h', () => {
  const HOUR = 3_600_000;
  async function eventAt(slug: string, startsAt: Date) {
    await t.db
      .update(s.events)
      .set({ startsAt, doorsAt: new Date(startsAt.getTime() - HOUR), endsAt: new Date(startsAt.getTime() + 2 * HOUR) })
      .where(eq(s.events.slug, slug));
    return eventBySlug(t.db, slug);
  }

  it('refuses a genuine code of an event tomorrow or last week, online and in the offline sync, saying when entry opens or closed', async () => {
    const fan = await makeUser(t.db, 'wrong-day');
    const tomorrow = await eventAt('vltava-praha-mountfield-hradec', new Date(Date.now() + 24 * HOUR));
    const lastWeek = await eventAt('kovove-nebe-praha', new Date(Date.now() - 7 * 24 * HOUR));
    const vltava = await makeScanner(t.db, 'vltava-praha-mountfield-hradec');
    const pulz = await makeScanner(t.db, 'kovove-nebe-praha');
    const early = await giveTicket(t.db, fan.id, 'vltava-praha-mountfield-hradec');
    const late = await giveTicket(t.db, fan.id, 'kovove-nebe-praha');

    const tooEarly = await scanAs(vltava, await currentCode(t.db, early.ticket.id), tomorrow.id);
    expect(tooEarly).toMatchObject({ status: 200, body: { result: 'not_valid', reason: 'too_early', window: { opensAt: tomorrow.doorsAt!.toISOString() } } });
    const tooLate = await scanAs(pulz, await currentCode(t.db, late.ticket.id), lastWeek.id);
    expect(tooLate).toMatchObject({ status: 200, body: { result: 'not_valid', reason: 'too_late', window: { closesAt: new Date(lastWeek.endsAt!.getTime() + 2 * HOUR).toISOString() } } });

    // an offline gate replaying check-ins dated now, with the genuine codes it scanned: refused the same way
    const sync = async (scanner: { token: string }, eventId: string, ticketId: string, scannedAt = new Date()) => {
      const checkIn = { ticketId, version: 1, scannedAt: scannedAt.toISOString(), payload: await currentCode(t.db, ticketId, scannedAt.getTime()) };
      return (await (await syncRoute(request('/api/v1/scan/sync', { method: 'POST', headers: auth(scanner), body: { eventId, checkIns: [checkIn] } }), params({}))).json()).results;
    };
    expect(await sync(vltava, tomorrow.id, early.ticket.id)).toEqual([{ ticketId: early.ticket.id, result: 'not_valid', reason: 'too_early' }]);
    expect(await sync(pulz, lastWeek.id, late.ticket.id)).toEqual([{ ticketId: late.ticket.id, result: 'not_valid', reason: 'too_late' }]);
    expect([(await ticketRow(early.ticket.id)).status, (await ticketRow(late.ticket.id)).status]).toEqual(['valid', 'valid']);
    // the gate's offline data carries the window, and the check-in made at the event last week still syncs
    const offline = await (await offlineRoute(request(`/api/v1/scan/events/${tomorrow.id}/offline`, { headers: auth(vltava) }), params({ id: tomorrow.id }))).json();
    expect(offline.window).toEqual({ opensAt: tomorrow.doorsAt!.toISOString(), closesAt: new Date(tomorrow.endsAt!.getTime() + 2 * HOUR).toISOString() });
    expect(await sync(pulz, lastWeek.id, late.ticket.id, new Date(lastWeek.startsAt.getTime()))).toEqual([{ ticketId: late.ticket.id, result: 'admitted' }]);
  });
});

describe('season tickets', () => {
  it('the holder gifts one match; only that match’s seat moves and the schedule shows it passed on', async () => {
    const [fanCz] = await t.db.select().from(s.users).where(eq(s.users.email, 'fanusik@tribuna.cz'));
    const { sessionFor } = await import('../helpers/tickets');
    const holder = { ...fanCz, email: fanCz.email!, token: await sessionFor(t.db, fanCz.id) };
    const friend = await makeUser(t.db, 'friend');
    const before = await myTickets(holder);
    const match = before.tickets.find((x) => x.event.slug === 'dunaj-bratislava-dac-dunajska-streda')!;
    const response = await gift(request(`/api/v1/tickets/${match.id}/gift`, { method: 'POST', headers: auth(holder), body: { email: friend.email } }), params({ id: match.id }));
    expect(response.status).toBe(201);
    const after = await myTickets(holder);
    expect(after.seasons[0].matches.map((m) => m.state)).toEqual(['yours', 'passed_on', 'yours']);
    expect((await myTickets(friend)).tickets.map((x) => x.event.slug)).toEqual(['dunaj-bratislava-dac-dunajska-streda']);
    const holdings = await t.db.select().from(s.seasonTickets).where(eq(s.seasonTickets.userId, fanCz.id));
    expect(holdings).toHaveLength(1);
  });
});
