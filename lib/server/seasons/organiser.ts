import 'server-only';
import { and, asc, eq, inArray, isNotNull, isNull, ne, sql } from 'drizzle-orm';
import type { OrganiserSeason, SeasonCategoriesInput, SeasonCreateInput, SeasonPatchInput } from '@/lib/schemas/seasons';
import { getDb, tables, type Tx } from '@/lib/server/db';
import { eventChanged } from '@/lib/server/events/changed';
import { orgAccess, ownedAccess, venueAccess, type AccessFailure } from '@/lib/server/organiser/access';
import { issueMatchTickets } from './issue';
import { sweepSeasonRenewals } from './renewal-blocks';

// The organiser's seasons: a season groups matches of one venue, sells season tickets at a price per
// season category (each match's price categories mapped onto one) in its sale window, and lets last
// season's holders renew their seat in its renewal
// window. Every call checks the member's role here (owner, manager); another organisation's season is 404.

type WindowFailure = { ok: false; code: 'SEASON_WINDOW_INVALID' };

const iso = (d: Date | null) => (d ? d.toISOString() : null);
const at = (s: string | null | undefined) => (s == null ? s : new Date(s));

/** Access to a season of an organisation the user belongs to (owner, manager); another organisation's is ORG_NOT_FOUND. */
export function seasonAccess(userId: string, seasonId: string) {
  return ownedAccess(userId, 'events', async (db) => (await db.select({ orgId: tables.seasons.orgId }).from(tables.seasons).where(eq(tables.seasons.id, seasonId)))[0]?.orgId);
}

function windowInvalid(w: { saleOpensAt?: Date | null; saleClosesAt?: Date | null; renewalOpensAt?: Date | null; renewalClosesAt?: Date | null }) {
  if (w.saleOpensAt && w.saleClosesAt && w.saleClosesAt <= w.saleOpensAt) return true;
  if (Boolean(w.renewalOpensAt) !== Boolean(w.renewalClosesAt)) return true;
  if (w.renewalOpensAt && w.renewalClosesAt && w.renewalClosesAt <= w.renewalOpensAt) return true;
  return false;
}

export async function seasonView(seasonId: string): Promise<OrganiserSeason> {
  const db = getDb();
  const [season] = await db.select().from(tables.seasons).where(eq(tables.seasons.id, seasonId));
  const [venue] = await db.select({ id: tables.venues.id, name: tables.venues.name }).from(tables.venues).where(eq(tables.venues.id, season.venueId));
  const [renews] = season.renewsSeasonId ? await db.select({ id: tables.seasons.id, name: tables.seasons.name }).from(tables.seasons).where(eq(tables.seasons.id, season.renewsSeasonId)) : [];
  const matches = await db
    .select({ id: tables.events.id, title: tables.events.title, startsAt: tables.events.startsAt, status: tables.events.status })
    .from(tables.events)
    .where(eq(tables.events.seasonId, seasonId))
    .orderBy(asc(tables.events.startsAt));
  const categories = await db
    .select({ id: tables.seasonCategories.id, name: tables.seasonCategories.name, color: tables.seasonCategories.color, price: tables.seasonCategories.priceAmount })
    .from(tables.seasonCategories)
    .where(eq(tables.seasonCategories.seasonId, seasonId))
    .orderBy(asc(tables.seasonCategories.sort), asc(tables.seasonCategories.id));
  const types = matches.length
    ? await db
        .select({ id: tables.ticketTypes.id, eventId: tables.ticketTypes.eventId, code: tables.ticketTypes.code, name: tables.ticketTypes.name, color: tables.ticketTypes.color, seasonCategoryId: tables.ticketTypes.seasonCategoryId })
        .from(tables.ticketTypes)
        .where(and(inArray(tables.ticketTypes.eventId, matches.map((m) => m.id)), eq(tables.ticketTypes.kind, 'seated')))
        .orderBy(asc(tables.ticketTypes.sortOrder), asc(tables.ticketTypes.code))
    : [];
  const own = new Set(categories.map((c) => c.id));
  const candidates = await db
    .select({ id: tables.events.id, title: tables.events.title, startsAt: tables.events.startsAt })
    .from(tables.events)
    .where(and(eq(tables.events.orgId, season.orgId), eq(tables.events.venueId, season.venueId), isNull(tables.events.seasonId), ne(tables.events.status, 'cancelled'), sql`${tables.events.startsAt} > now()`))
    .orderBy(asc(tables.events.startsAt));
  const [{ holders }] = await db.select({ holders: sql<number>`count(*)::int` }).from(tables.seasonTickets).where(eq(tables.seasonTickets.seasonId, seasonId));
  return {
    id: season.id,
    slug: season.slug,
    name: season.name,
    venue: venue,
    currency: season.currency,
    renewsSeason: renews ?? null,
    saleOpensAt: iso(season.saleOpensAt),
    saleClosesAt: iso(season.saleClosesAt),
    renewalOpensAt: iso(season.renewalOpensAt),
    renewalClosesAt: iso(season.renewalClosesAt),
    transferEnabled: season.transferEnabled,
    releaseSharePercent: season.releaseSharePercent,
    cancelRefundMode: season.cancelRefundMode,
    templateEventId: season.templateEventId,
    holders,
    matches: matches.map((m) => ({
      ...m,
      startsAt: m.startsAt.toISOString(),
      priceCategories: types
        .filter((t) => t.eventId === m.id)
        .map((t) => ({ id: t.id, code: t.code, name: t.name, color: t.color, seasonCategoryId: t.seasonCategoryId && own.has(t.seasonCategoryId) ? t.seasonCategoryId : null })),
    })),
    categories,
    candidates: candidates.map((c) => ({ ...c, startsAt: c.startsAt.toISOString() })),
  };
}

