import 'server-only';
import { eq } from 'drizzle-orm';
import type { LocalizedText } from '@/lib/server/db/schema';
import type { TicketConcession } from '@/lib/schemas/concessions';
import { parseTicketCode } from '@/lib/ticket-code/code';
import { outsideWindow, scanWindow, type WindowRefusal } from '@/lib/ticket-code/window';
import { codePublicKeyOf, verifyTicketCode } from '@/lib/server/tickets/codes';
import { getDb, tables } from '@/lib/server/db';
import { sessionLookupHash, userForToken } from '@/lib/server/auth/session-token';
import { memberCan } from '@/lib/server/organiser/access';
import { scannableEvent, scannerOrgIds } from './access';
import { checkIn } from './check-in';
import { readScan, type FoundRow } from './read';
import { gateName } from './gate';

export type ScanOutcome = 'admitted' | 'already_used' | 'invalid' | 'wrong_event' | 'expired' | 'not_valid';

export type ScanResult = {
  result: ScanOutcome;
  /**
   * Why a code is not valid: it belongs to a previous holder, the ticket is on resale or being gifted,
   * or void; or the event's gates are not open yet / closed (then `window` says when they open and close).
   */
  reason?: 'old_version' | 'listed' | 'gift_pending' | 'void' | 'holder_missing' | WindowRefusal;
  window?: { opensAt: string; closesAt: string };
  ticketId?: string;
  checkedInAt?: string;
  event?: { id: string; title: LocalizedText };
  ticket?: { type: LocalizedText; seat: { section: LocalizedText; row: string; seat: string } | null };
  /** A named ticket (risk match, Slovak act 1/2014): the gate checks the holder's ID against it. */
  holder?: { name: string; dateOfBirth: string };
  /** A concession ticket (lib/server/concessions): the gate checks the card (student, ZŤP…). */
  card?: TicketConcession;
};

export type ScanFailure = { ok: false; code: 'NOT_A_SCANNER' | 'UNAUTHENTICATED' };

/**
 * Who scans: a user, or the session token a gate sent. With the token, the session is looked up in
 * the scan's own read, one round trip fewer for every scan at a busy gate.
 */
export type ScanCaller = { id: string } | { sessionToken: string };

// Raw rows: jsonb may arrive parsed or as text, timestamps as Date or text, depending on the driver.
const json = <T>(value: T | string): T => (typeof value === 'string' ? (JSON.parse(value) as T) : value);

function fromRow(r: FoundRow & { id: string }) {
  return {
    id: r.id,
    eventId: r.event_id,
    status: r.status,
    version: Number(r.version),
    secret: r.secret,
    codePublicKey: r.code_public_key,
    checkedInAt: r.checked_in_at ? new Date(r.checked_in_at) : null,
    giftPending: Boolean(r.gift_pending),
    title: json<LocalizedText>(r.title),
    doorsAt: r.doors_at ? new Date(r.doors_at) : null,
    startsAt: new Date(r.starts_at),
    endsAt: r.ends_at ? new Date(r.ends_at) : null,
    role: r.role,
    typeName: json<LocalizedText>(r.type_name),
    sectionName: r.section_name ? json<LocalizedText>(r.section_name) : null,
    rowLabel: r.row_label,
    seatLabel: r.seat_label,
    named: Boolean(r.named),
    holder:
      r.named && r.holder_name && r.holder_birth_date
        ? { name: r.holder_name, dateOfBirth: typeof r.holder_birth_date === 'string' ? r.holder_birth_date.slice(0, 10) : r.holder_birth_date.toISOString().slice(0, 10) }
        : undefined,
    card: (r.concession ?? undefined) as TicketConcession | undefined,
  };
}

/**
 * One gate scan: parse, find the ticket, check the scanner's organisation, verify the rotating code
 * (signature, ±1 step, version), then the event and its gate window, then check in with a conditional row update —
 * `WHERE status = 'valid' AND version = …`, committed with the other scans of the moment
 * (check-in.ts) — so of two gates scanning the same code at once exactly one admits and the other
 * reads "already used".
 * A caller learns about a ticket only once it is a ticket of their organiser with a genuine code:
 * anything else is the same bare "invalid". Outcomes are logged in scan_log only under events the
 * caller may scan, whatever event id the gate sent.
 */
