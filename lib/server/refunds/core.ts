import 'server-only';
import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import { rowsOf, tables, type Db, type Tx } from '@/lib/server/db';
import { availabilityChanged } from '@/lib/server/events/changed';
import { queueScopedRefund, refundableOfPayment, type RefundReason } from '@/lib/server/payments/refunds';
import { offerReturned } from '@/lib/server/waiting-list/offers';
import { log } from '@/lib/server/ops/log';
import { refundOrderWhenNoShareStands } from '@/lib/server/orders/refunded';

// Part refunds (issue 33 item 3; docs/decisions/partial-refunds.md): one ticket of a paid order, or an amount.
// The one place that says what a ticket was paid with and what of it goes back where:
//
//  • A ticket's share of its order: its line's price less its share of the coupon discount (spread over the
//    primary lines by price), plus its service fee. Of that, the order's wallet credit and loyalty points
//    are spread over all lines by that share; the rest was money. Every spread is by largest remainder in
//    line order, so the shares of an order's tickets add up exactly to its figures, whichever go back.
//  • What goes back: the whole share, less the service fee when it is kept (refundTickets' keepServiceFee;
//    by default kept on a fan's own cancellation unless the event or the organisation returns it, returned
//    on anything the organiser caused). A kept fee comes off the money first, then the wallet credit.
//  • Where it goes: money to the order's payment (a refund row, scope `ticket:<id>`, never more than remains
//    refundable of the payment), wallet credit back to the wallet (the order's spend shrinks: if the whole
//    order is refunded later, the rest comes back, never twice), points back as a ledger line of the ticket
//    (functions.sql loyalty_reverse subtracts them when the whole order is refunded later).
//  • The ticket turns void, its listing is withdrawn, a pending gift cancelled, and its place is for sale
//    again (the unit available; the waiting list is offered it first: placesFreed).
//  • The order turns 'refunded' once its last money has gone back, by the rule a cancellation follows (an order
//    is refunded when no share of it stands: orders/refunded.ts): a share whose every ticket was refunded, or
//    whose order's payment has nothing left to refund (an amount refund counts at the order's own event), is
//    closed like a cancelled one (refunded_at; its money counted by the parts, refunded_amount 0). Until then
//    it stays 'paid' (one ticket of two refunded, a goodwill amount). closeSpentShares.
//  • Each ticket at most once (partial_refunds_ticket_uq; the order row's lock makes concurrent requests queue
//    and the second finds the ticket void). Order, listings, tickets are locked in the order events/cancel.ts
//    locks them, so a cancellation running at once never deadlocks with a refund.
//
// Not refunded here: tickets bought on resale (the seller was paid; their money is not the organiser's to
// give back), season tickets' matches (their money is per match: events/cancel.ts), checked-in or void ones.

export type TicketRefundReason = Extract<RefundReason, 'SELF_CANCELLED' | 'EVENT_POSTPONED' | 'ORGANISER_REFUND'>;
type Currency = 'EUR' | 'CZK';

export type TicketRefund = {
  ticketId: string;
  orderId: string;
  eventId: string;
  currency: Currency;
  /** Face price of its line and its share of the coupon (not paid). */
  price: number;
  discount: number;
  /** Service fee returned, and kept. */
  fee: number;
  feeKept: number;
  /** Back to the payment (card), to the wallet, and the loyalty points (with their value). */
  money: number;
  wallet: number;
  points: number;
  pointsAmount: number;
  /** Everything that goes back: money + wallet + pointsAmount. */
  total: number;
  /** The refund queue's row (null when no money goes back). */
  refundId: string | null;
};

export type RefundTicketsFailure =
  | { ok: false; code: 'TICKET_NOT_FOUND' }
  /** Checked in, void, a season ticket's match, bought on resale, a ticket no paid order covers, or its event cancelled. */
  | { ok: false; code: 'TICKET_NOT_REFUNDABLE'; ticketId: string }
  | { ok: false; code: 'TICKET_ALREADY_REFUNDED'; ticketId: string };

export type RefundTicketsResult = { ok: true; refunds: TicketRefund[]; eventIds: string[] } | RefundTicketsFailure;

export type RefundAmountResult =
  | { ok: true; refund: { id: string; orderId: string; eventId: string; amount: number; currency: Currency; refundId: string } }
  | { ok: false; code: 'ORDER_NOT_FOUND' }
  /** Not paid, or paid without money (nothing to send back). */
  | { ok: false; code: 'ORDER_NOT_REFUNDABLE' }
  /** More than what remains refundable of the payment (the answer's `refundable` says how much does). */
  | { ok: false; code: 'REFUND_EXCEEDS_PAID'; refundable: number };

