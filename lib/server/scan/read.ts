import 'server-only';
import { sql } from 'drizzle-orm';
import type { LocalizedText } from '@/lib/server/db/schema';
import { rowsOf, type Db } from '@/lib/server/db';
import { giftPendingFor } from '@/lib/server/tickets/gift-pending';
import { sessionUserIdOf } from '@/lib/server/auth/session-token';
import { grouped } from './grouped';

/** What a scan reads: the caller (known, or by the hash of the session token the gate sent), the ticket, the moment. */
export type ScanRead = { callerId: string | null; tokenHash: string | null; ticketId: string; at: Date };

export type FoundRow = {
  caller_id: string | null;
  id: string | null;
  event_id: string;
  status: 'valid' | 'listed' | 'checked_in' | 'void' | 'released';
  version: number;
  secret: string;
  code_public_key: string | null;
  checked_in_at: string | Date | null;
  gift_pending: boolean;
  title: LocalizedText | string;
  doors_at: string | Date | null;
  starts_at: string | Date;
  ends_at: string | Date | null;
  role: string | null;
  type_name: LocalizedText | string;
  section_name: LocalizedText | string | null;
  row_label: string | null;
  seat_label: string | null;
  named: boolean | null;
  holder_name: string | null;
  holder_birth_date: string | Date | null;
  concession: string | null;
};

/**
 * A scan's one read: the caller (by session token, unless known), the ticket, its event, category and
 * seat, and the caller's role in the organiser (whether it may scan is the access table's, scan.ts); always one row, whose ticket columns are null
 * for no ticket. The reads of the scans of the moment go in one statement (grouped.ts), as their
 * check-ins do: at a busy gate a scan then costs the database and the server about one round trip
 * instead of two (README, Decisions: gate scans).
 */
export const readScan: (read: ScanRead) => Promise<FoundRow> = grouped(readGroup, { max: 200, parallel: 2 });

async function readGroup(db: Db, reads: ScanRead[]): Promise<FoundRow[]> {
  const input = reads.map((read, n) => ({ n, caller_id: read.callerId, token_hash: read.tokenHash, ticket_id: read.ticketId, at: read.at.toISOString() }));
  // Each input row finds its ticket through its own lateral read, by primary key, whatever the
  // planner guesses of the group's size.
  const rows = rowsOf<FoundRow & { n: number }>(
    await db.execute(sql`
      select i.n, found.*
      from jsonb_to_recordset(${JSON.stringify(input)}::jsonb) as i(n integer, caller_id uuid, token_hash text, ticket_id uuid, at timestamptz)
      cross join lateral (
        select caller.id as caller_id, t.id, t.event_id, t.status, t.version, t.secret, t.code_public_key, t.checked_in_at, e.title, e.doors_at, e.starts_at, e.ends_at, m.role,
               t.named, t.holder_name, t.holder_birth_date, t.concession,
               ${giftPendingFor('t')} as gift_pending,
               tt.name as type_name, sec.name as section_name, r.label as row_label, vs.label as seat_label
        from (select coalesce(i.caller_id, ${sessionUserIdOf(sql`i.token_hash`, sql`i.at`)}) as id) caller
        left join tickets t on t.id = i.ticket_id
        left join events e on e.id = t.event_id
        left join ticket_types tt on tt.id = t.ticket_type_id
        left join inventory_units u on u.id = t.unit_id
        left join venue_seats vs on vs.id = u.seat_id
        left join venue_rows r on r.id = vs.row_id
        left join venue_sections sec on sec.id = vs.section_id
        left join org_members m on m.org_id = e.org_id and m.user_id = caller.id
      ) found`),
  );
  const byN = new Map(rows.map((row) => [Number(row.n), row]));
  return reads.map((_, n) => byN.get(n)!);
}
