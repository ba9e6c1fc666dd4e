import 'server-only';
import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import { scanWindow } from '@/lib/ticket-code/window';
import { getDb, tables } from '@/lib/server/db';
import { memberCan } from '@/lib/server/organiser/access';
import type { ScannerEvent } from '@/lib/schemas/tickets';

// Who may scan is the access table's `gate` capability (organiser/access.ts CAPABILITIES), asked of the
// member's role here and in the scan's own read (scan.ts): never a role list of its own.

/** Organisations in which the user may scan tickets: those where their role has `gate`. */
export async function scannerOrgIds(userId: string): Promise<string[]> {
  const rows = await getDb()
    .select({ orgId: tables.orgMembers.orgId, role: tables.orgMembers.role })
    .from(tables.orgMembers)
    .where(eq(tables.orgMembers.userId, userId));
  return rows.filter((r) => memberCan(r.role, 'gate')).map((r) => r.orgId);
}

/** An event as the scanner lists it, with what its scan window is read from (scanWindow). */
const scanEventColumns = {
  id: tables.events.id,
  slug: tables.events.slug,
  title: tables.events.title,
  startsAt: tables.events.startsAt,
  endsAt: tables.events.endsAt,
  doorsAt: tables.events.doorsAt,
};

/** Events a scanner can work at: their organisations' events whose gates have not closed for good. */
export async function scannerEvents(userId: string, now = new Date()): Promise<{ ok: true; events: ScannerEvent[] } | { ok: false; code: 'NOT_A_SCANNER' }> {
  const orgIds = await scannerOrgIds(userId);
  if (!orgIds.length) return { ok: false, code: 'NOT_A_SCANNER' };
  const rows = await getDb()
    .select({
      ...scanEventColumns,
      organisation: tables.organisations.name,
    })
    .from(tables.events)
    .innerJoin(tables.organisations, eq(tables.organisations.id, tables.events.orgId))
    .where(
      and(
        inArray(tables.events.orgId, orgIds),
        ne(tables.events.status, 'cancelled'),
        // only bounds the read; whether the gates are still open is scanWindow's to say
        sql`coalesce(${tables.events.endsAt}, ${tables.events.startsAt}) > ${new Date(now.getTime() - 86_400_000).toISOString()}::timestamptz`,
      ),
    )
    .orderBy(asc(tables.events.startsAt))
    .limit(100);
  const events = rows
    .filter((r) => scanWindow(r).closesAt.getTime() > now.getTime())
    .map((r) => ({ id: r.id, slug: r.slug, title: r.title, startsAt: r.startsAt.toISOString(), organisation: r.organisation }));
  return { ok: true, events };
}

/** The event if the user may scan at it (their role in its organisation has `gate`), else null. */
export async function scannableEvent(userId: string, eventId: string) {
  const [row] = await getDb()
    .select({
      ...scanEventColumns,
      role: tables.orgMembers.role,
    })
    .from(tables.events)
    .innerJoin(tables.orgMembers, and(eq(tables.orgMembers.orgId, tables.events.orgId), eq(tables.orgMembers.userId, userId)))
    .where(eq(tables.events.id, eventId));
  if (!row || !memberCan(row.role, 'gate')) return null;
  return { id: row.id, slug: row.slug, title: row.title, startsAt: row.startsAt, endsAt: row.endsAt, doorsAt: row.doorsAt };
}
