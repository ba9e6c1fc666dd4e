import 'server-only';
import { eventIsOver } from '@/lib/server/events/played';
import { and, asc, eq, inArray, isNotNull, ne, or, sql, type SQL } from 'drizzle-orm';
import { getDb, rowsOf, tables, type Db, type Tx } from '@/lib/server/db';
import { endHold } from '@/lib/server/cart/lifecycle';
import { queueEmail, type EmailInput, type QueuedEmail } from '@/lib/server/email';
import { availabilityChanged, eventChanged } from '@/lib/server/events/changed';
import { queueRefund } from '@/lib/server/payments/refunds';
import { refundOrderWhenNoShareStands } from '@/lib/server/orders/refunded';
import { issueWalletCreditNotes } from '@/lib/server/documents/order-documents';
import { notifyEventHolders } from '@/lib/server/notifications/scheduled';
import { eventAccess, type AccessFailure } from '@/lib/server/organiser/access';
import { seasonAccess } from '@/lib/server/seasons/organiser';
import { creditRefund, orderWalletCredit } from '@/lib/server/wallet';
import { cancelledCoveredOrderEmail, cancelledOrderEmail, cancelledSeasonMatchEmail, cancelledTicketsEmail, type CancellationNote } from './cancel-mail';
import { log } from '@/lib/server/ops/log';

// Cancelling an event (issue 15, item 9). Two steps:
//   1. cancelEvent: one transaction stops the sale (status 'cancelled', cancelled_at) and ends the open carts;
//   2. finishCancellation: every paid order's share of the event (order_shares: the whole of an ordinary
//      order, one match's part of a season ticket's) is refunded, each in its own transaction, and the
//      tickets nobody paid for here (redeem codes, a season's match added after its sale) are voided. The
//      request does a first part of it; the sweeper of every server process (the job loop, lib/server/jobs.ts) finishes any
//      cancelled event with work left, so a crash half-way ends after the restart.
// Exactly once: a share is claimed on a row picked FOR UPDATE SKIP LOCKED whose refunded_at is still null,
// so of two runners each takes other shares, and a share refunded is never claimed again. The refund itself
// is a row of the refund queue (payments/refunds.ts, one per payment and share) or of the wallet's ledger
// (one per order and event), its mails rows of the outbox, all written in that transaction: all or none.

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
  | { ok: false; code: 'EVENT_IS_DRAFT' }
  | { ok: false; code: 'EVENT_PLAYED' };

export type FinishOptions = {
  db?: Db;
  now?: Date;
  /** At most this many orders (default: all). */
  maxOrders?: number;
  /** Called inside each order's transaction, before it commits (tests: a crash half-way). */
  inOrderTransaction?: (orderId: string) => void | Promise<void>;
};

/**
 * What a cancelled match gives back of one share (order_shares): its total less what part refunds of it
 * already sent back (tickets or amounts refunded before: lib/server/refunds) and less the credit a released
 * season seat already earned for this match (neither is paid twice). The one rule of the amount,
 * for the refund itself (refundNextShare) and for the preview the office sees before it cancels.
 */
const shareRefund = (share: SQL, orderId: SQL, eventId: string) => sql`greatest(0, ${share}.total_amount - (
  select coalesce(sum(p.money_amount), 0)::int from partial_refunds p where p.order_id = ${orderId} and p.event_id = ${eventId}) - (
  select coalesce(sum(w.amount), 0)::int from season_releases r
  join season_tickets st on st.id = r.season_ticket_id
  join wallet_ledger w on w.release_id = r.id and w.kind = 'release_credit'
  where st.order_id = ${orderId} and r.event_id = ${eventId}))::int`;

export type CancellationPreview = {
  /** Paid orders with a part at this event not yet refunded: each is refunded. */
  orders: number;
  /** Tickets of the event that are not void: each turns void. */
  tickets: number;
  /** People who hold them or bought them: each gets a mail. */
  holders: number;
  /** What goes back, per currency (to the payment, or as credit where a season says so). */
  refund: { amount: number; currency: 'EUR' | 'CZK' }[];
};

