// Named tickets for risk matches (issue 18 item 7, Slovak act 1/2014): the organiser's rule per event or
// section, naming in the cart before paying, checkout refused without names, re-naming after a gift and
// a resale, the holder at the gate and in the offline data, erasure 30 days after the event.
import { and, eq } from 'drizzle-orm';
import { GET as getRule, PUT as putRule } from '@/tests/helpers/api';
import { GET as getHolders, PUT as putHolders } from '@/tests/helpers/api';
import { POST as checkoutRoute } from '@/tests/helpers/api';
import { PUT as nameTicketRoute } from '@/tests/helpers/api';
import { GET as listTickets } from '@/tests/helpers/api';
import { POST as giftRoute } from '@/tests/helpers/api';
import { POST as listingRoute } from '@/tests/helpers/api';
import { POST as scan } from '@/tests/helpers/api';
import { GET as offlineRoute } from '@/tests/helpers/api';
import { addToCart } from '@/lib/server/cart';
import * as s from '@/lib/server/db/schema';
import { eraseExpiredHolders } from '@/lib/server/named-tickets/erase';
import { checkout } from '@/lib/server/orders/checkout';
import { signedGatewayNotice, testGateway } from '@/lib/server/payments/test-gateway';
import { handlePaymentNotice } from '@/lib/server/payments/webhook';
import { cartHoldersResultSchema, namedTicketsSettingsResultSchema, ticketHolderResultSchema } from '@/lib/schemas/named-tickets';
import { myTicketsSchema, offlineDatasetSchema, scanResultSchema } from '@/lib/schemas/tickets';
import { answerOf, checkAnswer } from '../helpers/contract';
import { useTestDatabase } from '../helpers/db';
import { makeOrganisation, makeMember } from '../helpers/organiser';
import { auth, currentCode, eventBySlug, makeScanner, makeUser, openGates, params, request, type TestUser } from '../helpers/tickets';

const t = useTestDatabase({ seeded: true });
const SLUG = 'dunaj-bratislava-fc-kosice';
const urls = { success: (id: string) => `http://x/orders/${id}`, cancel: () => 'http://x/cart', gateway: (id: string) => `/en/pay/${id}` };

let eventId: string;
let namedSectionId: string;
let manager: TestUser;

/** Free seats of the event in a section (named or not). */
async function seatsIn(sectionId: string, count: number, named = true): Promise<string[]> {
  const rows = await t.db
    .select({ seatId: s.inventoryUnits.seatId, sectionId: s.venueSeats.sectionId })
    .from(s.inventoryUnits)
    .innerJoin(s.venueSeats, eq(s.venueSeats.id, s.inventoryUnits.seatId))
    .where(and(eq(s.inventoryUnits.eventId, eventId), eq(s.inventoryUnits.status, 'available')))
    .orderBy(s.inventoryUnits.id);
  return rows.filter((r) => (r.sectionId === sectionId) === named).slice(0, count).map((r) => r.seatId!);
}

async function holdersOf(user: TestUser) {
  const response = await getHolders(request(`/api/v1/events/${SLUG}/cart/holders`, { headers: auth(user) }), params({ id: SLUG }));
  expect(response.status).toBe(200);
  return (await answerOf(cartHoldersResultSchema, response)).holders;
}

async function nameHolders(user: TestUser, holders: { itemId: string; name: string; dateOfBirth: string }[]) {
  return putHolders(request(`/api/v1/events/${SLUG}/cart/holders`, { method: 'PUT', headers: auth(user), body: { holders } }), params({ id: SLUG }));
}

async function checkoutAs(user: TestUser) {
  return checkoutRoute(request(`/api/v1/events/${SLUG}/checkout`, { method: 'POST', headers: auth(user), body: { acceptTerms: true } }), params({ id: SLUG }));
}

async function pay(user: TestUser) {
  const result = await checkout({ user, eventRef: SLUG, locale: 'en', urls });
  if (!result.ok || result.paid) throw new Error(`checkout: ${result.ok ? 'paid at checkout' : result.code}`);
  const { eventId: noticeId } = signedGatewayNotice(result.paymentId, 'succeeded');
  const paid = await handlePaymentNotice(testGateway, { eventId: noticeId, paymentId: result.paymentId, outcome: 'succeeded' }, new Date());
  expect(paid.kind).toBe('paid');
  return t.db.select().from(s.tickets).where(eq(s.tickets.orderId, result.orderId));
}

async function myTickets(user: TestUser) {
  const response = await listTickets(request('/api/v1/tickets', { headers: auth(user) }), params({}));
  return (await answerOf(myTicketsSchema, response)).tickets;
}