/** Spreads `total` over `weights` by largest remainder (ties to the earlier), exactly: the parts add up to total. */
export function spread(total: number, weights: number[]): number[] {
  const sum = weights.reduce((a, b) => a + b, 0);
  if (sum <= 0 || total <= 0) return weights.map(() => 0);
  const exact = weights.map((w) => (total * w) / sum);
  const parts = exact.map(Math.floor);
  let left = total - parts.reduce((a, b) => a + b, 0);
  const order = exact.map((x, i) => ({ i, r: x - Math.floor(x) })).sort((a, b) => b.r - a.r || a.i - b.i);
  for (const { i } of order) {
    if (left <= 0) break;
    parts[i]++;
    left--;
  }
  return parts;
}

type OrderFigures = {
  id: string;
  userId: string;
  eventId: string;
  orgId: string;
  status: string;
  currency: Currency;
  discountAmount: number;
  loyaltyAmount: number;
  loyaltyPoints: number;
  currentPaymentId: string | null;
  creditAmount: number;
};

type LineShare = { itemId: string; unitId: string | null; listingId: string | null; price: number; discount: number; fee: number; wallet: number; loyalty: number; points: number; money: number };

async function orderFigures(db: Db | Tx, orderId: string, lock: boolean): Promise<OrderFigures | null> {
  const rows = rowsOf<{
    id: string;
    user_id: string;
    event_id: string;
    org_id: string;
    status: string;
    currency: Currency;
    discount_amount: number;
    loyalty_amount: number;
    loyalty_points: number;
    current_payment_id: string | null;
  }>(
    await db.execute(sql`
      select o.id, o.user_id, o.event_id, e.org_id, o.status, o.currency, o.discount_amount, o.loyalty_amount, o.loyalty_points, o.current_payment_id
      from orders o join events e on e.id = o.event_id where o.id = ${orderId}::uuid ${lock ? sql`for update of o` : sql``}`),
  );
  const o = rows[0];
  if (!o) return null;
  const [credit] = rowsOf<{ credit: number }>(await db.execute(sql`select coalesce(sum(credit_amount), 0)::int as credit from order_shares where order_id = ${orderId}::uuid`));
  return {
    id: o.id,
    userId: o.user_id,
    eventId: o.event_id,
    orgId: o.org_id,
    status: o.status,
    currency: o.currency,
    discountAmount: Number(o.discount_amount),
    loyaltyAmount: Number(o.loyalty_amount),
    loyaltyPoints: Number(o.loyalty_points),
    currentPaymentId: o.current_payment_id,
    creditAmount: Number(credit?.credit ?? 0),
  };
}

/** Every line's share of its order (see the head of this file): price, discount, fee, and what paid it. */
async function lineShares(db: Db | Tx, order: OrderFigures): Promise<LineShare[]> {
  const items = await db
    .select({ id: tables.orderItems.id, unitId: tables.orderItems.unitId, listingId: tables.orderItems.listingId, price: tables.orderItems.priceAmount, fee: tables.orderItems.feeAmount })
    .from(tables.orderItems)
    .where(eq(tables.orderItems.orderId, order.id))
    .orderBy(asc(tables.orderItems.id));
  const discounts = spread(
    order.discountAmount,
    items.map((i) => (i.listingId ? 0 : i.price)),
  );
  const nets = items.map((i, n) => Math.max(0, i.price - discounts[n] + i.fee));
  const credits = spread(Math.min(order.creditAmount, nets.reduce((a, b) => a + b, 0)), nets);
  const loyalty = spread(Math.min(order.loyaltyAmount, order.creditAmount), credits);
  const points = spread(order.loyaltyPoints, loyalty);
  return items.map((i, n) => ({
    itemId: i.id,
    unitId: i.unitId,
    listingId: i.listingId,
    price: i.price,
    discount: discounts[n],
    fee: i.fee,
    loyalty: loyalty[n],
    wallet: credits[n] - loyalty[n],
    points: points[n],
    money: nets[n] - credits[n],
  }));
}

