import 'server-only';
import { eventIsOver } from '@/lib/server/events/played';
import { eq, sql } from 'drizzle-orm';
import type { OrganiserEvent, PublishChecklist, PublishItem } from '@/lib/schemas/organiser-events';
import { getDb, rowsOf, tables, type Tx } from '@/lib/server/db';
import { eventChanged } from '@/lib/server/events/changed';
import { eventAccess, type AccessFailure } from '@/lib/server/organiser/access';
import { organiserEvent } from './read';

export type PublishFailure = AccessFailure | { ok: false; code: 'EVENT_CANCELLED' | 'EVENT_PLAYED' | 'ORG_NOT_APPROVED' } | { ok: false; code: 'NOT_READY'; missing: PublishItem[] };

type Answer = { ok: true; event: OrganiserEvent };

/**
 * The one rule of what a draft needs before it goes on sale, each item checked (all of them, so the
 * office sees at once everything that is missing): its organisation approved by Tribuna (`approved`: an
 * applicant's organisation prepares drafts and publishes nothing until then, onboarding/), a start still to come (`date`), its title in the
 * organisation's language (`texts`: the language every other one falls back to), a price category with
 * places to sell (`prices`), an image (`image`), and a sale window that has not closed already
 * (`saleWindow`; none set sells from publishing until the start). Publishing refuses while anything is
 * missing; the console's checklist reads this same function.
 */
export async function publishItems(tx: Tx, eventId: string, now: Date): Promise<PublishChecklist['items']> {
  const [row] = await tx
    .select({ event: tables.events, language: tables.organisations.language, approvedAt: tables.organisations.approvedAt })
    .from(tables.events)
    .innerJoin(tables.organisations, eq(tables.organisations.id, tables.events.orgId))
    .where(eq(tables.events.id, eventId));
  const { event, language, approvedAt } = row;
  const places = rowsOf<{ n: number }>(
    await tx.execute(sql`select count(*)::int as n from inventory_units where event_id = ${eventId} and status <> 'blocked'`),
  )[0]?.n;
  return [
    { item: 'approved', done: approvedAt !== null },
    { item: 'date', done: event.startsAt > now },
    { item: 'texts', done: Boolean(event.title[language]?.trim()) },
    { item: 'prices', done: Number(places) > 0 },
    { item: 'image', done: Boolean(event.imageUrl) },
    { item: 'saleWindow', done: !event.saleEndsAt || event.saleEndsAt > now },
  ];
}

/** What the draft still needs before it can be published (publishItems), for the console's checklist. */
export async function publishChecklist(userId: string, eventId: string, now = new Date()): Promise<{ ok: true; checklist: PublishChecklist } | AccessFailure> {
  const access = await eventAccess(userId, eventId, 'events');
  if (!access.ok) return access;
  const items = await getDb().transaction((tx) => publishItems(tx, eventId, now));
  return { ok: true, checklist: { ready: items.every((i) => i.done), items } };
}

/**
 * A draft goes on sale: fans find it and may buy (within its sale window). Refused while its organisation
 * awaits Tribuna's approval (ORG_NOT_APPROVED), and with every missing item (publishItems) while anything
 * else is missing. Publishing a published event changes nothing.
 */
export async function publishEvent(userId: string, eventId: string, now = new Date()): Promise<Answer | PublishFailure> {
  const access = await eventAccess(userId, eventId, 'events');
  if (!access.ok) return access;
  return getDb().transaction(async (tx) => {
    const [event] = await tx.select().from(tables.events).where(eq(tables.events.id, eventId)).for('update');
    if (event.status === 'cancelled') return { ok: false, code: 'EVENT_CANCELLED' } as const;
    if (event.status === 'draft') {
      const missing = (await publishItems(tx, eventId, now)).filter((i) => !i.done).map((i) => i.item);
      if (missing.includes('approved')) return { ok: false, code: 'ORG_NOT_APPROVED' } as const;
      if (missing.length) return { ok: false, code: 'NOT_READY', missing } as const;
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
