import 'server-only';
import { and, desc, eq, inArray, ne } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { getDb, tables } from '@/lib/server/db';
import type { GiftedTicket } from '@/lib/schemas/tickets';
import { joinPlace, placeColumns, placeOf } from './place';

/**
 * How one fan is named to another on a gift's trace: first name and the initial of the last ("Jana N."),
 * enough to recognise a friend and no more. Null for an account that was removed (its names are gone).
 */
export function shortName(firstName: string | null, lastName: string | null): string | null {
  const first = firstName?.trim() ?? '';
  const last = lastName?.trim() ?? '';
  if (!first && !last) return null;
  // The first letter as a person reads it (a letter with its diacritic, never half of a pair).
  const initial = last ? `${[...last.normalize('NFC')][0].toLocaleUpperCase()}.` : '';
  return [first, initial].filter(Boolean).join(' ');
}

/** Who gave the caller each of these tickets, for the ones that came as a claimed gift (the latest gift to them wins). */
export async function giftSenders(userId: string, ticketIds: string[]): Promise<Map<string, string | null>> {
  const senders = new Map<string, string | null>();
  if (!ticketIds.length) return senders;
  const g = tables.gifts;
  const rows = await getDb()
    .select({ ticketId: g.ticketId, firstName: tables.users.firstName, lastName: tables.users.lastName })
    .from(g)
    .innerJoin(tables.users, eq(tables.users.id, g.fromUserId))
    .where(and(eq(g.toUserId, userId), eq(g.status, 'claimed'), inArray(g.ticketId, ticketIds)))
    .orderBy(desc(g.resolvedAt));
  for (const row of rows) if (!senders.has(row.ticketId)) senders.set(row.ticketId, shortName(row.firstName, row.lastName));
  return senders;
}

/**
 * The tickets the caller gave away and no longer holds: each once (its latest gift), latest first.
 * A ticket that came back to the caller is in their list again and not here.
 */
export async function giftedAway(userId: string): Promise<GiftedTicket[]> {
  const g = tables.gifts;
  const t = tables.tickets;
  const recipient = alias(tables.users, 'recipient');
  const rows = await joinPlace(
    getDb()
      .select({ ticketId: g.ticketId, resolvedAt: g.resolvedAt, createdAt: g.createdAt, firstName: recipient.firstName, lastName: recipient.lastName, ...placeColumns })
      .from(g)
      .innerJoin(t, eq(t.id, g.ticketId))
      .leftJoin(recipient, eq(recipient.id, g.toUserId))
      .$dynamic(),
  )
    .where(and(eq(g.fromUserId, userId), eq(g.status, 'claimed'), ne(t.ownerId, userId)))
    .orderBy(desc(g.resolvedAt));
  const seen = new Set<string>();
  const lines: GiftedTicket[] = [];
  for (const r of rows) {
    if (seen.has(r.ticketId)) continue;
    seen.add(r.ticketId);
    lines.push({ ticketId: r.ticketId, giftedAt: (r.resolvedAt ?? r.createdAt).toISOString(), to: { name: shortName(r.firstName, r.lastName) }, ...placeOf(r) });
  }
  return lines;
}
