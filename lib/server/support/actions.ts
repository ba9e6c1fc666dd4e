import 'server-only';
// What support does to an order or a ticket. Each action takes a reason and writes one audit entry (who,
// what, why, before, after) through recordAudit in the transaction of the change, so the entry exists
// exactly when the change does; a refused or lost race writes none. docs/decisions/support-desk.md
import { and, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Locale } from '@/lib/i18n/routing';
import { textIn } from '@/lib/localized-text';
import { translator } from '@/lib/server/api/translate';
import { recordAudit } from '@/lib/server/audit/record';
import { getDb, tables, type Tx } from '@/lib/server/db';
import { queueEmail } from '@/lib/server/email';
import { queueOrderEmail } from '@/lib/server/orders/mail';
import { placesFreed, refundAmount, refundTickets, type TicketRefund } from '@/lib/server/refunds/core';
import { moveTicketToOwner } from '@/lib/server/tickets/ownership';
import { siteLink } from '@/lib/server/site-link';
import { newTicketSecret, publicKeyFor } from '@/lib/ticket-code/keys';
import { orderSupport, ticketSupport } from './access';

type Actor = { id: string };

/** Resends the order's mail (the confirmation of a paid order, the refund notice of a refunded one) to the buyer. */
export async function resendOrderMail(actor: Actor, input: { orderId: string; reason: string }) {
  const access = await orderSupport(actor, input.orderId);
  if (!access.ok) return access;
  const [order] = await getDb().select({ status: tables.orders.status }).from(tables.orders).where(eq(tables.orders.id, input.orderId));
  const kind = order?.status === 'paid' ? ('paid' as const) : order?.status === 'refunded' ? ('refunded' as const) : null;
  if (!kind) return { ok: false as const, code: 'SUPPORT_ORDER_NOT_PAID' as const };
  const result = await getDb().transaction(async (tx) => {
    const queued = await queueOrderEmail(tx, input.orderId, { kind });
    if (!queued) return null;
    const [mail] = await tx.select({ to: tables.emailOutbox.toAddress }).from(tables.emailOutbox).where(eq(tables.emailOutbox.id, queued.id));
    const auditId = await recordAudit(
      {
        actorId: actor.id,
        orgId: access.orgId,
        action: 'order.resend_mail',
        subjectType: 'order',
        subjectId: input.orderId,
        reason: input.reason,
        before: null,
        after: { mail: kind, to: mail.to, mailId: queued.id },
      },
      tx,
    );
    return { auditId, deliver: queued.deliver };
  });
  if (!result) return { ok: false as const, code: 'SUPPORT_NO_ADDRESS' as const };
  await result.deliver();
  return { ok: true as const, auditId: result.auditId };
}

/** The ticket, locked for the change (the row lock a gift, a listing and a scan take too), with its holder's email. */
async function lockTicket(tx: Tx, ticketId: string) {
  const [ticket] = await tx
    .select({
      id: tables.tickets.id,
      status: tables.tickets.status,
      version: tables.tickets.version,
      ownerId: tables.tickets.ownerId,
      orderId: tables.tickets.orderId,
      concession: tables.tickets.concession,
      eventId: tables.tickets.eventId,
    })
    .from(tables.tickets)
    .where(eq(tables.tickets.id, ticketId))
    .for('update');
  if (!ticket) return null;
  const [owner] = await tx.select({ email: tables.users.email }).from(tables.users).where(eq(tables.users.id, ticket.ownerId));
  return { ...ticket, ownerEmail: owner?.email ?? null };
}

/** Why a ticket in this status cannot be moved or voided (null: it can). */
function blockOf(status: string) {
  if (status === 'listed') return 'TICKET_LISTED' as const;
  if (status === 'void') return 'SUPPORT_TICKET_VOID' as const;
  if (status !== 'valid') return 'SUPPORT_TICKET_NOT_VALID' as const;
  return null;
}

