import 'server-only';
import { and, asc, eq, getTableColumns, inArray, sql } from 'drizzle-orm';
import type { Locale } from '@/lib/i18n/routing';
import { isUuid } from '@/lib/ids';
import { getDb, rowsOf, tables } from '@/lib/server/db';
import type { LocalizedText, VenueOutlineShape } from '@/lib/server/db/schema';
import { availabilityChanged } from '@/lib/server/events/changed';
import { endHold } from '@/lib/server/cart/lifecycle';
import { checkout, type CheckoutResult, type CheckoutUrls } from '@/lib/server/orders/checkout';
import { renewalOpen, seasonWindowColumns } from './windows';

// Selling season tickets to fans. What a seat is for a fan (free at every remaining match, reserved for
// last season's holder while the renewal lasts, …) is the database function season_seats; holding is
// season_hold (lib/server/db/functions.sql). A season hold is a hold like any other (holds.season_id):
// it is paid through the one checkout, and the sweeper gives its seats back when its time runs out.

/** Minutes a season-ticket hold lasts before it is paid. */
export const SEASON_HOLD_MINUTES = 15;

export type SeasonSeatState = 'free' | 'renew' | 'reserved' | 'mine' | 'sold' | 'taken';

export type SeasonSale = {
  id: string;
  slug: string;
  name: LocalizedText;
  currency: 'EUR' | 'CZK';
  venue: { name: string; city: string; width: number; height: number; outline: VenueOutlineShape[] };
  saleOpensAt: string | null;
  saleClosesAt: string | null;
  renewalOpensAt: string | null;
  renewalClosesAt: string | null;
  /** Open now: general sale (free seats) and the renewal (the fan's own seat of last season). */
  saleOpen: boolean;
  renewalOpen: boolean;
  matches: { id: string; slug: string; title: LocalizedText; startsAt: string }[];
  /** The season categories the seats are priced in (each seat's categoryId). */
  prices: { categoryId: string; name: LocalizedText; price: number; color: string }[];
  sections: {
    id: string;
    name: LocalizedText;
    labelX: number | null;
    labelY: number | null;
    rows: { label: string; seats: { id: string; label: string; x: number; y: number; categoryId: string | null; state: SeasonSeatState }[] }[];
  }[];
};

type SeasonRow = typeof tables.seasons.$inferSelect & { saleOpen: boolean; renewalOpen: boolean };

/** The season, with whether its sale and renewal are open at `now` (./windows.ts). */
async function findSeason(ref: string, now = new Date()): Promise<SeasonRow | null> {
  const [row] = await getDb()
    .select({ ...getTableColumns(tables.seasons), ...seasonWindowColumns(now) })
    .from(tables.seasons)
    .where(isUuid(ref) ? eq(tables.seasons.id, ref) : eq(tables.seasons.slug, ref));
  return row ?? null;
}

