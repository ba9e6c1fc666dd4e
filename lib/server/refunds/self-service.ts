import 'server-only';
import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import { getDb, rowsOf, tables, type Db, type Tx } from '@/lib/server/db';
import { queueEmail, type QueuedEmail } from '@/lib/server/email';
import type { Locale } from '@/lib/i18n/routing';
import type { RefundDone, RefundOffer } from '@/lib/schemas/refunds';
import { placesFreed, quoteTickets, refundTickets, type TicketQuote, type TicketRefundReason } from './core';
import { refundedEmail } from './mail';

// A fan returns their own tickets (issue 33 items 4 and 5; docs/decisions/partial-refunds.md):
//  • after a postponement, until the refund deadline the organiser set (the fee comes back: the organiser moved it);
//  • where the organiser allows it (events.self_cancel_allowed), up to self_cancel_hours before the start
//    (the fee by the event's or the organisation's rule).
// Only a ticket its holder bought themselves from the organiser: not one given to them (the money is the
// buyer's), not one bought on resale, not a season ticket's match. Per ticket, or every such ticket of the order.

type Window = { kind: 'self-cancel' | 'postponement'; until: Date; reason: TicketRefundReason };
export type RefundClosed = 'SELF_CANCEL_NOT_ALLOWED' | 'SELF_CANCEL_CLOSED' | 'REFUND_DEADLINE_PASSED';

type EventRules = { status: string; startsAt: Date; selfCancelAllowed: boolean; selfCancelHours: number; postponedAt: Date | null; refundDeadline: Date | null };

/** Whether a fan may return tickets of this event now, and until when; or why not. The one rule, also for Your tickets. */
export function refundWindow(event: EventRules, now: Date): Window | { closed: RefundClosed } {
  if (event.status === 'cancelled') return { closed: 'SELF_CANCEL_NOT_ALLOWED' };
  if (event.postponedAt && event.refundDeadline && now < event.refundDeadline) return { kind: 'postponement', until: event.refundDeadline, reason: 'EVENT_POSTPONED' };
  const selfUntil = new Date(event.startsAt.getTime() - event.selfCancelHours * 3_600_000);
  if (event.selfCancelAllowed && now < selfUntil) return { kind: 'self-cancel', until: selfUntil, reason: 'SELF_CANCELLED' };
  if (event.postponedAt && event.refundDeadline) return { closed: 'REFUND_DEADLINE_PASSED' };
  return { closed: event.selfCancelAllowed ? 'SELF_CANCEL_CLOSED' : 'SELF_CANCEL_NOT_ALLOWED' };
}

export type RefundRequestFailure =
  | { ok: false; code: 'TICKET_NOT_FOUND' }
  | { ok: false; code: 'TICKET_NOT_REFUNDABLE' }
  | { ok: false; code: 'TICKET_ALREADY_REFUNDED' }
  | { ok: false; code: RefundClosed };

type Mine = { ticketIds: string[]; window: Window; orderId: string; eventId: string; orderTickets: number };

/** The fan's ticket and, with scope 'order', the order's other tickets they may return with it. */
async function mine(db: Db | Tx, user: { id: string }, ticketId: string, scope: 'ticket' | 'order', now: Date): Promise<{ ok: true; value: Mine } | RefundRequestFailure> {
  const [row] = rowsOf<EventRules & { order_id: string | null; event_id: string; buyer: string | null; status_t: string; season_ticket_id: string | null; refunded: boolean } & Record<string, unknown>>(
    await db.execute(sql`
      select t.order_id, t.event_id, o.user_id as buyer, t.status as status_t, t.season_ticket_id,
        exists (select 1 from partial_refunds p where p.ticket_id = t.id) as refunded,
        e.status, e.starts_at as "startsAt", e.self_cancel_allowed as "selfCancelAllowed", e.self_cancel_hours as "selfCancelHours",
        e.postponed_at as "postponedAt", e.refund_deadline as "refundDeadline"
      from tickets t join events e on e.id = t.event_id left join orders o on o.id = t.order_id
      where t.id = ${ticketId}::uuid and t.owner_id = ${user.id}::uuid`),
  );
  if (!row) return { ok: false, code: 'TICKET_NOT_FOUND' };
  if (row.refunded) return { ok: false, code: 'TICKET_ALREADY_REFUNDED' };
  if (!row.order_id || row.buyer !== user.id || row.season_ticket_id) return { ok: false, code: 'TICKET_NOT_REFUNDABLE' };
  const window = refundWindow(
    {
      status: row.status,
      startsAt: new Date(row.startsAt),
      selfCancelAllowed: Boolean(row.selfCancelAllowed),
      selfCancelHours: Number(row.selfCancelHours),
      postponedAt: row.postponedAt ? new Date(row.postponedAt) : null,
      refundDeadline: row.refundDeadline ? new Date(row.refundDeadline) : null,
    },
    now,
  );
  if ('closed' in window) return { ok: false, code: window.closed };
  const siblings = await db
    .select({ id: tables.tickets.id })
    .from(tables.tickets)
    .where(
      and(
        eq(tables.tickets.orderId, row.order_id),
        eq(tables.tickets.eventId, row.event_id),
        eq(tables.tickets.ownerId, user.id),
        inArray(tables.tickets.status, ['valid', 'listed']),
        sql`${tables.tickets.companionOf} is null`,
        sql`${tables.tickets.seasonTicketId} is null`,
        sql`not exists (select 1 from partial_refunds p where p.ticket_id = ${tables.tickets.id})`,
      ),
    );
  const ids = scope === 'order' ? [...new Set([ticketId, ...siblings.map((s) => s.id)])] : [ticketId];
  return { ok: true, value: { ticketIds: ids, window, orderId: row.order_id, eventId: row.event_id, orderTickets: Math.max(1, siblings.length) } };
}

