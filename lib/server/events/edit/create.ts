import 'server-only';
import { and, eq } from 'drizzle-orm';
import type { CreateEventInput, OrganiserEvent } from '@/lib/schemas/organiser-events';
import { getDb, isUniqueViolation, tables } from '@/lib/server/db';
import { resalePolicyOf } from '@/lib/server/db/schema';
import { eventChanged } from '@/lib/server/events/changed';
import { orgAccess, type AccessFailure } from '@/lib/server/organiser/access';
import { writtenText } from '@/lib/localized-text';
import { eventDefaults, organiserEvent } from './read';
import { dateOrNull, datesFailure, refreshSearchText, slugTitle, titleFailure, uniqueSlug, type DatesFailure, type TitleFailure } from './rules';

export type CreateEventFailure = AccessFailure | DatesFailure | TitleFailure | { ok: false; code: 'VENUE_NOT_FOUND' };

/**
 * A new draft of the organisation at one of its own venues: its title required in the organisation's
 * language (the others stored as written, empty ones read in that language), its slug from that title,
 * its currency the organisation's unless given, its resale rules the organisation's defaults, no image
 * and no price categories yet (it cannot be published before it has both: ./publish.ts).
 */
export async function createEvent(userId: string, input: CreateEventInput): Promise<{ ok: true; event: OrganiserEvent } | CreateEventFailure> {
  const access = await orgAccess(userId, input.organisation, 'events');
  if (!access.ok) return access;
  const db = getDb();
  const [venue] = await db
    .select({ id: tables.venues.id })
    .from(tables.venues)
    .where(and(eq(tables.venues.id, input.venueId), eq(tables.venues.orgId, access.orgId)));
  if (!venue) return { ok: false, code: 'VENUE_NOT_FOUND' };
  const defaults = await eventDefaults(db, access.orgId);
  const untitled = titleFailure(input.title, defaults.language);
  if (untitled) return untitled;
  const title = writtenText(input.title);
  const dates = {
    startsAt: new Date(input.startsAt),
    endsAt: dateOrNull(input.endsAt),
    latestEndAt: dateOrNull(input.endsAt) ?? new Date(input.startsAt),
    doorsAt: dateOrNull(input.doorsAt),
    saleStartsAt: dateOrNull(input.saleStartsAt),
    saleEndsAt: dateOrNull(input.saleEndsAt),
    prioritySaleStartsAt: dateOrNull(input.prioritySaleStartsAt),
    prioritySalePoints: input.prioritySalePoints ?? null,
  };
  const wrong = datesFailure(dates);
  if (wrong) return wrong;

  const insert = () => db.transaction(async (tx) => {
    const [org] = await tx.select({ defaults: tables.organisations.resaleDefaults }).from(tables.organisations).where(eq(tables.organisations.id, access.orgId));
    const policy = resalePolicyOf(org.defaults);
    const [row] = await tx
      .insert(tables.events)
      .values({
        slug: await uniqueSlug(tx, slugTitle(title, defaults.language)),
        orgId: access.orgId,
        venueId: venue.id,
        category: input.category,
        status: 'draft',
        title,
        summary: writtenText(input.summary),
        description: writtenText(input.description),
        performers: input.performers ?? [],
        imageUrl: '',
        currency: input.currency ?? defaults.currency,
        ...dates,
        reservationMinutes: input.reservationMinutes ?? 10,
        maxTicketsPerOrder: input.maxTicketsPerOrder ?? 10,
        maxTicketsPerUser: input.maxTicketsPerUser ?? 20,
        serviceFeeAmount: input.serviceFeeAmount ?? 0,
        transferEnabled: policy.transferEnabled,
        resaleEnabled: policy.resaleEnabled,
        resaleCapPercent: policy.resaleCapPercent,
        resaleCapAmount: policy.resaleCapAmount,
        resaleWindowHours: policy.resaleWindowHours,
        resaleSellerFeeBps: policy.resaleSellerFeeBps,
        resaleBuyerFeeBps: policy.resaleBuyerFeeBps,
        resaleOrganiserSharePercent: policy.resaleOrganiserSharePercent,
        freeTicketsResale: policy.freeTicketsResale,
      })
      .returning({ id: tables.events.id });
    await refreshSearchText(tx, row.id);
    // A draft is not shown to fans; its slug may have been asked for (and found missing) before.
    await eventChanged(row.id, tx);
    return organiserEvent(tx, row.id);
  });
  // Two drafts of the same title at once may pick the same slug: the second tries the next one.
  for (let attempt = 1; ; attempt++) {
    try {
      return { ok: true, event: await insert() };
    } catch (error) {
      if (attempt >= 3 || !isUniqueViolation(error)) throw error;
    }
  }
}
