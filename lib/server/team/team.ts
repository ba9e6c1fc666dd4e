import 'server-only';
// An organisation's team: who is a member with which role, and the invitations still open. Only owners
// manage it (capability 'team'); an organisation never loses its last owner. Invitations themselves
// (invite, revoke, accept) are in ./invitations.ts.
import { and, asc, count, eq, gt, isNull } from 'drizzle-orm';
import { getDb, tables, type Tx } from '@/lib/server/db';
import { orgAccess, roleCan, type AccessFailure, type OrgRole } from '@/lib/server/organiser/access';

export type TeamMember = { userId: string; name: string; email: string; role: OrgRole; since: string };
export type OpenInvitation = { id: string; email: string; role: OrgRole; invitedBy: string | null; createdAt: string; expiresAt: string };

type Actor = { id: string };

const fullName = (first: string | null, last: string | null) => `${first ?? ''} ${last ?? ''}`.trim();

/** The members, owners first then by name, and the invitations not yet accepted, revoked or expired. */
export async function listTeam(actor: Actor, orgId: string): Promise<{ ok: true; members: TeamMember[]; invitations: OpenInvitation[] } | AccessFailure> {
  const access = await orgAccess(actor.id, orgId, 'team');
  if (!access.ok) return access;
  const db = getDb();
  const rows = await db
    .select({
      userId: tables.orgMembers.userId,
      firstName: tables.users.firstName,
      lastName: tables.users.lastName,
      email: tables.users.email,
      role: tables.orgMembers.role,
      since: tables.orgMembers.createdAt,
    })
    .from(tables.orgMembers)
    .innerJoin(tables.users, eq(tables.users.id, tables.orgMembers.userId))
    .where(eq(tables.orgMembers.orgId, orgId))
    .orderBy(asc(tables.orgMembers.createdAt));
  const rank: Record<OrgRole, number> = { owner: 0, manager: 1, scanner: 2 };
  const members = rows
    .map((r) => ({ userId: r.userId, name: fullName(r.firstName, r.lastName) || (r.email ?? ''), email: r.email ?? '', role: r.role, since: r.since.toISOString() }))
    .sort((a, b) => rank[a.role] - rank[b.role] || a.name.localeCompare(b.name));
  return { ok: true, members, invitations: await openInvitations(orgId) };
}

export async function openInvitations(orgId: string, now = new Date()): Promise<OpenInvitation[]> {
  const rows = await getDb()
    .select({
      id: tables.orgInvitations.id,
      email: tables.orgInvitations.email,
      role: tables.orgInvitations.role,
      firstName: tables.users.firstName,
      lastName: tables.users.lastName,
      createdAt: tables.orgInvitations.createdAt,
      expiresAt: tables.orgInvitations.expiresAt,
    })
    .from(tables.orgInvitations)
    .leftJoin(tables.users, eq(tables.users.id, tables.orgInvitations.invitedBy))
    .where(
      and(
        eq(tables.orgInvitations.orgId, orgId),
        isNull(tables.orgInvitations.acceptedAt),
        isNull(tables.orgInvitations.revokedAt),
        gt(tables.orgInvitations.expiresAt, now),
      ),
    )
    .orderBy(asc(tables.orgInvitations.createdAt));
  return rows.map((r) => ({
    id: r.id,
    email: r.email,
    role: r.role,
    invitedBy: fullName(r.firstName, r.lastName) || null,
    createdAt: r.createdAt.toISOString(),
    expiresAt: r.expiresAt.toISOString(),
  }));
}

/**
 * Locks the organisation's row for the rest of the transaction: team changes of one organisation run
 * one after another, so two owners demoting each other at once cannot leave it without an owner.
 */
export async function lockTeam(tx: Tx, orgId: string): Promise<void> {
  await tx.select({ id: tables.organisations.id }).from(tables.organisations).where(eq(tables.organisations.id, orgId)).for('update');
}

