import 'server-only';
import { and, asc, eq, inArray, isNotNull, ne, sql } from 'drizzle-orm';
import { getDb, rowsOf, tables, type Db, type Tx } from '@/lib/server/db';
import { endHold } from '@/lib/server/cart/lifecycle';
import { queueEmail, type EmailInput, type QueuedEmail } from '@/lib/server/email';
import { availabilityChanged, eventChanged } from '@/lib/server/events/changed';
import { queueRefund } from '@/lib/server/payments/refunds';
import { notifyEventHolders } from '@/lib/server/notifications/scheduled';
import { eventAccess, type AccessFailure } from './access';
import { orderWalletCredit } from '@/lib/server/wallet';
import { cancelledCoveredOrderEmail, cancelledOrderEmail, cancelledTicketsEmail } from './cancel-mail';

// Cancelling an event (issue 15, item 9). Two steps:
//   1. cancelEvent: one transaction stops the sale (status 'cancelled', cancelled_at) and ends the open carts;
//   2. finishCancellation: every paid order of the event is refunded, each in its own transaction, and the
//      tickets nobody paid for (redeem codes, season tickets) are voided. The request does a first share of
//      it; the sweeper of every server process (sweeper.ts) finishes any cancelled event with work left, so
//      a crash half-way ends after the restart.
// Exactly once: an order is claimed with `UPDATE orders … WHERE status = 'paid'` on a row picked FOR UPDATE
// SKIP LOCKED, so of two runners each takes other orders, and an order refunded is never claimed again. The
// refund itself is a row of the refund queue (payments/refunds.ts, one per payment), its mails rows of the
// outbox, all written in that transaction: all of them or none.

const o = tables.orders;
const tk = tables.tickets;

/** Orders refunded per batch, and how many the cancel request itself does before leaving the rest to the sweeper. */
export const CANCEL_BATCH = 50;
const ORDERS_IN_REQUEST = 200;
const TICKET_BATCH = 200;
/** Marks an order that a cancellation refunded (orders.note), to tell it from other refunds. */
export const EVENT_CANCELLED = 'EVENT_CANCELLED';

type EventStatus = 'draft' | 'on_sale' | 'sold_out' | 'cancelled';

/** Where a cancellation stands: what the console shows while refunds go out. */
export type CancellationProgress = {
  status: EventStatus;
  cancelledAt: string | null;
  /** Paid orders not yet refunded (the sweeper goes on with them). */
  ordersWaiting: number;
  /** Orders the cancellation refunded. */
  ordersRefunded: number;
  /** Their refunds, as the refund queue has them: sent and confirmed by the provider, still to be sent, refused so far (retried). */
  refundsSucceeded: number;
  refundsPending: number;
  refundsFailing: number;
  /** Tickets of the event not yet void. */
  ticketsLeft: number;
  /** Nothing left to do: every paid order refunded, every ticket void. */
  done: boolean;
};

export type CancelEventResult =
  | { ok: true; event: { id: string; status: 'cancelled'; cancelledAt: string }; progress: CancellationProgress }
  | AccessFailure
  /** A draft that sold nothing: there is nothing to cancel. */
  | { ok: false; code: 'EVENT_IS_DRAFT' };

export type FinishOptions = {
  db?: Db;
  now?: Date;
  /** At most this many orders (default: all). */
  maxOrders?: number;
  /** Called inside each order's transaction, before it commits (tests: a crash half-way). */
  inOrderTransaction?: (orderId: string) => void | Promise<void>;
};

/**
 * POST /api/v1/organiser/events/{eventId}/cancel. Owner or manager; another organisation's event is
 * ORG_NOT_FOUND. A published event is cancelled at once, then refunded (up to ORDERS_IN_REQUEST orders
 * here, the rest by the sweeper); an event already cancelled answers the same way and only goes on with
 * what is left.
 */
