import 'server-only';
import { eventIsPlayed, type EventPlayed } from '@/lib/server/events/played';
import { and, eq, sql } from 'drizzle-orm';
import type { OrganiserEvent, UpdateEventInput } from '@/lib/schemas/organiser-events';
import { getDb, tables } from '@/lib/server/db';
import { eventChanged } from '@/lib/server/events/changed';
import { notifyEventHolders } from '@/lib/server/notifications/scheduled';
import { eventAccess, type AccessFailure } from '@/lib/server/organiser/access';
import { syncEventInventory, type UnitsTaken } from '@/lib/server/inventory/sync';
import { eventDefaults, organiserEvent } from './read';
import { writtenText } from '@/lib/localized-text';
import { dateOrNull, datesFailure, fansHave, refreshSearchText, refusable, refuse, titleFailure, type DatesFailure, type TitleFailure } from './rules';

export type UpdateEventFailure =
  | AccessFailure
  | DatesFailure
  | TitleFailure
  | UnitsTaken
  | { ok: false; code: 'VENUE_NOT_FOUND' | 'CURRENCY_LOCKED' | 'VENUE_LOCKED' | 'EVENT_CANCELLED' | 'EVENT_DATE_IN_PAST' }
  | EventPlayed;

/**
 * Changes any editable field of the event. Refused, changing nothing, when it would break what fans
 * have: another currency or venue once any ticket is sold or in a cart, or a start or end moved into the
 * past once sold. A text is given whole and stored as written (an empty language stays empty and is read
 * in the organisation's language: lib/localized-text.ts); the title in that language is required. Fans
 * see the change at once (eventChanged).
 */
export async function updateEvent(userId: string, eventId: string, input: UpdateEventInput): Promise<{ ok: true; event: OrganiserEvent } | UpdateEventFailure> {
  const access = await eventAccess(userId, eventId, 'events');
  if (!access.ok) return access;
  const db = getDb();
  if (input.venueId) {
    const [venue] = await db.select({ id: tables.venues.id }).from(tables.venues).where(and(eq(tables.venues.id, input.venueId), eq(tables.venues.orgId, access.orgId)));
    if (!venue) return { ok: false, code: 'VENUE_NOT_FOUND' };
  }
  if (input.title !== undefined) {
    const untitled = titleFailure(input.title, (await eventDefaults(db, access.orgId)).language);
    if (untitled) return untitled;
  }
  return refusable<{ ok: true; event: OrganiserEvent } | UpdateEventFailure, UnitsTaken>(() => db.transaction(async (tx) => {
    const [current] = await tx.select().from(tables.events).where(eq(tables.events.id, eventId)).for('update');
    if (current.status === 'cancelled') return { ok: false, code: 'EVENT_CANCELLED' } as const;
    if (eventIsPlayed(current, new Date())) return { ok: false, code: 'EVENT_PLAYED' } as const;
    const dates = {
      startsAt: input.startsAt ? new Date(input.startsAt) : current.startsAt,
      endsAt: input.endsAt === undefined ? current.endsAt : dateOrNull(input.endsAt),
      doorsAt: input.doorsAt === undefined ? current.doorsAt : dateOrNull(input.doorsAt),
      saleStartsAt: input.saleStartsAt === undefined ? current.saleStartsAt : dateOrNull(input.saleStartsAt),
      saleEndsAt: input.saleEndsAt === undefined ? current.saleEndsAt : dateOrNull(input.saleEndsAt),
      prioritySaleStartsAt: input.prioritySaleStartsAt === undefined ? current.prioritySaleStartsAt : dateOrNull(input.prioritySaleStartsAt),
      prioritySalePoints: input.prioritySalePoints === undefined ? current.prioritySalePoints : input.prioritySalePoints,
    };
    const wrong = datesFailure(dates);
    if (wrong) return wrong;
    const currencyChanges = input.currency !== undefined && input.currency !== current.currency;
    const venueChanges = input.venueId !== undefined && input.venueId !== current.venueId;
    const startMoved = dates.startsAt.getTime() !== current.startsAt.getTime();
    const endMoved = (dates.endsAt?.getTime() ?? null) !== (current.endsAt?.getTime() ?? null);
    const sold = currencyChanges || venueChanges || startMoved || endMoved ? (await fansHave(tx, eventId)) > 0 : false;
    if ((currencyChanges || venueChanges) && sold) {
      return { ok: false, code: currencyChanges ? 'CURRENCY_LOCKED' : 'VENUE_LOCKED' } as const;
    }
    // Money depends on these dates (resale payouts wait for the end): once sold, never into the past.
    const now = new Date();
    if (sold && ((startMoved && dates.startsAt <= now) || (endMoved && dates.endsAt && dates.endsAt <= now))) {
      return { ok: false, code: 'EVENT_DATE_IN_PAST' } as const;
    }
    const end = dates.endsAt ?? dates.startsAt;
    await tx
      .update(tables.events)
      .set({
        ...dates,
        // The latest end it had while sold (payouts/state.ts); before anything sold, simply its end.
        latestEndAt: sold
          ? sql`greatest(coalesce(${tables.events.latestEndAt}, ${tables.events.endsAt}, ${tables.events.startsAt}), ${end.toISOString()}::timestamptz)`
          : end,
        ...(input.venueId !== undefined && { venueId: input.venueId }),
        ...(input.category !== undefined && { category: input.category }),
        ...(input.title !== undefined && { title: writtenText(input.title) }),
        ...(input.summary !== undefined && { summary: writtenText(input.summary) }),
        ...(input.description !== undefined && { description: writtenText(input.description) }),
        ...(input.performers !== undefined && { performers: input.performers }),
        ...(input.currency !== undefined && { currency: input.currency }),
        ...(input.maxTicketsPerOrder !== undefined && { maxTicketsPerOrder: input.maxTicketsPerOrder }),
        ...(input.maxTicketsPerUser !== undefined && { maxTicketsPerUser: input.maxTicketsPerUser }),
        ...(input.reservationMinutes !== undefined && { reservationMinutes: input.reservationMinutes }),
        ...(input.serviceFeeAmount !== undefined && { serviceFeeAmount: input.serviceFeeAmount }),
        updatedAt: new Date(),
      })
      .where(eq(tables.events.id, eventId));
    if (venueChanges) {
      // The old venue's sections leave the event, and with them its units (nothing is sold: checked above).
      await tx.delete(tables.eventSections).where(eq(tables.eventSections.eventId, eventId));
      const synced = await syncEventInventory(tx, eventId);
      if (!synced.ok) refuse(synced);
    }
    await refreshSearchText(tx, eventId);
    // A new start or doors time is news for every ticket holder (once per new time: the key names it).
    const doorsMoved = (dates.doorsAt?.getTime() ?? null) !== (current.doorsAt?.getTime() ?? null);
    if ((startMoved || doorsMoved)) {
      const key = `event-changed:${eventId}:${dates.startsAt.getTime()}:${dates.doorsAt?.getTime() ?? 0}`;
      await notifyEventHolders(tx, { eventId, topic: 'event-changed', key });
    }
    await eventChanged(eventId, tx);
    return { ok: true, event: await organiserEvent(tx, eventId) } as const;
  }));
}
