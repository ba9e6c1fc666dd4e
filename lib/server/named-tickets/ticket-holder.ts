import 'server-only';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { getDb, tables } from '@/lib/server/db';
import type { HolderInput } from '@/lib/schemas/named-tickets';

export type NameTicketResult =
  | { ok: true; ticketId: string; name: string; dateOfBirth: string }
  | { ok: false; code: 'TICKET_NOT_FOUND' | 'HOLDER_NOT_NEEDED' | 'HOLDER_ALREADY_NAMED' | 'TICKET_NOT_TRANSFERABLE' };

/**
 * PUT /api/v1/tickets/{id}/holder: the owner of a named ticket that has no holder yet — a gift received,
 * a code redeemed, a ticket bought before the organiser turned naming on — gives the holder's name and
 * date of birth; only then can it be shown at the gate. A holder once named stays: a ticket changes
 * hands (and holder) only by a gift or a resale, each of which has the new owner name it.
 */
export async function nameTicket(user: { id: string }, input: { ticketId: string } & HolderInput): Promise<NameTicketResult> {
  const t = tables.tickets;
  const db = getDb();
  const [ticket] = await db
    .select({ status: t.status, named: t.named, holderName: t.holderName })
    .from(t)
    .where(and(eq(t.id, input.ticketId), eq(t.ownerId, user.id)));
  if (!ticket) return { ok: false, code: 'TICKET_NOT_FOUND' };
  if (!ticket.named) return { ok: false, code: 'HOLDER_NOT_NEEDED' };
  if (ticket.holderName) return { ok: false, code: 'HOLDER_ALREADY_NAMED' };
  if (ticket.status !== 'valid' && ticket.status !== 'listed') return { ok: false, code: 'TICKET_NOT_TRANSFERABLE' };
  // The WHERE is the lock: of two namings at once, one writes.
  const [named] = await db
    .update(t)
    .set({ holderName: input.name, holderBirthDate: input.dateOfBirth })
    .where(and(eq(t.id, input.ticketId), eq(t.ownerId, user.id), eq(t.named, true), isNull(t.holderName), sql`${t.status} in ('valid', 'listed')`))
    .returning({ id: t.id });
  if (!named) return { ok: false, code: 'HOLDER_ALREADY_NAMED' };
  return { ok: true, ticketId: named.id, name: input.name, dateOfBirth: input.dateOfBirth };
}