/** The season as its sale page shows it to `userId` (or anyone): the remaining matches, prices and every seat's state. */
export async function seasonSale(ref: string, userId: string | null, now = new Date()): Promise<SeasonSale | null> {
  const season = await findSeason(ref, now);
  if (!season || (!season.saleOpensAt && !season.renewalOpensAt)) return null;
  const db = getDb();
  const at = now.toISOString();
  const [venue] = await db.select().from(tables.venues).where(eq(tables.venues.id, season.venueId));
  const matches = rowsOf<{ id: string; slug: string; title: LocalizedText | string; starts_at: string | Date }>(
    await db.execute(sql`select e.id, e.slug, e.title, e.starts_at from season_remaining_matches(${season.id}::uuid, ${at}::timestamptz) r join events e on e.id = r.event_id order by r.starts_at`),
  );
  const states = rowsOf<{ seat_id: string; category_id: string | null; state: SeasonSeatState }>(
    await db.execute(sql`select seat_id, category_id, state from season_seats(${season.id}::uuid, ${userId}::uuid, ${at}::timestamptz, null::uuid[])`),
  );
  const stateOf = new Map(states.map((s) => [s.seat_id, s]));
  const used = new Set(states.map((s) => s.category_id));
  const categories = (await db.select().from(tables.seasonCategories).where(eq(tables.seasonCategories.seasonId, season.id))).filter((c) => used.has(c.id));
  const seats = await db
    .select({
      sectionId: tables.venueSections.id,
      sectionName: tables.venueSections.name,
      labelX: tables.venueSections.labelX,
      labelY: tables.venueSections.labelY,
      row: tables.venueRows.label,
      id: tables.venueSeats.id,
      label: tables.venueSeats.label,
      x: tables.venueSeats.x,
      y: tables.venueSeats.y,
    })
    .from(tables.venueSeats)
    .innerJoin(tables.venueSections, eq(tables.venueSections.id, tables.venueSeats.sectionId))
    .innerJoin(tables.venueRows, eq(tables.venueRows.id, tables.venueSeats.rowId))
    .where(and(eq(tables.venueSeats.venueId, season.venueId), inArray(tables.venueSeats.id, states.length ? states.map((s) => s.seat_id) : [season.venueId])))
    .orderBy(asc(tables.venueSections.sortOrder), asc(tables.venueSections.code), asc(tables.venueRows.sortOrder), asc(tables.venueSeats.sortOrder));
  const sections: SeasonSale['sections'] = [];
  for (const seat of seats) {
    let section = sections.at(-1);
    if (!section || section.id !== seat.sectionId) {
      section = { id: seat.sectionId, name: seat.sectionName, labelX: seat.labelX, labelY: seat.labelY, rows: [] };
      sections.push(section);
    }
    let row = section.rows.at(-1);
    if (!row || row.label !== seat.row) {
      row = { label: seat.row, seats: [] };
      section.rows.push(row);
    }
    const state = stateOf.get(seat.id);
    row.seats.push({ id: seat.id, label: seat.label, x: seat.x, y: seat.y, categoryId: state?.category_id ?? null, state: state?.state ?? 'taken' });
  }
  return {
    id: season.id,
    slug: season.slug,
    name: season.name,
    currency: season.currency,
    venue: { name: venue.name, city: venue.city, width: venue.mapWidth ?? 1000, height: venue.mapHeight ?? 700, outline: venue.outline },
    saleOpensAt: season.saleOpensAt?.toISOString() ?? null,
    saleClosesAt: season.saleClosesAt?.toISOString() ?? null,
    renewalOpensAt: season.renewalOpensAt?.toISOString() ?? null,
    renewalClosesAt: season.renewalClosesAt?.toISOString() ?? null,
    saleOpen: season.saleOpen,
    renewalOpen: season.renewalOpen,
    matches: matches.map((m) => ({ id: m.id, slug: m.slug, title: typeof m.title === 'string' ? JSON.parse(m.title) : m.title, startsAt: new Date(m.starts_at).toISOString() })),
    prices: categories.map((c) => ({ categoryId: c.id, name: c.name, price: c.priceAmount, color: c.color })).sort((a, b) => b.price - a.price),
    sections,
  };
}

export type SeasonHoldResult =
  | { ok: true; holdId: string; expiresAt: Date }
  | { ok: false; code: 'SEASON_NOT_FOUND' | 'SEASON_NOT_ON_SALE' }
  | { ok: false; code: 'SEASON_SEAT_TAKEN'; seatIds: string[] };

/**
 * Holds the seats for a season ticket of `userId`, all or nothing over every remaining match (season_hold).
 * `presaleAdmitted`: the fan's admission came from the season sale's presale window (queue/admission.ts),
 * so the general sale counts as open before its opening (until it closes).
 * The fan's previous unpaid season hold of this season ends first (its seats go back on sale), through
 * the one way a hold ends (cart/lifecycle.ts).
 */
export async function holdSeasonSeats(input: { userId: string; seasonRef: string; seatIds: string[]; now?: Date; presaleAdmitted?: boolean }): Promise<SeasonHoldResult> {
  const now = input.now ?? new Date();
  const season = await findSeason(input.seasonRef);
  if (!season) return { ok: false, code: 'SEASON_NOT_FOUND' };
  const seats = `{${[...new Set(input.seatIds)].join(',')}}`;
  const result = await getDb().transaction(async (tx) => {
    const open = await tx
      .select({ id: tables.holds.id })
      .from(tables.holds)
      .where(and(eq(tables.holds.userId, input.userId), eq(tables.holds.seasonId, season.id), inArray(tables.holds.status, ['active', 'ordered'])))
      .for('update');
    for (const hold of open) await endHold(tx, hold.id, 'released', now);
    const [row] = rowsOf<{ outcome: 'held' | 'taken' | 'not_on_sale'; hold_id: string | null; expires_at: string | Date | null; detail: unknown }>(
      await tx.execute(
        sql`select * from season_hold(${input.userId}::uuid, ${season.id}::uuid, ${seats}::uuid[], ${now.toISOString()}::timestamptz, ${SEASON_HOLD_MINUTES}::int, ${input.presaleAdmitted ?? false}::boolean)`,
      ),
    );
    return row;
  });
  if (result.outcome === 'not_on_sale') return { ok: false, code: 'SEASON_NOT_ON_SALE' };
  if (result.outcome === 'taken') {
    const detail = typeof result.detail === 'string' ? JSON.parse(result.detail) : result.detail;
    return { ok: false, code: 'SEASON_SEAT_TAKEN', seatIds: (detail as string[]) ?? [] };
  }
  const matches = await getDb().select({ id: tables.events.id }).from(tables.events).where(eq(tables.events.seasonId, season.id));
  for (const m of matches) availabilityChanged(m.id);
  return { ok: true, holdId: result.hold_id!, expiresAt: new Date(result.expires_at!) };
}

