// A season ticket's money per match (issue 28 items 1, 2): its price is split over its matches when it is
// paid (order_shares), every report reads the match's share, and cancelling a match gives each holder
// that match's share back exactly once — to the payment, or as wallet credit when the season says so —
// while every other match's ticket stands. On the demo winter season (seed/seasons.ts: two matches) with a
// third match added before the holders buy.
import { and, eq, sql } from 'drizzle-orm';
import { POST as cancelSeasonRoute } from '@/tests/helpers/api';
import { rowsOf } from '@/lib/server/db/client';
import * as s from '@/lib/server/db/schema';
import { cancelEvent, cancellationProgress, cancelSeason, finishCancelledEvents } from '@/lib/server/events/cancel';
import { addSeasonMatch } from '@/lib/server/seasons/organiser';
import { getOrder } from '@/lib/server/orders/read';
import { processDueRefunds } from '@/lib/server/payments/refunds';
import type { PaymentProvider } from '@/lib/server/payments/types';
import { eventLedgers, netFigures } from '@/lib/server/reports/ledger';
import { releaseTicket } from '@/lib/server/seasons/release';
import { walletBalance } from '@/lib/server/wallet';
import { listOrderDocuments } from '@/lib/server/documents/read';
import { documentExportRows } from '@/lib/server/documents/export';
import { useTestDatabase } from '../helpers/db';
import { expectedStatuses, makeCast, orgIdOfSlug, statusesOf, type Cast } from '../helpers/organiser';
import { buy } from '../helpers/purchases';
import { MATCH, WINTER, makeSeasonHolder } from '../helpers/season-release';
import { makeUser, params, request, type TestUser } from '../helpers/tickets';

const t = useTestDatabase({ seeded: true });
const SECOND = 'dunaj-bratislava-msk-zilina';
/** The club's match of the day, moved three weeks on (in this file's own database) to be the season's third. */
const THIRD = 'dunaj-bratislava-zemplin-michalovce';

let orgId: string;
let cast: Cast;
let first: string;
let second: string;
let third: string;
let seasonId: string;
type Holder = Awaited<ReturnType<typeof makeSeasonHolder>> & { orderId: string; paymentId: string; total: number };
let h1: Holder;
let h2: Holder;
/** Released their seat for the first match, and a fan bought it: their credit for it is already paid. */
let h3: Holder;
let releaseBuyer: TestUser;
let releaseOrderId: string;

async function eventId(slug: string) {
  const [e] = await t.db.select({ id: s.events.id }).from(s.events).where(eq(s.events.slug, slug));
  return e.id;
}

async function holder(tag: string): Promise<Holder> {
  const made = await makeSeasonHolder(t.db, tag);
  const [row] = rowsOf<{ order_id: string; payment_id: string; total: number }>(
    await t.db.execute(sql`select st.order_id, o.current_payment_id as payment_id, o.total_amount as total
      from season_tickets st join orders o on o.id = st.order_id where st.user_id = ${made.holder.id}::uuid`),
  );
  return { ...made, orderId: row.order_id, paymentId: row.payment_id, total: Number(row.total) };
}

async function sharesOf(orderId: string) {
  return rowsOf<{ event_id: string; total_amount: number; price_amount: number; refunded_at: string | null; refund_mode: string | null; refunded_amount: number; credited_amount: number }>(
    await t.db.execute(sql`select event_id, total_amount, price_amount, refunded_at, refund_mode, refunded_amount, credited_amount from order_shares where order_id = ${orderId}::uuid`),
  ).map((r) => ({ ...r, total_amount: Number(r.total_amount), price_amount: Number(r.price_amount), refunded_amount: Number(r.refunded_amount), credited_amount: Number(r.credited_amount) }));
}

async function shareAt(orderId: string, event: string) {
  return (await sharesOf(orderId)).find((x) => x.event_id === event)!;
}

