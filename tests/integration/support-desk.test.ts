// The support desk and the audit log (issue 33, item 6): finding an order by email, number, ticket and
// seat, scoped to the organisation (another's order is not found, a scanner is forbidden), each action
// audited with before and after and visible on the order's timeline, a reason required (422, translated),
// a resend that writes a mail, a move that kills the old code, a void; the audit log read and exported.
// Two agents at once on PostgreSQL: tests/pg/support-desk.test.ts.
import { and, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import cs from '@/messages/cs.json';
import en from '@/messages/en.json';
import sk from '@/messages/sk.json';
import * as s from '@/lib/server/db/schema';
import { addToCart } from '@/lib/server/cart';
import { checkout } from '@/lib/server/orders/checkout';
import { callApi } from '@/tests/helpers/api';
import { useTestDatabase } from '../helpers/db';
import { makeCast, type Cast } from '../helpers/organiser';
import { makeAdmin } from '../helpers/payouts';
import { buy } from '../helpers/purchases';
import { freeSeatsOf } from '../helpers/seats';
import { auth, eventBySlug, makeUser, request, type TestUser } from '../helpers/tickets';

const t = useTestDatabase({ seeded: true });
const EUR_EVENT = 'dunaj-bratislava-fc-kosice';
const CZK_EVENT = 'vltava-praha-slavia-praha';
const messages = { sk, cs, en };

let cast: Cast;
let admin: TestUser;
let fan: TestUser;
let orgId: string;
let eventId: string;
let order: typeof s.orders.$inferSelect;
let otherOrder: typeof s.orders.$inferSelect;
let seat: { section: string; row: string; seat: string };

const get = (user: TestUser, path: string, language = 'en') => callApi(request(path, { headers: auth(user, { 'accept-language': language }) }));
const post = (user: TestUser, path: string, body: unknown, language = 'en') => callApi(request(path, { method: 'POST', headers: auth(user, { 'accept-language': language }), body }));
const search = (user: TestUser, query: Record<string, string>) => get(user, `/api/v1/support/orders?${new URLSearchParams(query)}`);
const ticketsOf = (orderId: string) => t.db.select().from(s.tickets).where(eq(s.tickets.orderId, orderId)).orderBy(s.tickets.id);

beforeAll(async () => {
  const event = await eventBySlug(t.db, EUR_EVENT);
  eventId = event.id;
  orgId = event.orgId;
  cast = await makeCast(t.db, orgId);
  admin = await makeAdmin(t.db);
  fan = await makeUser(t.db, 'buyer');
  const seatIds = await freeSeatsOf(t.db, EUR_EVENT, 2, 40);
  order = await buy(t.db, fan, EUR_EVENT, { seatIds });
  const [label] = await t.db
    .select({ section: s.venueSections.code, row: s.venueRows.label, seat: s.venueSeats.label })
    .from(s.venueSeats)
    .innerJoin(s.venueRows, eq(s.venueRows.id, s.venueSeats.rowId))
    .innerJoin(s.venueSections, eq(s.venueSections.id, s.venueSeats.sectionId))
    .where(eq(s.venueSeats.id, seatIds[1]));
  seat = label;
  otherOrder = await buy(t.db, fan, CZK_EVENT, { seatIds: await freeSeatsOf(t.db, CZK_EVENT, 1, 40) });
}, 240_000);

describe('finding an order', () => {
  it('finds the order by the buyer’s email, its number, a ticket’s id and a seat — only the organisation’s own', async () => {
    const [ticket] = await ticketsOf(order.id);
    const number = order.id.slice(0, 8).toUpperCase();
    const queries: Record<string, string>[] = [{ email: fan.email.toUpperCase() }, { number }, { number: `#${number.toLowerCase()}` }, { ticket: ticket.id }, { event: eventId, ...seat }];
    for (const query of queries) {
      const response = await search(cast.manager, { organisation: orgId, ...query });
      expect(response.status).toBe(200);
      const body = await response.json();
      expect(body.orders.map((o: { id: string }) => o.id)).toEqual([order.id]);
    }
    const [found] = (await (await search(cast.owner, { organisation: orgId, number })).json()).orders;
    expect(found).toMatchObject({ number, status: 'paid', buyerEmail: fan.email, tickets: 2, total: { amount: order.totalAmount, currency: 'EUR' } });
    // A Tribuna admin without an organisation sees every organisation's orders.
    const all = await (await search(admin, { email: fan.email })).json();
    expect(all.orders.map((o: { id: string }) => o.id).sort()).toEqual([order.id, otherOrder.id].sort());
  });

  it('another organisation’s order is not found; a scanner is forbidden; only admins search everything', async () => {
    expect((await (await search(cast.stranger, { email: fan.email })).status)).toBe(404);
    expect((await search(cast.stranger, { organisation: orgId, email: fan.email })).status).toBe(404);
    expect((await search(cast.scanner, { organisation: orgId, email: fan.email })).status).toBe(403);
    expect((await search(cast.fan, { organisation: orgId, email: fan.email })).status).toBe(404);
    expect((await search(cast.owner, { email: fan.email })).status).toBe(404);
    // The other organisation's order by its number, in this organisation: nothing.
    expect((await (await search(cast.owner, { organisation: orgId, number: otherOrder.id.slice(0, 8) })).json()).orders).toEqual([]);
    expect((await get(cast.owner, `/api/v1/support/orders/${otherOrder.id}`)).status).toBe(404);
    expect((await get(cast.stranger, `/api/v1/support/orders/${order.id}`)).status).toBe(404);
    expect((await get(cast.scanner, `/api/v1/support/orders/${order.id}`)).status).toBe(403);
    const [ticket] = await ticketsOf(order.id);
    expect((await post(cast.stranger, `/api/v1/support/tickets/${ticket.id}/void`, { reason: 'Not mine' })).status).toBe(404);
    expect((await post(cast.scanner, `/api/v1/support/tickets/${ticket.id}/void`, { reason: 'Not mine' })).status).toBe(403);
    expect((await t.db.select().from(s.tickets).where(eq(s.tickets.id, ticket.id)))[0].status).toBe('valid');
  });

  it.each(['sk', 'cs', 'en'] as const)('refuses unclear searches with a translated 422 (%s)', async (language) => {
    const two = await get(cast.owner, `/api/v1/support/orders?${new URLSearchParams({ organisation: orgId, email: fan.email, number: 'ABCDEF12' })}`, language);
    expect(two.status).toBe(422);
    expect((await two.json()).message).toBe(messages[language].support.errors.searchOne);
    const partSeat = await get(cast.owner, `/api/v1/support/orders?${new URLSearchParams({ organisation: orgId, event: eventId, section: seat.section })}`, language);
    expect(partSeat.status).toBe(422);
    expect((await partSeat.json()).message).toBe(messages[language].support.errors.seatIncomplete);
    const number = await get(cast.owner, `/api/v1/support/orders?${new URLSearchParams({ organisation: orgId, number: 'xyz' })}`, language);
    expect((await number.json()).message).toBe(messages[language].support.errors.numberInvalid);
  });
});

describe('actions, each with a reason, audited and on the timeline', () => {
  it.each(['sk', 'cs', 'en'] as const)('a reason is required (422, translated: %s) and nothing is done without one', async (language) => {
    const before = await t.db.$count(s.auditLog);
    for (const body of [{}, { reason: '' }, { reason: '  a ' }, { reason: 42 }]) {
      const response = await post(cast.owner, `/api/v1/support/orders/${order.id}/resend`, body, language);
      expect(response.status).toBe(422);
      expect((await response.json()).message).toBe(messages[language].support.errors.reasonRequired);
    }
    expect(await t.db.$count(s.auditLog)).toBe(before);
  });

  it('resend writes the order mail again, audited, and both show on the timeline', async () => {
    const mailsBefore = await t.db.$count(s.emailOutbox, eq(s.emailOutbox.orderId, order.id));
    const response = await post(cast.manager, `/api/v1/support/orders/${order.id}/resend`, { reason: 'Fan did not get the confirmation' });
    expect(response.status).toBe(200);
    const { auditId } = await response.json();
    const mails = await t.db.select().from(s.emailOutbox).where(and(eq(s.emailOutbox.orderId, order.id), eq(s.emailOutbox.kind, 'order-paid')));
    expect(mails.length).toBe(mailsBefore + 1);
    expect(mails.every((m) => m.toAddress === fan.email)).toBe(true);
    const [entry] = await t.db.select().from(s.auditLog).where(eq(s.auditLog.id, auditId));
    expect(entry).toMatchObject({ actorId: cast.manager.id, orgId, action: 'order.resend_mail', subjectType: 'order', subjectId: order.id, reason: 'Fan did not get the confirmation' });
    expect(entry.after).toMatchObject({ mail: 'paid', to: fan.email });

    const detail = await (await get(cast.owner, `/api/v1/support/orders/${order.id}`)).json();
    const kinds = detail.timeline.map((e: { kind: string }) => e.kind);
    expect(kinds[0]).toBe('order.created');
    expect(kinds).toEqual(expect.arrayContaining(['order.paid', 'payment', 'mail', 'audit']));
    const times = detail.timeline.map((e: { at: string }) => e.at);
    expect([...times].sort()).toEqual(times);
    expect(detail.timeline.find((e: { kind: string }) => e.kind === 'audit')).toMatchObject({ status: 'order.resend_mail', actor: cast.manager.email, reason: 'Fan did not get the confirmation' });
    expect(detail.timeline.find((e: { kind: string }) => e.kind === 'payment')).toMatchObject({ status: 'succeeded', amount: { amount: order.totalAmount, currency: 'EUR' } });
  });

  it('a pending order’s mail is not resent', async () => {
    const buyer = await makeUser(t.db, 'pending');
    const held = await addToCart({ user: buyer, eventRef: EUR_EVENT, selection: { seatIds: await freeSeatsOf(t.db, EUR_EVENT, 1, 60) }, locale: 'en' });
    expect(held.ok).toBe(true);
    const started = await checkout({ user: buyer, eventRef: EUR_EVENT, locale: 'en', urls: { success: (id: string) => `http://x/orders/${id}`, cancel: () => 'http://x/cart', gateway: (id: string) => `/en/pay/${id}` } });
    if (!started.ok) throw new Error(started.code);
    const pending = { id: started.orderId };
    const response = await post(cast.owner, `/api/v1/support/orders/${pending.id}/resend`, { reason: 'Try it' });
    expect(response.status).toBe(409);
    expect((await response.json()).code).toBe('SUPPORT_ORDER_NOT_PAID');
  });

  it('moving a ticket to another email gives it a new code (the old one dies), mails the new holder, audits holder and version', async () => {
    const recipient = await makeUser(t.db, 'friend');
    const [ticket] = await ticketsOf(order.id);
    const unverified = await makeUser(t.db, 'unverified', undefined, { verified: false });
    const refused = await post(cast.owner, `/api/v1/support/tickets/${ticket.id}/move`, { email: unverified.email, reason: 'Wrong address' });
    expect(refused.status).toBe(409);
    expect(await refused.json()).toMatchObject({ code: 'SUPPORT_NO_ACCOUNT', errors: [{ field: 'email', message: en.support.errors.noAccount }] });

    const response = await post(cast.owner, `/api/v1/support/tickets/${ticket.id}/move`, { email: recipient.email.toUpperCase(), reason: 'Bought for a friend' });
    expect(response.status).toBe(200);
    const [moved] = await t.db.select().from(s.tickets).where(eq(s.tickets.id, ticket.id));
    expect(moved.ownerId).toBe(recipient.id);
    expect(moved.version).toBe(ticket.version + 1);
    expect(moved.secret).not.toBe(ticket.secret);
    const [mail] = await t.db.select().from(s.emailOutbox).where(and(eq(s.emailOutbox.toAddress, recipient.email), eq(s.emailOutbox.kind, 'support-ticket-moved')));
    expect(mail.orderId).toBe(order.id);
    const [entry] = await t.db.select().from(s.auditLog).where(and(eq(s.auditLog.subjectId, ticket.id), eq(s.auditLog.action, 'ticket.move')));
    expect(entry.before).toEqual({ holder: fan.email, version: ticket.version });
    expect(entry.after).toEqual({ holder: recipient.email, version: ticket.version + 1 });

    const again = await post(cast.owner, `/api/v1/support/tickets/${ticket.id}/move`, { email: recipient.email, reason: 'Again' });
    expect((await again.json()).code).toBe('SUPPORT_SAME_HOLDER');
    const detail = await (await get(admin, `/api/v1/support/orders/${order.id}`)).json();
    expect(detail.tickets.find((x: { id: string }) => x.id === ticket.id)).toMatchObject({ holderEmail: recipient.email, version: ticket.version + 1 });
    expect(detail.timeline.filter((e: { kind: string; ticketId: string }) => e.kind === 'audit' && e.ticketId === ticket.id)).toHaveLength(1);
    // The holder's email finds the order too.
    expect((await (await search(cast.owner, { organisation: orgId, email: recipient.email })).json()).orders.map((o: { id: string }) => o.id)).toEqual([order.id]);
  });

  it('voiding a ticket kills its code, keeps its place sold, is audited once; a second void is refused', async () => {
    const [, ticket] = await ticketsOf(order.id);
    const response = await post(cast.manager, `/api/v1/support/tickets/${ticket.id}/void`, { reason: 'Duplicate issued by mistake' });
    expect(response.status).toBe(200);
    const [voided] = await t.db.select().from(s.tickets).where(eq(s.tickets.id, ticket.id));
    expect(voided.status).toBe('void');
    expect(voided.version).toBe(ticket.version + 1);
    const [unit] = await t.db.select().from(s.inventoryUnits).where(eq(s.inventoryUnits.id, ticket.unitId));
    expect(unit.status).toBe('sold');
    const second = await post(cast.owner, `/api/v1/support/tickets/${ticket.id}/void`, { reason: 'Again' });
    expect(second.status).toBe(409);
    expect((await second.json()).code).toBe('SUPPORT_TICKET_VOID');
    const entries = await t.db.select().from(s.auditLog).where(and(eq(s.auditLog.subjectId, ticket.id), eq(s.auditLog.action, 'ticket.void')));
    expect(entries).toHaveLength(1);
    expect(entries[0].before).toMatchObject({ status: 'valid', version: ticket.version });
    expect(entries[0].after).toMatchObject({ status: 'void', version: ticket.version + 1, placeFreed: false });
    const detail = await (await get(cast.owner, `/api/v1/support/orders/${order.id}`)).json();
    expect(detail.timeline.some((e: { kind: string; status: string; ticketId: string }) => e.kind === 'audit' && e.status === 'ticket.void' && e.ticketId === ticket.id)).toBe(true);
    // Moving a void ticket is refused.
    expect((await (await post(cast.owner, `/api/v1/support/tickets/${ticket.id}/move`, { email: cast.fan.email, reason: 'Why not' })).json()).code).toBe('SUPPORT_TICKET_VOID');
  });
});

describe('the audit log', () => {
  it('the owner reads the organisation’s entries; a manager is forbidden; another organisation’s owner finds nothing; an admin reads all', async () => {
    const owner = await (await get(cast.owner, `/api/v1/audit-log?organisation=${orgId}`)).json();
    expect(owner.entries.length).toBeGreaterThanOrEqual(3);
    expect(owner.entries.every((e: { organisation: string }) => e.organisation === 'FK Dunaj Bratislava')).toBe(true);
    const ats = owner.entries.map((e: { at: string }) => e.at);
    expect([...ats].sort().reverse()).toEqual(ats);
    expect((await get(cast.manager, `/api/v1/audit-log?organisation=${orgId}`)).status).toBe(403);
    expect((await get(cast.stranger, `/api/v1/audit-log?organisation=${orgId}`)).status).toBe(404);
    expect((await get(cast.owner, `/api/v1/audit-log`)).status).toBe(404);
    const all = await (await get(admin, '/api/v1/audit-log')).json();
    expect(all.entries.length).toBeGreaterThanOrEqual(owner.entries.length);
  });

  it('filters by action (code or its start), actor and period', async () => {
    const voids = await (await get(admin, '/api/v1/audit-log?action=ticket.void')).json();
    expect(voids.entries.map((e: { action: string }) => e.action)).toEqual(['ticket.void']);
    const tickets = await (await get(admin, '/api/v1/audit-log?action=ticket')).json();
    expect(new Set(tickets.entries.map((e: { action: string }) => e.action))).toEqual(new Set(['ticket.void', 'ticket.move']));
    const byManager = await (await get(admin, `/api/v1/audit-log?actor=${encodeURIComponent(cast.manager.email)}`)).json();
    expect(new Set(byManager.entries.map((e: { actor: string }) => e.actor))).toEqual(new Set([cast.manager.email]));
    const past = await (await get(admin, '/api/v1/audit-log?from=2000-01-01&to=2000-12-31')).json();
    expect(past.entries).toEqual([]);
    const bad = await get(admin, '/api/v1/audit-log?action=DROP%20TABLE', 'sk');
    expect(bad.status).toBe(422);
    expect((await bad.json()).message).toBe(sk.support.errors.actionInvalid);
  });

  it('exports as CSV (translated header, the entries) and as xlsx', async () => {
    const csv = await get(cast.owner, `/api/v1/audit-log/export?organisation=${orgId}&format=csv&locale=sk`);
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-disposition')).toContain('audit-log.csv');
    const text = await csv.text();
    expect(text.split('\n')[0]).toContain(`${sk.support.audit.columns.at};${sk.support.audit.columns.actor}`);
    expect(text).toContain('ticket.void');
    expect(text).toContain('Duplicate issued by mistake');
    const xlsx = await get(admin, '/api/v1/audit-log/export?format=xlsx&action=ticket');
    expect(xlsx.headers.get('content-type')).toContain('spreadsheetml');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(Buffer.from(await xlsx.arrayBuffer()) as never);
    const sheet = workbook.worksheets[0];
    expect(sheet.rowCount).toBe(3);
    expect((await get(cast.manager, `/api/v1/audit-log/export?organisation=${orgId}&format=csv`)).status).toBe(403);
  });
});

describe('refunds through the refund core, audited', () => {
  let paid: typeof s.orders.$inferSelect;

  beforeAll(async () => {
    paid = await buy(t.db, fan, EUR_EVENT, { seatIds: await freeSeatsOf(t.db, EUR_EVENT, 3, 80) });
  });

  it('refunds one ticket: void, its place on sale again, the money queued back, audited and on the timeline; twice is refused', async () => {
    const [ticket] = await ticketsOf(paid.id);
    const response = await post(cast.manager, `/api/v1/support/tickets/${ticket.id}/refund`, { reason: 'Fan cannot come' });
    expect(response.status).toBe(200);
    const { auditId } = await response.json();
    const [after] = await t.db.select().from(s.tickets).where(eq(s.tickets.id, ticket.id));
    expect(after.status).toBe('void');
    expect((await t.db.select().from(s.inventoryUnits).where(eq(s.inventoryUnits.id, ticket.unitId)))[0].status).toBe('available');
    const [refund] = await t.db.select().from(s.refunds).where(eq(s.refunds.scope, `ticket:${ticket.id}`));
    expect(refund.amount).toBeGreaterThan(0);
    const [entry] = await t.db.select().from(s.auditLog).where(eq(s.auditLog.id, auditId));
    expect(entry).toMatchObject({ action: 'ticket.refund', subjectId: ticket.id, reason: 'Fan cannot come' });
    expect(entry.before).toEqual({ tickets: [{ id: ticket.id, status: 'valid', holder: fan.email }] });
    expect(entry.after).toMatchObject({ currency: 'EUR', tickets: [ticket.id], money: refund.amount, placeFreed: true });
    const again = await post(cast.owner, `/api/v1/support/tickets/${ticket.id}/refund`, { reason: 'Again' });
    expect(again.status).toBe(409);
    expect(await t.db.$count(s.auditLog, and(eq(s.auditLog.subjectId, ticket.id), eq(s.auditLog.action, 'ticket.refund')))).toBe(1);
    const detail = await (await get(cast.owner, `/api/v1/support/orders/${paid.id}`)).json();
    const kinds = detail.timeline.map((e: { kind: string }) => e.kind);
    expect(kinds).toEqual(expect.arrayContaining(['refund.queued', 'audit']));
  });

  it('refunds an amount (tickets stay valid), never more than remains refundable', async () => {
    const response = await post(cast.owner, `/api/v1/support/orders/${paid.id}/refund`, { reason: 'Late gate opening', amount: 100 });
    expect(response.status).toBe(200);
    const [entry] = await t.db.select().from(s.auditLog).where(and(eq(s.auditLog.subjectId, paid.id), eq(s.auditLog.action, 'order.refund_amount')));
    expect(entry.after).toMatchObject({ amount: 100, currency: 'EUR' });
    const tooMuch = await post(cast.owner, `/api/v1/support/orders/${paid.id}/refund`, { reason: 'Too much', amount: paid.totalAmount * 10 });
    expect(tooMuch.status).toBe(422);
    expect((await tooMuch.json()).code).toBe('SUPPORT_REFUND_EXCEEDS_PAID');
    expect((await ticketsOf(paid.id)).filter((x) => x.status === 'valid')).toHaveLength(2);
    const zero = await post(cast.owner, `/api/v1/support/orders/${paid.id}/refund`, { reason: 'Zero', amount: 0 });
    expect((await zero.json()).message).toBe(en.support.errors.amountInvalid);
  });

  it('refunds the whole order: every ticket still valid, in one audited step', async () => {
    const response = await post(cast.owner, `/api/v1/support/orders/${paid.id}/refund`, { reason: 'Customer request' });
    expect(response.status).toBe(200);
    expect((await ticketsOf(paid.id)).every((x) => x.status === 'void')).toBe(true);
    const [entry] = await t.db.select().from(s.auditLog).where(and(eq(s.auditLog.subjectId, paid.id), eq(s.auditLog.action, 'order.refund')));
    expect((entry.after as { tickets: string[] }).tickets).toHaveLength(2);
    const again = await post(cast.owner, `/api/v1/support/orders/${paid.id}/refund`, { reason: 'Again' });
    expect((await again.json()).code).toBe('SUPPORT_NOT_REFUNDABLE');
  });
});

// Issue 33: a refund that sends back an order's last money turns the order refunded (the rule a cancellation
// follows: an order is refunded once no share of it stands), for the fan's orders and the desk alike; a part
// of it leaves the order paid.
describe('an order whose last money went back is refunded', () => {
  const statusOf = async (orderId: string) => (await t.db.select().from(s.orders).where(eq(s.orders.id, orderId)))[0];
  const seenAsRefunded = async (orderId: string, buyer: TestUser) => {
    const mine = await (await get(buyer, `/api/v1/orders/${orderId}`)).json();
    expect(mine.status).toBe('refunded');
    const list = await (await get(buyer, '/api/v1/orders')).json();
    expect(list.orders.find((o: { id: string }) => o.id === orderId)).toMatchObject({ status: 'refunded' });
    const desk = await (await get(cast.owner, `/api/v1/support/orders/${orderId}`)).json();
    expect(desk.order.status).toBe('refunded');
    expect(desk.timeline.map((e: { kind: string }) => e.kind)).toContain('order.refunded');
    const [share] = await t.db.select().from(s.orderShares).where(eq(s.orderShares.orderId, orderId));
    expect(share.refundedAt).not.toBeNull();
  };

  it('the whole order refunded at the desk', async () => {
    const buyer = await makeUser(t.db, 'whole');
    const paid = await buy(t.db, buyer, EUR_EVENT, { seatIds: await freeSeatsOf(t.db, EUR_EVENT, 2, 100) });
    expect((await post(cast.owner, `/api/v1/support/orders/${paid.id}/refund`, { reason: 'Customer request' })).status).toBe(200);
    const order = await statusOf(paid.id);
    expect(order.status).toBe('refunded');
    expect(order.refundedAt).not.toBeNull();
    await seenAsRefunded(paid.id, buyer);
  });

  it('every ticket refunded one by one: paid until the last one', async () => {
    const buyer = await makeUser(t.db, 'one-by-one');
    const paid = await buy(t.db, buyer, EUR_EVENT, { seatIds: await freeSeatsOf(t.db, EUR_EVENT, 2, 120) });
    const [first, second] = await ticketsOf(paid.id);
    expect((await post(cast.manager, `/api/v1/support/tickets/${first.id}/refund`, { reason: 'First' })).status).toBe(200);
    expect((await statusOf(paid.id)).status).toBe('paid');
    expect((await post(cast.manager, `/api/v1/support/tickets/${second.id}/refund`, { reason: 'Second' })).status).toBe(200);
    expect((await statusOf(paid.id)).status).toBe('refunded');
    await seenAsRefunded(paid.id, buyer);
  });

  it('an amount equal to what is left: refunded; less: still paid', async () => {
    const buyer = await makeUser(t.db, 'amount');
    const paid = await buy(t.db, buyer, EUR_EVENT, { seatIds: await freeSeatsOf(t.db, EUR_EVENT, 1, 140) });
    expect((await post(cast.owner, `/api/v1/support/orders/${paid.id}/refund`, { reason: 'Part', amount: 100 })).status).toBe(200);
    expect((await statusOf(paid.id)).status).toBe('paid');
    const rest = await post(cast.owner, `/api/v1/support/orders/${paid.id}/refund`, { reason: 'The rest', amount: paid.totalAmount - 100 });
    expect(rest.status).toBe(200);
    expect((await statusOf(paid.id)).status).toBe('refunded');
    await seenAsRefunded(paid.id, buyer);
    // Nothing more to refund: the desk says so.
    expect((await (await post(cast.owner, `/api/v1/support/orders/${paid.id}/refund`, { reason: 'Again', amount: 1 })).json()).code).toBe('SUPPORT_NOT_REFUNDABLE');
  });
});