/**
 * Closes the invitations a member sent that are still open. An invitation carries its inviter's say-so:
 * once they may no longer invite (removed, or no longer an owner), nothing they sent may let anyone in —
 * not even themselves under a second address.
 */
export async function revokeInvitationsSentBy(tx: Tx, orgId: string, userId: string, now = new Date()): Promise<void> {
  await tx
    .update(tables.orgInvitations)
    .set({ revokedAt: now })
    .where(
      and(
        eq(tables.orgInvitations.orgId, orgId),
        eq(tables.orgInvitations.invitedBy, userId),
        isNull(tables.orgInvitations.acceptedAt),
        isNull(tables.orgInvitations.revokedAt),
      ),
    );
}

async function ownerCount(tx: Tx, orgId: string): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(tables.orgMembers)
    .where(and(eq(tables.orgMembers.orgId, orgId), eq(tables.orgMembers.role, 'owner')));
  return Number(row?.n ?? 0);
}

type TeamChangeFailure = AccessFailure | { ok: false; code: 'MEMBER_NOT_FOUND' } | { ok: false; code: 'LAST_OWNER' };

async function memberOf(tx: Tx, orgId: string, userId: string) {
  const [row] = await tx
    .select({ userId: tables.orgMembers.userId, role: tables.orgMembers.role, since: tables.orgMembers.createdAt, firstName: tables.users.firstName, lastName: tables.users.lastName, email: tables.users.email })
    .from(tables.orgMembers)
    .innerJoin(tables.users, eq(tables.users.id, tables.orgMembers.userId))
    .where(and(eq(tables.orgMembers.orgId, orgId), eq(tables.orgMembers.userId, userId)));
  return row ?? null;
}

/** Gives a member another role; the last owner cannot be demoted (make someone else owner first). */
export async function changeMemberRole(actor: Actor, orgId: string, memberId: string, role: OrgRole): Promise<{ ok: true; member: TeamMember } | TeamChangeFailure> {
  const access = await orgAccess(actor.id, orgId, 'team');
  if (!access.ok) return access;
  return getDb().transaction(async (tx) => {
    await lockTeam(tx, orgId);
    const member = await memberOf(tx, orgId, memberId);
    if (!member) return { ok: false as const, code: 'MEMBER_NOT_FOUND' as const };
    if (member.role === 'owner' && role !== 'owner' && (await ownerCount(tx, orgId)) <= 1) return { ok: false as const, code: 'LAST_OWNER' as const };
    await tx.update(tables.orgMembers).set({ role }).where(and(eq(tables.orgMembers.orgId, orgId), eq(tables.orgMembers.userId, memberId)));
    if (!roleCan(role, 'team')) await revokeInvitationsSentBy(tx, orgId, memberId);
    return {
      ok: true as const,
      member: { userId: member.userId, name: fullName(member.firstName, member.lastName) || (member.email ?? ''), email: member.email ?? '', role, since: member.since.toISOString() },
    };
  });
}

/**
 * Takes a member off the team: from this moment they see nothing of the organisation, scanner included
 * (every check reads org_members). An owner may leave while another owner remains.
 */
export async function removeMember(actor: Actor, orgId: string, memberId: string): Promise<{ ok: true } | TeamChangeFailure> {
  const access = await orgAccess(actor.id, orgId, 'team');
  if (!access.ok) return access;
  return getDb().transaction(async (tx) => {
    await lockTeam(tx, orgId);
    const member = await memberOf(tx, orgId, memberId);
    if (!member) return { ok: false as const, code: 'MEMBER_NOT_FOUND' as const };
    if (member.role === 'owner' && (await ownerCount(tx, orgId)) <= 1) return { ok: false as const, code: 'LAST_OWNER' as const };
    await tx.delete(tables.orgMembers).where(and(eq(tables.orgMembers.orgId, orgId), eq(tables.orgMembers.userId, memberId)));
    await revokeInvitationsSentBy(tx, orgId, memberId);
    return { ok: true as const };
  });
}
