import 'server-only';
import { and, asc, eq } from 'drizzle-orm';
import { UUID_PATTERN } from '@/lib/ids';
import { getDb, tables, type Tx } from '@/lib/server/db';

export type OrgRole = 'owner' | 'manager' | 'scanner';

/**
 * What each role may do (the one place that says it):
 * - `team`: invite, change roles, remove members — the owner only;
 * - `payouts`: settlements and bank details — the owner only;
 * - `events`: events, venues, prices, resale rules, codes, settings — owner and manager;
 * - `gate`: scan tickets at the events' gates — every member;
 * - `support`: the support desk — find the organisation's orders, read their timeline, resend, move,
 *   void and refund with a reason (lib/server/support) — owner and manager;
 * - `audit`: read and export the organisation's audit log — the owner only;
 * - `payout-list`: see the organisation's payouts (period, figures, status) — owner and manager.
 */
export type Capability = 'team' | 'payouts' | 'events' | 'gate' | 'support' | 'audit' | 'payout-list';

const CAPABILITIES: Record<OrgRole, readonly Capability[]> = {
  owner: ['team', 'payouts', 'events', 'gate', 'support', 'audit', 'payout-list'],
  manager: ['events', 'gate', 'support', 'payout-list'],
  scanner: ['gate'],
};

export function roleCan(role: OrgRole, capability: Capability): boolean {
  return CAPABILITIES[role].includes(capability);
}

export function capabilitiesOf(role: OrgRole): Capability[] {
  return [...CAPABILITIES[role]];
}

/** The roles that hold a capability: for a statement that decides per row (the gate scan's). */
export function rolesWith(capability: Capability): OrgRole[] {
  return (Object.keys(CAPABILITIES) as OrgRole[]).filter((role) => roleCan(role, capability));
}

/** What owns the row a path or query parameter names: its organisation is whose capability counts. */
export type Owner = 'organisation' | 'event' | 'venue' | 'season' | 'coupon' | 'package';

/**
 * Who may call an operation, declared with it (lib/server/api/operation.ts) and decided here:
 * - 'anyone': no session needed (the handler may still read one);
 * - 'signed-in': a live session (401 without; a cookie write needs the XSRF echo);
 * - 'admin': a Tribuna admin (anyone else is answered 404, as if nothing were there);
 * - a capability of the table above in the organisation that owns what `param` (a path parameter) or
 *   `query` (a query parameter) names: not a member → 404 ORG_NOT_FOUND, a role without it → 403;
 *   `scope: 'each-row'` — decided row by row by the statement itself with rolesWith(capability) (the
 *   gate scan, which reads the ticket's organisation in the same statement).
 */
export type Access =
  | 'anyone'
  | 'signed-in'
  | 'admin'
  | { capability: Capability; owner: Owner; param: string }
  | { capability: Capability; owner: 'organisation'; query: string }
  | { capability: Capability; scope: 'each-row' };

const OWNER_TABLE = {
  event: tables.events,
  venue: tables.venues,
  season: tables.seasons,
  coupon: tables.coupons,
  package: tables.packages,
} as const;

/** The organisation that owns a row, or null when there is no such row (or the id is not one). */
export async function ownerOrganisation(owner: Owner, id: string, db: Db = getDb()): Promise<string | null> {
  if (!UUID_PATTERN.test(id)) return null;
  if (owner === 'organisation') return id;
  const table = OWNER_TABLE[owner];
  const [row] = await db.select({ orgId: table.orgId }).from(table).where(eq(table.id, id));
  return row?.orgId ?? null;
}

/** Whether the user is a Tribuna admin (and not removed). */
export async function isAdmin(userId: string, db: Db = getDb()): Promise<boolean> {
  const [user] = await db.select({ isAdmin: tables.users.isAdmin, removedAt: tables.users.removedAt }).from(tables.users).where(eq(tables.users.id, userId));
  return Boolean(user?.isAdmin && !user.removedAt);
}

