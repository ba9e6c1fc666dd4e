import 'server-only';
import { nextCategoryColor } from '@/lib/organiser/category-colors';
import { eventIsPlayed } from '@/lib/server/events/played';
import { RETIRED_SECTION_CODE } from '@/lib/server/venues/retired-section';
import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import type { CreatePriceCategoryInput, OrganiserEvent, PriceCategory, UpdatePriceCategoryInput } from '@/lib/schemas/organiser-events';
import { getDb, rowsOf, tables, type Tx } from '@/lib/server/db';
import { eventChanged } from '@/lib/server/events/changed';
import { eventAccess, type AccessFailure } from '@/lib/server/organiser/access';
import { categoriesOf, sectionsOf } from './edit/read';
import { writtenText } from '@/lib/localized-text';
import { refusable, refuse } from './edit/rules';
import { setStandingCapacity, syncEventInventory, type UnitsTaken } from '@/lib/server/inventory/sync';

// An event's price categories (ticket types) and which venue sections each sells. Units are made and
// removed only by ./inventory.ts, in the same transaction as the change; fans see it at once.

export type PriceCategoryFailure =
  | AccessFailure
  | UnitsTaken
  | {
      ok: false;
      code: 'CATEGORY_NOT_FOUND' | 'EVENT_CANCELLED' | 'EVENT_PLAYED' | 'SECTION_NOT_IN_VENUE' | 'SECTION_KIND_MISMATCH' | 'CAPACITY_NOT_ALLOWED' | 'CATEGORY_IN_USE';
    }
  | { ok: false; code: 'CATEGORY_SOLD'; sold: number };

type Listing = { categories: PriceCategory[]; sections: OrganiserEvent['sections'] };

async function venueOf(tx: Tx | ReturnType<typeof getDb>, eventId: string) {
  const [row] = await tx.select({ venueId: tables.events.venueId, status: tables.events.status }).from(tables.events).where(eq(tables.events.id, eventId));
  return row;
}

/** The event's categories with their sections and counts, and the venue's sections to choose from. */
export async function listPriceCategories(userId: string, eventId: string): Promise<({ ok: true } & Listing) | AccessFailure> {
  const access = await eventAccess(userId, eventId, 'events');
  if (!access.ok) return access;
  const db = getDb();
  const { venueId } = await venueOf(db, eventId);
  return { ok: true, categories: await categoriesOf(db, eventId), sections: await sectionsOf(db, eventId, venueId) };
}