export async function cancelEvent(actor: { id: string }, eventId: string, options: Omit<FinishOptions, 'db'> = {}): Promise<CancelEventResult> {
  const access = await eventAccess(actor.id, eventId, 'events');
  if (!access.ok) return access;
  const now = options.now ?? new Date();
  const db = getDb();
  const stopped = await db.transaction(async (tx) => {
    // The event row's lock makes two cancellations at once one after the other: the second finds it cancelled.
    const [event] = await tx.select({ status: tables.events.status, cancelledAt: tables.events.cancelledAt }).from(tables.events).where(eq(tables.events.id, eventId)).for('update');
    if (!event) return { ok: false as const, code: 'ORG_NOT_FOUND' as const };
    // A draft never on sale has nothing to cancel; one unpublished after selling (its tickets stay valid) is cancelled like any.
    if (event.status === 'draft' && !(await hasSales(tx, eventId))) return { ok: false as const, code: 'EVENT_IS_DRAFT' as const };
    if (event.status === 'cancelled') return { ok: true as const, cancelledAt: event.cancelledAt ?? now };
    await tx.update(tables.events).set({ status: 'cancelled', cancelledAt: now, updatedAt: now }).where(eq(tables.events.id, eventId));
    // Carts end now: their places go back (to nobody: the sale is closed) and unpaid orders are cancelled.
    // Waits for a checkout of the same cart under way, then cancels the order it wrote.
    await endOpenHolds(tx, eventId, now, false);
    // Before any ticket is voided: every holder hears of it (by push; the refund mails are the email).
    await notifyEventHolders(tx, { eventId, topic: 'event-cancelled', key: `event-cancelled:${eventId}`, now });
    await eventChanged(eventId, tx);
    return { ok: true as const, cancelledAt: now };
  });
  if (!stopped.ok) return stopped;
  availabilityChanged(eventId);
  try {
    await finishCancellation(eventId, { ...options, now, maxOrders: options.maxOrders ?? ORDERS_IN_REQUEST });
  } catch (error) {
    // The event is cancelled and each order refunded so far is whole; the sweeper goes on with the rest.
    console.error(`Cancellation of event ${eventId}: refunds stopped, the sweeper goes on:`, error instanceof Error ? error.message : error);
  }
  return {
    ok: true,
    event: { id: eventId, status: 'cancelled', cancelledAt: stopped.cancelledAt.toISOString() },
    progress: await progressOf(db, eventId),
  };
}

/** The cancellation's progress for the console (owner or manager). */
export async function cancellationProgress(actor: { id: string }, eventId: string): Promise<{ ok: true; progress: CancellationProgress } | AccessFailure> {
  const access = await eventAccess(actor.id, eventId, 'events');
  if (!access.ok) return access;
  return { ok: true, progress: await progressOf(getDb(), eventId) };
}

async function progressOf(db: Db, eventId: string): Promise<CancellationProgress> {
  const [row] = rowsOf<{
    status: EventStatus;
    cancelled_at: Date | string | null;
    waiting: number;
    refunded: number;
    succeeded: number;
    pending: number;
    failing: number;
    tickets_left: number;
  }>(
    await db.execute(sql`
      select e.status, e.cancelled_at,
        (select count(*)::int from orders where event_id = e.id and status = 'paid') as waiting,
        (select count(*)::int from orders where event_id = e.id and status = 'refunded' and note = ${EVENT_CANCELLED}) as refunded,
        (select count(*) filter (where r.status = 'succeeded')::int from refunds r join payments p on p.id = r.payment_id join orders x on x.id = p.order_id
           where x.event_id = e.id and r.reason = ${EVENT_CANCELLED}) as succeeded,
        (select count(*) filter (where r.status = 'pending' and r.last_error is null)::int from refunds r join payments p on p.id = r.payment_id join orders x on x.id = p.order_id
           where x.event_id = e.id and r.reason = ${EVENT_CANCELLED}) as pending,
        (select count(*) filter (where r.status = 'pending' and r.last_error is not null)::int from refunds r join payments p on p.id = r.payment_id join orders x on x.id = p.order_id
           where x.event_id = e.id and r.reason = ${EVENT_CANCELLED}) as failing,
        (select count(*)::int from tickets where event_id = e.id and status <> 'void') as tickets_left
      from events e where e.id = ${eventId}`),
  );
  const status = row.status;
  const cancelled = status === 'cancelled';
  return {
    status,
    cancelledAt: row.cancelled_at ? new Date(row.cancelled_at).toISOString() : null,
    ordersWaiting: row.waiting,
    ordersRefunded: row.refunded,
    refundsSucceeded: row.succeeded,
    refundsPending: row.pending,
    refundsFailing: row.failing,
    ticketsLeft: cancelled ? row.tickets_left : 0,
    done: cancelled && row.waiting === 0 && row.tickets_left === 0,
  };
}

