// Postponement and fans cancelling their own tickets (issue 33 items 4 and 5), through the API: the organiser
// postpones (new date, refund deadline), every holder is mailed in their language and notified; holders ask
// for their money until the deadline and are refused after it (translated); the event report's figures are
// exact. Self-cancel: not allowed unless the organiser says so, only up to N hours before, the fee kept or not.
import { and, eq, like, sql } from 'drizzle-orm';
import { GET as getApi, POST as postApi, PUT as putApi } from '@/tests/helpers/api';
import { rowsOf } from '@/lib/server/db/client';
import * as s from '@/lib/server/db/schema';
import { requestRefund } from '@/lib/server/refunds/self-service';
import { eventReport } from '@/lib/server/reports/event-report';
import { listMyTickets } from '@/lib/server/tickets/list';
import { giftTicket } from '@/lib/server/tickets/gift';
import { useTestDatabase } from '../helpers/db';
import { freeSeatsOf } from '../helpers/seats';
import { auth, eventBySlug, makeScanner, makeUser, params, request, type TestUser } from '../helpers/tickets';
import { buy } from '../helpers/purchases';

const t = useTestDatabase({ seeded: true });
const POSTPONED = 'dunaj-bratislava-as-trencin';
const SELF = 'dunaj-bratislava-spartak-trnava';
const FEE = 120;
const HOUR = 3_600_000;

let manager: TestUser;
const offsets = new Map<string, number>();
async function seats(slug: string, count: number) {
  const offset = offsets.get(slug) ?? 0;
  offsets.set(slug, offset + count + 2);
  return freeSeatsOf(t.db, slug, count, offset);
}

const refundOffer = (fan: TestUser, ticketId: string, scope = 'ticket', headers: Record<string, string> = {}) =>
  getApi(request(`/api/v1/tickets/${ticketId}/refund?scope=${scope}`, { headers: auth(fan, headers) }), params({ id: ticketId }));
const askRefund = (fan: TestUser, ticketId: string, scope = 'ticket', headers: Record<string, string> = {}) =>
  postApi(request(`/api/v1/tickets/${ticketId}/refund`, { method: 'POST', headers: auth(fan, headers), body: { scope } }), params({ id: ticketId }));

async function ticketsOf(orderId: string) {
  return t.db.select().from(s.tickets).where(eq(s.tickets.orderId, orderId)).orderBy(s.tickets.id);
}

beforeAll(async () => {
  manager = await makeScanner(t.db, POSTPONED, 'manager');
  const event = await eventBySlug(t.db, POSTPONED);
  await t.db.update(s.events).set({ serviceFeeAmount: FEE }).where(eq(s.events.orgId, event.orgId));
}, 180_000);

