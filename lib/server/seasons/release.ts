import 'server-only';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { getDb, rowsOf, tables, type Db, type Tx } from '@/lib/server/db';
import { availabilityChanged } from '@/lib/server/events/changed';
import { offerReturned } from '@/lib/server/waiting-list/offers';
import { lockOwnedTicket, moveTicketToOwner } from '@/lib/server/tickets/ownership';
import { notify } from '@/lib/server/notifications/notify';
import { creditRelease } from '@/lib/server/wallet';
import { percentOf } from '@/lib/money';
import { log } from '@/lib/server/ops/log';

export type ReleaseFailure =
  | 'TICKET_NOT_FOUND'
  /** Not a match ticket of a season ticket the caller holds (a single match bought, or one given to them). */
  | 'NOT_SEASON_TICKET'
  | 'ALREADY_RELEASED'
  /** Listed for resale, used, void, or a gift of it is waiting to be claimed. */
  | 'TICKET_NOT_RELEASABLE'
  /** The match's sale has closed (or it started, or was cancelled). */
  | 'RELEASE_CLOSED'
  /** The season's share is no longer the one the fan was shown. */
  | 'RELEASE_SHARE_CHANGED';

export type TakeBackFailure =
  | 'TICKET_NOT_FOUND'
  | 'NOT_RELEASED'
  /** A fan has the seat in their cart (or is paying for it) right now. */
  | 'RELEASE_IN_CART';

/** The holder's credit when the released seat sells: the season's share of the face value, rounded down. */
export function releaseCreditOf(faceValue: number, sharePercent: number): number {
  return percentOf(faceValue, Math.max(0, Math.min(100, sharePercent)));
}

/** When a match's primary sale closes: its own sale end, else its start. */
export function saleClosesAt(event: { saleEndsAt: Date | null; startsAt: Date }): Date {
  return event.saleEndsAt && event.saleEndsAt < event.startsAt ? event.saleEndsAt : event.startsAt;
}

export type ReleaseView = { id: string; ticketId: string; eventId: string; creditAmount: number; currency: 'EUR' | 'CZK' };

/**
 * A season-ticket holder who cannot come gives their seat for one match back to the club's primary sale:
 * the ticket turns `released` (no code), its unit is available again (offered to the event's waiting list
 * first), and if a fan buys it the holder's wallet with the club gets the season's share of the face value
 * (takeOverReleasedUnits, when that order is paid). Until then the holder may take it back.
 */
export async function releaseTicket(actor: { id: string }, input: { ticketId: string; sharePercent?: number }, now = new Date()): Promise<{ ok: true; release: ReleaseView } | { ok: false; code: ReleaseFailure }> {
  const result = await getDb().transaction(async (tx) => {
    const locked = await lockOwnedTicket(tx, { ticketId: input.ticketId, ownerId: actor.id });
    if (!locked) return { ok: false as const, code: 'TICKET_NOT_FOUND' as const };
    const [t] = await tx
      .select({
        unitId: tables.tickets.unitId,
        eventId: tables.tickets.eventId,
        faceValue: tables.tickets.priceAmount,
        seasonTicketId: tables.tickets.seasonTicketId,
        holderId: tables.seasonTickets.userId,
        sharePercent: tables.seasons.releaseSharePercent,
        orgId: tables.events.orgId,
        currency: tables.events.currency,
        eventStatus: tables.events.status,
        startsAt: tables.events.startsAt,
        saleEndsAt: tables.events.saleEndsAt,
      })
      .from(tables.tickets)
      .innerJoin(tables.events, eq(tables.events.id, tables.tickets.eventId))
      .leftJoin(tables.seasonTickets, eq(tables.seasonTickets.id, tables.tickets.seasonTicketId))
      .leftJoin(tables.seasons, eq(tables.seasons.id, tables.seasonTickets.seasonId))
      .where(eq(tables.tickets.id, input.ticketId));
    if (!t.seasonTicketId || t.holderId !== actor.id || t.sharePercent === null) return { ok: false as const, code: 'NOT_SEASON_TICKET' as const };
    if (locked.status === 'released') return { ok: false as const, code: 'ALREADY_RELEASED' as const };
    if (t.eventStatus === 'cancelled' || saleClosesAt(t) <= now) return { ok: false as const, code: 'RELEASE_CLOSED' as const };
    if (locked.status !== 'valid') return { ok: false as const, code: 'TICKET_NOT_RELEASABLE' as const };
    if (input.sharePercent !== undefined && input.sharePercent !== t.sharePercent) return { ok: false as const, code: 'RELEASE_SHARE_CHANGED' as const };
    const [gift] = await tx
      .select({ id: tables.gifts.id })
      .from(tables.gifts)
      .where(and(eq(tables.gifts.ticketId, input.ticketId), eq(tables.gifts.status, 'pending')));
    if (gift) return { ok: false as const, code: 'TICKET_NOT_RELEASABLE' as const };
    const [unit] = await tx
      .update(tables.inventoryUnits)
      .set({ status: 'available', holdId: null, heldUntil: null })
      .where(and(eq(tables.inventoryUnits.id, t.unitId), eq(tables.inventoryUnits.status, 'sold')))
      .returning({ id: tables.inventoryUnits.id });
    if (!unit) return { ok: false as const, code: 'TICKET_NOT_RELEASABLE' as const };
    await tx.update(tables.tickets).set({ status: 'released' }).where(eq(tables.tickets.id, input.ticketId));
    const creditAmount = releaseCreditOf(t.faceValue, t.sharePercent);
    const [release] = await tx
      .insert(tables.seasonReleases)
      .values({
        ticketId: input.ticketId,
        unitId: t.unitId,
        eventId: t.eventId,
        seasonTicketId: t.seasonTicketId,
        userId: actor.id,
        orgId: t.orgId,
        currency: t.currency,
        creditAmount,
        createdAt: now,
      })
      .returning({ id: tables.seasonReleases.id });
    return { ok: true as const, release: { id: release.id, ticketId: input.ticketId, eventId: t.eventId, creditAmount, currency: t.currency } };
  });
  if (result.ok) {
    availabilityChanged(result.release.eventId);
    // The returned seat goes to the fans on the waiting list first (functions.sql waiting_list_offer); the sweeper would too.
    await offerReturned(result.release.eventId, { now }).catch((error) => log().error({ err: error }, 'Waiting list offer failed'));
  }
  return result;
}