async function ticketStatus(ownerId: string, event: string) {
  const rows = await t.db
    .select({ status: s.tickets.status })
    .from(s.tickets)
    .where(and(eq(s.tickets.ownerId, ownerId), eq(s.tickets.eventId, event)));
  return rows.map((r) => r.status);
}

async function refundsOf(paymentId: string) {
  return rowsOf<{ scope: string; amount: number; reason: string }>(
    await t.db.execute(sql`select scope, amount, reason from refunds where payment_id = ${paymentId}::uuid order by created_at`),
  ).map((r) => ({ ...r, amount: Number(r.amount) }));
}

/** The outbox's mails to `email` of `kind`. */
async function mailsTo(email: string, kind: string) {
  return t.db
    .select({ subject: s.emailOutbox.subject, text: s.emailOutbox.textBody, locale: s.emailOutbox.locale })
    .from(s.emailOutbox)
    .where(and(eq(s.emailOutbox.toAddress, email), eq(s.emailOutbox.kind, kind)));
}

beforeAll(async () => {
  orgId = await orgIdOfSlug(t.db, 'fk-dunaj-bratislava');
  cast = await makeCast(t.db, orgId);
  first = await eventId(MATCH);
  second = await eventId(SECOND);
  third = await eventId(THIRD);
  [{ id: seasonId }] = await t.db.select({ id: s.seasons.id }).from(s.seasons).where(eq(s.seasons.slug, WINTER));
  const day = 86_400_000;
  const kickOff = new Date(Date.now() + 21 * day);
  await t.db
    .update(s.events)
    .set({ startsAt: kickOff, doorsAt: new Date(kickOff.getTime() - 3_600_000), endsAt: new Date(kickOff.getTime() + 2 * 3_600_000), latestEndAt: new Date(kickOff.getTime() + 2 * 3_600_000), saleEndsAt: null })
    .where(eq(s.events.id, third));
  // A third match of the same stands: its categories start mapped like the others', so seats stay on season sale.
  const added = await addSeasonMatch(cast.owner.id, seasonId, third);
  if (!added.ok) throw new Error(added.code);
  h1 = await holder('money-1');
  h2 = await holder('money-2');
  h3 = await holder('money-3');
  // h2 reads Slovak: the season mail comes in the holder's language.
  await t.db.update(s.users).set({ locale: 'sk' }).where(eq(s.users.id, h2.holder.id));
  const released = await releaseTicket(h3.holder, { ticketId: h3.ticketId });
  if (!released.ok) throw new Error(released.code);
  releaseBuyer = await makeUser(t.db, 'money-release-buyer');
  releaseOrderId = (await buy(t.db, releaseBuyer, MATCH, { seatIds: [h3.seatId] })).id;
}, 240_000);

describe('a season ticket’s money per match', () => {
  it('is split over its matches when paid: the shares add up exactly to what was paid, the first match taking the remainder', async () => {
    const shares = await sharesOf(h1.orderId);
    expect(shares.map((x) => x.event_id).sort()).toEqual([first, second, third].sort());
    expect(shares.reduce((sum, x) => sum + x.total_amount, 0)).toBe(h1.total);
    const [payment] = await t.db.select({ amount: s.payments.amount }).from(s.payments).where(eq(s.payments.id, h1.paymentId));
    expect(payment.amount).toBe(h1.total);
    // Equal parts in match order, the first matches taking the minor units left over.
    const order = rowsOf<{ id: string }>(await t.db.execute(sql`select id from events where id in (${first}::uuid, ${second}::uuid, ${third}::uuid) order by starts_at, id`));
    const expected = order.map((e, i) => Math.floor(h1.total / 3) + (i < h1.total % 3 ? 1 : 0));
    expect(order.map((e) => shares.find((x) => x.event_id === e.id)!.total_amount)).toEqual(expected);
  });

  it('each match’s report counts its own share, not the whole season under the first match', async () => {
    const [ledgerFirst, ledgerSecond, ledgerThird] = await eventLedgers({ eventIds: [first, second, third] });
    for (const [ledger, event] of [[ledgerFirst, first], [ledgerSecond, second], [ledgerThird, third]] as const) {
      const [sums] = rowsOf<{ collected: number; revenue: number; orders: number }>(
        await t.db.execute(sql`select coalesce(sum(sh.total_amount), 0)::int as collected, coalesce(sum(sh.price_amount), 0)::int as revenue, count(*)::int as orders
          from order_shares sh join orders o on o.id = sh.order_id where sh.event_id = ${event}::uuid and o.paid_at is not null`),
      );
      expect(ledger.sales.collected).toBe(Number(sums.collected));
      expect(ledger.sales.ticketRevenue).toBe(Number(sums.revenue));
      expect(ledger.sales.orders).toBe(Number(sums.orders));
    }
    // The second match's sales include every holder's share of it (there was no other way to buy it here).
    const seasonShares = await Promise.all([h1, h2, h3].map((h) => shareAt(h.orderId, second)));
    expect(ledgerSecond.sales.collected).toBeGreaterThanOrEqual(seasonShares.reduce((sum, x) => sum + x.total_amount, 0));
    expect(seasonShares.every((x) => x.total_amount > 0)).toBe(true);
  });
});