export type SeasonPurchaseResult = Exclude<SeasonHoldResult, { ok: true }> | Exclude<CheckoutResult, { ok: true }> | { ok: true; orderId: string; paymentUrl: string; paid: boolean };

/**
 * Buys (or renews) a season ticket: holds the seats and checks out like any order; the fan pays at the
 * provider, and the paid order issues a ticket for every remaining match (seasons/fulfil.ts).
 */
export async function purchaseSeason(input: {
  user: { id: string; email: string };
  seasonRef: string;
  seatIds: string[];
  locale: Locale;
  urls: CheckoutUrls;
  now?: Date;
  /** Admitted by the season sale's waiting room in its presale window: the sale counts as open before its opening. */
  presaleAdmitted?: boolean;
}): Promise<SeasonPurchaseResult> {
  const held = await holdSeasonSeats({ userId: input.user.id, seasonRef: input.seasonRef, seatIds: input.seatIds, now: input.now, presaleAdmitted: input.presaleAdmitted });
  if (!held.ok) return held;
  const [hold] = await getDb().select({ eventId: tables.holds.eventId, seasonId: tables.holds.seasonId }).from(tables.holds).where(eq(tables.holds.id, held.holdId));
  const result = await checkout({ user: input.user, eventRef: hold.eventId, seasonId: hold.seasonId!, locale: input.locale, urls: input.urls, now: input.now });
  if (!result.ok) return result;
  return { ok: true, orderId: result.orderId, paymentUrl: result.paymentUrl, paid: result.paid };
}

/** The fan's own seat of last season, to renew in this one: what the renewal's two taps buy. */
export async function renewableSeat(userId: string, seasonRef: string, now = new Date()): Promise<string | null> {
  const season = await findSeason(seasonRef, now);
  if (!season) return null;
  const [row] = rowsOf<{ seat_id: string }>(
    await getDb().execute(sql`select seat_id from season_seats(${season.id}::uuid, ${userId}::uuid, ${now.toISOString()}::timestamptz, null::uuid[]) where state = 'renew' limit 1`),
  );
  return row?.seat_id ?? null;
}

/** Renews the fan's seat of last season: a purchase of exactly that seat, refused when there is none to renew. */
export async function renewSeason(input: { user: { id: string; email: string }; seasonRef: string; locale: Locale; urls: CheckoutUrls; now?: Date }): Promise<SeasonPurchaseResult | { ok: false; code: 'NOTHING_TO_RENEW' }> {
  const seat = await renewableSeat(input.user.id, input.seasonRef, input.now);
  if (!seat) return { ok: false, code: 'NOTHING_TO_RENEW' };
  return purchaseSeason({ ...input, seatIds: [seat] });
}

export type Renewal = { seasonId: string; seasonSlug: string; seasonName: LocalizedText; renewalClosesAt: string; currency: 'EUR' | 'CZK'; price: number; seat: { section: LocalizedText; row: string; seat: string } };

/** The seasons whose renewal is open now in which the fan still has a seat to renew (Your tickets' season section). */
export async function openRenewals(userId: string, now = new Date()): Promise<Renewal[]> {
  const db = getDb();
  const seasons = await db
    .select()
    .from(tables.seasons)
    .where(sql`${renewalOpen(now)}
      and exists (select 1 from season_tickets prev where prev.season_id = ${tables.seasons.renewsSeasonId} and prev.user_id = ${userId}::uuid)`);
  const renewals: Renewal[] = [];
  for (const season of seasons) {
    const [row] = rowsOf<{ seat_id: string; price: number; section: LocalizedText | string; row: string; seat: string }>(
      await db.execute(sql`select ss.seat_id, ss.price, sec.name as section, r.label as row, vs.label as seat
        from season_seats(${season.id}::uuid, ${userId}::uuid, ${now.toISOString()}::timestamptz, null::uuid[]) ss
        join venue_seats vs on vs.id = ss.seat_id join venue_rows r on r.id = vs.row_id join venue_sections sec on sec.id = vs.section_id
        where ss.state = 'renew' limit 1`),
    );
    if (!row) continue;
    renewals.push({
      seasonId: season.id,
      seasonSlug: season.slug,
      seasonName: season.name,
      renewalClosesAt: season.renewalClosesAt!.toISOString(),
      currency: season.currency,
      price: row.price,
      seat: { section: typeof row.section === 'string' ? JSON.parse(row.section) : row.section, row: row.row, seat: row.seat },
    });
  }
  return renewals;
}