describe('postponement', () => {
  it('10 holders: all told in their language; 4 ask for a refund before the deadline, 1 after (refused, translated); the report says 6 kept, 4 refunded', async () => {
    const event = await eventBySlug(t.db, POSTPONED);
    const locales = ['sk', 'cs', 'en'] as const;
    // The demo's own holders of this match (the seed's), counted alongside ours.
    const [base] = rowsOf<{ holders: number; kept: number }>(
      await t.db.execute(sql`select count(distinct owner_id)::int as holders, count(*)::int as kept from tickets where event_id = ${event.id}::uuid and status in ('valid', 'listed', 'checked_in')`),
    );
    const baseHolders = Number(base.holders);
    const baseKept = Number(base.kept);
    const holders: { fan: TestUser; ticketId: string; paid: number }[] = [];
    for (let i = 0; i < 10; i++) {
      const fan = await makeUser(t.db, `holder${i}`);
      await t.db.update(s.users).set({ locale: locales[i % 3] }).where(eq(s.users.id, fan.id));
      const order = await buy(t.db, fan, POSTPONED, { seatIds: await seats(POSTPONED, 1) });
      const [ticket] = await ticketsOf(order.id);
      holders.push({ fan, ticketId: ticket.id, paid: order.totalAmount });
    }
    // Before any postponement, nothing may be returned here (the organiser allows no self-cancel).
    const refused = await askRefund(holders[0].fan, holders[0].ticketId, 'ticket', { 'accept-language': 'sk' });
    expect(refused.status).toBe(409);
    expect((await refused.json()).message).toBe('Organizátor nepovoľuje zrušenie vstupeniek na toto podujatie.');

    const startsAt = new Date(event.startsAt.getTime() + 14 * 24 * HOUR);
    const deadline = new Date(Date.now() + 7 * 24 * HOUR);
    const outsider = await makeUser(t.db, 'outsider');
    const postpone = (who: TestUser, body: unknown) =>
      postApi(request(`/api/v1/organiser/events/${event.id}/postpone`, { method: 'POST', headers: auth(who), body }), params({ eventId: event.id }));
    expect((await postpone(outsider, { startsAt: startsAt.toISOString(), refundDeadline: deadline.toISOString() })).status).toBe(404);
    const late = await postpone(manager, { startsAt: startsAt.toISOString(), refundDeadline: new Date(startsAt.getTime() + HOUR).toISOString() });
    expect(late.status).toBe(422);
    expect((await late.json()).errors).toEqual([{ field: 'refundDeadline', message: 'Enter a refund deadline in the future, no later than the new start.' }]);

    const done = await postpone(manager, { startsAt: startsAt.toISOString(), refundDeadline: deadline.toISOString(), message: 'The stadium needs repairs.' });
    expect(done.status).toBe(200);
    const body = await done.json();
    expect(body).toMatchObject({ event: { id: event.id, startsAt: startsAt.toISOString() }, holders: baseHolders + 10, postponement: { kept: baseKept + 10, refunded: 0, postponedFrom: event.startsAt.toISOString() } });

    // Every holder: a mail in their language, and a push (the 'event-changed' notification) once.
    const emails = new Set(holders.map((h) => h.fan.email));
    const mails = (await t.db.select().from(s.emailOutbox).where(eq(s.emailOutbox.kind, 'event-postponed'))).filter((m) => emails.has(m.toAddress));
    expect(mails).toHaveLength(10);
    const sk = mails.find((m) => m.toAddress === holders[0].fan.email)!;
    expect(sk.subject).toContain('sa presúva');
    expect(sk.textBody).toContain('The stadium needs repairs.');
    expect(mails.find((m) => m.toAddress === holders[1].fan.email)!.subject).toContain('se přesouvá');
    const pushes = await t.db.select().from(s.notifications).where(like(s.notifications.dedupeKey, `event-postponed:${event.id}:%`));
    expect(pushes.filter((p) => holders.some((h) => h.fan.id === p.userId))).toHaveLength(10);
    expect(pushes).toHaveLength(baseHolders + 10);
    // Tickets stay valid for the new date; Your tickets shows the new date and the refund button.
    const mine = await listMyTickets(holders[5].fan);
    const shown = mine.tickets.find((x) => x.id === holders[5].ticketId)!;
    expect(shown).toMatchObject({ status: 'valid', refund: { kind: 'postponement', until: deadline.toISOString() }, event: { startsAt: startsAt.toISOString(), postponed: { from: event.startsAt.toISOString() } } });
    const audit = await t.db.select().from(s.auditLog).where(and(eq(s.auditLog.action, 'event.postpone'), eq(s.auditLog.subjectId, event.id)));
    expect(audit).toHaveLength(1);

    // 4 ask before the deadline: the whole price back, with the service fee (the organiser moved the date).
    for (const holder of holders.slice(0, 4)) {
      const offer = await refundOffer(holder.fan, holder.ticketId);
      expect(offer.status).toBe(200);
      expect(await offer.json()).toMatchObject({ kind: 'postponement', total: { money: holder.paid, feeKept: 0, wallet: 0 } });
      const answer = await askRefund(holder.fan, holder.ticketId);
      expect(answer.status).toBe(200);
      expect(await answer.json()).toMatchObject({ refunded: [holder.ticketId], total: { money: holder.paid } });
    }
    // The fifth asks after the deadline: refused; the ticket stays valid.
    expect(await requestRefund(holders[4].fan, { ticketId: holders[4].ticketId, scope: 'ticket' }, new Date(deadline.getTime() + 60_000))).toEqual({ ok: false, code: 'REFUND_DEADLINE_PASSED' });
    await t.db.update(s.events).set({ refundDeadline: new Date(Date.now() - 1000) }).where(eq(s.events.id, event.id));
    const after = await askRefund(holders[4].fan, holders[4].ticketId, 'ticket', { 'accept-language': 'cs' });
    expect(after.status).toBe(409);
    expect((await after.json()).message).toBe('Lhůta pro vrácení peněz po přesunutí uplynula. Vaše vstupenka platí na nový termín.');
    expect((await t.db.select().from(s.tickets).where(eq(s.tickets.id, holders[4].ticketId)))[0].status).toBe('valid');

    const report = await eventReport(manager.id, event.id, new Date());
    if (!report.ok) throw new Error(report.code);
    expect(report.report.postponement).toMatchObject({ kept: baseKept + 6, refunded: 4 });
    const [rows] = rowsOf<{ n: number; sum: number }>(
      await t.db.execute(sql`select count(*)::int as n, sum(r.amount)::int as sum from refunds r where r.reason = 'EVENT_POSTPONED'`),
    );
    expect(Number(rows.n)).toBe(4);
    expect(Number(rows.sum)).toBe(holders.slice(0, 4).reduce((n, h) => n + h.paid, 0));
    expect(report.report.revenue.refunds).toBe(Number(rows.sum));
  });
});