describe('cancelling the season’s first match', () => {
  let progressDone = false;

  beforeAll(async () => {
    const result = await cancelEvent(cast.owner, first);
    if (!result.ok) throw new Error(result.code);
    progressDone = result.progress.done;
  }, 120_000);

  it('voids every holder’s ticket for that match only: their ticket for the next match stands', async () => {
    for (const h of [h1, h2]) {
      expect(await ticketStatus(h.holder.id, first)).toEqual(['void']);
      expect(await ticketStatus(h.holder.id, second)).toEqual(['valid']);
      expect(await ticketStatus(h.holder.id, third)).toEqual(['valid']);
    }
    // The released seat's buyer's ticket is void too; the holder's next match stands.
    expect(await ticketStatus(releaseBuyer.id, first)).toEqual(['void']);
    expect(await ticketStatus(h3.holder.id, second)).toEqual(['valid']);
    // The next match's seat is still the holder's: sold, not back on sale.
    const [unit] = rowsOf<{ status: string }>(
      await t.db.execute(sql`select u.status from inventory_units u where u.event_id = ${second}::uuid and u.seat_id = ${h1.seatId}::uuid`),
    );
    expect(unit.status).toBe('sold');
  });

  it('refunds each holder that match’s share to their payment, once; the order stays paid for the rest of the season', async () => {
    for (const h of [h1, h2]) {
      const share = await shareAt(h.orderId, first);
      expect(await refundsOf(h.paymentId)).toEqual([{ scope: first, amount: share.total_amount, reason: 'EVENT_CANCELLED' }]);
      expect(share).toMatchObject({ refund_mode: 'payment', refunded_amount: share.total_amount });
      expect((await shareAt(h.orderId, second)).refunded_at).toBeNull();
      expect((await shareAt(h.orderId, third)).refunded_at).toBeNull();
      const [order] = await t.db.select({ status: s.orders.status }).from(s.orders).where(eq(s.orders.id, h.orderId));
      expect(order.status).toBe('paid');
      const [payment] = await t.db.select({ status: s.payments.status }).from(s.payments).where(eq(s.payments.id, h.paymentId));
      expect(payment.status).toBe('succeeded');
    }
    // The order page names the match and what of it comes back; the season's other match is not there.
    const order = await getOrder({ user: h1.holder, orderId: h1.orderId, locale: 'en' });
    expect(order!.cancelledMatches).toEqual([
      { title: expect.stringContaining('Košice'), amount: { amount: (await shareAt(h1.orderId, first)).total_amount, currency: 'EUR' }, mode: 'payment', status: 'pending' },
    ]);
    expect(order!.refunds).toEqual([]);
    // Run again (a second process, the sweeper): nothing is refunded twice.
    await finishCancelledEvents();
    await cancelEvent(cast.owner, first);
    for (const h of [h1, h2]) expect(await refundsOf(h.paymentId)).toHaveLength(1);
  });

  it('gives a holder whose released seat sold only what their credit for it did not already pay', async () => {
    const share = await shareAt(h3.orderId, first);
    const [credit] = rowsOf<{ amount: number }>(
      await t.db.execute(sql`select coalesce(sum(amount), 0)::int as amount from wallet_ledger where user_id = ${h3.holder.id}::uuid and kind = 'release_credit'`),
    );
    expect(Number(credit.amount)).toBeGreaterThan(0);
    const back = share.total_amount - Number(credit.amount);
    expect(await refundsOf(h3.paymentId)).toEqual([{ scope: first, amount: back, reason: 'EVENT_CANCELLED' }]);
    // The buyer of the released seat gets their whole order back.
    const [order] = await t.db.select({ status: s.orders.status, total: s.orders.totalAmount, paymentId: s.orders.currentPaymentId }).from(s.orders).where(eq(s.orders.id, releaseOrderId));
    expect(order.status).toBe('refunded');
    expect(await refundsOf(order.paymentId!)).toEqual([{ scope: 'whole', amount: order.total, reason: 'EVENT_CANCELLED' }]);
  });

  it('mails each holder in their language, naming the share that comes back', async () => {
    const share = await shareAt(h2.orderId, first);
    const mails = await mailsTo(h2.holder.email, 'season-match-cancelled');
    expect(mails).toHaveLength(1);
    expect(mails[0].locale).toBe('sk');
    expect(mails[0].subject).toContain('je zrušený');
    const amount = new Intl.NumberFormat('sk', { style: 'currency', currency: 'EUR' }).format(share.total_amount / 100);
    expect(mails[0].text).toContain(amount);
    expect(mails[0].text).toContain('platí ďalej');
    expect(await mailsTo(h1.holder.email, 'season-match-cancelled')).toHaveLength(1);
  });

  it('finishes: its progress reaches done with season tickets, a released seat and its buyer in play', async () => {
    const progress = await cancellationProgress(cast.owner, first);
    if (!progress.ok) throw new Error(progress.code);
    expect(progressDone || progress.progress.done).toBe(true);
    expect(progress.progress).toMatchObject({ done: true, ordersWaiting: 0, ticketsLeft: 0 });
  });

  it('the match’s report refunds exactly its shares, reconciled with the refund queue in SQL', async () => {
    const [ledger] = await eventLedgers({ eventIds: [first] });
    const [sums] = rowsOf<{ money: number }>(
      await t.db.execute(sql`select coalesce(sum(r.amount), 0)::int as money from refunds r
        join payments p on p.id = r.payment_id join orders o on o.id = p.order_id
        where r.reason = 'EVENT_CANCELLED' and (r.scope = ${first} or (r.scope = 'whole' and o.event_id = ${first}::uuid))`),
    );
    expect(ledger.refunds.collected).toBe(Number(sums.money));
    expect(ledger.refunds.orders).toBe(ledger.sales.orders);
    // Nothing of the match is left to the organiser but what it owes the released seat's holder as credit.
    const net = netFigures(ledger);
    const [released] = rowsOf<{ credit: number }>(
      await t.db.execute(sql`select coalesce(sum(w.amount), 0)::int as credit from wallet_ledger w join season_releases r on r.id = w.release_id where r.event_id = ${first}::uuid`),
    );
    expect(net.collectedNet).toBe(ledger.sales.collected - Number(sums.money));
    expect(net.primaryNet).toBe(Number(released.credit));
  });
});