function summed(quotes: Pick<TicketQuote, 'money' | 'wallet' | 'points' | 'pointsAmount' | 'total' | 'feeKept' | 'currency'>[]) {
  return quotes.reduce(
    (sum, q) => ({
      money: sum.money + q.money,
      wallet: sum.wallet + q.wallet,
      points: sum.points + q.points,
      pointsAmount: sum.pointsAmount + q.pointsAmount,
      total: sum.total + q.total,
      feeKept: sum.feeKept + q.feeKept,
      currency: q.currency,
    }),
    { money: 0, wallet: 0, points: 0, pointsAmount: 0, total: 0, feeKept: 0, currency: (quotes[0]?.currency ?? 'EUR') as 'EUR' | 'CZK' },
  );
}

const backOf = (q: TicketQuote) => ({ ticketId: q.ticketId, money: q.money, wallet: q.wallet, points: q.points, pointsAmount: q.pointsAmount, total: q.total, feeKept: q.feeKept, currency: q.currency });

/** GET /api/v1/tickets/{id}/refund: what returning the ticket (or the order's tickets) gives back, and until when. */
export async function refundOffer(user: { id: string }, input: { ticketId: string; scope: 'ticket' | 'order' }, now = new Date()): Promise<{ ok: true; offer: RefundOffer } | RefundRequestFailure> {
  const db = getDb();
  const found = await mine(db, user, input.ticketId, input.scope, now);
  if (!found.ok) return found;
  const quoted = await quoteTickets(db, { ticketIds: found.value.ticketIds, reason: found.value.window.reason });
  if (!quoted.ok) return { ok: false, code: quoted.code };
  const tickets = quoted.quotes.map(backOf);
  return {
    ok: true,
    offer: { kind: found.value.window.kind, until: found.value.window.until.toISOString(), tickets, total: summed(quoted.quotes), orderTickets: found.value.orderTickets },
  };
}

/**
 * POST /api/v1/tickets/{id}/refund: returns the ticket (or the order's tickets) now. Each ticket is refunded
 * once, however many requests arrive at once (refundTickets: the order's row lock, then the ticket is void);
 * the window is checked again in the transaction, so a request after the deadline is refused.
 */
export async function requestRefund(
  user: { id: string },
  input: { ticketId: string; scope: 'ticket' | 'order' },
  now = new Date(),
): Promise<{ ok: true; done: RefundDone } | RefundRequestFailure> {
  const db = getDb();
  const result = await db.transaction(async (tx) => {
    const found = await mine(tx, user, input.ticketId, input.scope, now);
    if (!found.ok) return found;
    const done = await refundTickets(tx, { ticketIds: found.value.ticketIds, reason: found.value.window.reason, actorId: user.id, now });
    if (!done.ok) {
      // Nothing was written before the refusal; the transaction ends empty.
      return { ok: false as const, code: done.code };
    }
    const mails: QueuedEmail[] = [];
    const [buyer] = await tx
      .select({ email: tables.users.email, firstName: tables.users.firstName, locale: tables.users.locale })
      .from(tables.users)
      .where(eq(tables.users.id, user.id));
    const [event] = await tx.select({ title: tables.events.title }).from(tables.events).where(eq(tables.events.id, found.value.eventId));
    const total = summed(done.refunds);
    if (buyer?.email) {
      mails.push(
        await queueEmail(
          tx,
          refundedEmail({ to: { email: buyer.email, firstName: buyer.firstName, locale: buyer.locale as Locale }, event: event.title, orderId: found.value.orderId, tickets: done.refunds.length, back: total }),
        ),
      );
    }
    return { ok: true as const, done: { refunded: done.refunds.map((r) => r.ticketId), total }, eventIds: done.eventIds, mails };
  });
  if (!result.ok) return result;
  await Promise.all(result.mails.map((mail) => mail.deliver()));
  await placesFreed(result.eventIds, now);
  return { ok: true, done: result.done };
}

/** For Your tickets: the refund window of each event (null: none open now) — the card shows its button from this. */
export async function refundWindowsOf(db: Db | Tx, eventIds: string[], now: Date): Promise<Map<string, { kind: 'self-cancel' | 'postponement'; until: string } | null>> {
  const out = new Map<string, { kind: 'self-cancel' | 'postponement'; until: string } | null>();
  if (!eventIds.length) return out;
  const rows = await db
    .select({
      id: tables.events.id,
      status: tables.events.status,
      startsAt: tables.events.startsAt,
      selfCancelAllowed: tables.events.selfCancelAllowed,
      selfCancelHours: tables.events.selfCancelHours,
      postponedAt: tables.events.postponedAt,
      refundDeadline: tables.events.refundDeadline,
    })
    .from(tables.events)
    .where(and(inArray(tables.events.id, [...new Set(eventIds)]), ne(tables.events.status, 'draft')));
  for (const row of rows) {
    const window = refundWindow(row, now);
    out.set(row.id, 'closed' in window ? null : { kind: window.kind, until: window.until.toISOString() });
  }
  return out;
}
