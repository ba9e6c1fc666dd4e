import 'server-only';
import { and, asc, eq, gt, inArray, ne } from 'drizzle-orm';
import type { LocalizedText } from '@/lib/server/db/schema';
import { getDb, tables } from '@/lib/server/db';

/** How long after its start an event stays scannable (late arrivals, long festivals). */
export const SCAN_GRACE_HOURS = 12;

/** Organisations in which the user may scan tickets (owner, staff and scanner roles all may). */
export async function scannerOrgIds(userId: string): Promise<string[]> {
  const rows = await getDb().select({ orgId: tables.orgMembers.orgId }).from(tables.orgMembers).where(eq(tables.orgMembers.userId, userId));
  return rows.map((r) => r.orgId);
}

export type ScannerEvent = { id: string; slug: string; title: LocalizedText; startsAt: string; organisation: string };

/** Events a scanner can work at: their organisations' events that have not finished. */
export async function scannerEvents(userId: string, now = new Date()): Promise<ScannerEvent[] | null> {
  const orgIds = await scannerOrgIds(userId);
  if (!orgIds.length) return null;
  const rows = await getDb()
    .select({ id: tables.events.id, slug: tables.events.slug, title: tables.events.title, startsAt: tables.events.startsAt, organisation: tables.organisations.name })
    .from(tables.events)
    .innerJoin(tables.organisations, eq(tables.organisations.id, tables.events.orgId))
    .where(
      and(
        inArray(tables.events.orgId, orgIds),
        ne(tables.events.status, 'cancelled'),
        gt(tables.events.startsAt, new Date(now.getTime() - SCAN_GRACE_HOURS * 3_600_000)),
      ),
    )
    .orderBy(asc(tables.events.startsAt))
    .limit(100);
  return rows.map((r) => ({ ...r, startsAt: r.startsAt.toISOString() }));
}

/** The event if the user may scan at it, else null. */
export async function scannableEvent(userId: string, eventId: string) {
  const [row] = await getDb()
    .select({ id: tables.events.id, slug: tables.events.slug, title: tables.events.title, startsAt: tables.events.startsAt, endsAt: tables.events.endsAt })
    .from(tables.events)
    .innerJoin(tables.orgMembers, and(eq(tables.orgMembers.orgId, tables.events.orgId), eq(tables.orgMembers.userId, userId)))
    .where(eq(tables.events.id, eventId));
  return row ?? null;
}
