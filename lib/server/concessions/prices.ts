import 'server-only';
import { and, eq, inArray } from 'drizzle-orm';
import type { CategoryConcession, CategoryConcessionsInput } from '@/lib/schemas/concessions';
import { CONCESSION_KINDS } from '@/lib/schemas/concessions';
import { getDb, tables, type Db, type Tx } from '@/lib/server/db';
import { eventChanged } from '@/lib/server/events/changed';
import { eventIsPlayed, type EventPlayed } from '@/lib/server/events/played';
import { eventAccess, type AccessFailure } from '@/lib/server/organiser/access';

// The organiser's concession prices per price category (child, student, senior, ZŤP, ZŤP-S), each with
// its companion rule and whether fans may resell it (resale/eligibility.ts). A fan picks one per cart line (./cart.ts); the gate asks for the card (scan).

const c = tables.ticketTypeConcessions;
const order = (kind: string) => CONCESSION_KINDS.indexOf(kind as never);

export type ConcessionsFailure = AccessFailure | EventPlayed | { ok: false; code: 'CATEGORY_NOT_FOUND' } | { ok: false; code: 'CONCESSION_ABOVE_FULL_PRICE' };

/**
 * The one rule of a concession's price: a reduction, so never more than the category's full price (a
 * concession above it would charge a child more than an adult). Equal is allowed (a kind offered only to
 * carry its companion rule).
 */
export function concessionsAboveFullPrice(concessions: readonly { priceAmount: number }[], fullPrice: number): boolean {
  return concessions.some((concession) => concession.priceAmount > fullPrice);
}

async function categoryOf(eventId: string, categoryId: string) {
  const [row] = await getDb()
    .select({
      id: tables.ticketTypes.id,
      priceAmount: tables.ticketTypes.priceAmount,
      event: { status: tables.events.status, startsAt: tables.events.startsAt, endsAt: tables.events.endsAt },
    })
    .from(tables.ticketTypes)
    .innerJoin(tables.events, eq(tables.events.id, tables.ticketTypes.eventId))
    .where(and(eq(tables.ticketTypes.id, categoryId), eq(tables.ticketTypes.eventId, eventId)));
  return row ?? null;
}

/** Every category's concessions of an event, by category id (the console's prices page). */
export async function concessionsOfEvent(eventId: string): Promise<Record<string, CategoryConcession[]>> {
  const rows = await getDb()
    .select({ ticketTypeId: c.ticketTypeId, kind: c.kind, priceAmount: c.priceAmount, companion: c.companion, resaleAllowed: c.resaleAllowed })
    .from(c)
    .innerJoin(tables.ticketTypes, eq(tables.ticketTypes.id, c.ticketTypeId))
    .where(eq(tables.ticketTypes.eventId, eventId));
  const byType: Record<string, CategoryConcession[]> = {};
  for (const row of rows.sort((a, b) => order(a.kind) - order(b.kind))) {
    if (row.kind === 'companion') continue;
    (byType[row.ticketTypeId] ??= []).push({ kind: row.kind, priceAmount: row.priceAmount, companion: row.companion, resaleAllowed: row.resaleAllowed });
  }
  return byType;
}

type Result = { ok: true; categoryId: string; concessions: CategoryConcession[] } | ConcessionsFailure;

/** GET …/price-categories/{categoryId}/concessions (owner, manager). */
export async function getCategoryConcessions(userId: string, eventId: string, categoryId: string): Promise<Result> {
  const access = await eventAccess(userId, eventId, 'events');
  if (!access.ok) return access;
  if (!(await categoryOf(eventId, categoryId))) return { ok: false, code: 'CATEGORY_NOT_FOUND' };
  return { ok: true, categoryId, concessions: (await concessionsOfEvent(eventId))[categoryId] ?? [] };
}

/**
 * PUT …/price-categories/{categoryId}/concessions (owner, manager): the category's concessions, replaced.
 * Lines already in fans' carts keep the price they were given; new choices see the new prices.
 */
export async function setCategoryConcessions(userId: string, eventId: string, categoryId: string, input: CategoryConcessionsInput): Promise<Result> {
  const access = await eventAccess(userId, eventId, 'events');
  if (!access.ok) return access;
  const category = await categoryOf(eventId, categoryId);
  if (!category) return { ok: false, code: 'CATEGORY_NOT_FOUND' };
  // A played event's prices stay as they were when its fans came (events/played.ts).
  if (eventIsPlayed(category.event, new Date())) return { ok: false, code: 'EVENT_PLAYED' };
  if (concessionsAboveFullPrice(input.concessions, category.priceAmount)) return { ok: false, code: 'CONCESSION_ABOVE_FULL_PRICE' };
  await getDb().transaction(async (tx) => {
    const kept = input.concessions.map((x) => x.kind);
    await tx.delete(c).where(eq(c.ticketTypeId, categoryId));
    if (kept.length) {
      await tx
        .insert(c)
        .values(input.concessions.map((x) => ({ ticketTypeId: categoryId, kind: x.kind, priceAmount: x.priceAmount, companion: x.companion, resaleAllowed: x.resaleAllowed })));
    }
  });
  await eventChanged(eventId);
  return { ok: true, categoryId, concessions: (await concessionsOfEvent(eventId))[categoryId] ?? [] };
}

/** The concessions a price category offers, by kind (the cart's choices). */
export async function offeredConcessions(db: Db | Tx, categoryIds: string[]) {
  if (!categoryIds.length) return new Map<string, CategoryConcession[]>();
  // In the caller's transaction: PGlite has one connection, a read beside the transaction would wait for it.
  const rows = await db.select().from(c).where(inArray(c.ticketTypeId, categoryIds));
  const map = new Map<string, CategoryConcession[]>();
  for (const row of rows.sort((a, b) => order(a.kind) - order(b.kind))) {
    if (row.kind === 'companion') continue;
    const list = map.get(row.ticketTypeId) ?? [];
    list.push({ kind: row.kind, priceAmount: row.priceAmount, companion: row.companion, resaleAllowed: row.resaleAllowed });
    map.set(row.ticketTypeId, list);
  }
  return map;
}
