// The waiting list in the demo: the VIP category of Pulz Live's Kovové nebe concert is sold out (forty
// fans hold its tickets) and the event's waiting list is on, so a fan can join it. e2e only
// (TRIBUNA_E2E=1): a small sold-out-able event with a one-minute reservation, for e2e/waiting-list.spec.ts.
import { and, asc, eq } from 'drizzle-orm';
import { newTicketKeys } from '../../../ticket-code/keys';
import type { Db } from '../client';
import * as s from '../schema';

const DEMO_EVENT = 'kovove-nebe-praha';
const DEMO_CATEGORY = 'VIP';
/** Slug of the e2e-only waiting-list event (TRIBUNA_E2E=1). */
export const E2E_WAITING_LIST_EVENT = 'e2e-cakacia-listina';

const holders = Array.from({ length: 10 }, (_, i) => ({
  email: `vip.fanusik.${i + 1}@pulzlive.example`,
  firstName: ['Tomáš', 'Lucie', 'Jakub', 'Tereza', 'Ondřej', 'Kateřina', 'Martin', 'Veronika', 'Filip', 'Barbora'][i],
  lastName: ['Král', 'Svobodová', 'Novák', 'Černá', 'Procházka', 'Kučerová', 'Veselý', 'Horáková', 'Němec', 'Marková'][i],
  locale: 'cs' as const,
}));

export async function seedWaitingList(db: Db): Promise<void> {
  await seedSoldOutCategory(db);
  if (process.env.TRIBUNA_E2E === '1') await seedE2eEvent(db);
}

async function seedSoldOutCategory(db: Db): Promise<void> {
  const [event] = await db.select().from(s.events).where(eq(s.events.slug, DEMO_EVENT));
  if (!event || event.waitingListEnabled) return;
  const [type] = await db
    .select()
    .from(s.ticketTypes)
    .where(and(eq(s.ticketTypes.eventId, event.id), eq(s.ticketTypes.code, DEMO_CATEGORY)));
  if (!type) return;
  await db.transaction(async (tx) => {
    await tx.insert(s.users).values(holders.map((h) => ({ ...h, emailVerifiedAt: new Date() }))).onConflictDoNothing();
    const users = await tx.select({ id: s.users.id, email: s.users.email }).from(s.users);
    const owners = holders.map((h) => users.find((u) => u.email === h.email)!.id);
    const units = await tx
      .select({ id: s.inventoryUnits.id })
      .from(s.inventoryUnits)
      .where(and(eq(s.inventoryUnits.ticketTypeId, type.id), eq(s.inventoryUnits.status, 'available')))
      .orderBy(asc(s.inventoryUnits.spread));
    for (const [i, unit] of units.entries()) {
      await tx.update(s.inventoryUnits).set({ status: 'sold' }).where(eq(s.inventoryUnits.id, unit.id));
      await tx.insert(s.tickets).values({ eventId: event.id, unitId: unit.id, ticketTypeId: type.id, ownerId: owners[i % owners.length], priceAmount: type.priceAmount, ...newTicketKeys() });
    }
    await tx.update(s.events).set({ waitingListEnabled: true }).where(eq(s.events.id, event.id));
  });
}

/**
 * e2e only: a copy of the acoustic concert with three standing places, a one-minute reservation and the
 * waiting list on; the journey holds every place as one fan, so another can queue and get the offer.
 */
async function seedE2eEvent(db: Db): Promise<void> {
  const [exists] = await db.select({ id: s.events.id }).from(s.events).where(eq(s.events.slug, E2E_WAITING_LIST_EVENT));
  if (exists) return;
  const [source] = await db.select().from(s.events).where(eq(s.events.slug, 'sever-noci-akusticky'));
  if (!source) return;
  const [sourceType] = await db.select().from(s.ticketTypes).where(eq(s.ticketTypes.eventId, source.id)).limit(1);
  if (!sourceType) return;
  const { id: _id, createdAt: _c, updatedAt: _u, ...copy } = source;
  const title = { sk: 'E2E: čakacia listina', cs: 'E2E: čekací listina', en: 'E2E: waiting list' };
  const [event] = await db
    .insert(s.events)
    .values({ ...copy, slug: E2E_WAITING_LIST_EVENT, title, summary: title, searchText: 'e2e cakacia listina', reservationMinutes: 1, waitingListEnabled: true, waitingListOfferMinutes: 30 })
    .returning({ id: s.events.id });
  const { id: _t, eventId: _e, ...typeCopy } = sourceType;
  const [type] = await db.insert(s.ticketTypes).values({ ...typeCopy, eventId: event.id }).returning({ id: s.ticketTypes.id });
  await db.insert(s.inventoryUnits).values(Array.from({ length: 3 }, () => ({ eventId: event.id, ticketTypeId: type.id })));
}