/** The organisation's seasons, newest first. */
export async function listSeasons(userId: string, orgId: string): Promise<{ ok: true; seasons: OrganiserSeason[] } | AccessFailure> {
  const access = await orgAccess(userId, orgId, 'events');
  if (!access.ok) return access;
  const rows = await getDb().select({ id: tables.seasons.id }).from(tables.seasons).where(eq(tables.seasons.orgId, orgId)).orderBy(sql`${tables.seasons.startsOn} desc`);
  return { ok: true, seasons: await Promise.all(rows.map((r) => seasonView(r.id))) };
}

export async function getSeason(userId: string, seasonId: string): Promise<{ ok: true; season: OrganiserSeason } | AccessFailure> {
  const access = await seasonAccess(userId, seasonId);
  if (!access.ok) return access;
  return { ok: true, season: await seasonView(seasonId) };
}

const slugify = (text: string) =>
  text.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '').slice(0, 60) || 'season';

export async function createSeason(
  userId: string,
  input: SeasonCreateInput,
): Promise<{ ok: true; season: OrganiserSeason } | AccessFailure | WindowFailure | { ok: false; code: 'VENUE_NOT_FOUND' | 'SEASON_NOT_FOUND' }> {
  const access = await orgAccess(userId, input.organisation, 'events');
  if (!access.ok) return access;
  const venue = await venueAccess(userId, input.venueId, 'events');
  if (!venue.ok || venue.orgId !== input.organisation) return { ok: false, code: 'VENUE_NOT_FOUND' };
  const db = getDb();
  if (input.renewsSeasonId) {
    const [previous] = await db.select({ orgId: tables.seasons.orgId }).from(tables.seasons).where(eq(tables.seasons.id, input.renewsSeasonId));
    if (previous?.orgId !== input.organisation) return { ok: false, code: 'SEASON_NOT_FOUND' };
  }
  const windows = { saleOpensAt: at(input.saleOpensAt), saleClosesAt: at(input.saleClosesAt), renewalOpensAt: at(input.renewalOpensAt), renewalClosesAt: at(input.renewalClosesAt) };
  if (windowInvalid(windows)) return { ok: false, code: 'SEASON_WINDOW_INVALID' };
  const today = new Date().toISOString().slice(0, 10);
  const base = slugify(input.name.sk);
  let slug = base;
  for (let n = 2; (await db.select({ id: tables.seasons.id }).from(tables.seasons).where(eq(tables.seasons.slug, slug))).length; n++) slug = `${base}-${n}`;
  const [row] = await db
    .insert(tables.seasons)
    .values({
      orgId: input.organisation,
      slug,
      name: input.name,
      venueId: input.venueId,
      startsOn: today,
      endsOn: today,
      currency: input.currency,
      renewsSeasonId: input.renewsSeasonId,
      transferEnabled: input.transferEnabled,
      releaseSharePercent: input.releaseSharePercent,
      ...(input.cancelRefundMode ? { cancelRefundMode: input.cancelRefundMode } : {}),
      ...windows,
    })
    .returning({ id: tables.seasons.id });
  await sweepSeasonRenewals();
  return { ok: true, season: await seasonView(row.id) };
}

