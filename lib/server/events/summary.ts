import 'server-only';
import { eventIsPlayed } from './played';
import { eq, sql } from 'drizzle-orm';
import { readText } from '@/lib/localized-text';
import { getDb, tables } from '@/lib/server/db';
import { eventAccess, type AccessFailure } from '@/lib/server/organiser/access';

export type EventSummary = {
  id: string;
  slug: string;
  orgId: string;
  title: { sk: string; cs: string; en: string };
  status: 'draft' | 'on_sale' | 'sold_out' | 'cancelled';
  startsAt: string;
  currency: 'EUR' | 'CZK';
  /** Tickets sold and not voided. */
  sold: number;
  /** Units for sale in all (sold, held, free, blocked). */
  capacity: number;
  /** It has taken place (./played.ts): the console shows it as Played and offers no edit, unpublish or cancel. */
  played: boolean;
};

/** The head of every console screen of one event: what it is, its state and how much of it is sold. */
export async function eventSummary(userId: string, eventId: string): Promise<{ ok: true; event: EventSummary } | AccessFailure> {
  const access = await eventAccess(userId, eventId, 'events');
  if (!access.ok) return access;
  const db = getDb();
  const [row] = await db
    .select({
      id: tables.events.id,
      slug: tables.events.slug,
      orgId: tables.events.orgId,
      title: tables.events.title,
      status: tables.events.status,
      startsAt: tables.events.startsAt,
      endsAt: tables.events.endsAt,
      currency: tables.events.currency,
      language: tables.organisations.language,
    })
    .from(tables.events)
    .innerJoin(tables.organisations, eq(tables.organisations.id, tables.events.orgId))
    .where(eq(tables.events.id, eventId));
  const [counts] = await db
    .select({
      capacity: sql<number>`count(*)::int`,
      sold: sql<number>`count(*) filter (where ${tables.inventoryUnits.status} = 'sold')::int`,
    })
    .from(tables.inventoryUnits)
    .where(eq(tables.inventoryUnits.eventId, eventId));
  const { endsAt, language, ...event } = row;
  return {
    ok: true,
    event: {
      ...event,
      title: readText(row.title, language),
      startsAt: row.startsAt.toISOString(),
      sold: counts?.sold ?? 0,
      capacity: counts?.capacity ?? 0,
      played: eventIsPlayed({ status: row.status, startsAt: row.startsAt, endsAt }, new Date()),
    },
  };
}