/**
 * Moves a ticket to the account that has verified `email`, as a gift does: new secret and version (the
 * old code dies at the gates), a waiting gift cancelled, a ZŤP-S holder's companion along with it. The
 * new holder gets a mail. An address with no verified account is refused (they sign up first).
 */
export async function moveTicket(actor: Actor, input: { ticketId: string; email: string; reason: string; locale: Locale }) {
  const access = await ticketSupport(actor, input.ticketId);
  if (!access.ok) return access;
  const email = input.email.trim().toLowerCase();
  const [recipient] = await getDb()
    .select({ id: tables.users.id, email: tables.users.email, locale: tables.users.locale })
    .from(tables.users)
    .where(and(sql`lower(${tables.users.email}) = ${email}`, isNotNull(tables.users.emailVerifiedAt), isNull(tables.users.removedAt)));
  if (!recipient) return { ok: false as const, code: 'SUPPORT_NO_ACCOUNT' as const };

  const result = await getDb().transaction(async (tx) => {
    const ticket = await lockTicket(tx, input.ticketId);
    if (!ticket) return { ok: false as const, code: 'SUPPORT_TICKET_NOT_FOUND' as const };
    if (ticket.concession === 'companion') return { ok: false as const, code: 'COMPANION_NOT_ALONE' as const };
    const blocked = blockOf(ticket.status);
    if (blocked) return { ok: false as const, code: blocked };
    if (ticket.ownerId === recipient.id) return { ok: false as const, code: 'SUPPORT_SAME_HOLDER' as const };
    const moved = await moveTicketToOwner(tx, { ticketId: ticket.id, fromUserId: ticket.ownerId, toUserId: recipient.id });
    if (!moved) return { ok: false as const, code: 'SUPPORT_TICKET_NOT_VALID' as const };
    const [event] = await tx
      .select({ title: tables.events.title, language: tables.organisations.language })
      .from(tables.events)
      .innerJoin(tables.organisations, eq(tables.organisations.id, tables.events.orgId))
      .where(eq(tables.events.id, ticket.eventId));
    const t = translator(recipient.locale);
    const link = await siteLink(recipient.locale, '/tickets');
    const eventTitle = textIn(event.title, recipient.locale, event.language);
    const mail = await queueEmail(tx, {
      to: recipient.email!,
      locale: recipient.locale,
      kind: 'support-ticket-moved',
      subject: t('support.mail.movedSubject', { event: eventTitle }),
      text: t('support.mail.movedBody', { event: eventTitle, link }),
      orderId: ticket.orderId ?? undefined,
    });
    const auditId = await recordAudit(
      {
        actorId: actor.id,
        orgId: access.orgId,
        action: 'ticket.move',
        subjectType: 'ticket',
        subjectId: ticket.id,
        reason: input.reason,
        before: { holder: ticket.ownerEmail, version: ticket.version },
        after: { holder: recipient.email, version: moved.version },
      },
      tx,
    );
    return { ok: true as const, auditId, deliver: mail.deliver };
  });
  if (!result.ok) return result;
  await result.deliver();
  return { ok: true as const, auditId: result.auditId };
}

/**
 * Voids a ticket: it no longer enters (status void, new secret and version: the code it showed dies) and
 * a waiting gift is cancelled; a ZŤP-S holder's companion is voided with it. The place is NOT put back on
 * sale: a voided ticket is one support took out (a fraud, a duplicate, a mistake), and its seat stays
 * sold until a refund or the organiser's seat map frees it (docs/decisions/support-desk.md). Two agents
 * voiding at once: the conditional update lets one through, the other is told it is void already.
 */