export async function scanTicket(
  caller: ScanCaller,
  input: { payload: string; eventId?: string; gate?: string },
  now = new Date(),
): Promise<ScanResult | ScanFailure> {
  const db = getDb();
  const gate = gateName(input.gate);
  let scannerId = 'id' in caller ? caller.id : null;
  const log = async (eventId: string | null, ticketId: string | null, result: ScanOutcome) => {
    if (eventId) await db.insert(tables.scanLog).values({ eventId, ticketId, scannerId: scannerId!, result, gate, scannedAt: now });
  };
  // The event the gate says it is at, if the caller may scan there; only then is a scan logged under it.
  const gateEvent = async (): Promise<string | null> => (input.eventId && (await scannableEvent(scannerId!, input.eventId)) ? input.eventId : null);
  const denied = async (): Promise<ScanFailure | null> => ((await scannerOrgIds(scannerId!)).length ? null : { ok: false, code: 'NOT_A_SCANNER' });
  const nothingToSay = async (): Promise<ScanResult | ScanFailure> => {
    const refused = await denied();
    if (refused) return refused;
    await log(await gateEvent(), null, 'invalid');
    return { result: 'invalid' };
  };

  const code = parseTicketCode(input.payload);
  if (!code) {
    if (!scannerId && 'sessionToken' in caller) scannerId = (await userForToken(caller.sessionToken))?.user.id ?? null;
    if (!scannerId) return { ok: false, code: 'UNAUTHENTICATED' };
    return nothingToSay();
  }

  // One read on the hot path (a gate may scan thousands of codes a minute), the session's lookup in it.
  const row = await readScan({
    callerId: 'id' in caller ? caller.id : null,
    tokenHash: 'id' in caller ? null : sessionLookupHash(caller.sessionToken),
    ticketId: code.ticketId,
    at: now,
  });
  if (!row?.caller_id) return { ok: false, code: 'UNAUTHENTICATED' };
  scannerId = row.caller_id;
  const found = row.id ? fromRow(row as FoundRow & { id: string }) : null;

  // No such ticket, or one of an organiser the caller may not scan for (no role there with `gate`,
  // organiser/access.ts): the same bare answer.
  if (!found || !memberCan(found.role, 'gate')) return nothingToSay();
  const event = { id: found.eventId, title: found.title };
  const card = found.card ? { card: found.card } : {};
  const ticket = {
    type: found.typeName,
    seat: found.seatLabel && found.sectionName && found.rowLabel ? { section: found.sectionName, row: found.rowLabel, seat: found.seatLabel } : null,
  };

  const check = await verifyTicketCode(code, { version: found.version, publicKey: codePublicKeyOf(found) }, now.getTime());
  if (!check.ok) {
    if (check.reason === 'forged') {
      await log(found.eventId, found.id, 'invalid');
      return { result: 'invalid' };
    }
    const result: ScanOutcome = check.reason === 'old_version' ? 'not_valid' : 'expired';
    await log(found.eventId, found.id, result);
    return { result, reason: check.reason === 'old_version' ? 'old_version' : undefined, ticketId: found.id, event };
  }
  if (input.eventId && input.eventId !== found.eventId) {
    await log((await gateEvent()) ?? found.eventId, found.id, 'wrong_event');
    return { result: 'wrong_event', ticketId: found.id, event };
  }
  // A genuine code of this event, but not while its gates are open: refused, with when they open or closed.
  const window = scanWindow(found);
  const refused = outsideWindow(window, now.getTime());
  if (refused) {
    await log(found.eventId, found.id, 'not_valid');
    return { result: 'not_valid', reason: refused, window: { opensAt: window.opensAt.toISOString(), closesAt: window.closesAt.toISOString() }, ticketId: found.id, event };
  }
  if (found.status === 'checked_in') {
    await log(found.eventId, found.id, 'already_used');
    return { result: 'already_used', ticketId: found.id, checkedInAt: found.checkedInAt?.toISOString(), event, ticket, ...(found.holder ? { holder: found.holder } : {}), ...card };
  }
  if (found.status !== 'valid') {
    await log(found.eventId, found.id, 'not_valid');
    return { result: 'not_valid', reason: found.status === 'listed' ? 'listed' : 'void', ticketId: found.id, event };
  }
  // A ticket on its way to another fan is nobody's to use until the gift is claimed or cancelled.
  if (found.giftPending) {
    await log(found.eventId, found.id, 'not_valid');
    return { result: 'not_valid', reason: 'gift_pending', ticketId: found.id, event };
  }
  // A named ticket whose new owner has not named its holder yet: nobody's ID to check it against.
  if (found.named && !found.holder) {
    await log(found.eventId, found.id, 'not_valid');
    return { result: 'not_valid', reason: 'holder_missing', ticketId: found.id, event };
  }
  const holder = found.holder ? { holder: found.holder } : {};

  // The check-in and its log line, committed with the other scans of the moment (scan/check-in.ts).
  if (await checkIn({ ticketId: found.id, version: found.version, scannerId: scannerId!, gate, at: now })) {
    return { result: 'admitted', ticketId: found.id, checkedInAt: now.toISOString(), event, ticket, ...holder, ...card };
  }

  // Lost a race with another gate (or a transfer landed in between): say what it is now.
  const [current] = await db
    .select({ status: tables.tickets.status, checkedInAt: tables.tickets.checkedInAt })
    .from(tables.tickets)
    .where(eq(tables.tickets.id, found.id));
  const result: ScanOutcome = current?.status === 'checked_in' ? 'already_used' : 'not_valid';
  await log(found.eventId, found.id, result);
  return { result, ticketId: found.id, checkedInAt: current?.checkedInAt?.toISOString(), event, ticket, ...holder, ...card };
}