/** What goes back of one line: all of it, less the kept fee (off the money first, then the wallet credit, then the points' value). */
function backOf(line: LineShare, keepFee: boolean) {
  let kept = keepFee ? line.fee : 0;
  const money = Math.max(0, line.money - kept);
  kept -= line.money - money;
  const wallet = Math.max(0, line.wallet - kept);
  kept -= line.wallet - wallet;
  const pointsAmount = Math.max(0, line.loyalty - kept);
  const points = line.loyalty > 0 ? Math.floor((line.points * pointsAmount) / line.loyalty) : 0;
  return { money, wallet, pointsAmount, points, fee: keepFee ? 0 : line.fee, feeKept: keepFee ? line.fee : 0 };
}

/**
 * Whether the service fee is kept for this reason (unless the caller says): a fan's own cancellation keeps it
 * unless the event (events.self_cancel_refunds_fee) or else the organisation (organisations.refund_service_fee)
 * returns it; a refund after a postponement returns it (the organiser moved the date); an organiser's or
 * support's refund follows the organisation's rule.
 */
export async function serviceFeeKept(db: Db | Tx, input: { eventId: string; reason: TicketRefundReason }): Promise<boolean> {
  if (input.reason === 'EVENT_POSTPONED') return false;
  const [row] = await db
    .select({ event: tables.events.selfCancelRefundsFee, org: tables.organisations.refundServiceFee })
    .from(tables.events)
    .innerJoin(tables.organisations, eq(tables.organisations.id, tables.events.orgId))
    .where(eq(tables.events.id, input.eventId));
  if (!row) return true;
  if (input.reason === 'SELF_CANCELLED') return !(row.event ?? row.org);
  return !row.org;
}

type TicketRow = {
  id: string;
  order_id: string | null;
  event_id: string;
  unit_id: string;
  status: string;
  season_ticket_id: string | null;
  companion_of: string | null;
  event_status: string;
  refunded: boolean;
  share_refunded: boolean;
};

async function ticketRows(db: Db | Tx, ids: string[], lock: boolean): Promise<TicketRow[]> {
  if (!ids.length) return [];
  return rowsOf<TicketRow>(
    await db.execute(sql`
      select t.id, t.order_id, t.event_id, t.unit_id, t.status, t.season_ticket_id, t.companion_of, e.status as event_status,
        exists (select 1 from partial_refunds p where p.ticket_id = t.id) as refunded,
        exists (select 1 from order_shares s where s.order_id = t.order_id and s.event_id = t.event_id and s.refunded_at is not null) as share_refunded
      from tickets t join events e on e.id = t.event_id
      where t.id in (${sql.join(
        ids.map((id) => sql`${id}::uuid`),
        sql`, `,
      )})
      order by t.id ${lock ? sql`for update of t` : sql``}`),
  );
}

/** Adds each ticket's ZŤP-S companion (it goes with the holder's ticket). */
async function withCompanions(db: Db | Tx, ids: string[]): Promise<string[]> {
  const companions = await db
    .select({ id: tables.tickets.id })
    .from(tables.tickets)
    .where(and(inArray(tables.tickets.companionOf, ids), ne(tables.tickets.status, 'void')));
  return [...new Set([...ids, ...companions.map((c) => c.id)])];
}

function refusal(t: TicketRow, order: OrderFigures | null, line: LineShare | undefined): RefundTicketsFailure | null {
  if (t.refunded) return { ok: false, code: 'TICKET_ALREADY_REFUNDED', ticketId: t.id };
  const live = t.status === 'valid' || t.status === 'listed';
  if (!live || t.season_ticket_id || !order || order.status !== 'paid' || t.event_status === 'cancelled' || t.share_refunded || !line || line.listingId) {
    return { ok: false, code: 'TICKET_NOT_REFUNDABLE', ticketId: t.id };
  }
  return null;
}

export type TicketQuote = Omit<TicketRefund, 'refundId'>;

/**
 * What refunding these tickets would give back, per ticket (the figures a fan sees before confirming), or why
 * one cannot be refunded. Reads only.
 */