export async function updateSeason(userId: string, seasonId: string, input: SeasonPatchInput): Promise<{ ok: true; season: OrganiserSeason } | AccessFailure | WindowFailure> {
  const access = await seasonAccess(userId, seasonId);
  if (!access.ok) return access;
  const db = getDb();
  const [current] = await db.select().from(tables.seasons).where(eq(tables.seasons.id, seasonId));
  const patch = {
    ...(input.name ? { name: input.name } : {}),
    ...(input.transferEnabled !== undefined ? { transferEnabled: input.transferEnabled } : {}),
    ...(input.releaseSharePercent !== undefined ? { releaseSharePercent: input.releaseSharePercent } : {}),
    // Read when each share is refunded (events/cancel.ts): a change applies to the refunds still to come.
    ...(input.cancelRefundMode !== undefined ? { cancelRefundMode: input.cancelRefundMode } : {}),
    ...(input.saleOpensAt !== undefined ? { saleOpensAt: at(input.saleOpensAt) } : {}),
    ...(input.saleClosesAt !== undefined ? { saleClosesAt: at(input.saleClosesAt) } : {}),
    ...(input.renewalOpensAt !== undefined ? { renewalOpensAt: at(input.renewalOpensAt) } : {}),
    ...(input.renewalClosesAt !== undefined ? { renewalClosesAt: at(input.renewalClosesAt) } : {}),
  };
  if (windowInvalid({ ...current, ...patch })) return { ok: false, code: 'SEASON_WINDOW_INVALID' };
  if (Object.keys(patch).length) {
    await db.update(tables.seasons).set(patch).where(eq(tables.seasons.id, seasonId));
    // Each match's page names its season and links its sale while a window is open.
    const matches = await db.select({ id: tables.events.id }).from(tables.events).where(eq(tables.events.seasonId, seasonId));
    for (const match of matches) await eventChanged(match.id);
  }
  // A renewal window that moved holds seats back, or gives them back, at once.
  await sweepSeasonRenewals();
  return { ok: true, season: await seasonView(seasonId) };
}

/**
 * Saves the season's categories and their prices, and maps every seated price category of the season's
 * matches onto one of them (or none: its seats are then not on season sale). One document (see
 * seasonCategoriesSchema): a category left out is deleted and what was mapped onto it is unmapped.
 */
export async function setSeasonCategories(
  userId: string,
  seasonId: string,
  input: SeasonCategoriesInput,
): Promise<{ ok: true; season: OrganiserSeason } | AccessFailure | { ok: false; code: 'SEASON_CATEGORY_INVALID' }> {
  const access = await seasonAccess(userId, seasonId);
  if (!access.ok) return access;
  const result = await getDb().transaction(async (tx) => {
    // Two saves at once: the second waits and then replaces the first whole, never a mix of both.
    await tx.select({ id: tables.seasons.id }).from(tables.seasons).where(eq(tables.seasons.id, seasonId)).for('update');
    const existing = await tx.select({ id: tables.seasonCategories.id }).from(tables.seasonCategories).where(eq(tables.seasonCategories.seasonId, seasonId));
    const existingIds = new Set(existing.map((e) => e.id));
    const keptIds = input.categories.flatMap((c) => (c.id ? [c.id] : []));
    if (keptIds.some((id) => !existingIds.has(id)) || new Set(keptIds).size !== keptIds.length) return { ok: false as const, code: 'SEASON_CATEGORY_INVALID' as const };
    const types = await tx
      .select({ id: tables.ticketTypes.id })
      .from(tables.ticketTypes)
      .innerJoin(tables.events, eq(tables.events.id, tables.ticketTypes.eventId))
      .where(and(eq(tables.events.seasonId, seasonId), eq(tables.ticketTypes.kind, 'seated')));
    const typeIds = new Set(types.map((t) => t.id));
    const mapped = new Map(input.mapping.map((m) => [m.ticketTypeId, m.category]));
    if (mapped.size !== input.mapping.length || input.mapping.some((m) => !typeIds.has(m.ticketTypeId) || (m.category !== null && m.category >= input.categories.length))) {
      return { ok: false as const, code: 'SEASON_CATEGORY_INVALID' as const };
    }
    const gone = [...existingIds].filter((id) => !keptIds.includes(id));
    if (gone.length) await tx.delete(tables.seasonCategories).where(inArray(tables.seasonCategories.id, gone));
    const ids: string[] = [];
    for (const [sort, category] of input.categories.entries()) {
      const values = { name: category.name, color: category.color, priceAmount: category.price, sort };
      if (category.id) {
        await tx.update(tables.seasonCategories).set(values).where(eq(tables.seasonCategories.id, category.id));
        ids.push(category.id);
      } else {
        const [row] = await tx.insert(tables.seasonCategories).values({ seasonId, ...values }).returning({ id: tables.seasonCategories.id });
        ids.push(row.id);
      }
    }
    for (const typeId of typeIds) {
      const index = mapped.get(typeId);
      await tx.update(tables.ticketTypes).set({ seasonCategoryId: index == null ? null : ids[index] }).where(eq(tables.ticketTypes.id, typeId));
    }
    return { ok: true as const };
  });
  if (!result.ok) return result;
  return { ok: true, season: await seasonView(seasonId) };
}