/** A role read from the database (a raw row's text) that has `capability`; false for no role. */
export function memberCan(role: string | null | undefined, capability: Capability): boolean {
  return role != null && Object.hasOwn(CAPABILITIES, role) && roleCan(role as OrgRole, capability);
}

/**
 * The failures of every organiser call that names an organisation or its data:
 * - ORG_NOT_FOUND: the caller is not a member (or it does not exist) — another organisation's data
 *   answers exactly like data that does not exist (404);
 * - ROLE_FORBIDDEN: a member whose role does not allow it (403).
 */
export type AccessFailure = { ok: false; code: 'ORG_NOT_FOUND' } | { ok: false; code: 'ROLE_FORBIDDEN' };

export type OrgAccess = { ok: true; orgId: string; role: OrgRole; userId: string };

type Db = ReturnType<typeof getDb> | Tx;

/** The caller's role in an organisation, or null when not a member. */
export async function memberRole(userId: string, orgId: string, db: Db = getDb()): Promise<OrgRole | null> {
  const [row] = await db
    .select({ role: tables.orgMembers.role })
    .from(tables.orgMembers)
    .where(and(eq(tables.orgMembers.orgId, orgId), eq(tables.orgMembers.userId, userId)));
  return row?.role ?? null;
}

/** May this user do `capability` in this organisation? The check every organiser function starts with. */
export async function orgAccess(userId: string, orgId: string, capability: Capability, db: Db = getDb()): Promise<OrgAccess | AccessFailure> {
  const role = await memberRole(userId, orgId, db);
  if (!role) return { ok: false, code: 'ORG_NOT_FOUND' };
  if (!roleCan(role, capability)) return { ok: false, code: 'ROLE_FORBIDDEN' };
  return { ok: true, orgId, role, userId };
}

/**
 * Access to a row that belongs to an organisation (an event, venue, coupon, batch): `orgIdOf` reads the
 * row's organisation, null when the row does not exist. A row of another organisation is ORG_NOT_FOUND,
 * as if it did not exist.
 */
export async function ownedAccess(
  userId: string,
  capability: Capability,
  orgIdOf: (db: Db) => Promise<string | null | undefined>,
  db: Db = getDb(),
): Promise<OrgAccess | AccessFailure> {
  const orgId = await orgIdOf(db);
  if (!orgId) return { ok: false, code: 'ORG_NOT_FOUND' };
  return orgAccess(userId, orgId, capability, db);
}

/** Access to an event of an organisation the user belongs to. */
export function eventAccess(userId: string, eventId: string, capability: Capability, db: Db = getDb()) {
  return ownedAccess(
    userId,
    capability,
    async (d) => (await d.select({ orgId: tables.events.orgId }).from(tables.events).where(eq(tables.events.id, eventId)))[0]?.orgId,
    db,
  );
}

/** Access to a venue of an organisation the user belongs to. */
export function venueAccess(userId: string, venueId: string, capability: Capability, db: Db = getDb()) {
  return ownedAccess(
    userId,
    capability,
    async (d) => (await d.select({ orgId: tables.venues.orgId }).from(tables.venues).where(eq(tables.venues.id, venueId)))[0]?.orgId,
    db,
  );
}

export type Membership = { id: string; slug: string; name: string; kind: 'club' | 'promoter' | 'festival'; role: OrgRole; capabilities: Capability[] };

/** The organisations the user belongs to, with their role, by name. */
export async function myOrganisations(userId: string): Promise<Membership[]> {
  const rows = await getDb()
    .select({ id: tables.organisations.id, slug: tables.organisations.slug, name: tables.organisations.name, kind: tables.organisations.kind, role: tables.orgMembers.role })
    .from(tables.orgMembers)
    .innerJoin(tables.organisations, eq(tables.organisations.id, tables.orgMembers.orgId))
    .where(eq(tables.orgMembers.userId, userId))
    .orderBy(asc(tables.organisations.name));
  return rows.map((r) => ({ ...r, capabilities: capabilitiesOf(r.role) }));
}
