import 'server-only';
import { and, eq, sql } from 'drizzle-orm';
import { codePublicKeyOf, verifyTicketCode } from '@/lib/server/tickets/codes';
import { parseTicketCode } from '@/lib/ticket-code/code';
import { outsideWindow, scanWindow } from '@/lib/ticket-code/window';
import { getDb, tables } from '@/lib/server/db';
import { giftPendingFor } from '@/lib/server/tickets/gift-pending';
import { scannableEvent } from './access';
import { gateName } from './gate';
import { OFFLINE_FORMAT, type OfflineDataset, type SyncResult } from '@/lib/schemas/tickets';

/**
 * Hours before the gates open (the doors time) from which the offline data carries named tickets'
 * holders — name and date of birth. The gate checks them against an ID only at the door; a scanner's
 * device holding a risk match's names for weeks before it would be personal data kept for nothing (and
 * lost with a lost phone). A day ahead leaves time to download on good Wi-Fi.
 */
export const HOLDERS_BEFORE_DOORS_HOURS = 24;

/** The caller is no member of the event's organisation (or the event is none of an organisation's). */
type NotAScanner = { ok: false; code: 'NOT_A_SCANNER' };
const notAScanner: NotAScanner = { ok: false, code: 'NOT_A_SCANNER' };

/**
 * What a gate device needs to validate one event's codes without a network: each ticket's *public*
 * key (it verifies the code a phone signs, and cannot draw one), its version and state, the event's
 * gate window; no secrets, no signing keys, and no personal data except, for a named ticket of a risk
 * match, its holder's name and date of birth, which the law has the gate check against an ID — and those
 * only from HOLDERS_BEFORE_DOORS_HOURS before the doors. Data downloaded earlier has the keys (codes still
 * verify) but no holders, marks such tickets `holderWithheld`, and is valid only until `holdersFrom`, so
 * the device drops it and downloads again before it can admit anyone. Only members of the event's
 * organisation get it.
 */
export async function offlineDataset(actor: { id: string }, eventId: string, now = new Date()): Promise<{ ok: true; dataset: OfflineDataset } | NotAScanner> {
  const event = await scannableEvent(actor.id, eventId);
  if (!event) return notAScanner;
  const rows = await getDb()
    .select({
      id: tables.tickets.id,
      version: tables.tickets.version,
      secret: tables.tickets.secret,
      codePublicKey: tables.tickets.codePublicKey,
      status: tables.tickets.status,
      checkedInAt: tables.tickets.checkedInAt,
      // qualified by hand: drizzle leaves columns unqualified in a one-table select, and gifts has an id too
      giftPending: sql<boolean>`${giftPendingFor('tickets')}`,
      named: tables.tickets.named,
      holderName: tables.tickets.holderName,
      holderBirthDate: tables.tickets.holderBirthDate,
      concession: tables.tickets.concession,
    })
    .from(tables.tickets)
    .where(eq(tables.tickets.eventId, eventId));
  const window = scanWindow(event);
  const holdersFrom = new Date(window.opensAt.getTime() - HOLDERS_BEFORE_DOORS_HOURS * 3_600_000);
  const withhold = now.getTime() < holdersFrom.getTime();
  const dataset: OfflineDataset = {
    format: OFFLINE_FORMAT,
    event: { id: event.id, title: event.title, startsAt: event.startsAt.toISOString() },
    window: { opensAt: window.opensAt.toISOString(), closesAt: window.closesAt.toISOString() },
    generatedAt: now.toISOString(),
    validUntil: (withhold ? holdersFrom : window.closesAt).toISOString(),
    holdersFrom: holdersFrom.toISOString(),
    tickets: rows.map((r) => ({
      id: r.id,
      version: r.version,
      publicKey: r.status === 'valid' && !r.giftPending && (!r.named || r.holderName) ? codePublicKeyOf(r) : null,
      status: r.status,
      checkedInAt: r.checkedInAt?.toISOString() ?? null,
      ...(r.giftPending ? { giftPending: true } : {}),
      // A risk match: the holder's name and date of birth, which the gate checks against an ID (Slovak act 1/2014).
      ...(r.named && r.holderName && r.holderBirthDate ? (withhold ? { holderWithheld: true } : { holder: { name: r.holderName, dateOfBirth: r.holderBirthDate } }) : {}),
      ...(r.named && !r.holderName ? { holderMissing: true } : {}),
      // A concession ticket: the gate checks the card (lib/server/concessions).
      ...(r.concession ? { card: r.concession } : {}),
    })),
  };
  return { ok: true, dataset };
}

