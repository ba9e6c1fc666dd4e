import 'server-only';
import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import { SEASON_RELEASES_LIMIT, type SeasonReleases } from '@/lib/schemas/season-releases';
import { getDb, tables } from '@/lib/server/db';
import type { AccessFailure } from '@/lib/server/organiser/access';
import { shortName } from '@/lib/server/tickets/gift-trace';
import { outstandingWalletCredit } from '@/lib/server/wallet';
import { seasonAccess } from './organiser';

// The organiser's console on seats its season-ticket holders released for credit (issue 18 item 3): each
// release with its match, seat, holder (named only as "Jana N."), what became of it and the credit granted;
// the season's totals; and the wallet credit the organisation still owes its fans. Owner and manager only;
// another organisation's season answers like one that does not exist.

const r = tables.seasonReleases;

export async function seasonReleasesReport(
  userId: string,
  seasonId: string,
  filter: { eventId?: string } = {},
  now = new Date(),
): Promise<{ ok: true; report: SeasonReleases } | AccessFailure> {
  const access = await seasonAccess(userId, seasonId);
  if (!access.ok) return access;
  const db = getDb();
  const [season] = await db.select({ currency: tables.seasons.currency }).from(tables.seasons).where(eq(tables.seasons.id, seasonId));
  const where: SQL = and(eq(tables.seasonTickets.seasonId, seasonId), filter.eventId ? eq(r.eventId, filter.eventId) : undefined)!;
  // The credit granted is the ledger's (one row per sold release), not the figure promised at release.
  const credit = sql`(select l.amount from wallet_ledger l where l.release_id = ${r.id} and l.kind = 'release_credit')`;
  const [rows, [totals], walletCredit] = await Promise.all([
    db
      .select({
        id: r.id,
        status: r.status,
        releasedAt: r.createdAt,
        resolvedAt: r.resolvedAt,
        creditAmount: r.creditAmount,
        currency: r.currency,
        granted: sql<number | null>`${credit}`,
        eventId: tables.events.id,
        slug: tables.events.slug,
        title: tables.events.title,
        startsAt: tables.events.startsAt,
        firstName: tables.users.firstName,
        lastName: tables.users.lastName,
        section: tables.venueSections.name,
        row: tables.venueRows.label,
        seat: tables.venueSeats.label,
      })
      .from(r)
      .innerJoin(tables.seasonTickets, eq(tables.seasonTickets.id, r.seasonTicketId))
      .innerJoin(tables.events, eq(tables.events.id, r.eventId))
      .innerJoin(tables.users, eq(tables.users.id, r.userId))
      .innerJoin(tables.inventoryUnits, eq(tables.inventoryUnits.id, r.unitId))
      .leftJoin(tables.venueSeats, eq(tables.venueSeats.id, tables.inventoryUnits.seatId))
      .leftJoin(tables.venueRows, eq(tables.venueRows.id, tables.venueSeats.rowId))
      .leftJoin(tables.venueSections, eq(tables.venueSections.id, tables.venueSeats.sectionId))
      .where(where)
      .orderBy(desc(r.createdAt), desc(r.id))
      .limit(SEASON_RELEASES_LIMIT + 1),
    db
      .select({
        released: sql<number>`count(*)::int`,
        onSale: sql<number>`(count(*) filter (where ${r.status} = 'released'))::int`,
        sold: sql<number>`(count(*) filter (where ${r.status} = 'sold'))::int`,
        creditGranted: sql<number>`coalesce(sum(${credit}), 0)::int`,
      })
      .from(r)
      .innerJoin(tables.seasonTickets, eq(tables.seasonTickets.id, r.seasonTicketId))
      .where(where),
    outstandingWalletCredit(db, access.orgId, now),
  ]);
  return {
    ok: true,
    report: {
      currency: season.currency,
      releases: rows.slice(0, SEASON_RELEASES_LIMIT).map((x) => ({
        id: x.id,
        match: { id: x.eventId, slug: x.slug, title: x.title, startsAt: x.startsAt.toISOString() },
        seat: x.section && x.row && x.seat ? { section: x.section, row: x.row, seat: x.seat } : null,
        holder: shortName(x.firstName, x.lastName),
        releasedAt: x.releasedAt.toISOString(),
        resolvedAt: x.resolvedAt ? x.resolvedAt.toISOString() : null,
        status: x.status,
        credit: { amount: x.creditAmount, currency: x.currency },
        creditGranted: x.granted === null ? null : { amount: Number(x.granted), currency: x.currency },
      })),
      more: rows.length > SEASON_RELEASES_LIMIT,
      totals: { released: totals.released, onSale: totals.onSale, sold: totals.sold, creditGranted: { amount: totals.creditGranted, currency: season.currency } },
      walletCredit,
    },
  };
}
