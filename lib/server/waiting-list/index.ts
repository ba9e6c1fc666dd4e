import 'server-only';
import { textIn } from '@/lib/localized-text';
import { and, asc, count, desc, eq, gt, inArray, ne, or, sql } from 'drizzle-orm';
import { isEventRef, isUuid } from '@/lib/ids';
import type { Locale } from '@/lib/i18n/routing';
import { getDb, rowsOf, tables } from '@/lib/server/db';
import { isUniqueViolation } from '@/lib/server/db/errors';
import { endHold } from '@/lib/server/cart/lifecycle';
import { availabilityChanged } from '@/lib/server/events/changed';
import { salePhase } from '@/lib/server/events/rules';
import { offerReturned } from './offers';

// The waiting list of a sold-out event, the fan's side: join with how many tickets, see one's place or
// offer, leave. Offers are made by the database (functions.sql waiting_list_offer, through ./offers.ts);
// the hold rules keep returned tickets for the list (waiting_list_reserves). Organisers: ./organiser.ts.

const w = tables.waitingListEntries;
const e = tables.events;

export type WaitingStatus = 'waiting' | 'offered' | 'bought' | 'expired' | 'left' | 'closed';

export type WaitingEntryView = {
  id: string;
  /** The event's URL id (slug). */
  eventId: string;
  eventTitle: string;
  eventStartsAt: string;
  ticketTypeId: string | null;
  ticketTypeName: string | null;
  quantity: number;
  status: WaitingStatus;
  /** In line: 1 is next. Null unless waiting. */
  position: number | null;
  /** While offered: until when the tickets are held in the cart. */
  offerExpiresAt: string | null;
  /** Seconds the offer still holds the tickets (from the server's clock); null unless offered. */
  offerTimeLeft: number | null;
  createdAt: string;
};

export type WaitingListState = {
  enabled: boolean;
  offerMinutes: number;
  /** No ticket of the event is for general sale. */
  soldOut: boolean;
  /** Price categories with no ticket for general sale. */
  soldOutTicketTypeIds: string[];
  /** At most this many tickets may be asked for (the per-order and per-fan limits). */
  maxQuantity: number;
  /** The caller's open entry (or the last one, when it ended within the last day); null signed out or never joined. */
  entry: WaitingEntryView | null;
};

type EventRow = {
  id: string;
  slug: string;
  title: { sk: string; cs: string; en: string };
  status: 'draft' | 'on_sale' | 'sold_out' | 'cancelled';
  startsAt: Date;
  saleStartsAt: Date | null;
  saleEndsAt: Date | null;
  maxTicketsPerOrder: number;
  maxTicketsPerUser: number;
  waitingListEnabled: boolean;
  waitingListOfferMinutes: number;
};

async function findEvent(ref: string): Promise<EventRow | null> {
  if (!isEventRef(ref)) return null;
  const [row] = await getDb()
    .select({
      id: e.id,
      slug: e.slug,
      title: e.title,
      status: e.status,
      startsAt: e.startsAt,
      saleStartsAt: e.saleStartsAt,
      saleEndsAt: e.saleEndsAt,
      maxTicketsPerOrder: e.maxTicketsPerOrder,
      maxTicketsPerUser: e.maxTicketsPerUser,
      waitingListEnabled: e.waitingListEnabled,
      waitingListOfferMinutes: e.waitingListOfferMinutes,
    })
    .from(e)
    .where(isUuid(ref) ? eq(e.id, ref) : eq(e.slug, ref))
    .limit(1);
  return row && row.status !== 'draft' ? row : null;
}

/** Categories with a ticket for general sale: free and not kept for the list (functions.sql). */
async function typesOnGeneralSale(eventId: string, now: Date): Promise<{ all: string[]; onSale: Set<string> }> {
  // Per category: reserved for the list as a whole, else the first free unit is enough (the type/status index).
  const types = rowsOf<{ id: string; on_sale: boolean }>(
    await getDb().execute(sql`
      select tt.id, not waiting_list_reserves(tt.event_id, tt.id)
        and exists (select 1 from inventory_units u where u.ticket_type_id = tt.id and unit_is_free(u.status, u.held_until, ${now.toISOString()}::timestamptz)) as on_sale
      from ticket_types tt where tt.event_id = ${eventId}`),
  );
  return { all: types.map((t) => t.id), onSale: new Set(types.filter((t) => t.on_sale).map((t) => t.id)) };
}

