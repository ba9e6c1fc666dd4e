import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../client';
import * as s from '../schema';

type CouponSeed = Omit<typeof s.coupons.$inferInsert, 'orgId' | 'eventId'> & { org: string; event?: string };

const DAY = 86_400_000;

/** Demo discount codes: one per rule a fan can meet in the cart. */
function couponSeeds(now: Date): CouponSeed[] {
  return [
    // 10 % on every FK Dunaj match
    { code: 'DUNAJ10', org: 'fk-dunaj-bratislava', kind: 'percent', value: 10 },
    // 5 € off the Lúka Fest pass
    { code: 'FEST5', org: 'luka-fest', event: 'luka-fest-2027', kind: 'fixed', value: 500, currency: 'EUR' },
    // 20 % on VIP categories of Pulz Live concerts only
    { code: 'VIP20', org: 'pulz-live', kind: 'percent', value: 20, ticketTypeCodes: ['VIP'] },
    // expired last month
    { code: 'LETO2025', org: 'fk-dunaj-bratislava', kind: 'percent', value: 15, validFrom: new Date(now.getTime() - 90 * DAY), validUntil: new Date(now.getTime() - 30 * DAY) },
    // every use taken
    { code: 'VYPREDANE', org: 'fk-dunaj-bratislava', kind: 'fixed', value: 300, currency: 'EUR', maxUses: 1, usedCount: 1 },
    // one use per fan
    { code: 'PRVYZAPAS', org: 'fk-dunaj-bratislava', kind: 'fixed', value: 200, currency: 'EUR', maxUsesPerUser: 1 },
  ];
}

/** Slug of the e2e-only event whose carts hold tickets for one minute (TRIBUNA_E2E=1). */
const E2E_SHORT_HOLD_EVENT = 'e2e-kratka-rezervacia';

export async function seedCoupons(db: Db, now = new Date()): Promise<void> {
  const seeds = couponSeeds(now);
  const orgs = await db.select({ id: s.organisations.id, slug: s.organisations.slug }).from(s.organisations);
  const events = await db
    .select({ id: s.events.id, slug: s.events.slug })
    .from(s.events)
    .where(inArray(s.events.slug, seeds.flatMap((c) => (c.event ? [c.event] : []))));
  const rows = seeds.flatMap(({ org, event, ...coupon }) => {
    const orgId = orgs.find((o) => o.slug === org)?.id;
    const eventId = event ? events.find((e) => e.slug === event)?.id : undefined;
    if (!orgId || (event && !eventId)) return [];
    return [{ ...coupon, orgId, eventId: eventId ?? null }];
  });
  if (rows.length) await db.insert(s.coupons).values(rows).onConflictDoNothing({ target: s.coupons.code });
  if (process.env.TRIBUNA_E2E === '1') await seedShortHoldEvent(db);
}

/**
 * e2e only: a copy of an FK Dunaj match selling category C seats with a one-minute reservation, so the
 * expiry journey runs in a minute and touches no event other journeys use.
 */
async function seedShortHoldEvent(db: Db): Promise<void> {
  const [exists] = await db.select({ id: s.events.id }).from(s.events).where(eq(s.events.slug, E2E_SHORT_HOLD_EVENT));
  if (exists) return;
  const [source] = await db.select().from(s.events).where(eq(s.events.slug, 'dunaj-bratislava-as-trencin'));
  if (!source) return;
  const [sourceType] = await db
    .select()
    .from(s.ticketTypes)
    .where(and(eq(s.ticketTypes.eventId, source.id), eq(s.ticketTypes.code, 'C')));
  if (!sourceType) return;
  const { id: _id, createdAt: _c, updatedAt: _u, ...copy } = source;
  const title = { sk: 'E2E: krátka rezervácia', cs: 'E2E: krátká rezervace', en: 'E2E: short reservation' };
  const [event] = await db
    .insert(s.events)
    .values({ ...copy, slug: E2E_SHORT_HOLD_EVENT, title, summary: title, searchText: 'e2e kratka rezervacia', reservationMinutes: 1 })
    .returning({ id: s.events.id });
  const { id: _t, eventId: _e, ...typeCopy } = sourceType;
  const [type] = await db.insert(s.ticketTypes).values({ ...typeCopy, eventId: event.id }).returning({ id: s.ticketTypes.id });
  const seats = await db.select({ seatId: s.inventoryUnits.seatId }).from(s.inventoryUnits).where(eq(s.inventoryUnits.ticketTypeId, sourceType.id));
  for (let i = 0; i < seats.length; i += 1000) {
    await db.insert(s.inventoryUnits).values(seats.slice(i, i + 1000).map((seat) => ({ eventId: event.id, ticketTypeId: type.id, seatId: seat.seatId })));
  }
}
