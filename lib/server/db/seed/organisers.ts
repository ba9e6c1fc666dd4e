// Demo organiser accounts: an owner and a manager of each seeded organisation (README, "Demo accounts"),
// and each venue given to the organisation whose events use it. Idempotent: keyed by email and slug.
import { eq, inArray, isNull } from 'drizzle-orm';
import { hashPassword } from '../../auth/password';
import type { Db } from '../client';
import * as s from '../schema';
import { DEMO_PASSWORD } from './users';

type Person = { email: string; firstName: string; lastName: string; sex: 'male' | 'female'; locale: 'sk' | 'cs' | 'en' };

/** Organisation slug → its demo owner and manager. */
export const DEMO_ORGANISERS: Record<string, { owner: Person; manager: Person }> = {
  'fk-dunaj-bratislava': {
    owner: { email: 'klub@fkdunaj.sk', firstName: 'Tomáš', lastName: 'Kováč', sex: 'male', locale: 'sk' },
    manager: { email: 'pokladna@fkdunaj.sk', firstName: 'Zuzana', lastName: 'Horváthová', sex: 'female', locale: 'sk' },
  },
  'hc-vltava-praha': {
    owner: { email: 'klub@hcvltava.cz', firstName: 'Jan', lastName: 'Novotný', sex: 'male', locale: 'cs' },
    manager: { email: 'pokladna@hcvltava.cz', firstName: 'Lucie', lastName: 'Svobodová', sex: 'female', locale: 'cs' },
  },
  'pulz-live': {
    owner: { email: 'promoter@pulzlive.sk', firstName: 'Martin', lastName: 'Baláž', sex: 'male', locale: 'sk' },
    manager: { email: 'manazer@pulzlive.sk', firstName: 'Katarína', lastName: 'Vargová', sex: 'female', locale: 'sk' },
  },
  'luka-fest': {
    owner: { email: 'festival@lukafest.sk', firstName: 'Peter', lastName: 'Lukáč', sex: 'male', locale: 'en' },
    manager: { email: 'manazer@lukafest.sk', firstName: 'Ema', lastName: 'Tóthová', sex: 'female', locale: 'sk' },
  },
};

export async function seedOrganisers(db: Db): Promise<void> {
  const orgs = await db.select({ id: s.organisations.id, slug: s.organisations.slug }).from(s.organisations).where(inArray(s.organisations.slug, Object.keys(DEMO_ORGANISERS)));
  if (!orgs.length) return;
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const people = orgs.flatMap((o) => [
    { org: o.id, role: 'owner' as const, person: DEMO_ORGANISERS[o.slug].owner },
    { org: o.id, role: 'manager' as const, person: DEMO_ORGANISERS[o.slug].manager },
  ]);
  await db
    .insert(s.users)
    .values(people.map(({ person }) => ({ ...person, dateOfBirth: '1985-04-20', passwordHash, emailVerifiedAt: new Date() })))
    .onConflictDoNothing();
  const users = await db.select({ id: s.users.id, email: s.users.email }).from(s.users).where(inArray(s.users.email, people.map((p) => p.person.email)));
  const idOf = new Map(users.map((u) => [u.email, u.id]));
  await db
    .insert(s.orgMembers)
    .values(people.map((p) => ({ orgId: p.org, userId: idOf.get(p.person.email)!, role: p.role })))
    .onConflictDoNothing();

  // A venue belongs to the organisation whose event used it first.
  const unowned = await db.select({ id: s.venues.id }).from(s.venues).where(isNull(s.venues.orgId));
  for (const venue of unowned) {
    const [first] = await db.select({ orgId: s.events.orgId }).from(s.events).where(eq(s.events.venueId, venue.id)).orderBy(s.events.createdAt).limit(1);
    if (first) await db.update(s.venues).set({ orgId: first.orgId }).where(eq(s.venues.id, venue.id));
  }
}