/**
 * Adds a match of the organisation at the season's venue to the season and issues every holder their
 * ticket for it at once, exactly once (issue.ts). `missing`: holders whose seat was not free at that match.
 */
export async function addSeasonMatch(
  userId: string,
  seasonId: string,
  eventId: string,
  now = new Date(),
): Promise<{ ok: true; season: OrganiserSeason; issued: number; missing: number } | AccessFailure | { ok: false; code: 'SEASON_MATCH_INVALID' }> {
  const access = await seasonAccess(userId, seasonId);
  if (!access.ok) return access;
  const result = await getDb().transaction((tx) => addMatchIn(tx, seasonId, eventId, now));
  if (!result.ok) return result;
  await sweepSeasonRenewals();
  return { ...result, season: await seasonView(seasonId) };
}

/**
 * addSeasonMatch's work in the caller's transaction (also a new match made from the season's template:
 * ./template.ts); the caller sweeps the renewal blocks afterwards.
 */
export async function addMatchIn(tx: Tx, seasonId: string, eventId: string, now: Date): Promise<{ ok: true; issued: number; missing: number } | { ok: false; code: 'SEASON_MATCH_INVALID' }> {
  const [season] = await tx.select().from(tables.seasons).where(eq(tables.seasons.id, seasonId)).for('update');
  const [event] = await tx
    .select({ id: tables.events.id, orgId: tables.events.orgId, venueId: tables.events.venueId, seasonId: tables.events.seasonId, status: tables.events.status, startsAt: tables.events.startsAt })
    .from(tables.events)
    .where(eq(tables.events.id, eventId))
    .for('update');
  // A season ticket is a seat: a match that sells no seats (standing only) would leave every holder without a ticket.
  const [seated] = event
    ? await tx.select({ id: tables.inventoryUnits.id }).from(tables.inventoryUnits).where(and(eq(tables.inventoryUnits.eventId, eventId), isNotNull(tables.inventoryUnits.seatId))).limit(1)
    : [];
  if (!event || !seated || event.orgId !== season.orgId || event.venueId !== season.venueId || event.status === 'cancelled' || (event.seasonId && event.seasonId !== seasonId)) {
    return { ok: false as const, code: 'SEASON_MATCH_INVALID' as const };
  }
  if (!event.seasonId) await tx.update(tables.events).set({ seasonId }).where(eq(tables.events.id, eventId));
  // A category of the new match with the code of one the season's other matches all map to the same season
  // category starts mapped to it (the usual case: the same stands at every match), so adding a match does not
  // take the season off sale; any other category waits for the office to map it (its seats are not on season sale).
  await tx.execute(sql`
    update ticket_types tt set season_category_id = m.category
    from (
      select o.code, min(o.season_category_id::text)::uuid as category
      from ticket_types o join events e on e.id = o.event_id
      where e.season_id = ${seasonId}::uuid and o.event_id <> ${eventId}::uuid and o.season_category_id is not null
      group by o.code having count(distinct o.season_category_id) = 1
    ) m
    where tt.event_id = ${eventId}::uuid and tt.code = m.code and tt.season_category_id is null`);
  const day = event.startsAt.toISOString().slice(0, 10);
  const [{ n }] = await tx.select({ n: sql<number>`count(*)::int` }).from(tables.events).where(eq(tables.events.seasonId, seasonId));
  await tx
    .update(tables.seasons)
    .set(n <= 1 ? { startsOn: day, endsOn: day } : { startsOn: sql`least(${tables.seasons.startsOn}, ${day}::date)`, endsOn: sql`greatest(${tables.seasons.endsOn}, ${day}::date)` })
    .where(eq(tables.seasons.id, seasonId));
  const issued = await issueMatchTickets(tx, { seasonId, eventId, now });
  await eventChanged(eventId, tx);
  return { ok: true as const, issued: issued.issued, missing: issued.missing.length };
}