export async function voidTicket(actor: Actor, input: { ticketId: string; reason: string }) {
  const access = await ticketSupport(actor, input.ticketId);
  if (!access.ok) return access;
  return getDb().transaction(async (tx) => {
    // The order first, then the ticket: the order the refund core and a cancellation lock them in (a void
    // gives the ticket's loyalty points back, which reads the order), so a refund at once never deadlocks.
    const [owning] = await tx.select({ orderId: tables.tickets.orderId }).from(tables.tickets).where(eq(tables.tickets.id, input.ticketId));
    if (owning?.orderId) await tx.select({ id: tables.orders.id }).from(tables.orders).where(eq(tables.orders.id, owning.orderId)).for('update');
    const ticket = await lockTicket(tx, input.ticketId);
    if (!ticket) return { ok: false as const, code: 'SUPPORT_TICKET_NOT_FOUND' as const };
    const blocked = blockOf(ticket.status);
    if (blocked) return { ok: false as const, code: blocked };
    const companions = await tx
      .select({ id: tables.tickets.id })
      .from(tables.tickets)
      .where(and(eq(tables.tickets.companionOf, ticket.id), eq(tables.tickets.status, 'valid')));
    const ids = [ticket.id, ...companions.map((c) => c.id)];
    const voided: { id: string; version: number }[] = [];
    for (const id of ids) {
      const secret = newTicketSecret();
      const [row] = await tx
        .update(tables.tickets)
        .set({ status: 'void', secret, version: sql`${tables.tickets.version} + 1`, codePublicKey: null })
        .where(and(eq(tables.tickets.id, id), eq(tables.tickets.status, 'valid')))
        .returning({ id: tables.tickets.id, version: tables.tickets.version });
      if (!row) continue;
      await tx.update(tables.tickets).set({ codePublicKey: publicKeyFor(secret, row.version) }).where(eq(tables.tickets.id, row.id));
      voided.push(row);
    }
    if (!voided.some((row) => row.id === ticket.id)) return { ok: false as const, code: 'SUPPORT_TICKET_VOID' as const };
    await tx
      .update(tables.gifts)
      .set({ status: 'cancelled', resolvedAt: new Date() })
      .where(and(inArray(tables.gifts.ticketId, ids), eq(tables.gifts.status, 'pending')));
    const auditId = await recordAudit(
      {
        actorId: actor.id,
        orgId: access.orgId,
        action: 'ticket.void',
        subjectType: 'ticket',
        subjectId: ticket.id,
        reason: input.reason,
        before: { status: ticket.status, version: ticket.version, holder: ticket.ownerEmail },
        after: { status: 'void', version: voided.find((row) => row.id === ticket.id)!.version, companions: voided.length - 1, placeFreed: false },
      },
      tx,
    );
    return { ok: true as const, auditId };
  });
}

// ── refunds, through the one refund core (lib/server/refunds/core.ts) ───────────────────────────────────

/** The core's refusals, as the support desk answers them (its own codes: the core has no module of its own). */
function refusalOf(code: string, refundable?: number) {
  if (code === 'TICKET_NOT_FOUND') return { ok: false as const, code: 'SUPPORT_TICKET_NOT_FOUND' as const };
  if (code === 'ORDER_NOT_FOUND') return { ok: false as const, code: 'SUPPORT_ORDER_NOT_FOUND' as const };
  if (code === 'TICKET_ALREADY_REFUNDED') return { ok: false as const, code: 'SUPPORT_ALREADY_REFUNDED' as const };
  if (code === 'REFUND_EXCEEDS_PAID') return { ok: false as const, code: 'SUPPORT_REFUND_EXCEEDS_PAID' as const, refundable: refundable ?? 0 };
  return { ok: false as const, code: 'SUPPORT_NOT_REFUNDABLE' as const };
}

/** What went back, for the audit entry: per ticket, to the card, to the wallet, points, the fee kept. */
function refundedFigures(refunds: TicketRefund[]) {
  const sum = (key: 'money' | 'wallet' | 'pointsAmount' | 'feeKept' | 'total') => refunds.reduce((total, r) => total + r[key], 0);
  return {
    currency: refunds[0]?.currency ?? null,
    tickets: refunds.map((r) => r.ticketId),
    money: sum('money'),
    wallet: sum('wallet'),
    points: refunds.reduce((total, r) => total + r.points, 0),
    feeKept: sum('feeKept'),
    total: sum('total'),
    placeFreed: true,
  };
}