export async function quoteTickets(
  db: Db | Tx,
  input: { ticketIds: string[]; reason: TicketRefundReason; keepServiceFee?: boolean },
): Promise<{ ok: true; quotes: TicketQuote[] } | RefundTicketsFailure> {
  const ids = await withCompanions(db, [...new Set(input.ticketIds)]);
  const rows = await ticketRows(db, ids, false);
  if (rows.length !== ids.length) return { ok: false, code: 'TICKET_NOT_FOUND' };
  const quotes: TicketQuote[] = [];
  const byOrder = new Map<string, { order: OrderFigures | null; lines: LineShare[] }>();
  for (const t of rows) {
    let entry = t.order_id ? byOrder.get(t.order_id) : undefined;
    if (!entry && t.order_id) {
      const order = await orderFigures(db, t.order_id, false);
      entry = { order, lines: order ? await lineShares(db, order) : [] };
      byOrder.set(t.order_id, entry);
    }
    const line = entry?.lines.find((l) => l.unitId === t.unit_id);
    const refused = refusal(t, entry?.order ?? null, line);
    if (refused) return refused;
    const keep = input.keepServiceFee ?? (await serviceFeeKept(db, { eventId: t.event_id, reason: input.reason }));
    const back = backOf(line!, keep);
    quotes.push({ ticketId: t.id, orderId: t.order_id!, eventId: t.event_id, currency: entry!.order!.currency, price: line!.price, discount: line!.discount, ...back, total: back.money + back.wallet + back.pointsAmount });
  }
  return { ok: true, quotes };
}

/**
 * Refunds tickets in the caller's transaction: each turns void, its place goes back on sale, and what was paid
 * for it goes back where it came from (see the head of this file). All or none: the first ticket that cannot
 * be refunded answers why, and the caller rolls back (or the transaction simply changes nothing: the check comes
 * before any write). After the commit, call placesFreed(result.eventIds).
 */
export async function refundTickets(
  tx: Tx,
  input: { ticketIds: string[]; reason: TicketRefundReason; actorId: string | null; keepServiceFee?: boolean; note?: string; now?: Date },
): Promise<RefundTicketsResult> {
  const now = input.now ?? new Date();
  const requested = [...new Set(input.ticketIds)];
  if (!requested.length) return { ok: false, code: 'TICKET_NOT_FOUND' };
  const ids = await withCompanions(tx, requested);
  // The orders first (sorted: two refunds of tickets of the same orders queue, never deadlock), as events/cancel.ts does.
  const orderIds = [
    ...new Set(
      (await tx.select({ orderId: tables.tickets.orderId }).from(tables.tickets).where(inArray(tables.tickets.id, ids))).flatMap((r) => (r.orderId ? [r.orderId] : [])),
    ),
  ].sort();
  const orders = new Map<string, { order: OrderFigures; lines: LineShare[] }>();
  for (const orderId of orderIds) {
    const order = await orderFigures(tx, orderId, true);
    if (order) orders.set(orderId, { order, lines: await lineShares(tx, order) });
  }
  await tx.execute(sql`select l.id from resale_listings l where l.ticket_id in (${sql.join(
    ids.map((id) => sql`${id}::uuid`),
    sql`, `,
  )}) and l.status = 'active' order by l.id for update`);
  const rows = await ticketRows(tx, ids, true);
  if (rows.length !== ids.length) return { ok: false, code: 'TICKET_NOT_FOUND' };

  const plans: { t: TicketRow; order: OrderFigures; line: LineShare; back: ReturnType<typeof backOf> }[] = [];
  for (const t of rows) {
    const entry = t.order_id ? orders.get(t.order_id) : undefined;
    const line = entry?.lines.find((l) => l.unitId === t.unit_id);
    const refused = refusal(t, entry?.order ?? null, line);
    if (refused) return refused;
    const keep = input.keepServiceFee ?? (await serviceFeeKept(tx, { eventId: t.event_id, reason: input.reason }));
    plans.push({ t, order: entry!.order, line: line!, back: backOf(line!, keep) });
  }

  const refunds: TicketRefund[] = [];
  for (const orderId of orderIds) {
    const mine = plans.filter((p) => p.order.id === orderId);
    if (!mine.length) continue;
    const order = mine[0].order;
    const [payment] = order.currentPaymentId
      ? await tx
          .select({ id: tables.payments.id, provider: tables.payments.provider, amount: tables.payments.amount, currency: tables.payments.currency })
          .from(tables.payments)
          .where(and(eq(tables.payments.id, order.currentPaymentId), eq(tables.payments.status, 'succeeded')))
          .for('update')
      : [];
    let refundable = payment ? await refundableOfPayment(tx, payment) : 0;
    let walletBack = 0;
    for (const { t, line, back } of mine) {
      const money = Math.min(back.money, refundable);
      refundable -= money;
      const refundId =
        money > 0 && payment ? await queueScopedRefund(tx, { payment, reason: input.reason, now, scope: `ticket:${t.id}`, amount: money }) : null;
      walletBack += back.wallet;
      if (back.points > 0) {
        await tx.insert(tables.loyaltyLedger).values({ orgId: order.orgId, userId: order.userId, points: back.points, kind: 'reversal', ticketId: t.id, orderId: order.id, createdAt: now });
      }
      await tx.insert(tables.partialRefunds).values({
        kind: 'ticket',
        orderId: order.id,
        eventId: t.event_id,
        ticketId: t.id,
        reason: input.reason,
        note: input.note ?? null,
        actorId: input.actorId,
        currency: order.currency,
        priceAmount: line.price,
        discountAmount: line.discount,
        feeAmount: back.fee,
        feeKeptAmount: back.feeKept,
        walletAmount: back.wallet,
        pointsAmount: back.pointsAmount,
        points: back.points,
        moneyAmount: money,
        refundId,
        createdAt: now,
      });
      refunds.push({
        ticketId: t.id,
        orderId: order.id,
        eventId: t.event_id,
        currency: order.currency,
        price: line.price,
        discount: line.discount,
        fee: back.fee,
        feeKept: back.feeKept,
        money,
        wallet: back.wallet,
        points: back.points,
        pointsAmount: back.pointsAmount,
        total: money + back.wallet + back.pointsAmount,
        refundId,
      });
    }
    if (walletBack > 0) await giveBackWalletCredit(tx, order.id, walletBack);
    const moneyGone = Boolean(payment) && refundable <= 0;
    if (payment && moneyGone) await tx.update(tables.payments).set({ status: 'refunded', updatedAt: now }).where(eq(tables.payments.id, payment.id));
    await closeSpentShares(tx, order, { moneyGone, reason: input.reason, now });
  }

  // The tickets: listings withdrawn, gifts cancelled, void; their places on sale again.
  await tx
    .update(tables.resaleListings)
    .set({ status: 'withdrawn', holdId: null, heldUntil: null })
    .where(and(inArray(tables.resaleListings.ticketId, ids), eq(tables.resaleListings.status, 'active')));
  await tx
    .update(tables.gifts)
    .set({ status: 'cancelled', resolvedAt: now })
    .where(and(inArray(tables.gifts.ticketId, ids), eq(tables.gifts.status, 'pending')));
  await tx.update(tables.tickets).set({ status: 'void' }).where(inArray(tables.tickets.id, ids));
  await tx
    .update(tables.inventoryUnits)
    .set({ status: 'available', holdId: null, heldUntil: null })
    .where(and(inArray(tables.inventoryUnits.id, rows.map((t) => t.unit_id)), eq(tables.inventoryUnits.status, 'sold')));
  return { ok: true, refunds, eventIds: [...new Set(rows.map((t) => t.event_id))] };
}

