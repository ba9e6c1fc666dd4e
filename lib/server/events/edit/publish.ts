import 'server-only';
import { eventIsOver } from '@/lib/server/events/played';
import { eq, sql } from 'drizzle-orm';
import type { OrganiserEvent } from '@/lib/schemas/organiser-events';
import { getDb, rowsOf, tables } from '@/lib/server/db';
import { eventChanged } from '@/lib/server/events/changed';
import { eventAccess, type AccessFailure } from '@/lib/server/organiser/access';
import { organiserEvent } from './read';

export type PublishFailure = AccessFailure | { ok: false; code: 'EVENT_CANCELLED' | 'NO_PLACES' | 'NO_IMAGE' | 'EVENT_IN_PAST' | 'EVENT_PLAYED' };

type Answer = { ok: true; event: OrganiserEvent };

/**
 * A draft goes on sale: fans find it and may buy (within its sale window). Refused while it has no
 * price category with places, no image, or its start has passed. Publishing a published event changes
 * nothing.
 */
export async function publishEvent(userId: string, eventId: string, now = new Date()): Promise<Answer | PublishFailure> {
  const access = await eventAccess(userId, eventId, 'events');
  if (!access.ok) return access;
  return getDb().transaction(async (tx) => {
    const [event] = await tx.select().from(tables.events).where(eq(tables.events.id, eventId)).for('update');
    if (event.status === 'cancelled') return { ok: false, code: 'EVENT_CANCELLED' } as const;
    if (event.status === 'draft') {
      const places = rowsOf<{ n: number }>(
        await tx.execute(sql`select count(*)::int as n from inventory_units where event_id = ${eventId} and status <> 'blocked'`),
      )[0]?.n;
      if (!Number(places)) return { ok: false, code: 'NO_PLACES' } as const;
      if (!event.imageUrl) return { ok: false, code: 'NO_IMAGE' } as const;
      if (event.startsAt <= now) return { ok: false, code: 'EVENT_IN_PAST' } as const;
      await tx.update(tables.events).set({ status: 'on_sale', publishedAt: now, updatedAt: now }).where(eq(tables.events.id, eventId));
      await eventChanged(eventId, tx);
    }
    return { ok: true, event: await organiserEvent(tx, eventId) } as const;
  });
}

/**
 * A published event goes back to draft: it leaves the fans' list and sales stop; tickets already sold
 * stay valid. A cancelled event stays cancelled.
 */
export async function unpublishEvent(userId: string, eventId: string, now = new Date()): Promise<Answer | PublishFailure> {
  const access = await eventAccess(userId, eventId, 'events');
  if (!access.ok) return access;
  return getDb().transaction(async (tx) => {
    const [event] = await tx.select().from(tables.events).where(eq(tables.events.id, eventId)).for('update');
    if (event.status === 'cancelled') return { ok: false, code: 'EVENT_CANCELLED' } as const;
    if (eventIsOver(event, now)) return { ok: false, code: 'EVENT_PLAYED' } as const;
    if (event.status !== 'draft') {
      await tx.update(tables.events).set({ status: 'draft', updatedAt: now }).where(eq(tables.events.id, eventId));
      await eventChanged(eventId, tx);
    }
    return { ok: true, event: await organiserEvent(tx, eventId) } as const;
  });
}