describe('cancelling the whole season', () => {
  it('is the owner’s or manager’s: a scanner 403, a fan and another organisation 404, anonymous 401', async () => {
    const [other] = await t.db.insert(s.seasons).values({ orgId, slug: `money-other-${Date.now()}`, name: { sk: 'X', cs: 'X', en: 'X' }, venueId: (await t.db.select({ id: s.venues.id }).from(s.venues).limit(1))[0].id, startsOn: '2030-01-01', endsOn: '2030-06-01' }).returning({ id: s.seasons.id });
    // A season with no match left: the allowed callers get 409, so the matrix changes nothing.
    const statuses = await statusesOf(cast, (headers) =>
      cancelSeasonRoute(request(`/api/v1/organiser/seasons/${other.id}/cancel`, { method: 'POST', headers }), params({ seasonId: other.id })),
    );
    expect(statuses).toEqual(expectedStatuses('events', 409));
  });

  it('gives every holder the share of each match not yet played — as wallet credit when the season gives credit — and the order is refunded whole once nothing is left', async () => {
    await t.db.update(s.seasons).set({ cancelRefundMode: 'credit' }).where(eq(s.seasons.id, seasonId));
    const before = await walletBalance(t.db, { userId: h1.holder.id, orgId, currency: 'EUR' }, new Date());
    const result = await cancelSeason(cast.manager, seasonId);
    expect(result.ok && [...result.season.cancelledMatches].sort()).toEqual([second, third].sort());
    const shares = [await shareAt(h1.orderId, second), await shareAt(h1.orderId, third)];
    for (const share of shares) expect(share).toMatchObject({ refund_mode: 'credit', credited_amount: share.total_amount, refunded_amount: 0 });
    expect(await walletBalance(t.db, { userId: h1.holder.id, orgId, currency: 'EUR' }, new Date())).toBe(before + shares[0].total_amount + shares[1].total_amount);
    // No money went back for it: the payment has only the first match's refund.
    expect((await refundsOf(h1.paymentId)).map((r) => r.scope)).toEqual([first]);
    expect(await ticketStatus(h1.holder.id, second)).toEqual(['void']);
    expect(await ticketStatus(h1.holder.id, third)).toEqual(['void']);
    const [order] = await t.db.select({ status: s.orders.status }).from(s.orders).where(eq(s.orders.id, h1.orderId));
    expect(order.status).toBe('refunded');
    // Once only: again, and the wallet has one credit per order and match (two matches).
    await finishCancelledEvents();
    const [{ n }] = rowsOf<{ n: number }>(await t.db.execute(sql`select count(*)::int as n from wallet_ledger where order_id = ${h1.orderId}::uuid and kind = 'refund_credit'`));
    expect(Number(n)).toBe(2);
    expect(await cancelSeason(cast.owner, seasonId)).toEqual({ ok: false, code: 'SEASON_NOTHING_TO_CANCEL' });
    const [season] = await t.db.select({ saleClosesAt: s.seasons.saleClosesAt }).from(s.seasons).where(eq(s.seasons.id, seasonId));
    expect(season.saleClosesAt!.getTime()).toBeLessThanOrEqual(Date.now());
  });

  it('credits the holders’ invoices for what went back as credit, in the same transaction: each credit note’s total equals its wallet credit (SQL), on My orders and in the accountant’s export', async () => {
    // Per wallet credit: the credit notes issued with it (its source key, at its instant) refer to its order's invoices and add up to it.
    const credits = rowsOf<{ id: string; order_id: string; amount: number; credited: number; notes: number; foreign: number }>(
      await t.db.execute(sql`select w.id, w.order_id, w.amount,
          coalesce((select -sum(d.total_gross) from tax_documents d where d.kind = 'credit-note' and d.source_key like 'wallet:' || w.id || ':%'
            and d.issued_at = w.created_at), 0)::int as credited,
          (select count(*) from tax_documents d where d.kind = 'credit-note' and d.source_key like 'wallet:' || w.id || ':%' and d.issued_at = w.created_at)::int as notes,
          (select count(*) from tax_documents d join tax_documents i on i.id = d.refers_to
            where d.kind = 'credit-note' and d.refund_id is null and d.order_id = w.order_id and (i.order_id <> w.order_id or i.kind <> 'invoice' or d.user_id <> w.user_id))::int as foreign
        from wallet_ledger w where w.kind = 'refund_credit' and w.org_id = ${orgId}::uuid order by w.created_at, w.id`),
    );
    expect(credits.length).toBe(6);
    for (const credit of credits) {
      expect({ order: credit.order_id, credited: Number(credit.credited) }).toEqual({ order: credit.order_id, credited: Number(credit.amount) });
      expect(Number(credit.notes)).toBeGreaterThan(0);
      expect(Number(credit.foreign)).toBe(0);
    }
    // Per order: every credit note without a refund adds up to the order's wallet credits.
    const orders = rowsOf<{ order_id: string; credited: number; noted: number }>(
      await t.db.execute(sql`select w.order_id, sum(w.amount)::int as credited,
          (select coalesce(-sum(d.total_gross), 0) from tax_documents d where d.order_id = w.order_id and d.kind = 'credit-note' and d.refund_id is null)::int as noted
        from wallet_ledger w where w.kind = 'refund_credit' and w.org_id = ${orgId}::uuid group by w.order_id`),
    );
    for (const order of orders) expect(Number(order.noted)).toBe(Number(order.credited));
    // Once: finishing the cancellation again issues nothing more.
    const before = await t.db.select({ id: s.taxDocuments.id }).from(s.taxDocuments);
    await finishCancelledEvents();
    expect((await t.db.select({ id: s.taxDocuments.id }).from(s.taxDocuments)).length).toBe(before.length);
    // The holder's My orders lists them, referring to the invoices; the organiser's accountant export has a row per rate of each.
    const listed = (await listOrderDocuments(h1.holder.id, h1.orderId, t.db))!;
    const notes = listed.filter((doc) => doc.kind === 'credit-note');
    const invoices = listed.filter((doc) => doc.kind === 'invoice');
    expect(notes.length).toBeGreaterThan(0);
    for (const note of notes) expect(invoices.map((doc) => doc.number)).toContain(note.refersTo);
    const h1Credited = credits.filter((c) => c.order_id === h1.orderId).reduce((sum, c) => sum + Number(c.amount), 0);
    expect(-notes.reduce((sum, doc) => sum + doc.total.amount, 0)).toBe(h1Credited);
    const exported = await documentExportRows({ organisation: orgId, from: '2000-01-01', to: '2100-12-31' }, (key) => key, t.db);
    const organiserNotes = notes.filter((doc) => doc.purpose === 'tickets');
    expect(organiserNotes.length).toBeGreaterThan(0);
    for (const note of organiserNotes) {
      const rows = exported.filter((row) => row.number === note.number && row.kind === 'kind.credit-note');
      expect(rows.reduce((sum, row) => sum + Number(row.total), 0)).toBe(note.total.amount);
    }
  });

  it('sends each refund to the provider with its own amount and key, once', async () => {
    const calls: { id: string; amount: number; idempotencyKey: string }[] = [];
    const provider: PaymentProvider = {
      name: 'test',
      createPayment: async () => ({ redirectUrl: '', providerRef: '' }),
      parseWebhook: async () => null,
      async refund(payment) {
        calls.push({ id: payment.id, amount: payment.amount, idempotencyKey: payment.idempotencyKey });
      },
      cancelPayment: async () => undefined,
    };
    await processDueRefunds({ providerFor: () => provider, limit: 1000 });
    await processDueRefunds({ providerFor: () => provider, limit: 1000 });
    const mine = calls.filter((c) => c.id === h2.paymentId);
    const order = await getOrder({ user: h1.holder, orderId: h1.orderId, locale: 'sk' });
    expect(order!.cancelledMatches.map((m) => [m.mode, m.status])).toEqual([
      ['payment', 'refunded'],
      ['credit', 'refunded'],
      ['credit', 'refunded'],
    ]);
    expect(mine).toEqual([{ id: h2.paymentId, amount: (await shareAt(h2.orderId, first)).total_amount, idempotencyKey: `refund_${h2.paymentId}_${first}` }]);
  });
});