/** What a cancellation would do now (owner, manager): the figures the office confirms before it cancels. */
export async function cancellationPreview(actor: { id: string }, eventId: string): Promise<{ ok: true; preview: CancellationPreview } | AccessFailure | { ok: false; code: 'EVENT_PLAYED' }> {
  const access = await eventAccess(actor.id, eventId, 'events');
  if (!access.ok) return access;
  const db = getDb();
  const [event] = await db.select({ status: tables.events.status, startsAt: tables.events.startsAt, endsAt: tables.events.endsAt }).from(tables.events).where(eq(tables.events.id, eventId));
  if (event.status !== 'cancelled' && eventIsOver(event, new Date())) return { ok: false, code: 'EVENT_PLAYED' };
  const shares = rowsOf<{ orders: number; currency: 'EUR' | 'CZK'; amount: number }>(
    await db.execute(sql`
      select count(distinct s.order_id)::int as orders, o.currency, coalesce(sum(${shareRefund(sql`s`, sql`s.order_id`, eventId)}), 0)::int as amount
      from order_shares s join orders o on o.id = s.order_id
      where s.event_id = ${eventId} and s.refunded_at is null and o.status = 'paid'
      group by o.currency order by o.currency`),
  );
  const [people] = rowsOf<{ tickets: number; holders: number }>(
    await db.execute(sql`
      select (select count(*)::int from tickets where event_id = ${eventId} and status <> 'void') as tickets,
        (select count(distinct u)::int from (
          select owner_id as u from tickets where event_id = ${eventId} and status <> 'void'
          union select o.user_id from order_shares s join orders o on o.id = s.order_id
            where s.event_id = ${eventId} and s.refunded_at is null and o.status = 'paid') p) as holders`),
  );
  return {
    ok: true,
    preview: {
      orders: shares.reduce((sum, row) => sum + Number(row.orders), 0),
      tickets: Number(people.tickets),
      holders: Number(people.holders),
      refund: shares.map((row) => ({ amount: Number(row.amount), currency: row.currency })),
    },
  };
}

/**
 * POST /api/v1/organiser/events/{eventId}/cancel. Owner or manager; another organisation's event is
 * ORG_NOT_FOUND. A published event is cancelled at once, then refunded (up to ORDERS_IN_REQUEST orders
 * here, the rest by the sweeper); an event already cancelled answers the same way and only goes on with
 * what is left.
 */
