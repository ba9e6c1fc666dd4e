import 'server-only';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { LocalizedText } from '@/lib/server/db/schema';
import { deriveCodeKey } from '@/lib/server/tickets/codes';
import { getDb, tables } from '@/lib/server/db';
import { giftPendingFor } from '@/lib/server/tickets/gift';
import { SCAN_GRACE_HOURS, scannableEvent } from './access';

export type OfflineTicket = {
  id: string;
  version: number;
  codeKey: string | null;
  status: 'valid' | 'listed' | 'checked_in' | 'void';
  checkedInAt: string | null;
  /** Being gifted: not usable until the gift is claimed (new owner, new code) or cancelled. */
  giftPending?: boolean;
};

export type OfflineDataset = {
  event: { id: string; title: LocalizedText; startsAt: string };
  generatedAt: string;
  /** The device must drop the data after this moment. */
  validUntil: string;
  tickets: OfflineTicket[];
};

/**
 * What a gate device needs to validate one event's codes without a network. It carries per-ticket
 * *code keys* (HMAC of the secret, bound to ticket id and version), never the secrets, and no
 * personal data: enough to check this event's current codes, useless for any other event and
 * for any ticket after its next change of owner. Only members of the event's organisation get it.
 */
export async function offlineDataset(actor: { id: string }, eventId: string, now = new Date()): Promise<OfflineDataset | null> {
  const event = await scannableEvent(actor.id, eventId);
  if (!event) return null;
  const rows = await getDb()
    .select({
      id: tables.tickets.id,
      version: tables.tickets.version,
      secret: tables.tickets.secret,
      status: tables.tickets.status,
      checkedInAt: tables.tickets.checkedInAt,
      // qualified by hand: drizzle leaves columns unqualified in a one-table select, and gifts has an id too
      giftPending: sql<boolean>`${giftPendingFor(sql.raw('tickets.id'))}`,
    })
    .from(tables.tickets)
    .where(eq(tables.tickets.eventId, eventId));
  const ends = (event.endsAt ?? event.startsAt).getTime() + SCAN_GRACE_HOURS * 3_600_000;
  return {
    event: { id: event.id, title: event.title, startsAt: event.startsAt.toISOString() },
    generatedAt: now.toISOString(),
    validUntil: new Date(Math.max(ends, now.getTime() + 3_600_000)).toISOString(),
    tickets: await Promise.all(
      rows.map(async (r) => ({
        id: r.id,
        version: r.version,
        codeKey: r.status === 'valid' && !r.giftPending ? await deriveCodeKey(r.secret, r.id, r.version) : null,
        status: r.status,
        checkedInAt: r.checkedInAt?.toISOString() ?? null,
        ...(r.giftPending ? { giftPending: true } : {}),
      })),
    ),
  };
}

export type SyncItem = { ticketId: string; version: number; scannedAt: string };
export type SyncResult = { ticketId: string; result: 'admitted' | 'already_used' | 'not_valid' };

/**
 * Check-ins a gate made while offline, replayed in order, all in one transaction. Each is the same
 * conditional UPDATE as an online scan, so a ticket admitted at another gate meanwhile comes back as a
 * conflict ('already_used').
 */
export async function syncOfflineCheckIns(actor: { id: string }, eventId: string, items: SyncItem[]): Promise<SyncResult[] | null> {
  const event = await scannableEvent(actor.id, eventId);
  if (!event) return null;
  // One transaction: a sync that fails part-way leaves none of its check-ins behind (the gate sends it again).
  // Its rows stay locked until it commits, so they are taken in ticket id order, like the grouped online
  // check-ins (check-in.ts): two gates syncing overlapping tickets never wait on each other in a circle.
  // The same ticket twice keeps its order; the answers keep the gate's.
  const byTicket = items
    .map((item, index) => ({ item, index, key: item.ticketId.toLowerCase() }))
    .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : a.index - b.index));
  return getDb().transaction(async (db) => {
    const out: SyncResult[] = new Array(items.length);
    for (const { item, index } of byTicket) {
      const scannedAt = new Date(item.scannedAt);
      const at = Number.isNaN(scannedAt.getTime()) ? new Date() : scannedAt;
      const [admitted] = await db
        .update(tables.tickets)
        .set({ status: 'checked_in', checkedInAt: at })
        .where(
          and(
            eq(tables.tickets.id, item.ticketId),
            eq(tables.tickets.eventId, eventId),
            eq(tables.tickets.version, item.version),
            eq(tables.tickets.status, 'valid'),
            sql`not ${giftPendingFor(sql.raw('tickets.id'))}`,
          ),
        )
        .returning({ id: tables.tickets.id });
      let result: SyncResult['result'] = 'admitted';
      if (!admitted) {
        const [current] = await db.select({ status: tables.tickets.status }).from(tables.tickets).where(and(eq(tables.tickets.id, item.ticketId), eq(tables.tickets.eventId, eventId)));
        result = current?.status === 'checked_in' ? 'already_used' : 'not_valid';
      }
      const known = await db.select({ id: tables.tickets.id }).from(tables.tickets).where(and(inArray(tables.tickets.id, [item.ticketId]), eq(tables.tickets.eventId, eventId)));
      await db.insert(tables.scanLog).values({
        eventId,
        ticketId: known.length ? item.ticketId : null,
        scannerId: actor.id,
        result: result === 'not_valid' ? 'not_valid' : result,
        gate: 'offline',
        scannedAt: at,
      });
      out[index] = { ticketId: item.ticketId, result };
    }
    return out;
  });
}