/** A code for coupons and reports, from the Slovak name, unique within the event. */
async function uniqueCode(tx: Tx, eventId: string, name: string): Promise<string> {
  const base =
    name
      .normalize('NFD')
      .replace(/\p{Diacritic}/gu, '')
      .toUpperCase()
      .replace(/[^A-Z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 24)
      .replace(/-+$/, '') || 'CATEGORY';
  const taken = new Set((await tx.select({ code: tables.ticketTypes.code }).from(tables.ticketTypes).where(eq(tables.ticketTypes.eventId, eventId))).map((r) => r.code));
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
}

/**
 * Makes the category sell exactly `sectionIds` (sections or standing areas of the event's venue of its
 * kind), and a standing category without areas `capacity` places; then the units follow. Refuses (the
 * caller's transaction rolls back) when fans have places that would go or change category.
 */
async function assign(
  tx: Tx,
  eventId: string,
  category: { id: string; kind: 'seated' | 'standing' },
  sectionIds: string[] | undefined,
  capacity: number | undefined,
): Promise<void> {
  const { venueId } = await venueOf(tx, eventId);
  const hadAreas = (await tx.select({ id: tables.eventSections.sectionId }).from(tables.eventSections).where(eq(tables.eventSections.ticketTypeId, category.id))).length > 0;
  if (sectionIds !== undefined) {
    const unique = [...new Set(sectionIds)];
    const sections = unique.length
      ? await tx
          .select({ id: tables.venueSections.id, kind: tables.venueSections.kind })
          .from(tables.venueSections)
          .where(and(eq(tables.venueSections.venueId, venueId), inArray(tables.venueSections.id, unique), ne(tables.venueSections.code, RETIRED_SECTION_CODE)))
      : [];
    if (sections.length !== unique.length) refuse({ ok: false, code: 'SECTION_NOT_IN_VENUE' } as const);
    if (sections.some((s) => s.kind !== category.kind)) refuse({ ok: false, code: 'SECTION_KIND_MISMATCH' } as const);
    await tx
      .delete(tables.eventSections)
      .where(
        and(
          eq(tables.eventSections.ticketTypeId, category.id),
          unique.length ? sql`${tables.eventSections.sectionId} not in (${sql.join(unique.map((id) => sql`${id}::uuid`), sql`, `)})` : undefined,
        ),
      );
    if (unique.length) {
      await tx
        .insert(tables.eventSections)
        .values(unique.map((sectionId) => ({ eventId, sectionId, ticketTypeId: category.id })))
        .onConflictDoUpdate({ target: [tables.eventSections.eventId, tables.eventSections.sectionId], set: { ticketTypeId: category.id } });
    }
  }
  const synced = await syncEventInventory(tx, eventId);
  if (!synced.ok) refuse(synced);

  const hasAreas = (await tx.select({ id: tables.eventSections.sectionId }).from(tables.eventSections).where(eq(tables.eventSections.ticketTypeId, category.id))).length > 0;
  if (capacity !== undefined && (category.kind === 'seated' || hasAreas)) refuse({ ok: false, code: 'CAPACITY_NOT_ALLOWED' } as const);
  if (category.kind === 'standing' && !hasAreas && (capacity !== undefined || hadAreas)) {
    // Its areas left it: it has the capacity given, or none.
    const result = await setStandingCapacity(tx, eventId, category.id, capacity ?? 0);
    if (!result.ok) refuse(result);
  }
}

/**
 * A change to an event's categories: the caller may edit the event; in one transaction, with the event
 * locked and not cancelled. A refusal inside answers as its failure.
 */
async function changeCategories<T>(userId: string, eventId: string, work: (tx: Tx) => Promise<T>): Promise<T | PriceCategoryFailure> {
  const access = await eventAccess(userId, eventId, 'events');
  if (!access.ok) return access;
  return refusable<T, PriceCategoryFailure>(() =>
    getDb().transaction(async (tx) => {
      const [event] = await tx
        .select({ status: tables.events.status, startsAt: tables.events.startsAt, endsAt: tables.events.endsAt })
        .from(tables.events)
        .where(eq(tables.events.id, eventId))
        .for('update');
      if (event.status === 'cancelled') refuse({ ok: false, code: 'EVENT_CANCELLED' } as const);
      if (eventIsPlayed(event, new Date())) refuse({ ok: false, code: 'EVENT_PLAYED' } as const);
      return work(tx);
    }),
  );
}

async function categoryIn(tx: Tx, eventId: string, categoryId: string) {
  const [row] = await tx
    .select()
    .from(tables.ticketTypes)
    .where(and(eq(tables.ticketTypes.id, categoryId), eq(tables.ticketTypes.eventId, eventId)));
  return row ?? refuse({ ok: false, code: 'CATEGORY_NOT_FOUND' } as const);
}

async function answer(tx: Tx, eventId: string, categoryId: string): Promise<{ ok: true; category: PriceCategory }> {
  await eventChanged(eventId, tx);
  return { ok: true, category: (await categoriesOf(tx, eventId)).find((c) => c.id === categoryId)! };
}

export async function createPriceCategory(
  userId: string,
  eventId: string,
  input: CreatePriceCategoryInput,
): Promise<{ ok: true; category: PriceCategory } | PriceCategoryFailure> {
  return changeCategories(userId, eventId, async (tx) => answer(tx, eventId, await addCategory(tx, eventId, input)));
}

/**
 * Adds a category to an event in the caller's transaction (the caller has checked access and that the
 * event is open) and makes its units, exactly as the organiser's POST does; `code` keeps a duplicated
 * category's code (./edit/duplicate.ts), else it comes from the name (Slovak, else Czech, else English). A refusal rolls back (refuse).
 */
export async function addCategory(tx: Tx, eventId: string, input: CreatePriceCategoryInput & { code?: string }): Promise<string> {
  const [{ next, colors }] = rowsOf<{ next: number; colors: string[] | null }>(
    await tx.execute(sql`select coalesce(max(sort_order) + 1, 0)::int as next, array_agg(color) as colors from ticket_types where event_id = ${eventId}`),
  );
  const [row] = await tx
    .insert(tables.ticketTypes)
    .values({
      eventId,
      code: input.code ?? (await uniqueCode(tx, eventId, input.name.sk || input.name.cs || input.name.en || '')),
      name: writtenText(input.name),
      kind: input.kind,
      priceAmount: input.priceAmount,
      color: input.color ?? nextCategoryColor(colors ?? []),
      sortOrder: input.sortOrder ?? Number(next),
    })
    .returning({ id: tables.ticketTypes.id });
  await assign(tx, eventId, { id: row.id, kind: input.kind }, input.sectionIds, input.capacity ?? (input.kind === 'standing' && !input.sectionIds?.length ? 0 : undefined));
  return row.id;
}

/**
 * Changes a category. A new price is for future sales only: tickets and carts keep the price they
 * were sold or held at. Sections that leave it take their units with them, refused when fans have any.
 */
export async function updatePriceCategory(
  userId: string,
  eventId: string,
  categoryId: string,
  input: UpdatePriceCategoryInput,
): Promise<{ ok: true; category: PriceCategory } | PriceCategoryFailure> {
  return changeCategories(userId, eventId, async (tx) => {
    const category = await categoryIn(tx, eventId, categoryId);
    const changes = {
      ...(input.name && { name: writtenText(input.name) }),
      ...(input.priceAmount !== undefined && { priceAmount: input.priceAmount }),
      ...(input.color && { color: input.color }),
      ...(input.sortOrder !== undefined && { sortOrder: input.sortOrder }),
    };
    if (Object.keys(changes).length) await tx.update(tables.ticketTypes).set(changes).where(eq(tables.ticketTypes.id, categoryId));
    if (input.sectionIds !== undefined || input.capacity !== undefined) await assign(tx, eventId, category, input.sectionIds, input.capacity);
    return answer(tx, eventId, categoryId);
  });
}

/**
 * Deletes a category and its units. Refused while any ticket of it is sold or any place of it is in a
 * fan's cart (CATEGORY_SOLD), or an order or a redeem code names it (CATEGORY_IN_USE: remove its
 * sections instead; reports and refunds need it).
 */
export async function deletePriceCategory(userId: string, eventId: string, categoryId: string): Promise<{ ok: true } | PriceCategoryFailure> {
  return changeCategories(userId, eventId, async (tx) => {
    await categoryIn(tx, eventId, categoryId);
    const [use] = rowsOf<{ sold: number; used: number }>(
      await tx.execute(sql`
        select
          ((select count(*) from tickets t where t.ticket_type_id = ${categoryId} and t.status <> 'void')
            + (select count(*) from inventory_units u where u.ticket_type_id = ${categoryId} and unit_is_held(u.status, u.held_until, now())))::int as sold,
          ((select count(*) from tickets t where t.ticket_type_id = ${categoryId})
            + (select count(*) from order_items oi where oi.ticket_type_id = ${categoryId})
            + (select count(*) from redeem_codes rc where rc.ticket_type_id = ${categoryId}))::int as used`),
    );
    if (Number(use.sold) > 0) refuse({ ok: false, code: 'CATEGORY_SOLD', sold: Number(use.sold) } as const);
    if (Number(use.used) > 0) refuse({ ok: false, code: 'CATEGORY_IN_USE' } as const);
    await tx.delete(tables.eventSections).where(eq(tables.eventSections.ticketTypeId, categoryId));
    const synced = await syncEventInventory(tx, eventId);
    if (!synced.ok) refuse(synced);
    // Carts whose time ran out may still list its places; nothing of them is held any more.
    await tx.delete(tables.holdItems).where(eq(tables.holdItems.ticketTypeId, categoryId));
    await tx.delete(tables.ticketTypes).where(eq(tables.ticketTypes.id, categoryId));
    await eventChanged(eventId, tx);
    return { ok: true } as const;
  });
}