/**
 * After a part refund of the order (its row locked by the caller): the shares whose last money has gone back are
 * closed — every ticket of the share refunded, or (`moneyGone`) nothing left to refund of the order's payment,
 * for the share of the order's own event, where amount refunds count — and the order turns refunded once no
 * share of it stands (the cancellation's rule, orders/refunded.ts). A share's money went back as the parts, which
 * the ledger counts (reports/ledger.ts subtracts them from a refunded share), so it closes with refunded_amount 0.
 * A share a cancellation runner holds is skipped (SKIP LOCKED): that runner refunds it, and the order with it.
 */
async function closeSpentShares(tx: Tx, order: OrderFigures, input: { moneyGone: boolean; reason: RefundReason; now: Date }): Promise<void> {
  const spent = rowsOf<{ event_id: string }>(
    await tx.execute(sql`
      select s.event_id from order_shares s
      where s.order_id = ${order.id}::uuid and s.refunded_at is null
        and ((${input.moneyGone}::boolean and s.event_id = ${order.eventId}::uuid)
          or (exists (select 1 from partial_refunds p where p.order_id = s.order_id and p.event_id = s.event_id and p.kind = 'ticket')
            and not exists (select 1 from tickets t where t.order_id = s.order_id and t.event_id = s.event_id
              and not exists (select 1 from partial_refunds p where p.ticket_id = t.id))))
      order by s.event_id
      for update of s skip locked`),
  );
  if (!spent.length) return;
  await tx.execute(sql`
    update order_shares set refunded_at = ${input.now.toISOString()}::timestamptz, refund_mode = 'payment', refunded_amount = 0, credited_amount = 0
    where order_id = ${order.id}::uuid and event_id in (${sql.join(
      spent.map((r) => sql`${r.event_id}::uuid`),
      sql`, `,
    )})`);
  await refundOrderWhenNoShareStands(tx, order.id, { now: input.now, note: input.reason });
}

