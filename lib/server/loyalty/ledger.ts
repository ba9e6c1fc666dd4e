import 'server-only';
import { desc, eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { getDb, tables } from '@/lib/server/db';
import type { Loyalty } from '@/lib/schemas/loyalty';

const LIMIT = 100;

/** The caller's points with each organiser and their newest ledger lines (the profile's Loyalty points). */
export async function myLoyalty(user: { id: string }): Promise<Loyalty> {
  const db = getDb();
  const l = tables.loyaltyLedger;
  const reversed = alias(tables.loyaltyLedger, 'reversed');
  const o = tables.organisations;
  const balances = await db
    .select({ id: o.id, name: o.name, points: tables.loyaltyBalances.points })
    .from(tables.loyaltyBalances)
    .innerJoin(o, eq(o.id, tables.loyaltyBalances.orgId))
    .where(eq(tables.loyaltyBalances.userId, user.id))
    .orderBy(o.name);
  const ticketEvent = alias(tables.events, 'ticket_event');
  const orderEvent = alias(tables.events, 'order_event');
  const rows = await db
    .select({
      id: l.id,
      orgId: o.id,
      orgName: o.name,
      points: l.points,
      kind: l.kind,
      reverses: reversed.kind,
      ticketSlug: ticketEvent.slug,
      ticketTitle: ticketEvent.title,
      orderSlug: orderEvent.slug,
      orderTitle: orderEvent.title,
      createdAt: l.createdAt,
    })
    .from(l)
    .innerJoin(o, eq(o.id, l.orgId))
    .leftJoin(reversed, eq(reversed.id, l.reversesId))
    .leftJoin(tables.tickets, eq(tables.tickets.id, l.ticketId))
    .leftJoin(ticketEvent, eq(ticketEvent.id, tables.tickets.eventId))
    .leftJoin(tables.orders, eq(tables.orders.id, l.orderId))
    .leftJoin(orderEvent, eq(orderEvent.id, tables.orders.eventId))
    .where(eq(l.userId, user.id))
    .orderBy(desc(l.createdAt), desc(l.id))
    .limit(LIMIT);
  return {
    balances: balances.map((b) => ({ organisation: { id: b.id, name: b.name }, points: b.points })),
    entries: rows.map((r) => {
      const slug = r.ticketSlug ?? r.orderSlug;
      const title = r.ticketTitle ?? r.orderTitle;
      return {
        id: r.id,
        organisation: { id: r.orgId, name: r.orgName },
        points: r.points,
        kind: r.kind,
        reverses: r.kind === 'reversal' && r.reverses && r.reverses !== 'reversal' ? r.reverses : null,
        event: slug && title ? { slug, title } : null,
        createdAt: r.createdAt.toISOString(),
      };
    }),
  };
}