/** Sold anything: a paid order or a ticket (a redeem code's too) that is not void. */
async function hasSales(tx: Tx, eventId: string): Promise<boolean> {
  const [paid] = await tx.select({ id: o.id }).from(o).where(and(eq(o.eventId, eventId), eq(o.status, 'paid'))).limit(1);
  if (paid) return true;
  const [ticket] = await tx.select({ id: tk.id }).from(tk).where(and(eq(tk.eventId, eventId), ne(tk.status, 'void'))).limit(1);
  return Boolean(ticket);
}

/** Ends the event's open carts. SKIP LOCKED when a later run tidies up: a cart busy now is ended by the next one. */
async function endOpenHolds(tx: Tx, eventId: string, now: Date, skipLocked: boolean): Promise<number> {
  const query = tx
    .select({ id: tables.holds.id })
    .from(tables.holds)
    .where(and(eq(tables.holds.eventId, eventId), inArray(tables.holds.status, ['active', 'ordered'])))
    .orderBy(asc(tables.holds.id));
  const open = await (skipLocked ? query.for('update', { skipLocked: true }) : query.for('update'));
  let ended = 0;
  for (const hold of open) if (await endHold(tx, hold.id, 'released', now)) ended++;
  return ended;
}

/**
 * Goes on with a cancelled event: refunds its paid orders one by one, voids the tickets no paid order
 * covers, ends carts opened by a process that had not yet heard of the cancellation. Safe to run in any
 * number of processes at once, and again and again. Answers how many orders this call refunded and
 * whether anything is left.
 */
export async function finishCancellation(eventId: string, options: FinishOptions = {}): Promise<{ ordersRefunded: number; done: boolean }> {
  const db = options.db ?? getDb();
  const now = options.now ?? new Date();
  const [event] = await db.select({ status: tables.events.status, title: tables.events.title }).from(tables.events).where(eq(tables.events.id, eventId));
  if (event?.status !== 'cancelled') return { ordersRefunded: 0, done: true };
  const ended = await db.transaction((tx) => endOpenHolds(tx, eventId, now, true));
  if (ended) availabilityChanged(eventId);

  const limit = options.maxOrders ?? Infinity;
  let refunded = 0;
  let exhausted = false;
  while (refunded < limit) {
    const batch = Math.min(CANCEL_BATCH, limit - refunded);
    let done = 0;
    for (let i = 0; i < batch; i++) {
      const mails = await db.transaction((tx) => refundNextOrder(tx, eventId, event.title, now, options.inOrderTransaction));
      if (!mails) break;
      done++;
      await Promise.all(mails.map((mail) => mail.deliver()));
    }
    refunded += done;
    if (done < batch) {
      exhausted = true;
      break;
    }
  }
  if (!exhausted) return { ordersRefunded: refunded, done: false };

  // Tickets no paid order stands behind (redeem codes, season tickets, free orders): void, holders told.
  for (;;) {
    const { count, mails } = await db.transaction((tx) => voidUnpaidTickets(tx, eventId, event.title));
    await Promise.all(mails.map((mail) => mail.deliver()));
    if (count < TICKET_BATCH) break;
  }
  const [left] = await db.select({ id: o.id }).from(o).where(and(eq(o.eventId, eventId), eq(o.status, 'paid'))).limit(1);
  return { ordersRefunded: refunded, done: !left };
}

type Title = { sk: string; cs: string; en: string };

