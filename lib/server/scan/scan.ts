import 'server-only';
import { eq, sql } from 'drizzle-orm';
import type { LocalizedText } from '@/lib/server/db/schema';
import { parseTicketCode } from '@/lib/ticket-code/code';
import { deriveCodeKey, verifyTicketCode } from '@/lib/server/tickets/codes';
import { getDb, rowsOf, tables } from '@/lib/server/db';
import { giftPendingFor } from '@/lib/server/tickets/gift';
import { sessionUserId, userForToken } from '@/lib/server/auth/session-token';
import { scannerOrgIds } from './access';
import { checkIn } from './check-in';

export type ScanOutcome = 'admitted' | 'already_used' | 'invalid' | 'wrong_event' | 'expired' | 'not_valid';

export type ScanResult = {
  result: ScanOutcome;
  /** Why a code is not valid: it belongs to a previous holder, the ticket is on resale or being gifted, or void. */
  reason?: 'old_version' | 'listed' | 'gift_pending' | 'void';
  ticketId?: string;
  checkedInAt?: string;
  event?: { id: string; title: LocalizedText };
  ticket?: { type: LocalizedText; seat: { section: LocalizedText; row: string; seat: string } | null };
};

export type ScanFailure = { ok: false; code: 'NOT_A_SCANNER' | 'UNAUTHENTICATED' };

/**
 * Who scans: a user, or the session token a gate sent. With the token, the session is looked up in
 * the scan's own read, one round trip fewer for every scan at a busy gate.
 */
export type ScanCaller = { id: string } | { sessionToken: string };

type FoundRow = {
  caller_id: string | null;
  id: string | null;
  event_id: string;
  status: 'valid' | 'listed' | 'checked_in' | 'void';
  version: number;
  secret: string;
  checked_in_at: string | Date | null;
  gift_pending: boolean;
  title: LocalizedText | string;
  role: string | null;
  type_name: LocalizedText | string;
  section_name: LocalizedText | string | null;
  row_label: string | null;
  seat_label: string | null;
};

// Raw rows: jsonb may arrive parsed or as text, timestamps as Date or text, depending on the driver.
const json = <T>(value: T | string): T => (typeof value === 'string' ? (JSON.parse(value) as T) : value);

function fromRow(r: FoundRow & { id: string }) {
  return {
    id: r.id,
    eventId: r.event_id,
    status: r.status,
    version: Number(r.version),
    secret: r.secret,
    checkedInAt: r.checked_in_at ? new Date(r.checked_in_at) : null,
    giftPending: Boolean(r.gift_pending),
    title: json<LocalizedText>(r.title),
    role: r.role,
    typeName: json<LocalizedText>(r.type_name),
    sectionName: r.section_name ? json<LocalizedText>(r.section_name) : null,
    rowLabel: r.row_label,
    seatLabel: r.seat_label,
  };
}

/**
 * One gate scan: parse, find the ticket, check the scanner's organisation and event, verify the
 * rotating code (signature, ±1 step, version), then check in with a conditional row update —
 * `WHERE status = 'valid' AND version = …`, committed with the other scans of the moment
 * (check-in.ts) — so of two gates scanning the same code at once exactly one admits and the other
 * reads "already used". Every outcome with a known event goes to scan_log.
 */