async function ownedCount(userId: string, eventId: string): Promise<number> {
  const [row] = await getDb()
    .select({ n: count() })
    .from(tables.tickets)
    .where(and(eq(tables.tickets.ownerId, userId), eq(tables.tickets.eventId, eventId), ne(tables.tickets.status, 'void')));
  return Number(row?.n ?? 0);
}

const entryColumns = {
  id: w.id,
  eventUuid: w.eventId,
  eventId: e.slug,
  eventTitle: e.title,
  eventStartsAt: e.startsAt,
  ticketTypeId: w.ticketTypeId,
  ticketTypeName: tables.ticketTypes.name,
  quantity: w.quantity,
  status: w.status,
  offerExpiresAt: w.offerExpiresAt,
  createdAt: w.createdAt,
  position: sql<number | null>`case when ${w.status} = 'waiting' then 1 + (select count(*) from waiting_list_entries a
      where a.event_id = ${w.eventId} and a.status = 'waiting' and (a.created_at, a.id) < (${w.createdAt}, ${w.id})) end`.mapWith(
    (v: unknown) => (v == null ? null : Number(v)),
  ),
};

type EntryRow = { [K in keyof typeof entryColumns]: unknown } & Record<string, unknown>;

function entryView(row: EntryRow, locale: Locale, now: Date): WaitingEntryView {
  const name = row.ticketTypeName as { sk: string; cs: string; en: string } | null;
  return {
    id: row.id as string,
    eventId: row.eventId as string,
    eventTitle: (row.eventTitle as { sk: string; cs: string; en: string })[locale],
    eventStartsAt: new Date(row.eventStartsAt as Date).toISOString(),
    ticketTypeId: (row.ticketTypeId as string | null) ?? null,
    ticketTypeName: name ? textIn(name, locale) : null,
    quantity: row.quantity as number,
    status: row.status as WaitingStatus,
    position: (row.position as number | null) ?? null,
    offerExpiresAt: row.status === 'offered' && row.offerExpiresAt ? new Date(row.offerExpiresAt as Date).toISOString() : null,
    offerTimeLeft:
      row.status === 'offered' && row.offerExpiresAt ? Math.max(0, Math.floor((new Date(row.offerExpiresAt as Date).getTime() - now.getTime()) / 1000)) : null,
    createdAt: new Date(row.createdAt as Date).toISOString(),
  };
}

function entriesQuery() {
  return getDb()
    .select(entryColumns)
    .from(w)
    .innerJoin(e, eq(e.id, w.eventId))
    .leftJoin(tables.ticketTypes, eq(tables.ticketTypes.id, w.ticketTypeId));
}

const DAY = 86_400_000;

/** The event page's waiting list: is it on, is the event sold out, and the caller's place (user null: signed out). */
export async function waitingListState(input: { user: { id: string } | null; eventRef: string; locale: Locale; now?: Date }): Promise<WaitingListState | null> {
  const now = input.now ?? new Date();
  const event = await findEvent(input.eventRef);
  if (!event) return null;
  const { all, onSale } = await typesOnGeneralSale(event.id, now);
  let entry: WaitingEntryView | null = null;
  let owned = 0;
  if (input.user) {
    const [row] = await entriesQuery()
      .where(
        and(
          eq(w.eventId, event.id),
          eq(w.userId, input.user.id),
          or(inArray(w.status, ['waiting', 'offered']), gt(w.updatedAt, new Date(now.getTime() - DAY))),
        ),
      )
      .orderBy(desc(w.createdAt))
      .limit(1);
    if (row) entry = entryView(row, input.locale, now);
    owned = await ownedCount(input.user.id, event.id);
  }
  return {
    enabled: event.waitingListEnabled && salePhase(event, now) === 'open',
    offerMinutes: event.waitingListOfferMinutes,
    soldOut: onSale.size === 0,
    soldOutTicketTypeIds: all.filter((id) => !onSale.has(id)),
    maxQuantity: Math.max(0, Math.min(event.maxTicketsPerOrder, event.maxTicketsPerUser - owned)),
    entry,
  };
}

export type JoinFailure =
  | { ok: false; code: 'EVENT_NOT_FOUND' | 'TICKET_TYPE_NOT_FOUND' | 'WAITING_LIST_OFF' | 'NOT_SOLD_OUT' | 'ALREADY_WAITING' }
  | { ok: false; code: 'LIMIT_PER_USER'; limit: number };

