import 'server-only';
import { and, eq, sql } from 'drizzle-orm';
import { newTicketSecret } from '@/lib/ticket-code/secret';
import { tables, type Db, type Tx } from '@/lib/server/db';

/**
 * Hands a valid ticket to a new owner with a new secret and version + 1, so every code the old
 * holder's phone can draw stops verifying at once. Only moves it if `fromUserId` still owns it and
 * it is still valid (not listed, used or void): the WHERE clause is the lock.
 */
export async function moveTicketToOwner(
  db: Db | Tx,
  input: { ticketId: string; fromUserId: string; toUserId: string },
): Promise<{ id: string; version: number } | null> {
  const [moved] = await db
    .update(tables.tickets)
    .set({ ownerId: input.toUserId, secret: newTicketSecret(), version: sql`${tables.tickets.version} + 1`, status: 'valid' })
    .where(and(eq(tables.tickets.id, input.ticketId), eq(tables.tickets.ownerId, input.fromUserId), eq(tables.tickets.status, 'valid')))
    .returning({ id: tables.tickets.id, version: tables.tickets.version });
  return moved ?? null;
}

/** Why an owner may not pass a ticket on right now, or null when they may. */
export function transferBlock(event: { transferEnabled: boolean; startsAt: Date; status: string }, now = new Date()):
  | 'TRANSFER_DISABLED'
  | 'EVENT_STARTED'
  | null {
  if (!event.transferEnabled || event.status === 'cancelled') return 'TRANSFER_DISABLED';
  if (event.startsAt.getTime() <= now.getTime()) return 'EVENT_STARTED';
  return null;
}
