import 'server-only';
import { and, eq, gt, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import { getDb, tables } from '@/lib/server/db';
import { moveTicketToOwner } from '@/lib/server/tickets/ownership';

export type SeasonTransferFailure = 'SEASON_TICKET_NOT_FOUND' | 'TRANSFER_DISABLED' | 'GIFT_TO_SELF' | 'TICKET_LISTED' | 'ALREADY_RELEASED' | 'SEASON_RECIPIENT_UNKNOWN';

const normalise = (email: string) => email.trim().toLowerCase();

/**
 * Gives a whole season ticket to another fan (the season's policy: seasons.transfer_enabled): the season
 * ticket (and with it next season's renewal) and every ticket of it the holder still has for a coming
 * match move to the recipient, each with a new secret and version (the old codes die at once). Tickets of
 * it the holder already passed on, or used, stay where they are. The recipient must have an account
 * that verified the address. A match of it on resale must be withdrawn first, a released one taken back.
 */
export async function transferSeasonTicket(
  actor: { id: string; email: string },
  input: { seasonTicketId: string; email: string },
  now = new Date(),
): Promise<{ ok: true; toEmail: string; moved: number } | { ok: false; code: SeasonTransferFailure }> {
  const toEmail = normalise(input.email);
  if (toEmail === normalise(actor.email)) return { ok: false, code: 'GIFT_TO_SELF' };
  const db = getDb();
  const [recipient] = await db
    .select({ id: tables.users.id })
    .from(tables.users)
    .where(and(sql`lower(${tables.users.email}) = ${toEmail}`, isNotNull(tables.users.emailVerifiedAt), isNull(tables.users.removedAt)));
  return db.transaction(async (tx) => {
    const [held] = await tx
      .select({ id: tables.seasonTickets.id, transferEnabled: tables.seasons.transferEnabled })
      .from(tables.seasonTickets)
      .innerJoin(tables.seasons, eq(tables.seasons.id, tables.seasonTickets.seasonId))
      .where(and(eq(tables.seasonTickets.id, input.seasonTicketId), eq(tables.seasonTickets.userId, actor.id)))
      .for('update', { of: tables.seasonTickets });
    if (!held) return { ok: false as const, code: 'SEASON_TICKET_NOT_FOUND' as const };
    if (!held.transferEnabled) return { ok: false as const, code: 'TRANSFER_DISABLED' as const };
    if (!recipient) return { ok: false as const, code: 'SEASON_RECIPIENT_UNKNOWN' as const };
    // The holder's tickets of it for coming matches, locked (a listing or single gift takes the same lock).
    const coming = await tx
      .select({ id: tables.tickets.id, status: tables.tickets.status })
      .from(tables.tickets)
      .innerJoin(tables.events, eq(tables.events.id, tables.tickets.eventId))
      .where(and(eq(tables.tickets.seasonTicketId, held.id), eq(tables.tickets.ownerId, actor.id), inArray(tables.tickets.status, ['valid', 'listed', 'released']), gt(tables.events.startsAt, now)))
      .for('update', { of: tables.tickets });
    if (coming.some((t) => t.status === 'listed')) return { ok: false as const, code: 'TICKET_LISTED' as const };
    // A match released to the club's sale (seasons/release.ts) is taken back or sold first: its credit is the holder's.
    if (coming.some((t) => t.status === 'released')) return { ok: false as const, code: 'ALREADY_RELEASED' as const };
    await tx.update(tables.seasonTickets).set({ userId: recipient.id }).where(eq(tables.seasonTickets.id, held.id));
    let moved = 0;
    for (const ticket of coming) if (await moveTicketToOwner(tx, { ticketId: ticket.id, fromUserId: actor.id, toUserId: recipient.id })) moved++;
    return { ok: true as const, toEmail, moved };
  });
}