/**
 * Joins the event's waiting list for `quantity` tickets (of one category, or any): only while the list
 * is on, the event on sale and sold out (in that category), within the per-order and per-fan limits,
 * once per fan at a time.
 */
export async function joinWaitingList(input: {
  user: { id: string };
  eventRef: string;
  quantity: number;
  ticketTypeId?: string | null;
  locale: Locale;
  now?: Date;
}): Promise<{ ok: true; entry: WaitingEntryView } | JoinFailure> {
  const now = input.now ?? new Date();
  const event = await findEvent(input.eventRef);
  if (!event) return { ok: false, code: 'EVENT_NOT_FOUND' };
  if (!event.waitingListEnabled || salePhase(event, now) !== 'open') return { ok: false, code: 'WAITING_LIST_OFF' };
  const { all, onSale } = await typesOnGeneralSale(event.id, now);
  const typeId = input.ticketTypeId ?? null;
  if (typeId && !all.includes(typeId)) return { ok: false, code: 'TICKET_TYPE_NOT_FOUND' };
  if (typeId ? onSale.has(typeId) : onSale.size > 0) return { ok: false, code: 'NOT_SOLD_OUT' };
  const limit = Math.min(event.maxTicketsPerOrder, event.maxTicketsPerUser - (await ownedCount(input.user.id, event.id)));
  if (input.quantity > limit) return { ok: false, code: 'LIMIT_PER_USER', limit: Math.max(0, limit) };
  let id: string;
  try {
    const [row] = await getDb()
      .insert(w)
      .values({ eventId: event.id, ticketTypeId: typeId, userId: input.user.id, quantity: input.quantity, createdAt: now, updatedAt: now })
      .returning({ id: w.id });
    id = row.id;
  } catch (error) {
    if (isUniqueViolation(error)) return { ok: false, code: 'ALREADY_WAITING' };
    throw error;
  }
  // A ticket may have come back while the fan joined: the list is asked at once.
  await offerReturned(event.id, { now });
  availabilityChanged(event.id);
  const [row] = await entriesQuery().where(eq(w.id, id));
  return { ok: true, entry: entryView(row, input.locale, now) };
}

/**
 * Leaves the event's waiting list. An offer the fan had is declined: the tickets it held in their cart go
 * back, to the next fan in line.
 */
export async function leaveWaitingList(input: { user: { id: string }; eventRef: string; now?: Date }): Promise<{ ok: true } | { ok: false; code: 'EVENT_NOT_FOUND' | 'WAITING_ENTRY_NOT_FOUND' }> {
  const now = input.now ?? new Date();
  const event = await findEvent(input.eventRef);
  if (!event) return { ok: false, code: 'EVENT_NOT_FOUND' };
  const left = await getDb().transaction(async (tx) => {
    const [entry] = await tx
      .update(w)
      .set({ status: 'left', updatedAt: now })
      .where(and(eq(w.eventId, event.id), eq(w.userId, input.user.id), inArray(w.status, ['waiting', 'offered'])))
      .returning({ id: w.id, holdId: w.holdId, offered: sql<boolean>`${w.offeredAt} is not null` });
    if (!entry) return null;
    if (entry.offered && entry.holdId) await endHold(tx, entry.holdId, 'released', now);
    return entry;
  });
  if (!left) return { ok: false, code: 'WAITING_ENTRY_NOT_FOUND' };
  await offerReturned(event.id, { now });
  availabilityChanged(event.id);
  return { ok: true };
}

/** The caller's waiting-list entries: open ones and those that ended within the last week, newest first. */
export async function myWaitingEntries(input: { user: { id: string }; locale: Locale; now?: Date }): Promise<WaitingEntryView[]> {
  const now = input.now ?? new Date();
  const rows = await entriesQuery()
    .where(
      and(
        eq(w.userId, input.user.id),
        or(inArray(w.status, ['waiting', 'offered']), and(inArray(w.status, ['bought', 'expired', 'closed']), gt(w.updatedAt, new Date(now.getTime() - 7 * DAY)))),
        gt(e.startsAt, new Date(now.getTime() - DAY)),
      ),
    )
    .orderBy(asc(sql`case when ${w.status} in ('waiting', 'offered') then 0 else 1 end`), desc(w.createdAt))
    .limit(50);
  return rows.map((row) => entryView(row, input.locale, now));
}