/** `gate`: the name of the device's gate when it scanned (null or absent: a gate that named none). */
export type SyncItem = { ticketId: string; version: number; scannedAt: string; payload?: string; gate?: string | null };

/**
 * Whether the code a gate says it scanned is one the ticket's holder showed: a code of this ticket and
 * of the version the check-in names, signed with the ticket's key (the current version's public key),
 * its time step within the gate's tolerance (±1 step, lib/ticket-code/code.ts) of the check-in's time —
 * the same check the offline gate made at that moment. Ticket ids and versions alone, which every
 * gate's data holds, admit nobody.
 */
async function scannedGenuineCode(item: SyncItem, ticket: { id: string; version: number; secret: string; codePublicKey: string | null }, atMs: number): Promise<boolean> {
  const code = item.payload ? parseTicketCode(item.payload) : null;
  if (!code || code.ticketId !== ticket.id || code.version !== item.version) return false;
  return (await verifyTicketCode(code, { version: ticket.version, publicKey: codePublicKeyOf(ticket) }, atMs)).ok;
}

/**
 * Check-ins a gate made while offline, replayed in order, all in one transaction. Each must carry the
 * code the gate scanned, genuine for its ticket at its time (scannedGenuineCode), else it is refused
 * ('not_valid'); then it is the same conditional UPDATE as an online scan, so a ticket admitted at
 * another gate meanwhile comes back as a conflict ('already_used'); one dated outside the event's gate
 * window is refused ('not_valid', too early / too late). Each is logged, and admitted, at the gate the device
 * was set up as when it scanned.
 */
export async function syncOfflineCheckIns(actor: { id: string }, eventId: string, items: SyncItem[]): Promise<{ ok: true; results: SyncResult[] } | NotAScanner> {
  const event = await scannableEvent(actor.id, eventId);
  if (!event) return notAScanner;
  const window = scanWindow(event);
  // One transaction: a sync that fails part-way leaves none of its check-ins behind (the gate sends it again).
  // Its rows stay locked until it commits, so they are taken in ticket id order, like the grouped online
  // check-ins (check-in.ts): two gates syncing overlapping tickets never wait on each other in a circle.
  // The same ticket twice keeps its order; the answers keep the gate's.
  const byTicket = items
    .map((item, index) => ({ item, index, key: item.ticketId.toLowerCase() }))
    .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : a.index - b.index));
  const results = await getDb().transaction(async (db) => {
    const out: SyncResult[] = new Array(items.length);
    for (const { item, index } of byTicket) {
      const scannedAt = new Date(item.scannedAt);
      const at = Number.isNaN(scannedAt.getTime()) ? new Date() : scannedAt;
      const [ticket] = await db
        .select({ id: tables.tickets.id, version: tables.tickets.version, secret: tables.tickets.secret, codePublicKey: tables.tickets.codePublicKey })
        .from(tables.tickets)
        .where(and(eq(tables.tickets.id, item.ticketId), eq(tables.tickets.eventId, eventId)));
      const genuine = ticket !== undefined && (await scannedGenuineCode(item, ticket, at.getTime()));
      // A genuine check-in dated outside the gate window is refused as it would have been at the gate.
      const refused = genuine ? outsideWindow(window, at.getTime()) : null;
      const gate = gateName(item.gate);
      let result: SyncResult['result'] = 'not_valid';
      if (genuine && !refused) {
        const [admitted] = await db
          .update(tables.tickets)
          .set({ status: 'checked_in', checkedInAt: at, checkedInGate: gate })
          .where(
            and(
              eq(tables.tickets.id, item.ticketId),
              eq(tables.tickets.eventId, eventId),
              eq(tables.tickets.version, item.version),
              eq(tables.tickets.status, 'valid'),
              sql`not ${giftPendingFor('tickets')}`,
              sql`not (${tables.tickets.named} and ${tables.tickets.holderName} is null)`,
            ),
          )
          .returning({ id: tables.tickets.id });
        if (admitted) result = 'admitted';
        else {
          const [current] = await db.select({ status: tables.tickets.status }).from(tables.tickets).where(and(eq(tables.tickets.id, item.ticketId), eq(tables.tickets.eventId, eventId)));
          result = current?.status === 'checked_in' ? 'already_used' : 'not_valid';
        }
      }
      await db.insert(tables.scanLog).values({
        eventId,
        ticketId: ticket?.id ?? null,
        scannerId: actor.id,
        result,
        gate,
        scannedAt: at,
      });
      out[index] = refused ? { ticketId: item.ticketId, result, reason: refused } : { ticketId: item.ticketId, result };
    }
    return out;
  });
  return { ok: true, results };
}