/** The holder takes a released, unsold seat back: the ticket is valid again (the same code), the seat off sale. */
export async function takeBackTicket(actor: { id: string }, input: { ticketId: string }, now = new Date()): Promise<{ ok: true } | { ok: false; code: TakeBackFailure }> {
  const result = await getDb().transaction(async (tx) => {
    const locked = await lockOwnedTicket(tx, { ticketId: input.ticketId, ownerId: actor.id });
    if (!locked) return { ok: false as const, code: 'TICKET_NOT_FOUND' as const };
    const [release] = await tx
      .select({ id: tables.seasonReleases.id, unitId: tables.seasonReleases.unitId, eventId: tables.seasonReleases.eventId })
      .from(tables.seasonReleases)
      .where(and(eq(tables.seasonReleases.ticketId, input.ticketId), eq(tables.seasonReleases.status, 'released')))
      .for('update');
    if (!release || locked.status !== 'released') return { ok: false as const, code: 'NOT_RELEASED' as const };
    if (!(await reclaimUnit(tx, release.unitId, now))) return { ok: false as const, code: 'RELEASE_IN_CART' as const };
    await closeRelease(tx, { id: release.id, ticketId: input.ticketId, status: 'taken_back', now });
    return { ok: true as const, eventId: release.eventId };
  });
  if (!result.ok) return result;
  availabilityChanged(result.eventId);
  return { ok: true };
}

/** The seat back off sale for its holder, only while no live cart holds it and nobody bought it. */
async function reclaimUnit(tx: Tx, unitId: string, now: Date): Promise<boolean> {
  const rows = rowsOf<{ id: string }>(
    await tx.execute(sql`
      update inventory_units set status = 'sold', hold_id = null, held_until = null
      where id = ${unitId}::uuid and unit_is_free(status, held_until, ${now.toISOString()}::timestamptz)
      returning id`),
  );
  return rows.length > 0;
}

async function closeRelease(tx: Tx, input: { id: string; ticketId: string; status: 'taken_back' | 'kept'; now: Date }) {
  await tx.update(tables.tickets).set({ status: 'valid' }).where(and(eq(tables.tickets.id, input.ticketId), eq(tables.tickets.status, 'released')));
  await tx
    .update(tables.seasonReleases)
    .set({ status: input.status, resolvedAt: input.now })
    .where(and(eq(tables.seasonReleases.id, input.id), eq(tables.seasonReleases.status, 'released')));
}