/** The order's wallet spend shrinks by what goes back (a spend of 0 is no spend): the credit is the fan's again at once. */
async function giveBackWalletCredit(tx: Tx, orderId: string, amount: number) {
  const w = tables.walletLedger;
  const [spend] = await tx
    .select({ id: w.id, amount: w.amount })
    .from(w)
    .where(and(eq(w.orderId, orderId), eq(w.kind, 'order_spend')))
    .for('update');
  if (!spend) return;
  if (spend.amount <= amount) await tx.delete(w).where(eq(w.id, spend.id));
  else await tx.update(w).set({ amount: spend.amount - amount }).where(eq(w.id, spend.id));
}

/**
 * Refunds an amount of a paid order to its payment in the caller's transaction (a goodwill gesture, a part
 * of a price), never more than what remains refundable of the payment (whatever was refunded of it before,
 * tickets or amounts). Tickets stay valid. The organiser bears it (the ledger counts it against its sales).
 */
export async function refundAmount(
  tx: Tx,
  input: { orderId: string; amount: number; reason?: Extract<RefundReason, 'GOODWILL' | 'ORGANISER_REFUND'>; actorId: string | null; note?: string; now?: Date },
): Promise<RefundAmountResult> {
  const now = input.now ?? new Date();
  const order = await orderFigures(tx, input.orderId, true);
  if (!order) return { ok: false, code: 'ORDER_NOT_FOUND' };
  if (order.status !== 'paid' || !order.currentPaymentId) return { ok: false, code: 'ORDER_NOT_REFUNDABLE' };
  const [payment] = await tx
    .select({ id: tables.payments.id, provider: tables.payments.provider, amount: tables.payments.amount, currency: tables.payments.currency })
    .from(tables.payments)
    .where(and(eq(tables.payments.id, order.currentPaymentId), eq(tables.payments.status, 'succeeded')))
    .for('update');
  if (!payment) return { ok: false, code: 'REFUND_EXCEEDS_PAID', refundable: 0 };
  const refundable = await refundableOfPayment(tx, payment);
  if (!Number.isInteger(input.amount) || input.amount <= 0 || input.amount > refundable) return { ok: false, code: 'REFUND_EXCEEDS_PAID', refundable };
  const id = randomUUID();
  const reason = input.reason ?? 'GOODWILL';
  const refundId = await queueScopedRefund(tx, { payment, reason, now, scope: `amount:${id}`, amount: input.amount });
  await tx.insert(tables.partialRefunds).values({
    id,
    kind: 'amount',
    orderId: order.id,
    eventId: order.eventId,
    reason,
    note: input.note ?? null,
    actorId: input.actorId,
    currency: order.currency,
    priceAmount: input.amount,
    moneyAmount: input.amount,
    refundId,
    createdAt: now,
  });
  const moneyGone = input.amount === refundable;
  if (moneyGone) await tx.update(tables.payments).set({ status: 'refunded', updatedAt: now }).where(eq(tables.payments.id, payment.id));
  await closeSpentShares(tx, order, { moneyGone, reason, now });
  return { ok: true, refund: { id, orderId: order.id, eventId: order.eventId, amount: input.amount, currency: order.currency, refundId: refundId! } };
}

/** After the transaction of refundTickets committed: the events' availability changed, and the waiting lists are offered the places. */
export async function placesFreed(eventIds: string[], now = new Date()): Promise<void> {
  for (const eventId of eventIds) {
    availabilityChanged(eventId);
    await offerReturned(eventId, { now }).catch((error) => log().error({ err: error }, 'Waiting list offer failed'));
  }
}

/** What remains refundable of an order's payment (0 when none): the limit of refundAmount. */
export async function refundableOfOrder(db: Db | Tx, orderId: string): Promise<{ amount: number; currency: Currency } | null> {
  const [row] = await db
    .select({ paymentId: tables.orders.currentPaymentId, currency: tables.orders.currency, status: tables.orders.status })
    .from(tables.orders)
    .where(eq(tables.orders.id, orderId));
  if (!row) return null;
  if (!row.paymentId || row.status !== 'paid') return { amount: 0, currency: row.currency };
  const [payment] = await db
    .select({ id: tables.payments.id, amount: tables.payments.amount })
    .from(tables.payments)
    .where(and(eq(tables.payments.id, row.paymentId), eq(tables.payments.status, 'succeeded')));
  return { amount: payment ? await refundableOfPayment(db, payment) : 0, currency: row.currency };
}
