// Test factory for organiser suites: an organisation's members in each role, a stranger organisation,
// and the role matrix every organiser route is checked against (owner/manager/scanner/fan/anonymous,
// and a member of another organisation, who must see 404 as if the data did not exist).
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '@/lib/server/db/client';
import * as s from '@/lib/server/db/schema';
import { auth, makeUser, type TestUser } from './tickets';

export type Role = 'owner' | 'manager' | 'scanner';

/** A new organisation with no events. */
export async function makeOrganisation(db: Db, name = 'Test club'): Promise<{ id: string; slug: string; name: string }> {
  const slug = `test-org-${randomBytes(4).toString('hex')}`;
  const [org] = await db.insert(s.organisations).values({ slug, name, kind: 'club', country: 'SK', approvedAt: new Date() }).returning({ id: s.organisations.id, slug: s.organisations.slug, name: s.organisations.name });
  return org;
}

/** A new user who is a `role` member of the organisation. */
export async function makeMember(db: Db, orgId: string, role: Role, tag: string = role): Promise<TestUser> {
  const user = await makeUser(db, tag);
  await db.insert(s.orgMembers).values({ orgId, userId: user.id, role });
  return user;
}

export async function orgIdOfSlug(db: Db, slug: string): Promise<string> {
  const [org] = await db.select({ id: s.organisations.id }).from(s.organisations).where(eq(s.organisations.slug, slug));
  if (!org) throw new Error(`no organisation ${slug}`);
  return org.id;
}

export type Cast = { owner: TestUser; manager: TestUser; scanner: TestUser; fan: TestUser; stranger: TestUser };

/**
 * Everyone the role matrix asks: the three roles of `orgId`, a fan who belongs to no organisation,
 * and the owner of another organisation (the stranger).
 */
export async function makeCast(db: Db, orgId: string): Promise<Cast> {
  const other = await makeOrganisation(db, 'Another club');
  return {
    owner: await makeMember(db, orgId, 'owner'),
    manager: await makeMember(db, orgId, 'manager'),
    scanner: await makeMember(db, orgId, 'scanner'),
    fan: await makeUser(db, 'fan'),
    stranger: await makeMember(db, other.id, 'owner', 'stranger'),
  };
}

export type Caller = keyof Cast | 'anonymous';

/** Headers of a caller of the matrix: a bearer session, or none for anonymous. */
export function headersOf(cast: Cast, who: Caller): Record<string, string> {
  return who === 'anonymous' ? { 'content-type': 'application/json', 'accept-language': 'en' } : auth(cast[who]);
}

/**
 * The statuses an organiser call answers each caller with, given what it needs:
 * - 'events' (owner and manager): scanner 403, fan and stranger 404, anonymous 401;
 * - 'team' (owner only): manager and scanner 403.
 * `ok` is the status of an allowed call.
 */
export function expectedStatuses(capability: 'events' | 'team', ok: number): Record<Caller, number> {
  return {
    owner: ok,
    manager: capability === 'team' ? 403 : ok,
    scanner: 403,
    fan: 404,
    stranger: 404,
    anonymous: 401,
  };
}

/**
 * Calls `call` as every caller of the matrix, in an order that leaves the allowed callers last (a
 * refused call must change nothing), and returns the statuses.
 */
export async function statusesOf(cast: Cast, call: (headers: Record<string, string>, who: Caller) => Promise<Response>): Promise<Record<Caller, number>> {
  const order: Caller[] = ['anonymous', 'fan', 'stranger', 'scanner', 'manager', 'owner'];
  const out = {} as Record<Caller, number>;
  for (const who of order) out[who] = (await call(headersOf(cast, who), who)).status;
  return out;
}
