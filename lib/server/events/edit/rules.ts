import 'server-only';
import { eq, sql } from 'drizzle-orm';
import { eventSearchText } from '@/lib/search-text';
import { rowsOf, tables, type Tx } from '@/lib/server/db';
import type { LocalizedText } from '@/lib/server/db/schema';
import type { Locale } from '@/lib/i18n/locales';
import { textIn } from '@/lib/localized-text';

// What creating and editing an event agree on: the title in the organisation's language, the order of its dates, its slug,
// its search text, and what fans already have of it.

type LocalizedInput = { sk?: string; cs?: string; en?: string };

export type TitleFailure = { ok: false; code: 'TITLE_REQUIRED'; language: Locale };

/**
 * The event's title must be written in the organisation's own language (the one every empty language is
 * read in: lib/localized-text.ts); the other languages may stay empty and are stored so, never copied.
 */
export function titleFailure(title: LocalizedInput, language: Locale): TitleFailure | null {
  return title[language]?.trim() ? null : { ok: false, code: 'TITLE_REQUIRED', language };
}

/** The title a slug is made of: the organisation's language, else any written. */
export const slugTitle = (title: LocalizedText, language: Locale): string => textIn(title, language, language);

export type EventDates = {
  startsAt: Date;
  endsAt: Date | null;
  doorsAt: Date | null;
  saleStartsAt: Date | null;
  saleEndsAt: Date | null;
  prioritySaleStartsAt: Date | null;
  prioritySalePoints: number | null;
};

export type DatesFailure = { ok: false; code: 'DOORS_AFTER_START' | 'END_BEFORE_START' | 'SALE_WINDOW_INVALID' | 'PRIORITY_WINDOW_INVALID' };

/**
 * Doors open no later than the start, the end is after it, sales open before they close, and priority
 * access (both its time and its points, or neither) opens before the general sale and the start.
 */
export function datesFailure(dates: EventDates): DatesFailure | null {
  if (dates.doorsAt && dates.doorsAt > dates.startsAt) return { ok: false, code: 'DOORS_AFTER_START' };
  if (dates.endsAt && dates.endsAt <= dates.startsAt) return { ok: false, code: 'END_BEFORE_START' };
  if (dates.saleStartsAt && dates.saleEndsAt && dates.saleEndsAt <= dates.saleStartsAt) return { ok: false, code: 'SALE_WINDOW_INVALID' };
  if ((dates.prioritySaleStartsAt === null) !== (dates.prioritySalePoints === null)) return { ok: false, code: 'PRIORITY_WINDOW_INVALID' };
  if (dates.prioritySaleStartsAt && (!dates.saleStartsAt || dates.prioritySaleStartsAt >= dates.saleStartsAt)) return { ok: false, code: 'PRIORITY_WINDOW_INVALID' };
  return null;
}

export const dateOrNull = (value: string | null | undefined): Date | null => (value ? new Date(value) : null);

/** An ASCII slug of the title (slugTitle), made unique among all events (URLs are global). */
export async function uniqueSlug(tx: Tx, title: string): Promise<string> {
  const base =
    title
      .normalize('NFD')
      .replace(/\p{Diacritic}/gu, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 100)
      .replace(/-+$/, '') || 'event';
  const taken = new Set(
    rowsOf<{ slug: string }>(await tx.execute(sql`select slug from events where slug = ${base} or slug like ${`${base}-%`}`)).map((r) => r.slug),
  );
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
}

/** The event's search text from its current row, venue and organisation (after any change of them). */
export async function refreshSearchText(tx: Tx, eventId: string): Promise<void> {
  const [row] = await tx
    .select({
      title: tables.events.title,
      performers: tables.events.performers,
      venueName: tables.venues.name,
      venueCity: tables.venues.city,
      orgName: tables.organisations.name,
    })
    .from(tables.events)
    .innerJoin(tables.venues, eq(tables.venues.id, tables.events.venueId))
    .innerJoin(tables.organisations, eq(tables.organisations.id, tables.events.orgId))
    .where(eq(tables.events.id, eventId));
  await tx.update(tables.events).set({ searchText: eventSearchText(row) }).where(eq(tables.events.id, eventId));
}

/**
 * What fans have of the event: tickets not voided, and places in carts whose time has not run out.
 * Currency and venue may not change once there is any.
 */
export async function fansHave(tx: Tx, eventId: string): Promise<number> {
  const [row] = rowsOf<{ n: number }>(
    await tx.execute(sql`
      select ((select count(*) from tickets t where t.event_id = ${eventId} and t.status <> 'void')
            + (select count(*) from inventory_units u where u.event_id = ${eventId}
                 and (u.status = 'sold' or unit_is_held(u.status, u.held_until, now()))))::int as n`),
  );
  return Number(row?.n ?? 0);
}

/** A refusal found after the transaction has written: thrown to roll it back, answered as the failure. */
class Refused<F extends { ok: false }> extends Error {
  constructor(readonly failure: F) {
    super(String((failure as { code?: string }).code));
  }
}

/** Rolls the organiser's transaction back and answers `failure` (see `refusable`). */
export function refuse<F extends { ok: false }>(failure: F): never {
  throw new Refused(failure);
}

/** Runs a transaction in which `refuse(failure)` rolls everything back and answers the failure. */
export async function refusable<T, F extends { ok: false }>(run: () => Promise<T>): Promise<T | F> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof Refused) return error.failure as F;
    throw error;
  }
}