async function scanAs(scanner: TestUser, ticketId: string) {
  const response = await scan(request('/api/v1/scan', { method: 'POST', headers: auth(scanner), body: { payload: await currentCode(t.db, ticketId), eventId } }), params({}));
  const body = await response.json();
  checkAnswer(scanResultSchema, response.status, body);
  return body as { result: string; reason?: string; holder?: { name: string; dateOfBirth: string } };
}

beforeAll(async () => {
  await openGates(t.db, [SLUG]);
  const event = await eventBySlug(t.db, SLUG);
  eventId = event.id;
  const [section] = await t.db
    .select({ id: s.venueSections.id })
    .from(s.venueSections)
    .where(and(eq(s.venueSections.venueId, event.venueId), eq(s.venueSections.code, 'D2')));
  namedSectionId = section.id;
  manager = await makeScanner(t.db, SLUG, 'manager');
});

describe('the organiser’s rule', () => {
  it('is the organiser’s own: a scanner may not set it, another organisation’s member gets 404', async () => {
    const scanner = await makeScanner(t.db, SLUG, 'scanner');
    const other = await makeMember(t.db, (await makeOrganisation(t.db, 'Other club')).id, 'owner');
    const body = { namedTickets: false, sectionIds: [namedSectionId] };
    const put = (user: TestUser) => putRule(request(`/api/v1/organiser/events/${eventId}/named-tickets`, { method: 'PUT', headers: auth(user), body }), params({ eventId }));
    expect((await put(scanner)).status).toBe(403);
    expect((await put(other)).status).toBe(404);
    expect((await getRule(request(`/api/v1/organiser/events/${eventId}/named-tickets`, { headers: auth(other) }), params({ eventId }))).status).toBe(404);
    const [foreign] = await t.db.select({ id: s.venueSections.id }).from(s.venueSections).innerJoin(s.venues, eq(s.venues.id, s.venueSections.venueId)).where(eq(s.venues.slug, 'arena-vltava')).limit(1);
    const wrong = await putRule(request(`/api/v1/organiser/events/${eventId}/named-tickets`, { method: 'PUT', headers: auth(manager), body: { namedTickets: false, sectionIds: [foreign.id] } }), params({ eventId }));
    expect(wrong.status).toBe(422);
    expect((await wrong.json()).code).toBe('SECTION_NOT_IN_VENUE');

    const response = await put(manager);
    expect(response.status).toBe(200);
    const rule = await answerOf(namedTicketsSettingsResultSchema, response);
    expect(rule.namedTickets).toBe(false);
    expect(rule.sections.filter((section) => section.named).map((section) => section.id)).toEqual([namedSectionId]);
  });
});

describe('buying a named ticket', () => {
  it('refuses checkout until every named line has its holder, then issues the ticket in that name', async () => {
    const fan = await makeUser(t.db, 'named-buyer');
    const [named] = await seatsIn(namedSectionId, 1);
    const [plain] = await seatsIn(namedSectionId, 1, false);
    expect((await addToCart({ user: fan, eventRef: SLUG, selection: { seatIds: [named, plain] }, locale: 'en' })).ok).toBe(true);
    const lines = await holdersOf(fan);
    expect(lines.map((line) => line.named).sort()).toEqual([false, true]);
    const namedLine = lines.find((line) => line.named)!;
    const plainLine = lines.find((line) => !line.named)!;

    const refused = await checkoutAs(fan);
    expect(refused.status).toBe(409);
    const refusal = await refused.json();
    expect(refusal.code).toBe('HOLDER_NAMES_MISSING');
    expect(refusal.message).toBe('Before paying, enter the name and date of birth of the holder of every ticket.');

    // No personal data where the law does not ask for it; a wrong date is the form's message.
    expect((await (await nameHolders(fan, [{ itemId: plainLine.itemId, name: 'Ján Novák', dateOfBirth: '1990-04-02' }])).json()).code).toBe('HOLDER_NOT_NEEDED');
    expect((await nameHolders(fan, [{ itemId: namedLine.itemId, name: 'Ján Novák', dateOfBirth: '2990-04-02' }])).status).toBe(422);

    const saved = await nameHolders(fan, [{ itemId: namedLine.itemId, name: 'Ján Novák', dateOfBirth: '1990-04-02' }]);
    expect(saved.status).toBe(200);
    expect((await answerOf(cartHoldersResultSchema, saved)).holders.find((line) => line.named)).toMatchObject({ name: 'Ján Novák', dateOfBirth: '1990-04-02' });

    const tickets = await pay(fan);
    const namedTicket = tickets.find((ticket) => ticket.named)!;
    expect(namedTicket).toMatchObject({ holderName: 'Ján Novák', holderBirthDate: '1990-04-02' });
    expect(tickets.find((ticket) => !ticket.named)).toMatchObject({ holderName: null, holderBirthDate: null });

    // Your tickets shows the name; the gate shows it with the date of birth to check against an ID.
    const mine = await myTickets(fan);
    expect(mine.find((ticket) => ticket.id === namedTicket.id)).toMatchObject({ holderName: 'Ján Novák', named: { name: 'Ján Novák', dateOfBirth: '1990-04-02' } });
    expect(mine.find((ticket) => ticket.id === namedTicket.id)!.signingKey).toEqual(expect.any(String));
    expect(mine.find((ticket) => ticket.id !== namedTicket.id)!.named).toBeNull();
    const gate = await makeScanner(t.db, SLUG);
    const offline = await offlineRoute(request(`/api/v1/scan/events/${eventId}/offline`, { headers: auth(gate) }), params({ id: eventId }));
    const dataset = await answerOf(offlineDatasetSchema, offline);
    expect(dataset.tickets.find((ticket) => ticket.id === namedTicket.id)!.holder).toEqual({ name: 'Ján Novák', dateOfBirth: '1990-04-02' });
    expect(dataset.tickets.find((ticket) => ticket.id !== namedTicket.id && tickets.some((x) => x.id === ticket.id))!.holder).toBeUndefined();
    expect(await scanAs(gate, namedTicket.id)).toMatchObject({ result: 'admitted', holder: { name: 'Ján Novák', dateOfBirth: '1990-04-02' } });
  });
});