/**
 * Claims one paid order of the event that no other runner holds and refunds it: the order turns
 * 'refunded', its succeeded payment goes into the refund queue, its tickets turn void, their listings are
 * withdrawn, the payouts of what it bought on resale are cancelled, and the buyer and every other holder
 * get a mail. Null when no paid order is left (or all are being refunded by other runners).
 */
async function refundNextOrder(tx: Tx, eventId: string, title: Title, now: Date, hook?: (orderId: string) => void | Promise<void>): Promise<QueuedEmail[] | null> {
  const [order] = rowsOf<{ id: string; user_id: string; current_payment_id: string | null; total_amount: number; loyalty_amount: number; currency: 'EUR' | 'CZK' }>(
    await tx.execute(sql`
      update orders set status = 'refunded', note = ${EVENT_CANCELLED}, refunded_at = ${now.toISOString()}::timestamptz
      where id = (select id from orders where event_id = ${eventId} and status = 'paid' order by id limit 1 for update skip locked)
        and status = 'paid'
      returning id, user_id, current_payment_id, total_amount, loyalty_amount, currency`),
  );
  if (!order) return null;

  // The money: the order's current payment, the one that paid it (payments/coverage.ts). A free order has nothing to give back.
  if (order.current_payment_id) {
    const [payment] = await tx
      .update(tables.payments)
      .set({ status: 'refunded', updatedAt: now })
      .where(and(eq(tables.payments.id, order.current_payment_id), eq(tables.payments.status, 'succeeded')))
      .returning({ id: tables.payments.id, provider: tables.payments.provider, amount: tables.payments.amount, currency: tables.payments.currency });
    if (payment && payment.amount > 0) await queueRefund(tx, { payment, reason: 'EVENT_CANCELLED', now });
  }

  // Listings first, then tickets: the order a resale sale locks them in (payments/outcome.ts), so the two never deadlock.
  const listed = await tx
    .select({ id: tables.resaleListings.id })
    .from(tables.resaleListings)
    .innerJoin(tk, eq(tk.id, tables.resaleListings.ticketId))
    .where(and(eq(tk.orderId, order.id), eq(tables.resaleListings.status, 'active')))
    .for('update', { of: tables.resaleListings });
  if (listed.length) {
    await tx
      .update(tables.resaleListings)
      .set({ status: 'withdrawn', holdId: null, heldUntil: null })
      .where(inArray(tables.resaleListings.id, listed.map((l) => l.id)));
  }
  const voided = await tx
    .update(tk)
    .set({ status: 'void' })
    .where(and(eq(tk.orderId, order.id), ne(tk.status, 'void')))
    .returning({ id: tk.id, ownerId: tk.ownerId });
  await cancelPendingGifts(tx, voided.map((t) => t.id), now);

  // What it bought from other fans: the buyer is refunded, so the sellers are not paid.
  await tx
    .update(tables.payouts)
    .set({ status: 'cancelled' })
    .where(
      and(
        eq(tables.payouts.status, 'pending'),
        inArray(
          tables.payouts.listingId,
          tx
            .select({ id: tables.orderItems.listingId })
            .from(tables.orderItems)
            .where(and(eq(tables.orderItems.orderId, order.id), isNotNull(tables.orderItems.listingId))),
        ),
      ),
    );

  const tickets = await tx.select({ id: tables.orderItems.id }).from(tables.orderItems).where(eq(tables.orderItems.orderId, order.id));
  const people = await recipients(tx, [order.user_id, ...voided.map((t) => t.ownerId)]);
  const mails: EmailInput[] = [];
  const buyer = people.get(order.user_id);
  const paid = order.total_amount > 0;
  // Paid with wallet credit or points only (no money moved): the refund gives those back (their ledgers count a refunded order's spend no more).
  const covered = !paid && (Number(order.loyalty_amount) > 0 || (await orderWalletCredit(tx, order.id)) > 0);
  if (buyer && paid) {
    mails.push(cancelledOrderEmail({ to: buyer, event: title, orderId: order.id, tickets: tickets.length, total: { amount: order.total_amount, currency: order.currency } }));
  } else if (buyer && covered) {
    mails.push(cancelledCoveredOrderEmail({ to: buyer, event: title, orderId: order.id, tickets: tickets.length }));
  }
  for (const [userId, count] of countBy(voided.map((t) => t.ownerId))) {
    const holder = people.get(userId);
    if (holder && !((paid || covered) && userId === order.user_id)) mails.push(cancelledTicketsEmail({ to: holder, event: title, tickets: count }));
  }
  const queued = await Promise.all(mails.map((mail) => queueEmail(tx, mail)));
  await hook?.(order.id);
  return queued;
}

