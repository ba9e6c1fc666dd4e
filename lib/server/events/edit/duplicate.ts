import 'server-only';
import { and, eq, ne } from 'drizzle-orm';
import type { DuplicateEventInput, OrganiserEvent } from '@/lib/schemas/organiser-events';
import { getDb, isUniqueViolation, tables, type Tx } from '@/lib/server/db';
import { eventChanged } from '@/lib/server/events/changed';
import { eventAccess, type AccessFailure } from '@/lib/server/organiser/access';
import type { UnitsTaken } from '@/lib/server/inventory/sync';
import { RETIRED_SECTION_CODE } from '@/lib/server/venues/retired-section';
import { addCategory } from '../price-categories';
import { categoriesOf, organiserEvent } from './read';
import { refreshSearchText, refusable, slugTitle, uniqueSlug } from './rules';

/** The new start has passed: a copy is for a match still to come. */
export type DuplicateFailure =
  | AccessFailure
  | UnitsTaken
  | { ok: false; code: 'DUPLICATE_IN_PAST' | 'SECTION_NOT_IN_VENUE' | 'SECTION_KIND_MISMATCH' | 'CAPACITY_NOT_ALLOWED' };

const shifted = (date: Date | null, by: number): Date | null => (date ? new Date(date.getTime() + by) : null);

/**
 * A new draft of the same organisation at the same venue, like the event (also a past or cancelled one:
 * next season's match from last one's) but at `startsAt`: its texts, category, line-up, currency, limits
 * and service fee; its price categories with their prices, codes, colours and sections or standing
 * places, whose units are made as the organiser's own POST makes them (../price-categories.ts); each
 * category's concessions; the resale and gifting rules; named tickets; the waiting list; priority access
 * for loyal fans; and the gallery (the same stored pictures: ../images.ts removes a file only when no
 * event shows it any more). Doors, end, sale and priority windows move by as much as the start does.
 * Not copied: tickets, orders, carts, seats held back, codes, feedback, announcements, the season.
 */
export async function duplicateEvent(
  userId: string,
  eventId: string,
  input: DuplicateEventInput,
  now: Date = new Date(),
): Promise<{ ok: true; event: OrganiserEvent } | DuplicateFailure> {
  const access = await eventAccess(userId, eventId, 'events');
  if (!access.ok) return access;
  const startsAt = new Date(input.startsAt);
  if (startsAt <= now) return { ok: false, code: 'DUPLICATE_IN_PAST' };

  const copy = (tx: Tx) => copyEvent(tx, eventId, startsAt);
  // Two copies of one title at once may pick the same slug: the second tries the next one (as createEvent does).
  for (let attempt = 1; ; attempt++) {
    try {
      return await refusable<{ ok: true; event: OrganiserEvent }, DuplicateFailure>(() => getDb().transaction(copy));
    } catch (error) {
      if (attempt >= 3 || !isUniqueViolation(error)) throw error;
    }
  }
}

/**
 * The copy itself, in the caller's transaction (duplicateEvent; a season's new match from its template,
 * seasons/template.ts). `sales: false` leaves the sale and priority windows unset (sold from publishing
 * until the start, as the office then sets them).
 */
export async function copyEvent(tx: Tx, sourceId: string, startsAt: Date, options: { sales: boolean } = { sales: true }): Promise<{ ok: true; event: OrganiserEvent }> {
  // Shared: the source's gallery and categories cannot change under the copy (images.ts locks the row to change them).
  const [source] = await tx.select().from(tables.events).where(eq(tables.events.id, sourceId)).for('share');
  const [org] = await tx.select({ language: tables.organisations.language }).from(tables.organisations).where(eq(tables.organisations.id, source.orgId));
  const by = startsAt.getTime() - source.startsAt.getTime();
  const sales = options.sales;
  const endsAt = shifted(source.endsAt, by);
  const [row] = await tx
    .insert(tables.events)
    .values({
      slug: await uniqueSlug(tx, slugTitle(source.title, org.language)),
      orgId: source.orgId,
      venueId: source.venueId,
      category: source.category,
      status: 'draft',
      title: source.title,
      summary: source.summary,
      description: source.description,
      performers: source.performers,
      imageUrl: source.imageUrl,
      gallery: source.gallery,
      currency: source.currency,
      startsAt,
      endsAt,
      latestEndAt: endsAt ?? startsAt,
      doorsAt: shifted(source.doorsAt, by),
      saleStartsAt: sales ? shifted(source.saleStartsAt, by) : null,
      saleEndsAt: sales ? shifted(source.saleEndsAt, by) : null,
      prioritySaleStartsAt: sales ? shifted(source.prioritySaleStartsAt, by) : null,
      prioritySalePoints: sales ? source.prioritySalePoints : null,
      reservationMinutes: source.reservationMinutes,
      maxTicketsPerOrder: source.maxTicketsPerOrder,
      maxTicketsPerUser: source.maxTicketsPerUser,
      serviceFeeAmount: source.serviceFeeAmount,
      transferEnabled: source.transferEnabled,
      resaleEnabled: source.resaleEnabled,
      resaleCapPercent: source.resaleCapPercent,
      resaleCapAmount: source.resaleCapAmount,
      resaleWindowHours: source.resaleWindowHours,
      resaleSellerFeeBps: source.resaleSellerFeeBps,
      resaleBuyerFeeBps: source.resaleBuyerFeeBps,
      resaleOrganiserSharePercent: source.resaleOrganiserSharePercent,
      freeTicketsResale: source.freeTicketsResale,
      namedTickets: source.namedTickets,
      waitingListEnabled: source.waitingListEnabled,
      waitingListOfferMinutes: source.waitingListOfferMinutes,
    })
    .returning({ id: tables.events.id });

  // Sections the venue retired (a changed layout) are no longer sold: the copy leaves them out.
  const live = new Set(
    (
      await tx
        .select({ id: tables.venueSections.id })
        .from(tables.venueSections)
        .where(and(eq(tables.venueSections.venueId, source.venueId), ne(tables.venueSections.code, RETIRED_SECTION_CODE)))
    ).map((section) => section.id),
  );
  const concessions = tables.ticketTypeConcessions;
  for (const category of await categoriesOf(tx, sourceId)) {
    const sectionIds = category.sectionIds.filter((id) => live.has(id));
    const standingPlaces = category.kind === 'standing' && category.sectionIds.length === 0;
    const id = await addCategory(tx, row.id, {
      code: category.code,
      name: category.name,
      kind: category.kind,
      priceAmount: category.priceAmount,
      color: category.color,
      sortOrder: category.sortOrder,
      sectionIds,
      ...(standingPlaces && { capacity: category.capacity }),
    });
    const offered = await tx.select().from(concessions).where(eq(concessions.ticketTypeId, category.id));
    if (offered.length) await tx.insert(concessions).values(offered.map((concession) => ({ ...concession, ticketTypeId: id })));
  }

  const named = await tx.select({ sectionId: tables.eventNamedSections.sectionId }).from(tables.eventNamedSections).where(eq(tables.eventNamedSections.eventId, sourceId));
  const namedLive = named.filter((n) => live.has(n.sectionId));
  if (namedLive.length) await tx.insert(tables.eventNamedSections).values(namedLive.map((n) => ({ eventId: row.id, sectionId: n.sectionId })));

  await refreshSearchText(tx, row.id);
  await eventChanged(row.id, tx);
  return { ok: true, event: await organiserEvent(tx, row.id) };
}