describe('re-naming', () => {
  async function namedTicketOf(owner: TestUser, name: string) {
    const [seat] = await seatsIn(namedSectionId, 1);
    expect((await addToCart({ user: owner, eventRef: SLUG, selection: { seatIds: [seat] }, locale: 'en' })).ok).toBe(true);
    const [line] = await holdersOf(owner);
    expect((await nameHolders(owner, [{ itemId: line.itemId, name, dateOfBirth: '1985-11-30' }])).status).toBe(200);
    const [ticket] = await pay(owner);
    return ticket;
  }

  it('a gift leaves the ticket unnamed until its receiver names it: no code, refused at the gate, then admitted in the new name', async () => {
    const giver = await makeUser(t.db, 'named-giver');
    const receiver = await makeUser(t.db, 'named-receiver');
    const gate = await makeScanner(t.db, SLUG);
    const ticket = await namedTicketOf(giver, 'Peter Darca');
    const gifted = await giftRoute(request(`/api/v1/tickets/${ticket.id}/gift`, { method: 'POST', headers: auth(giver), body: { email: receiver.email } }), params({ id: ticket.id }));
    expect(gifted.status).toBe(201);

    const [row] = await t.db.select().from(s.tickets).where(eq(s.tickets.id, ticket.id));
    expect(row).toMatchObject({ ownerId: receiver.id, named: true, holderName: null, holderBirthDate: null });
    const received = (await myTickets(receiver)).find((x) => x.id === ticket.id)!;
    expect(received.named).toEqual({ name: null, dateOfBirth: null });
    expect(received.signingKey).toBeNull();
    expect(await scanAs(gate, ticket.id)).toMatchObject({ result: 'not_valid', reason: 'holder_missing' });

    const name = (user: TestUser, body: unknown) => nameTicketRoute(request(`/api/v1/tickets/${ticket.id}/holder`, { method: 'PUT', headers: auth(user), body }), params({ id: ticket.id }));
    expect((await name(giver, { name: 'Peter Darca', dateOfBirth: '1985-11-30' })).status).toBe(404);
    const named = await name(receiver, { name: 'Eva Obdarovaná', dateOfBirth: '2001-02-03' });
    expect(named.status).toBe(200);
    expect(await answerOf(ticketHolderResultSchema, named)).toEqual({ ticketId: ticket.id, name: 'Eva Obdarovaná', dateOfBirth: '2001-02-03' });
    // Named once: only a gift or a resale changes the holder.
    const again = await name(receiver, { name: 'Niekto Iný', dateOfBirth: '2001-02-03' });
    expect(again.status).toBe(409);
    expect((await again.json()).code).toBe('HOLDER_ALREADY_NAMED');

    expect((await myTickets(receiver)).find((x) => x.id === ticket.id)!.signingKey).toEqual(expect.any(String));
    expect(await scanAs(gate, ticket.id)).toMatchObject({ result: 'admitted', holder: { name: 'Eva Obdarovaná', dateOfBirth: '2001-02-03' } });
  });

  it('the offline data carries holders’ names and dates of birth only from 24 hours before doors; before that the gate can still check codes', async () => {
    const owner = await makeUser(t.db, 'named-early');
    const ticket = await namedTicketOf(owner, 'Eva Skorá');
    const gate = await makeScanner(t.db, SLUG);
    const download = async () => {
      const response = await offlineRoute(request(`/api/v1/scan/events/${eventId}/offline`, { headers: auth(gate) }), params({ id: eventId }));
      const text = await response.clone().text();
      return { text, dataset: await answerOf(offlineDatasetSchema, response) };
    };
    const [event] = await t.db.select({ doorsAt: s.events.doorsAt }).from(s.events).where(eq(s.events.id, eventId));
    try {
      const doors = new Date(Date.now() + 48 * 3_600_000);
      await t.db.update(s.events).set({ doorsAt: doors }).where(eq(s.events.id, eventId));
      const early = await download();
      const entry = early.dataset.tickets.find((x) => x.id === ticket.id)!;
      expect(entry.holder).toBeUndefined();
      expect(entry.publicKey).toEqual(expect.any(String));
      expect(early.text).not.toContain('Eva Skorá');
      expect(early.text).not.toContain('1985-11-30');
      expect(early.text).not.toContain('dateOfBirth');
      const from = new Date(doors.getTime() - 24 * 3_600_000).toISOString();
      expect(early.dataset).toMatchObject({ holdersFrom: from, validUntil: from });

      await t.db.update(s.events).set({ doorsAt: new Date(Date.now() + 23 * 3_600_000) }).where(eq(s.events.id, eventId));
      const late = await download();
      expect(late.dataset.tickets.find((x) => x.id === ticket.id)!.holder).toEqual({ name: 'Eva Skorá', dateOfBirth: '1985-11-30' });
    } finally {
      await t.db.update(s.events).set({ doorsAt: event.doorsAt }).where(eq(s.events.id, eventId));
    }
  });

  it('a resale is named by its buyer in the cart, who cannot pay without it', async () => {
    const seller = await makeUser(t.db, 'named-seller');
    const buyer = await makeUser(t.db, 'named-resale-buyer');
    const ticket = await namedTicketOf(seller, 'Marek Predajca');
    const listed = await listingRoute(request(`/api/v1/tickets/${ticket.id}/listing`, { method: 'POST', headers: auth(seller), body: { price: ticket.priceAmount } }), params({ id: ticket.id }));
    expect(listed.status).toBe(201);
    const { listing } = await listed.json();

    expect((await addToCart({ user: buyer, eventRef: SLUG, selection: { listingId: listing.id }, locale: 'en' })).ok).toBe(true);
    const [line] = await holdersOf(buyer);
    expect(line).toMatchObject({ named: true, name: null });
    expect((await (await checkoutAs(buyer)).json()).code).toBe('HOLDER_NAMES_MISSING');
    expect((await nameHolders(buyer, [{ itemId: line.itemId, name: 'Zuzana Kupujúca', dateOfBirth: '1979-07-07' }])).status).toBe(200);
    const [bought] = await pay(buyer);
    expect(bought).toMatchObject({ id: ticket.id, ownerId: buyer.id, holderName: 'Zuzana Kupujúca', holderBirthDate: '1979-07-07' });
  });
});

