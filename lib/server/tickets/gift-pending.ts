import 'server-only';
import { sql, type SQL } from 'drizzle-orm';

/**
 * "This ticket is being gifted": its holder's gift of it waits to be claimed. Until it is claimed or
 * cancelled the ticket is nobody's to use (the gate and the offline gate data refuse it). Only the
 * current owner's gift counts: a change of owner cancels waiting gifts (ownership.ts), and one left
 * behind by an earlier holder never blocks the new one. `ticket` names the tickets row in the
 * surrounding SQL (`'t'`, `'tickets'`).
 */
export function giftPendingFor(ticket: string): SQL {
  const row = sql.raw(ticket);
  return sql`exists (select 1 from gifts where gifts.ticket_id = ${row}.id and gifts.from_user_id = ${row}.owner_id and gifts.status = 'pending')`;
}
