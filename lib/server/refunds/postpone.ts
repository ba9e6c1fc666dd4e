import 'server-only';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { getDb, rowsOf, tables, type Db, type Tx } from '@/lib/server/db';
import { recordAudit } from '@/lib/server/audit/record';
import { queueEmail, type QueuedEmail } from '@/lib/server/email';
import { eventChanged } from '@/lib/server/events/changed';
import { eventIsOver } from '@/lib/server/events/played';
import { notifyEventHolders } from '@/lib/server/notifications/scheduled';
import { eventAccess, type AccessFailure } from '@/lib/server/organiser/access';
import type { Locale } from '@/lib/i18n/routing';
import type { Postponement, PostponeInput, SelfCancelRulesAnswer, SelfCancelRulesInput } from '@/lib/schemas/refunds';
import { postponedEmail } from './mail';

// Postponement (issue 33 item 4) and the event's self-cancel rules (item 5), the organiser's side.
// Postponing moves the event (start; end, doors and the sale's end by as much), keeps every ticket valid
// for the new date, and tells every holder — a mail in their language with the refund deadline and a link
// to Your tickets, and a push ('event-changed'). Until the deadline each holder who bought their ticket may
// ask for the money instead (self-service.ts). Audited (event.postpone).

export type PostponeResult =
  | { ok: true; event: { id: string; startsAt: string }; postponement: Postponement; holders: number }
  | AccessFailure
  /** Cancelled, a draft never on sale, or already played. */
  | { ok: false; code: 'EVENT_NOT_POSTPONABLE' }
  /** The new start is not later than now, or not different from the current one. */
  | { ok: false; code: 'POSTPONE_START_INVALID' }
  /** The deadline is in the past or after the new start. */
  | { ok: false; code: 'REFUND_DEADLINE_INVALID' };

const HOLDING = ['valid', 'listed', 'checked_in'] as const;

/** How many tickets of a postponed event are kept and how many were refunded on request (the report's figures). */
export async function postponementOf(db: Db | Tx, eventId: string): Promise<Postponement | null> {
  const [event] = await db
    .select({ postponedAt: tables.events.postponedAt, postponedFrom: tables.events.postponedFrom, startsAt: tables.events.startsAt, refundDeadline: tables.events.refundDeadline })
    .from(tables.events)
    .where(eq(tables.events.id, eventId));
  if (!event?.postponedAt || !event.postponedFrom || !event.refundDeadline) return null;
  const [counts] = rowsOf<{ kept: number; refunded: number }>(
    await db.execute(sql`
      select (select count(*)::int from tickets t where t.event_id = ${eventId}::uuid and t.status in ('valid', 'listed', 'checked_in')) as kept,
        (select count(*)::int from partial_refunds p where p.event_id = ${eventId}::uuid and p.kind = 'ticket' and p.reason = 'EVENT_POSTPONED') as refunded`),
  );
  return {
    postponedAt: event.postponedAt.toISOString(),
    postponedFrom: event.postponedFrom.toISOString(),
    startsAt: event.startsAt.toISOString(),
    refundDeadline: event.refundDeadline.toISOString(),
    kept: Number(counts.kept),
    refunded: Number(counts.refunded),
  };
}