export async function cancelEvent(actor: { id: string }, eventId: string, options: Omit<FinishOptions, 'db'> & { message?: string } = {}): Promise<CancelEventResult> {
  const access = await eventAccess(actor.id, eventId, 'events');
  if (!access.ok) return access;
  const now = options.now ?? new Date();
  const db = getDb();
  const stopped = await db.transaction(async (tx) => {
    // The event row's lock makes two cancellations at once one after the other: the second finds it cancelled.
    // NO KEY UPDATE, not UPDATE: a cart being filled at this moment holds its hold row and takes a key-share
    // lock on the event (the foreign key of what it inserts); FOR UPDATE would wait for it while it waits for
    // this transaction's lock on its hold (endOpenHolds): a deadlock (seen in tests/pg/season-cancel.test.ts).
    const [event] = await tx
      .select({ status: tables.events.status, cancelledAt: tables.events.cancelledAt, startsAt: tables.events.startsAt, endsAt: tables.events.endsAt })
      .from(tables.events)
      .where(eq(tables.events.id, eventId))
      .for('no key update');
    if (!event) return { ok: false as const, code: 'ORG_NOT_FOUND' as const };
    if (event.status !== 'cancelled' && eventIsOver(event, now)) return { ok: false as const, code: 'EVENT_PLAYED' as const };
    // A draft never on sale has nothing to cancel; one unpublished after selling (its tickets stay valid) is cancelled like any.
    if (event.status === 'draft' && !(await hasSales(tx, eventId))) return { ok: false as const, code: 'EVENT_IS_DRAFT' as const };
    if (event.status === 'cancelled') return { ok: true as const, cancelledAt: event.cancelledAt ?? now };
    await tx
      .update(tables.events)
      .set({ status: 'cancelled', cancelledAt: now, updatedAt: now, cancellationMessage: options.message?.trim() || null })
      .where(eq(tables.events.id, eventId));
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
    log().error({ err: error }, `Cancellation of event ${eventId}: refunds stopped, the sweeper goes on`);
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
        (select count(*)::int from order_shares s join orders x on x.id = s.order_id
           where s.event_id = e.id and s.refunded_at is null and x.status = 'paid') as waiting,
        (select count(*)::int from order_shares s where s.event_id = e.id and s.refunded_at is not null) as refunded,
        r.succeeded, r.pending, r.failing,
        (select count(*)::int from tickets where event_id = e.id and status <> 'void') as tickets_left
      from events e
      -- This event's refunds: a share of it (scope), or a whole order of it.
      cross join lateral (
        select count(*) filter (where r.status = 'succeeded')::int as succeeded,
          count(*) filter (where r.status = 'pending' and r.last_error is null)::int as pending,
          count(*) filter (where r.status = 'pending' and r.last_error is not null)::int as failing
        from refunds r join payments p on p.id = r.payment_id join orders x on x.id = p.order_id
        where r.reason = ${EVENT_CANCELLED} and (r.scope = e.id::text or (r.scope = 'whole' and x.event_id = e.id))
      ) r
      where e.id = ${eventId}`),
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

/** Sold anything: a paid order's share of it or a ticket (a redeem code's too) that is not void. */
async function hasSales(tx: Tx, eventId: string): Promise<boolean> {
  if (await paidShareLeft(tx, eventId)) return true;
  const [ticket] = await tx.select({ id: tk.id }).from(tk).where(and(eq(tk.eventId, eventId), ne(tk.status, 'void'))).limit(1);
  return Boolean(ticket);
}

/**
 * Ends the event's open carts, and the season-ticket holds that hold a seat at it (such a hold's event is the
 * season's first remaining match). SKIP LOCKED when a later run tidies up: a cart busy now is ended by the next one.
 */
async function endOpenHolds(tx: Tx, eventId: string, now: Date, skipLocked: boolean): Promise<number> {
  const query = tx
    .select({ id: tables.holds.id })
    .from(tables.holds)
    .where(
      and(
        inArray(tables.holds.status, ['active', 'ordered']),
        or(
          eq(tables.holds.eventId, eventId),
          and(isNotNull(tables.holds.seasonId), sql`exists (select 1 from inventory_units u where u.hold_id = ${tables.holds.id} and u.event_id = ${eventId})`),
        ),
      ),
    )
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
  const [event] = await db
    .select({ status: tables.events.status, title: tables.events.title, message: tables.events.cancellationMessage, org: tables.organisations.name })
    .from(tables.events)
    .innerJoin(tables.organisations, eq(tables.organisations.id, tables.events.orgId))
    .where(eq(tables.events.id, eventId));
  if (event?.status !== 'cancelled') return { ordersRefunded: 0, done: true };
  const note: CancellationNote = event.message ? { org: event.org, message: event.message } : null;
  const ended = await db.transaction((tx) => endOpenHolds(tx, eventId, now, true));
  if (ended) availabilityChanged(eventId);

  const limit = options.maxOrders ?? Infinity;
  let refunded = 0;
  let exhausted = false;
  while (refunded < limit) {
    const batch = Math.min(CANCEL_BATCH, limit - refunded);
    let done = 0;
    for (let i = 0; i < batch; i++) {
      const mails = await db.transaction((tx) => refundNextShare(tx, eventId, event.title, now, options.inOrderTransaction, note));
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
    const { count, mails } = await db.transaction((tx) => voidUnpaidTickets(tx, eventId, event.title, note));
    await Promise.all(mails.map((mail) => mail.deliver()));
    if (count < TICKET_BATCH) break;
  }
  return { ordersRefunded: refunded, done: !(await paidShareLeft(db, eventId)) };
}

type Title = { sk: string; cs: string; en: string };

type Share = {
  order_id: string;
  user_id: string;
  current_payment_id: string | null;
  order_total: number;
  loyalty_amount: number;
  currency: 'EUR' | 'CZK';
  org_id: string;
  total_amount: number;
  season_id: string | null;
  season_name: Title | null;
  mode: 'payment' | 'credit';
  others: number;
};

/**
 * Claims one share of the event (order_shares) of a paid order that no other runner holds, and refunds it:
 * the order's tickets at this event turn void, their listings are withdrawn, the payouts of what it bought
 * there on resale are cancelled, and the buyer and every other holder get a mail. The money: an ordinary
 * order has one share, so the whole order is refunded as before (the order turns 'refunded'); a season
 * ticket's order has one per match, and only this match's share goes back — to the payment, or as wallet
 * credit when the season says so (seasons.cancel_refund_mode) — less any credit the holder already had for
 * releasing this seat (seasons/release.ts); the order stays paid while other matches' shares stand.
 * Null when no share is left (or all are being refunded by other runners).
 */
async function refundNextShare(
  tx: Tx,
  eventId: string,
  title: Title,
  now: Date,
  hook?: (orderId: string) => void | Promise<void>,
  note: CancellationNote = null,
): Promise<QueuedEmail[] | null> {
  const [next] = rowsOf<{ order_id: string }>(
    await tx.execute(sql`
      select s.order_id from order_shares s join orders o on o.id = s.order_id
      where s.event_id = ${eventId} and s.refunded_at is null and o.status = 'paid'
      order by s.order_id limit 1 for update of s skip locked`),
  );
  if (!next) return null;
  // The order's row next (shares of two matches of one season cancelled at once queue here), then its figures.
  const [share] = rowsOf<Share>(
    await tx.execute(sql`
      select o.id as order_id, o.user_id, o.current_payment_id, o.total_amount as order_total, o.loyalty_amount, o.currency, e.org_id,
        s.total_amount, h.season_id, se.name as season_name, coalesce(se.cancel_refund_mode, 'payment') as mode,
        (select count(*)::int from order_shares x where x.order_id = o.id and x.event_id <> s.event_id and x.refunded_at is null) as others
      from orders o
      join order_shares s on s.order_id = o.id and s.event_id = ${eventId}
      join events e on e.id = s.event_id
      join holds h on h.id = o.hold_id
      left join seasons se on se.id = h.season_id
      where o.id = ${next.order_id} and o.status = 'paid' and s.refunded_at is null
      for update of o`),
  );
  if (!share) return [];
  const whole = share.others === 0;
  // A released seat that sold already earned its holder credit for this match: that part is not paid twice.
  const [{ back }] = rowsOf<{ back: number }>(
    await tx.execute(sql`
      select ${shareRefund(sql`s`, sql`${share.order_id}::uuid`, eventId)} as back
      from order_shares s where s.order_id = ${share.order_id}::uuid and s.event_id = ${eventId}`),
  );
  const mode = share.season_id ? share.mode : 'payment';

  // The money: to the order's current payment, the one that paid it (payments/coverage.ts), or as credit.
  let refunded = 0;
  let credited = 0;
  if (mode === 'credit') {
    const entryId = await creditRefund(tx, { userId: share.user_id, orgId: share.org_id, currency: share.currency, orderId: share.order_id, eventId, amount: back, now });
    if (entryId) {
      credited = back;
      // The club gives the money back as credit, not to the payment: its invoices are credited as a refund's are.
      await issueWalletCreditNotes(tx, { entryId, orderId: share.order_id, amount: back }, now);
    }
  } else if (share.current_payment_id && back > 0) {
    const [payment] = await tx
      .select({ id: tables.payments.id, provider: tables.payments.provider, amount: tables.payments.amount, currency: tables.payments.currency })
      .from(tables.payments)
      .where(and(eq(tables.payments.id, share.current_payment_id), eq(tables.payments.status, 'succeeded')))
      .for('update');
    if (payment) {
      const all = whole && back === payment.amount;
      if (await queueRefund(tx, { payment, reason: 'EVENT_CANCELLED', now, ...(all ? {} : { part: { eventId, amount: back } }) })) refunded = back;
      const [{ sum }] = rowsOf<{ sum: number }>(await tx.execute(sql`select coalesce(sum(amount), 0)::int as sum from refunds where payment_id = ${payment.id}::uuid`));
      if (Number(sum) >= payment.amount) await tx.update(tables.payments).set({ status: 'refunded', updatedAt: now }).where(eq(tables.payments.id, payment.id));
    }
  }
  await tx.execute(sql`
    update order_shares set refunded_at = ${now.toISOString()}::timestamptz, refund_mode = ${mode}::refund_mode,
      refunded_amount = ${refunded}::int, credited_amount = ${credited}::int
    where order_id = ${share.order_id}::uuid and event_id = ${eventId}::uuid`);
  // The last share of the order refunded: the order turns refunded (the one rule, orders/refunded.ts).
  await refundOrderWhenNoShareStands(tx, share.order_id, { now, note: EVENT_CANCELLED });

  // Listings first, then tickets: the order a resale sale locks them in (payments/outcome.ts), so the two never deadlock.
  const ofOrderHere = and(eq(tk.orderId, share.order_id), eq(tk.eventId, eventId));
  const listed = await tx
    .select({ id: tables.resaleListings.id })
    .from(tables.resaleListings)
    .innerJoin(tk, eq(tk.id, tables.resaleListings.ticketId))
    .where(and(ofOrderHere, eq(tables.resaleListings.status, 'active')))
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
    .where(and(ofOrderHere, ne(tk.status, 'void')))
    .returning({ id: tk.id, ownerId: tk.ownerId });
  await cancelPendingGifts(tx, voided.map((t) => t.id), now);

  // What it bought from other fans here: the buyer is refunded, so the sellers are not paid.
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
            .innerJoin(tables.resaleListings, eq(tables.resaleListings.id, tables.orderItems.listingId))
            .where(and(eq(tables.orderItems.orderId, share.order_id), eq(tables.resaleListings.eventId, eventId))),
        ),
      ),
    );

  const [{ tickets }] = rowsOf<{ tickets: number }>(await tx.execute(sql`select tickets from order_shares where order_id = ${share.order_id}::uuid and event_id = ${eventId}::uuid`));
  const people = await recipients(tx, [share.user_id, ...voided.map((t) => t.ownerId)]);
  const mails: EmailInput[] = [];
  const buyer = people.get(share.user_id);
  const money = { amount: refunded || credited, currency: share.currency };
  let buyerTold = false;
  if (buyer && share.season_id && share.season_name) {
    // A season ticket: this match's share, whether the rest of the season stands or not.
    mails.push(cancelledSeasonMatchEmail({ to: buyer, event: title, season: share.season_name, orderId: share.order_id, refund: money, mode, note }));
    buyerTold = true;
  } else if (buyer && Number(share.order_total) > 0) {
    mails.push(cancelledOrderEmail({ to: buyer, event: title, orderId: share.order_id, tickets: Number(tickets), total: { amount: Number(share.order_total), currency: share.currency }, note }));
    buyerTold = true;
  } else if (buyer && (Number(share.loyalty_amount) > 0 || (await orderWalletCredit(tx, share.order_id)) > 0)) {
    // Paid with wallet credit or points only (no money moved): the refund gives those back (their ledgers count a refunded order's spend no more).
    mails.push(cancelledCoveredOrderEmail({ to: buyer, event: title, orderId: share.order_id, tickets: Number(tickets), note }));
    buyerTold = true;
  }
  for (const [userId, count] of countBy(voided.map((t) => t.ownerId))) {
    const holder = people.get(userId);
    if (holder && !(buyerTold && userId === share.user_id)) mails.push(cancelledTicketsEmail({ to: holder, event: title, tickets: count, note }));
  }
  const queued = await Promise.all(mails.map((mail) => queueEmail(tx, mail)));
  await hook?.(share.order_id);
  return queued;
}

/** One batch of the event's tickets that no paid order covers: void, listings withdrawn, holders mailed. */
async function voidUnpaidTickets(tx: Tx, eventId: string, title: Title, note: CancellationNote = null): Promise<{ count: number; mails: QueuedEmail[] }> {
  const rows = rowsOf<{ id: string }>(
    await tx.execute(sql`
      select t.id from tickets t
      where t.event_id = ${eventId} and t.status <> 'void'
        and not exists (select 1 from order_shares s join orders x on x.id = s.order_id
                        where s.order_id = t.order_id and s.event_id = t.event_id and s.refunded_at is null and x.status = 'paid')
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
    return holder ? [cancelledTicketsEmail({ to: holder, event: title, tickets: count, note })] : [];
  });
  return { count: rows.length, mails: await Promise.all(mails.map((mail) => queueEmail(tx, mail))) };
}

