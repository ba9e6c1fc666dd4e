import 'server-only';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { newTicketSecret, publicKeyFor } from '@/lib/ticket-code/keys';
import { tables, type Db, type Tx } from '@/lib/server/db';

type TicketStatus = (typeof tables.tickets.$inferSelect)['status'];

/**
 * Locks the owner's ticket row for the rest of the transaction and reads its status as it is now.
 * Every change a holder makes to a ticket (list it, gift it) takes this lock first and checks the
 * other changes after it, so of two at once the second waits and then sees the first: a ticket is
 * never both on sale and on its way to someone.
 */
export async function lockOwnedTicket(tx: Tx, input: { ticketId: string; ownerId: string }): Promise<{ status: TicketStatus } | null> {
  const [row] = await tx
    .select({ status: tables.tickets.status })
    .from(tables.tickets)
    .where(and(eq(tables.tickets.id, input.ticketId), eq(tables.tickets.ownerId, input.ownerId)))
    .for('update');
  return row ?? null;
}

/**
 * Hands a ticket to a new owner with a new secret and version + 1 (and so a new key pair for its codes), so
 * every code the old holder's phone can draw stops verifying at once. Only moves it if `fromUserId` still owns it in one of
 * `fromStatuses` (valid by default; a resale sale moves a listed one): the WHERE clause is the lock.
 * A gift the old holder left waiting dies with the move: it is no longer theirs to give. A ZŤP-S ticket's
 * companion seat the old holder still has goes along, the same way (new secret and version), in the
 * caller's transaction: a companion never stays behind nor moves alone.
 */
export async function moveTicketToOwner(
  db: Db | Tx,
  input: { ticketId: string; fromUserId: string; toUserId: string; orderId?: string; fromStatuses?: TicketStatus[] },
): Promise<{ id: string; version: number } | null> {
  const secret = newTicketSecret();
  const [moved] = await db
    .update(tables.tickets)
    .set({
      ownerId: input.toUserId,
      ...(input.orderId ? { orderId: input.orderId } : {}),
      secret,
      version: sql`${tables.tickets.version} + 1`,
      codePublicKey: null,
      status: 'valid',
      // A named ticket's holder goes with the old owner: the new one names it (cart or Your tickets).
      holderName: null,
      holderBirthDate: null,
    })
    .where(
      and(
        eq(tables.tickets.id, input.ticketId),
        eq(tables.tickets.ownerId, input.fromUserId),
        inArray(tables.tickets.status, input.fromStatuses ?? ['valid']),
      ),
    )
    .returning({ id: tables.tickets.id, version: tables.tickets.version });
  if (!moved) return null;
  // The new version's public key, for the gates (until it is stored, a scan derives it from the secret).
  await db
    .update(tables.tickets)
    .set({ codePublicKey: publicKeyFor(secret, moved.version) })
    .where(and(eq(tables.tickets.id, moved.id), eq(tables.tickets.secret, secret)));
  await db
    .update(tables.gifts)
    .set({ status: 'cancelled', resolvedAt: new Date() })
    .where(and(eq(tables.gifts.ticketId, input.ticketId), eq(tables.gifts.status, 'pending')));
  const companions = await db
    .select({ id: tables.tickets.id })
    .from(tables.tickets)
    .where(and(eq(tables.tickets.companionOf, moved.id), eq(tables.tickets.ownerId, input.fromUserId), eq(tables.tickets.status, 'valid')));
  for (const companion of companions) {
    await moveTicketToOwner(db, { ticketId: companion.id, fromUserId: input.fromUserId, toUserId: input.toUserId, orderId: input.orderId });
  }
  return moved;
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