/** One batch of the event's tickets that no paid order covers: void, listings withdrawn, holders mailed. */
async function voidUnpaidTickets(tx: Tx, eventId: string, title: Title): Promise<{ count: number; mails: QueuedEmail[] }> {
  const rows = rowsOf<{ id: string }>(
    await tx.execute(sql`
      select t.id from tickets t
      where t.event_id = ${eventId} and t.status <> 'void'
        and not exists (select 1 from orders x where x.id = t.order_id and x.status = 'paid')
      order by t.id limit ${TICKET_BATCH} for update of t skip locked`),
  );
  if (!rows.length) return { count: 0, mails: [] };
  const ids = rows.map((r) => r.id);
  await tx
    .update(tables.resaleListings)
    .set({ status: 'withdrawn', holdId: null, heldUntil: null })
    .where(and(inArray(tables.resaleListings.ticketId, ids), eq(tables.resaleListings.status, 'active')));
  const voided = await tx
    .update(tk)
    .set({ status: 'void' })
    .where(and(inArray(tk.id, ids), ne(tk.status, 'void')))
    .returning({ id: tk.id, ownerId: tk.ownerId });
  await cancelPendingGifts(tx, ids, new Date());
  const owners = countBy(voided.map((t) => t.ownerId));
  const people = await recipients(tx, [...owners.keys()]);
  const mails = [...owners].flatMap(([userId, count]) => {
    const holder = people.get(userId);
    return holder ? [cancelledTicketsEmail({ to: holder, event: title, tickets: count })] : [];
  });
  return { count: rows.length, mails: await Promise.all(mails.map((mail) => queueEmail(tx, mail))) };
}

async function cancelPendingGifts(tx: Tx, ticketIds: string[], now: Date) {
  if (!ticketIds.length) return;
  await tx
    .update(tables.gifts)
    .set({ status: 'cancelled', resolvedAt: now })
    .where(and(inArray(tables.gifts.ticketId, ticketIds), eq(tables.gifts.status, 'pending')));
}

/** Who can be mailed, in their own language (a removed account has no address). */
async function recipients(tx: Tx, userIds: string[]) {
  const ids = [...new Set(userIds)];
  const rows = ids.length
    ? await tx
        .select({ id: tables.users.id, email: tables.users.email, firstName: tables.users.firstName, locale: tables.users.locale })
        .from(tables.users)
        .where(inArray(tables.users.id, ids))
    : [];
  return new Map(rows.flatMap((r) => (r.email ? [[r.id, { email: r.email, firstName: r.firstName, locale: r.locale }] as const] : [])));
}

function countBy(values: string[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const value of values) counts.set(value, (counts.get(value) ?? 0) + 1);
  return counts;
}

/**
 * The sweeper's share (sweeper.ts, every process): finishes every cancelled event that still has paid
 * orders, live tickets or open carts — a cancellation whose request ended early or whose process died.
 */
export async function finishCancelledEvents(options: { db?: Db; now?: Date } = {}): Promise<number> {
  const db = options.db ?? getDb();
  const due = rowsOf<{ id: string }>(
    await db.execute(sql`
      select e.id from events e
      where e.status = 'cancelled' and (
        exists (select 1 from orders x where x.event_id = e.id and x.status = 'paid')
        or exists (select 1 from tickets t where t.event_id = e.id and t.status <> 'void')
        or exists (select 1 from holds h where h.event_id = e.id and h.status in ('active', 'ordered')))
      order by e.cancelled_at nulls first`),
  );
  let refunded = 0;
  for (const { id } of due) refunded += (await finishCancellation(id, { db, now: options.now })).ordersRefunded;
  return refunded;
}