/** A paid order's share of the event not yet refunded: what a cancellation still has to refund. */
async function paidShareLeft(db: Db | Tx, eventId: string): Promise<boolean> {
  const [row] = rowsOf<{ id: string }>(
    await db.execute(sql`select s.order_id as id from order_shares s join orders x on x.id = s.order_id
      where s.event_id = ${eventId} and s.refunded_at is null and x.status = 'paid' limit 1`),
  );
  return Boolean(row);
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
        exists (select 1 from order_shares s join orders x on x.id = s.order_id where s.event_id = e.id and s.refunded_at is null and x.status = 'paid')
        or exists (select 1 from tickets t where t.event_id = e.id and t.status <> 'void')
        or exists (select 1 from holds h where h.event_id = e.id and h.status in ('active', 'ordered')))
      order by e.cancelled_at nulls first`),
  );
  let refunded = 0;
  for (const { id } of due) refunded += (await finishCancellation(id, { db, now: options.now })).ordersRefunded;
  return refunded;
}

export type CancelSeasonResult =
  | { ok: true; season: { id: string; cancelledMatches: string[] } }
  | AccessFailure
  /** Every match of the season has been played (or cancelled already): there is nothing left to cancel. */
  | { ok: false; code: 'SEASON_NOTHING_TO_CANCEL' };

/**
 * POST /api/v1/organiser/seasons/{seasonId}/cancel. Owner or manager. Cancels the whole season: its sale
 * and renewal close now, and every match not yet played is cancelled like any event (cancelEvent), so each
 * season ticket gets back the share of every such match — and only those: the matches played stay paid.
 */
export async function cancelSeason(actor: { id: string }, seasonId: string, options: Omit<FinishOptions, 'db'> = {}): Promise<CancelSeasonResult> {
  const access = await seasonAccess(actor.id, seasonId);
  if (!access.ok) return access;
  const now = options.now ?? new Date();
  const db = getDb();
  const matches = await db
    .select({ id: tables.events.id })
    .from(tables.events)
    .where(and(eq(tables.events.seasonId, seasonId), ne(tables.events.status, 'cancelled'), sql`${tables.events.startsAt} > ${now.toISOString()}::timestamptz`))
    .orderBy(asc(tables.events.startsAt), asc(tables.events.id));
  if (!matches.length) return { ok: false, code: 'SEASON_NOTHING_TO_CANCEL' };
  await db
    .update(tables.seasons)
    .set({ saleClosesAt: sql`least(coalesce(${tables.seasons.saleClosesAt}, ${now.toISOString()}::timestamptz), ${now.toISOString()}::timestamptz)`, renewalClosesAt: sql`least(coalesce(${tables.seasons.renewalClosesAt}, ${now.toISOString()}::timestamptz), ${now.toISOString()}::timestamptz)` })
    .where(eq(tables.seasons.id, seasonId));
  const cancelled: string[] = [];
  for (const match of matches) {
    const result = await cancelEvent(actor, match.id, { ...options, now });
    // A draft that never sold has nothing to cancel; it simply stays out of the season's sale.
    if (result.ok) cancelled.push(match.id);
  }
  return { ok: true, season: { id: seasonId, cancelledMatches: cancelled } };
}
