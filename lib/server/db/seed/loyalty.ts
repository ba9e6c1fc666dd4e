// Demo loyalty points: FK Dunaj Bratislava rewards attendance (10 points a check-in) and spending (1 point a
// euro), and takes points in the cart (100 points = 1 €, up to half of an order's tickets); the demo fans'
// tickets already checked in at its matches, and their paid orders, have earned theirs. Its match with ŠK Slovan Bratislava sells
// to everyone in two weeks, and from the seeding on to fans with at least 10 of its points (priority
// access: the demo fan has them). Idempotent: the ledger's unique indexes take each award once
// (lib/server/db/functions.sql credits the balances); the match is made once (by slug).
//
// e2e only (TRIBUNA_E2E=1): body@e2e.tribuna.sk, whom no one else uses, with 5 000 of the club's points
// to spend in e2e/loyalty.spec.ts.
import { and, eq, sql } from 'drizzle-orm';
import { hashPassword } from '../../auth/password';
import type { Db } from '../client';
import * as s from '../schema';
import { DEMO_PASSWORD } from './users';

/** The demo match with priority access for loyal fans. */
export const PRIORITY_MATCH = 'dunaj-bratislava-slovan-bratislava';
/** Points of FK Dunaj a fan needs to buy for it before the general sale. */
export const PRIORITY_POINTS = 10;
/** The e2e fan with points to spend (TRIBUNA_E2E=1). */
export const E2E_POINTS_FAN = 'body@e2e.tribuna.sk';
const DAY = 86_400_000;

export async function seedLoyalty(db: Db, now = new Date()): Promise<void> {
  const [club] = await db.select({ id: s.organisations.id }).from(s.organisations).where(sql`${s.organisations.slug} = 'fk-dunaj-bratislava'`);
  if (!club) return;
  await db
    .insert(s.loyaltyPrograms)
    .values({ orgId: club.id, enabled: true, attendancePoints: 10, pointsPerUnit: 1, redeemRate: 100, redeemMaxPercent: 50 })
    .onConflictDoNothing();
  await db.execute(sql`
    insert into loyalty_ledger (org_id, user_id, points, kind, ticket_id, created_at)
    select e.org_id, t.owner_id, 10, 'attendance', t.id, coalesce(t.checked_in_at, now())
    from tickets t join events e on e.id = t.event_id
    where e.org_id = ${club.id}::uuid and t.status = 'checked_in'
    on conflict do nothing`);
  // …and their paid orders their purchase points, as loyalty_on_order_status (functions.sql) awards them.
  await db.execute(sql`
    insert into loyalty_ledger (org_id, user_id, points, kind, order_id, created_at)
    select p.org_id, o.user_id, (o.total_amount / 100) * p.points_per_unit, 'purchase', o.id, coalesce(o.paid_at, now())
    from orders o join events e on e.id = o.event_id join loyalty_programs p on p.org_id = e.org_id
    where e.org_id = ${club.id}::uuid and o.status = 'paid' and p.enabled and p.points_per_unit > 0 and o.total_amount >= 100
    on conflict do nothing`);
  await seedPriorityMatch(db, now);
  if (process.env.TRIBUNA_E2E === '1') await seedPointsFan(db, club.id, now);
}

/** A copy of the club's last match of the season, two weeks later, every category and seat for sale. */
async function seedPriorityMatch(db: Db, now: Date): Promise<void> {
  const [exists] = await db.select({ id: s.events.id }).from(s.events).where(eq(s.events.slug, PRIORITY_MATCH));
  if (exists) return;
  const [source] = await db.select().from(s.events).where(eq(s.events.slug, 'dunaj-bratislava-as-trencin'));
  if (!source) return;
  const { id: _id, createdAt: _c, updatedAt: _u, ...copy } = source;
  const later = (at: Date | null) => (at ? new Date(at.getTime() + 14 * DAY) : null);
  const opponent = 'ŠK Slovan Bratislava';
  const title = { sk: `FK Dunaj Bratislava – ${opponent}`, cs: `FK Dunaj Bratislava – ${opponent}`, en: `FK Dunaj Bratislava v ${opponent}` };
  const summary = {
    sk: 'Bratislavské derby, 22. kolo Niké ligy. Verní fanúšikovia s vernostnými bodmi nakupujú skôr.',
    cs: 'Bratislavské derby, 22. kolo slovenské Niké ligy. Věrní fanoušci s věrnostními body nakupují dříve.',
    en: 'The Bratislava derby, round 22 of the Niké liga. Loyal fans with loyalty points buy first.',
  };
  const [event] = await db
    .insert(s.events)
    .values({
      ...copy,
      slug: PRIORITY_MATCH,
      title,
      summary,
      performers: ['FK Dunaj Bratislava', opponent],
      searchText: 'fk dunaj bratislava sk slovan bratislava derby',
      startsAt: later(source.startsAt)!,
      doorsAt: later(source.doorsAt),
      endsAt: later(source.endsAt),
      saleStartsAt: new Date(now.getTime() + 14 * DAY),
      saleEndsAt: null,
      prioritySaleStartsAt: new Date(now.getTime() - 60 * 60_000),
      prioritySalePoints: PRIORITY_POINTS,
      // Not a match of the club's season tickets (the source may be one).
      seasonId: null,
      cancelledAt: null,
    })
    .returning({ id: s.events.id });
  const types = await db.select().from(s.ticketTypes).where(eq(s.ticketTypes.eventId, source.id));
  for (const type of types) {
    const { id: typeId, eventId: _e, ...typeCopy } = type;
    const [copyType] = await db.insert(s.ticketTypes).values({ ...typeCopy, eventId: event.id }).returning({ id: s.ticketTypes.id });
    const sections = await db.select().from(s.eventSections).where(and(eq(s.eventSections.eventId, source.id), eq(s.eventSections.ticketTypeId, typeId)));
    if (sections.length) await db.insert(s.eventSections).values(sections.map((x) => ({ eventId: event.id, sectionId: x.sectionId, ticketTypeId: copyType.id })));
    const units = await db.select({ seatId: s.inventoryUnits.seatId }).from(s.inventoryUnits).where(eq(s.inventoryUnits.ticketTypeId, typeId));
    for (let i = 0; i < units.length; i += 1000) {
      await db.insert(s.inventoryUnits).values(units.slice(i, i + 1000).map((unit) => ({ eventId: event.id, ticketTypeId: copyType.id, seatId: unit.seatId })));
    }
  }
}

async function seedPointsFan(db: Db, orgId: string, now: Date): Promise<void> {
  const [fan] = await db
    .insert(s.users)
    .values({ email: E2E_POINTS_FAN, firstName: 'Boris', lastName: 'Bodový', sex: 'male', dateOfBirth: '1988-02-11', locale: 'sk', passwordHash: await hashPassword(DEMO_PASSWORD), emailVerifiedAt: now })
    .onConflictDoUpdate({ target: s.users.email, set: { locale: 'sk' } })
    .returning({ id: s.users.id });
  const [has] = await db.select({ id: s.loyaltyLedger.id }).from(s.loyaltyLedger).where(eq(s.loyaltyLedger.userId, fan.id)).limit(1);
  if (!has) await db.insert(s.loyaltyLedger).values({ orgId, userId: fan.id, points: 5000, kind: 'attendance', createdAt: now });
}