export async function scanTicket(
  caller: ScanCaller,
  input: { payload: string; eventId?: string; gate?: string },
  now = new Date(),
): Promise<ScanResult | ScanFailure> {
  const db = getDb();
  const gate = input.gate?.slice(0, 40) || null;
  let scannerId = 'id' in caller ? caller.id : null;
  // The event id may come from the request and name no event: the line is written only under one that exists.
  const log = async (eventId: string | undefined, ticketId: string | null, result: ScanOutcome) => {
    if (!eventId) return;
    await db.execute(sql`
      insert into scan_log (event_id, ticket_id, scanner_id, result, gate, scanned_at)
      select e.id, ${ticketId}::uuid, ${scannerId}::uuid, ${result}::scan_result, ${gate}, ${now.toISOString()}::timestamptz
      from events e where e.id = ${eventId}`);
  };
  const denied = async (): Promise<ScanFailure | null> => ((await scannerOrgIds(scannerId!)).length ? null : { ok: false, code: 'NOT_A_SCANNER' });

  const code = parseTicketCode(input.payload);
  if (!code) {
    if (!scannerId && 'sessionToken' in caller) scannerId = (await userForToken(caller.sessionToken))?.user.id ?? null;
    if (!scannerId) return { ok: false, code: 'UNAUTHENTICATED' };
    const refused = await denied();
    if (refused) return refused;
    await log(input.eventId, null, 'invalid');
    return { result: 'invalid' };
  }

  // One hand-written statement on the hot path (a gate may scan thousands of codes a minute): the
  // caller (by session token, unless known), the ticket, its event, category and seat, and the
  // caller's membership in the organiser. Always one row; its ticket columns are null for no ticket.
  const callerId = 'id' in caller ? sql`${caller.id}::uuid` : sessionUserId(caller.sessionToken, now);
  const [row] = rowsOf<FoundRow>(
    await db.execute(sql`
      select caller.id as caller_id, t.id, t.event_id, t.status, t.version, t.secret, t.checked_in_at, e.title, m.role,
             ${giftPendingFor(sql.raw('t.id'))} as gift_pending,
             tt.name as type_name, sec.name as section_name, r.label as row_label, vs.label as seat_label
      from (select ${callerId} as id) caller
      left join tickets t on t.id = ${code.ticketId}
      left join events e on e.id = t.event_id
      left join ticket_types tt on tt.id = t.ticket_type_id
      left join inventory_units u on u.id = t.unit_id
      left join venue_seats vs on vs.id = u.seat_id
      left join venue_rows r on r.id = vs.row_id
      left join venue_sections sec on sec.id = vs.section_id
      left join org_members m on m.org_id = e.org_id and m.user_id = caller.id`),
  );
  if (!row?.caller_id) return { ok: false, code: 'UNAUTHENTICATED' };
  scannerId = row.caller_id;
  const found = row.id ? fromRow(row as FoundRow & { id: string }) : null;

  if (!found) {
    const refused = await denied();
    if (refused) return refused;
    await log(input.eventId, null, 'invalid');
    return { result: 'invalid' };
  }
  if (!found.role) {
    const refused = await denied();
    if (refused) return refused;
  }
  const event = { id: found.eventId, title: found.title };
  const ticket = {
    type: found.typeName,
    seat: found.seatLabel && found.sectionName && found.rowLabel ? { section: found.sectionName, row: found.rowLabel, seat: found.seatLabel } : null,
  };
  if (!found.role || (input.eventId && input.eventId !== found.eventId)) {
    await log(input.eventId, found.id, 'wrong_event');
    return { result: 'wrong_event', ticketId: found.id, event };
  }

  const check = await verifyTicketCode(code, { version: found.version, codeKey: await deriveCodeKey(found.secret, found.id, found.version) }, now.getTime());
  if (!check.ok) {
    const result: ScanOutcome = check.reason === 'old_version' ? 'not_valid' : check.reason === 'expired' ? 'expired' : 'invalid';
    await log(found.eventId, found.id, result);
    return { result, reason: check.reason === 'old_version' ? 'old_version' : undefined, ticketId: found.id, event };
  }
  if (found.status === 'checked_in') {
    await log(found.eventId, found.id, 'already_used');
    return { result: 'already_used', ticketId: found.id, checkedInAt: found.checkedInAt?.toISOString(), event, ticket };
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

  // The check-in and its log line, committed with the other scans of the moment (scan/check-in.ts).
  if (await checkIn({ ticketId: found.id, version: found.version, scannerId: scannerId!, gate, at: now })) {
    return { result: 'admitted', ticketId: found.id, checkedInAt: now.toISOString(), event, ticket };
  }

  // Lost a race with another gate (or a transfer landed in between): say what it is now.
  const [current] = await db
    .select({ status: tables.tickets.status, checkedInAt: tables.tickets.checkedInAt })
    .from(tables.tickets)
    .where(eq(tables.tickets.id, found.id));
  const result: ScanOutcome = current?.status === 'checked_in' ? 'already_used' : 'not_valid';
  await log(found.eventId, found.id, result);
  return { result, ticketId: found.id, checkedInAt: current?.checkedInAt?.toISOString(), event, ticket };
}