/** POST /api/v1/organiser/events/{eventId}/postpone (owner, manager). */
export async function postponeEvent(actor: { id: string }, eventId: string, input: PostponeInput, now = new Date()): Promise<PostponeResult> {
  const access = await eventAccess(actor.id, eventId, 'events');
  if (!access.ok) return access;
  const startsAt = new Date(input.startsAt);
  const deadline = new Date(input.refundDeadline);
  const db = getDb();
  const result = await db.transaction(async (tx) => {
    const [event] = await tx
      .select({
        status: tables.events.status,
        publishedAt: tables.events.publishedAt,
        startsAt: tables.events.startsAt,
        endsAt: tables.events.endsAt,
        doorsAt: tables.events.doorsAt,
        saleEndsAt: tables.events.saleEndsAt,
        postponedFrom: tables.events.postponedFrom,
        refundDeadline: tables.events.refundDeadline,
        title: tables.events.title,
        org: tables.organisations.name,
      })
      .from(tables.events)
      .innerJoin(tables.organisations, eq(tables.organisations.id, tables.events.orgId))
      .where(eq(tables.events.id, eventId))
      .for('no key update', { of: tables.events });
    if (!event || event.status === 'cancelled' || (event.status === 'draft' && !event.publishedAt) || eventIsOver(event, now)) return { ok: false as const, code: 'EVENT_NOT_POSTPONABLE' as const };
    if (startsAt <= now || startsAt.getTime() === event.startsAt.getTime()) return { ok: false as const, code: 'POSTPONE_START_INVALID' as const };
    if (deadline <= now || deadline > startsAt) return { ok: false as const, code: 'REFUND_DEADLINE_INVALID' as const };
    const shift = startsAt.getTime() - event.startsAt.getTime();
    const moved = (date: Date | null) => (date ? new Date(date.getTime() + shift) : null);
    const endsAt = moved(event.endsAt);
    await tx
      .update(tables.events)
      .set({
        startsAt,
        endsAt,
        doorsAt: moved(event.doorsAt),
        saleEndsAt: moved(event.saleEndsAt),
        postponedAt: now,
        postponedFrom: event.postponedFrom ?? event.startsAt,
        refundDeadline: deadline,
        latestEndAt: sql`greatest(coalesce(${tables.events.latestEndAt}, ${tables.events.endsAt}, ${tables.events.startsAt}), ${(endsAt ?? startsAt).toISOString()}::timestamptz)`,
        updatedAt: now,
      })
      .where(eq(tables.events.id, eventId));
    await recordAudit(
      {
        actorId: actor.id,
        orgId: access.orgId,
        action: 'event.postpone',
        subjectType: 'event',
        subjectId: eventId,
        reason: input.message?.trim() || null,
        before: { startsAt: event.startsAt.toISOString(), refundDeadline: event.refundDeadline?.toISOString() ?? null },
        after: { startsAt: startsAt.toISOString(), refundDeadline: deadline.toISOString() },
      },
      tx,
    );
    // Push (and the fan's chosen channels) for every holder, once per new date; the mail below for each one too.
    await notifyEventHolders(tx, { eventId, topic: 'event-changed', key: `event-postponed:${eventId}:${startsAt.getTime()}`, now });
    const holders = await tx
      .selectDistinct({ id: tables.users.id, email: tables.users.email, firstName: tables.users.firstName, locale: tables.users.locale })
      .from(tables.tickets)
      .innerJoin(tables.users, eq(tables.users.id, tables.tickets.ownerId))
      .where(and(eq(tables.tickets.eventId, eventId), inArray(tables.tickets.status, [...HOLDING])));
    const note = input.message?.trim() ? { org: event.org, message: input.message.trim() } : null;
    const mails: QueuedEmail[] = [];
    for (const holder of holders) {
      if (!holder.email) continue;
      mails.push(await queueEmail(tx, postponedEmail({ to: { email: holder.email, firstName: holder.firstName, locale: holder.locale as Locale }, event: event.title, startsAt, refundDeadline: deadline, note })));
    }
    await eventChanged(eventId, tx);
    return { ok: true as const, mails, holders: holders.length };
  });
  if (!result.ok) return result;
  await Promise.all(result.mails.map((mail) => mail.deliver()));
  return { ok: true, event: { id: eventId, startsAt: startsAt.toISOString() }, postponement: (await postponementOf(db, eventId))!, holders: result.holders };
}

export type SelfCancelRulesResult = { ok: true; rules: SelfCancelRulesAnswer } | AccessFailure;

async function rulesOf(db: Db | Tx, eventId: string): Promise<SelfCancelRulesAnswer> {
  const [row] = await db
    .select({
      allowed: tables.events.selfCancelAllowed,
      hoursBefore: tables.events.selfCancelHours,
      refundsFee: tables.events.selfCancelRefundsFee,
      organisationRefundsFee: tables.organisations.refundServiceFee,
      cancelled: sql<number>`(select count(*)::int from partial_refunds p where p.event_id = ${tables.events.id} and p.reason = 'SELF_CANCELLED')`,
    })
    .from(tables.events)
    .innerJoin(tables.organisations, eq(tables.organisations.id, tables.events.orgId))
    .where(eq(tables.events.id, eventId));
  return { ...row, cancelled: Number(row.cancelled) };
}

/** GET /api/v1/organiser/events/{eventId}/self-cancel */
export async function getSelfCancelRules(actor: { id: string }, eventId: string): Promise<SelfCancelRulesResult> {
  const access = await eventAccess(actor.id, eventId, 'events');
  if (!access.ok) return access;
  return { ok: true, rules: await rulesOf(getDb(), eventId) };
}

/** PUT /api/v1/organiser/events/{eventId}/self-cancel: the event's rules for fans cancelling their own tickets (audited). */
export async function setSelfCancelRules(actor: { id: string }, eventId: string, input: SelfCancelRulesInput): Promise<SelfCancelRulesResult> {
  const access = await eventAccess(actor.id, eventId, 'events');
  if (!access.ok) return access;
  const rules = await getDb().transaction(async (tx) => {
    const before = await rulesOf(tx, eventId);
    await tx
      .update(tables.events)
      .set({ selfCancelAllowed: input.allowed, selfCancelHours: input.hoursBefore, selfCancelRefundsFee: input.refundsFee, updatedAt: new Date() })
      .where(eq(tables.events.id, eventId));
    await recordAudit(
      {
        actorId: actor.id,
        orgId: access.orgId,
        action: 'event.self_cancel_rules',
        subjectType: 'event',
        subjectId: eventId,
        before: { allowed: before.allowed, hoursBefore: before.hoursBefore, refundsFee: before.refundsFee },
        after: { ...input },
      },
      tx,
    );
    await eventChanged(eventId, tx);
    return rulesOf(tx, eventId);
  });
  return { ok: true, rules };
}