/**
 * A paid order bought units that season-ticket holders released (inside the payment's transaction, after
 * its units became sold): each holder's ticket moves to the buyer with a new secret and version (it is no
 * longer a season ticket's), the release is sold, and the holder's wallet is credited — once: the release
 * row turns sold only once, and the ledger takes one credit per release. The holder is told of the credit
 * ("release-sold") in the same transaction, keyed by the release: one credit, one notification.
 * Answers the moved tickets by unit.
 */
export async function takeOverReleasedUnits(tx: Tx, input: { orderId: string; buyerId: string; unitIds: string[]; now: Date }): Promise<Map<string, string>> {
  const moved = new Map<string, string>();
  if (!input.unitIds.length) return moved;
  const open = await tx
    .select()
    .from(tables.seasonReleases)
    .where(and(inArray(tables.seasonReleases.unitId, input.unitIds), eq(tables.seasonReleases.status, 'released')))
    .for('update');
  for (const release of open) {
    const [sold] = await tx
      .update(tables.seasonReleases)
      .set({ status: 'sold', orderId: input.orderId, resolvedAt: input.now })
      .where(and(eq(tables.seasonReleases.id, release.id), eq(tables.seasonReleases.status, 'released')))
      .returning({ id: tables.seasonReleases.id });
    if (!sold) continue;
    const ticket = await moveTicketToOwner(tx, { ticketId: release.ticketId, fromUserId: release.userId, toUserId: input.buyerId, orderId: input.orderId, fromStatuses: ['released'] });
    if (!ticket) throw new Error(`released ticket ${release.ticketId} is no longer the holder's`);
    await tx.update(tables.tickets).set({ seasonTicketId: null }).where(eq(tables.tickets.id, ticket.id));
    const credited = await creditRelease(tx, { userId: release.userId, orgId: release.orgId, currency: release.currency, releaseId: release.id, amount: release.creditAmount, now: input.now });
    if (credited) {
      await notify(
        {
          userId: release.userId,
          topic: 'release-sold',
          data: { eventId: release.eventId, releaseId: release.id, amount: release.creditAmount, currency: release.currency },
          dedupeKey: `release-sold:${release.id}`,
          organisationId: release.orgId,
        },
        { db: tx },
      );
    }
    moved.set(release.unitId, ticket.id);
  }
  return moved;
}

/**
 * The sweeper's step: a released seat nobody bought by the time its match's sale closes stays its holder's —
 * the ticket is valid again and nothing is credited. A seat a live cart still holds waits for that cart.
 */
export async function keepUnsoldReleases(options: { db?: Db; now?: Date } = {}): Promise<number> {
  const now = options.now ?? new Date();
  const db = options.db ?? getDb();
  const due = rowsOf<{ id: string; ticket_id: string; unit_id: string; event_id: string }>(
    await db.execute(sql`
      select r.id, r.ticket_id, r.unit_id, r.event_id from season_releases r join events e on e.id = r.event_id
      where r.status = 'released'
        and (e.status = 'cancelled' or least(coalesce(e.sale_ends_at, e.starts_at), e.starts_at) <= ${now.toISOString()}::timestamptz)
      limit 200`),
  );
  let kept = 0;
  for (const r of due) {
    const done = await db.transaction(async (tx) => {
      const [locked] = await tx
        .select({ id: tables.seasonReleases.id })
        .from(tables.seasonReleases)
        .where(and(eq(tables.seasonReleases.id, r.id), eq(tables.seasonReleases.status, 'released')))
        .for('update', { skipLocked: true });
      if (!locked || !(await reclaimUnit(tx, r.unit_id, now))) return false;
      await closeRelease(tx, { id: r.id, ticketId: r.ticket_id, status: 'kept', now });
      return true;
    });
    if (done) {
      kept++;
      availabilityChanged(r.event_id);
    }
  }
  return kept;
}

/** The caller's open releases by ticket (Your tickets shows the credit it would bring). */
export async function openReleasesOf(db: Db | Tx, userId: string, ticketIds: string[]): Promise<Map<string, number>> {
  if (!ticketIds.length) return new Map();
  const rows = await db
    .select({ ticketId: tables.seasonReleases.ticketId, creditAmount: tables.seasonReleases.creditAmount })
    .from(tables.seasonReleases)
    .where(and(eq(tables.seasonReleases.userId, userId), inArray(tables.seasonReleases.ticketId, ticketIds), eq(tables.seasonReleases.status, 'released')));
  return new Map(rows.map((r) => [r.ticketId, r.creditAmount]));
}
