import 'server-only';
import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '@/lib/server/db';
import { giftPendingFor } from '@/lib/server/tickets/gift-pending';
import { grouped } from './grouped';

export type CheckIn = { ticketId: string; version: number; scannerId: string; gate: string | null; at: Date };

/**
 * Checks a verified ticket in, at its gate (kept on the ticket: the entries per gate); true when this scan admitted it. Gate check-ins are committed in
 * groups (grouped.ts): while one group's statement is on its way, the scans that arrive wait and go
 * together in the next, as one conditional UPDATE with their scan_log lines and ONE commit. The commit
 * (its WAL flush to disk) was the largest part of what a scan cost the database; under load a group
 * holds several scans, a lone scan goes at once (README, Decisions).
 * Every ticket is still checked in by its own conditional row update (status valid, the code's
 * version, no gift waiting), so of two gates scanning one code exactly one admits; the same ticket is
 * never twice in one group (the second scan goes in the next and reads "already used").
 */
export const checkIn: (item: CheckIn) => Promise<boolean> = grouped(commitGroup, { max: 200, distinct: (item) => item.ticketId, parallel: 2 });

async function commitGroup(db: Db, group: CheckIn[]): Promise<boolean[]> {
  const input = group.map((item) => ({ ticket_id: item.ticketId, version: item.version, scanner_id: item.scannerId, gate: item.gate, scanned_at: item.at.toISOString() }));
  const rows = rowsOf<{ id: string }>(
    await db.execute(sql`
      with input as (
        -- in ticket id order, so that two servers checking in overlapping groups lock rows in the same order
        select * from jsonb_to_recordset(${JSON.stringify(input)}::jsonb)
          as i(ticket_id uuid, version integer, scanner_id uuid, gate text, scanned_at timestamptz)
        order by ticket_id
      ), admitted as (
        update tickets set status = 'checked_in', checked_in_at = input.scanned_at, checked_in_gate = input.gate
        from input
        where tickets.id = input.ticket_id and tickets.status = 'valid' and tickets.version = input.version
          and not ${giftPendingFor('tickets')}
          and not (tickets.named and tickets.holder_name is null)
        returning tickets.id, tickets.event_id
      ), logged as (
        insert into scan_log (event_id, ticket_id, scanner_id, result, gate, scanned_at)
        select admitted.event_id, admitted.id, input.scanner_id, 'admitted', input.gate, input.scanned_at
        from admitted join input on input.ticket_id = admitted.id
      )
      select id from admitted`),
  );
  const admitted = new Set(rows.map((row) => row.id));
  return group.map((item) => admitted.has(item.ticketId));
}