describe('fans cancel their own tickets', () => {
  const rules = (eventId: string, body: unknown, who = manager) =>
    putApi(request(`/api/v1/organiser/events/${eventId}/self-cancel`, { method: 'PUT', headers: auth(who), body }), params({ eventId }));

  it('only where the organiser allows it, up to N hours before; what comes back shown first; the fee kept by default; once', async () => {
    const event = await eventBySlug(t.db, SELF);
    const fan = await makeUser(t.db, 'selfer');
    const order = await buy(t.db, fan, SELF, { seatIds: await seats(SELF, 2) });
    const [first, second] = await ticketsOf(order.id);
    const closed = await refundOffer(fan, first.id, 'ticket', { 'accept-language': 'sk' });
    expect(closed.status).toBe(409);
    expect((await closed.json()).code).toBe('SELF_CANCEL_NOT_ALLOWED');

    const fanRules = await rules(event.id, { allowed: true, hoursBefore: 24, refundsFee: null }, fan);
    expect(fanRules.status).toBe(404);
    const bad = await rules(event.id, { allowed: true, hoursBefore: -1, refundsFee: null });
    expect(bad.status).toBe(422);
    // A window that has closed already: more hours before the start than are left.
    const hoursLeft = Math.floor((event.startsAt.getTime() - Date.now()) / HOUR);
    expect((await rules(event.id, { allowed: true, hoursBefore: hoursLeft + 1, refundsFee: null })).status).toBe(200);
    const tooLate = await refundOffer(fan, first.id, 'ticket', { 'accept-language': 'en' });
    expect(tooLate.status).toBe(409);
    expect((await tooLate.json()).message).toBe('It is too late to cancel: the organiser allows it only until a set time before the start.');

    const saved = await rules(event.id, { allowed: true, hoursBefore: 24, refundsFee: null });
    expect(await saved.json()).toMatchObject({ allowed: true, hoursBefore: 24, refundsFee: null, organisationRefundsFee: false, cancelled: 0 });
    const offer = await refundOffer(fan, first.id);
    expect(offer.status).toBe(200);
    const quoted = await offer.json();
    expect(quoted).toMatchObject({ kind: 'self-cancel', orderTickets: 2, total: { money: first.priceAmount, feeKept: FEE, wallet: 0, points: 0, currency: 'EUR' } });
    expect(new Date(quoted.until).getTime()).toBe(event.startsAt.getTime() - 24 * HOUR);
    const whole = await (await refundOffer(fan, first.id, 'order')).json();
    expect(whole.tickets).toHaveLength(2);

    const done = await askRefund(fan, first.id);
    expect(done.status).toBe(200);
    expect(await done.json()).toMatchObject({ refunded: [first.id], total: { money: first.priceAmount, feeKept: FEE } });
    const again = await askRefund(fan, first.id);
    expect(again.status).toBe(409);
    expect((await again.json()).code).toBe('TICKET_ALREADY_REFUNDED');
    // The mail says what comes back, and where.
    const [mail] = await t.db.select().from(s.emailOutbox).where(and(eq(s.emailOutbox.kind, 'tickets-refunded'), eq(s.emailOutbox.toAddress, fan.email)));
    expect(mail.textBody).toContain('to the card you paid with');
    // The other ticket is untouched; the organiser sees the count.
    expect((await t.db.select().from(s.tickets).where(eq(s.tickets.id, second.id)))[0].status).toBe('valid');
    const view = await getApi(request(`/api/v1/organiser/events/${event.id}/self-cancel`, { headers: auth(manager) }), params({ eventId: event.id }));
    expect((await view.json()).cancelled).toBe(1);

    // The event returns the fee: the rest of the order, fee included.
    await rules(event.id, { allowed: true, hoursBefore: 24, refundsFee: true });
    const rest = await askRefund(fan, second.id, 'order');
    expect(rest.status).toBe(200);
    expect(await rest.json()).toMatchObject({ refunded: [second.id], total: { money: second.priceAmount + FEE, feeKept: 0 } });
  });

  it('a ticket given to the fan by someone else is not theirs to refund (the money is the buyer’s)', async () => {
    const buyer = await makeUser(t.db, 'giver');
    const friend = await makeUser(t.db, 'friend');
    const order = await buy(t.db, buyer, SELF, { seatIds: await seats(SELF, 1) });
    const [ticket] = await ticketsOf(order.id);
    const gift = await giftTicket(buyer, { ticketId: ticket.id, email: friend.email, locale: 'en' });
    expect(gift.ok).toBe(true);
    const answer = await askRefund(friend, ticket.id);
    expect(answer.status).toBe(409);
    expect((await answer.json()).code).toBe('TICKET_NOT_REFUNDABLE');
    expect((await listMyTickets(friend)).tickets.find((x) => x.id === ticket.id)?.refund ?? null).toBeNull();
  });
});