describe('erasure', () => {
  it('erases the holders of an event 30 days after it ends, not before, and a second run finds nothing', async () => {
    const [event] = await t.db.select().from(s.events).where(eq(s.events.id, eventId));
    const end = event.endsAt ?? event.startsAt;
    const named = () => t.db.select().from(s.tickets).where(and(eq(s.tickets.eventId, eventId), eq(s.tickets.named, true)));
    const before = (await named()).filter((ticket) => ticket.holderName);
    expect(before.length).toBeGreaterThanOrEqual(2);
    const cartNames = () => t.db.select().from(s.holdItemHolders);
    expect((await cartNames()).length).toBeGreaterThan(0);

    expect(await eraseExpiredHolders({ now: new Date(end.getTime() + 29 * 86_400_000) })).toBe(0);
    expect((await named()).filter((ticket) => ticket.holderName)).toHaveLength(before.length);

    const later = new Date(end.getTime() + 30 * 86_400_000 + 60_000);
    expect(await eraseExpiredHolders({ now: later })).toBe(before.length);
    const after = await named();
    expect(after.every((ticket) => ticket.holderName === null && ticket.holderBirthDate === null)).toBe(true);
    expect(after.filter((ticket) => ticket.holderErasedAt).length).toBe(before.length);
    // The names given in carts of the event go too (all carts in this file are of this event).
    expect(await cartNames()).toEqual([]);
    expect(await eraseExpiredHolders({ now: later })).toBe(0);
    // The demo's risk match lies months ahead: its holders stay.
    const demo = await eventBySlug(t.db, 'dunaj-bratislava-dac-dunajska-streda');
    const demoTickets = await t.db.select().from(s.tickets).where(eq(s.tickets.eventId, demo.id));
    expect(demoTickets.length).toBeGreaterThan(0);
    expect(demoTickets.every((ticket) => ticket.named && ticket.holderName)).toBe(true);
  });
});