/**
 * Refunds tickets through the refund core (each turns void, its place goes back on sale, what was paid for it
 * goes back where it came from, the service fee by the organisation's rule) and audits it in the same
 * transaction. Two agents at once: the core locks the order, so the second finds the ticket refunded.
 */
async function refundTicketsAudited(actor: Actor, orgId: string, ticketIds: string[], subject: { type: 'ticket' | 'order'; id: string }, reason: string) {
  const result = await getDb().transaction(async (tx) => {
    const before = await tx
      .select({ id: tables.tickets.id, status: tables.tickets.status, holder: tables.users.email })
      .from(tables.tickets)
      .innerJoin(tables.users, eq(tables.users.id, tables.tickets.ownerId))
      .where(inArray(tables.tickets.id, ticketIds));
    const refunded = await refundTickets(tx, { ticketIds, reason: 'ORGANISER_REFUND', actorId: actor.id, note: reason });
    if (!refunded.ok) return refusalOf(refunded.code);
    const auditId = await recordAudit(
      {
        actorId: actor.id,
        orgId,
        action: subject.type === 'ticket' ? 'ticket.refund' : 'order.refund',
        subjectType: subject.type,
        subjectId: subject.id,
        reason,
        before: { tickets: before.map((t) => ({ id: t.id, status: t.status, holder: t.holder })) },
        after: refundedFigures(refunded.refunds),
      },
      tx,
    );
    return { ok: true as const, auditId, eventIds: refunded.eventIds };
  });
  if (!result.ok) return result;
  await placesFreed(result.eventIds);
  return { ok: true as const, auditId: result.auditId };
}

/** Refunds one ticket (and a ZŤP-S holder's companion with it). */
export async function refundTicket(actor: Actor, input: { ticketId: string; reason: string }) {
  const access = await ticketSupport(actor, input.ticketId);
  if (!access.ok) return access;
  return refundTicketsAudited(actor, access.orgId, [input.ticketId], { type: 'ticket', id: input.ticketId }, input.reason);
}

/**
 * Refunds an order: without `amount`, every ticket of it still valid or on resale (as refundTicket does each);
 * with `amount` (minor units), that much of its payment, tickets staying valid, never more than remains refundable.
 */
export async function refundOrder(actor: Actor, input: { orderId: string; reason: string; amount?: number }) {
  const access = await orderSupport(actor, input.orderId);
  if (!access.ok) return access;
  if (input.amount === undefined) {
    const open = await getDb()
      .select({ id: tables.tickets.id })
      .from(tables.tickets)
      .where(and(eq(tables.tickets.orderId, input.orderId), inArray(tables.tickets.status, ['valid', 'listed'])));
    if (!open.length) return { ok: false as const, code: 'SUPPORT_NOT_REFUNDABLE' as const };
    return refundTicketsAudited(
      actor,
      access.orgId,
      open.map((t) => t.id),
      { type: 'order', id: input.orderId },
      input.reason,
    );
  }
  const amount = input.amount;
  return getDb().transaction(async (tx) => {
    const refunded = await refundAmount(tx, { orderId: input.orderId, amount, reason: 'GOODWILL', actorId: actor.id, note: input.reason });
    if (!refunded.ok) return refusalOf(refunded.code, 'refundable' in refunded ? refunded.refundable : undefined);
    const auditId = await recordAudit(
      {
        actorId: actor.id,
        orgId: access.orgId,
        action: 'order.refund_amount',
        subjectType: 'order',
        subjectId: input.orderId,
        reason: input.reason,
        before: null,
        after: { amount: refunded.refund.amount, currency: refunded.refund.currency, refundId: refunded.refund.refundId },
      },
      tx,
    );
    return { ok: true as const, auditId };
  });
}
