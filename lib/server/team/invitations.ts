import 'server-only';
// Invitations to an organisation's team: an owner invites an email with a role; the link in the mail
// (a random token; only its hash is stored) is accepted by the account of that same email, or makes
// that account (the link proves the address). One open invitation per email per organisation: inviting again replaces it (a new link, the
// old one stops working). Invitations last 7 days.
import { randomBytes } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Locale } from '@/lib/i18n/routing';
import { hashToken } from '@/lib/server/auth/session-token';
import { getDb, tables } from '@/lib/server/db';
import { createUser, type PublicUser } from '@/lib/server/users';
import { memberRole, orgAccess, roleCan, type AccessFailure, type OrgRole } from '@/lib/server/organiser/access';
import { lockTeam, revokeInvitationsSentBy, type OpenInvitation } from './team';
import { queueInvitationEmail } from './team-mail';

export const INVITATION_DAYS = 7;

type Actor = { id: string; firstName: string; lastName: string; email: string };

const normalise = (email: string) => email.trim().toLowerCase();
const nameOf = (first: string | null | undefined, last: string | null | undefined) => `${first ?? ''} ${last ?? ''}`.trim();

/**
 * Invites `email` to the team with `role` and mails the link in the invitee's language: their
 * account's language when the address has one, else the inviter's.
 */
export async function inviteMember(
  actor: Actor,
  orgId: string,
  input: { email: string; role: OrgRole; locale: Locale },
): Promise<{ ok: true; invitation: OpenInvitation } | AccessFailure | { ok: false; code: 'ALREADY_MEMBER' }> {
  const access = await orgAccess(actor.id, orgId, 'team');
  if (!access.ok) return access;
  const email = normalise(input.email);
  const db = getDb();
  const [account] = await db
    .select({ id: tables.users.id, locale: tables.users.locale })
    .from(tables.users)
    .where(and(sql`lower(${tables.users.email}) = ${email}`, isNull(tables.users.removedAt)));
  const locale = (account?.locale ?? input.locale) as Locale;
  const token = randomBytes(32).toString('base64url');
  const now = new Date();
  const expiresAt = new Date(now.getTime() + INVITATION_DAYS * 86_400_000);

  const created = await db.transaction(async (tx) => {
    await lockTeam(tx, orgId);
    if (account) {
      const [member] = await tx
        .select({ role: tables.orgMembers.role })
        .from(tables.orgMembers)
        .where(and(eq(tables.orgMembers.orgId, orgId), eq(tables.orgMembers.userId, account.id)));
      if (member) return null;
    }
    // The earlier invitation of this address (open, or expired but never closed) makes way: its link dies.
    await tx
      .update(tables.orgInvitations)
      .set({ revokedAt: now })
      .where(and(eq(tables.orgInvitations.orgId, orgId), eq(tables.orgInvitations.email, email), isNull(tables.orgInvitations.acceptedAt), isNull(tables.orgInvitations.revokedAt)));
    const [row] = await tx
      .insert(tables.orgInvitations)
      .values({ orgId, email, role: input.role, tokenHash: hashToken(token), locale, invitedBy: actor.id, expiresAt })
      .returning({ id: tables.orgInvitations.id, createdAt: tables.orgInvitations.createdAt });
    const [org] = await tx.select({ name: tables.organisations.name }).from(tables.organisations).where(eq(tables.organisations.id, orgId));
    return { ...row, organisation: org.name };
  });
  if (!created) return { ok: false, code: 'ALREADY_MEMBER' };

  const inviter = nameOf(actor.firstName, actor.lastName) || actor.email;
  await queueInvitationEmail({ to: email, locale, organisation: created.organisation, role: input.role, inviter, token, days: INVITATION_DAYS });
  return {
    ok: true,
    invitation: { id: created.id, email, role: input.role, invitedBy: inviter, createdAt: created.createdAt.toISOString(), expiresAt: expiresAt.toISOString() },
  };
}

/** Withdraws an open invitation: its link stops working at once. */
export async function revokeInvitation(actor: { id: string }, orgId: string, invitationId: string): Promise<{ ok: true } | AccessFailure | { ok: false; code: 'INVITATION_NOT_FOUND' }> {
  const access = await orgAccess(actor.id, orgId, 'team');
  if (!access.ok) return access;
  const revoked = await getDb()
    .update(tables.orgInvitations)
    .set({ revokedAt: new Date() })
    .where(
      and(
        eq(tables.orgInvitations.id, invitationId),
        eq(tables.orgInvitations.orgId, orgId),
        isNull(tables.orgInvitations.acceptedAt),
        isNull(tables.orgInvitations.revokedAt),
      ),
    )
    .returning({ id: tables.orgInvitations.id });
  return revoked.length ? { ok: true } : { ok: false, code: 'INVITATION_NOT_FOUND' };
}

export type InvitationPreview = {
  organisation: { id: string; name: string; slug: string };
  role: OrgRole;
  email: string;
  invitedBy: string | null;
  expiresAt: string;
  /** open: can be accepted; otherwise why not. */
  state: 'open' | 'expired' | 'used';
  /** The invited address has an account (it signs in to accept), else the link makes one. */
  hasAccount: boolean;
};

async function invitationByToken(token: string) {
  if (!token || token.length > 200) return null;
  const [row] = await getDb()
    .select({
      id: tables.orgInvitations.id,
      orgId: tables.orgInvitations.orgId,
      email: tables.orgInvitations.email,
      role: tables.orgInvitations.role,
      invitedBy: tables.orgInvitations.invitedBy,
      expiresAt: tables.orgInvitations.expiresAt,
      acceptedAt: tables.orgInvitations.acceptedAt,
      revokedAt: tables.orgInvitations.revokedAt,
      orgName: tables.organisations.name,
      orgSlug: tables.organisations.slug,
      locale: tables.orgInvitations.locale,
      inviterFirst: tables.users.firstName,
      inviterLast: tables.users.lastName,
    })
    .from(tables.orgInvitations)
    .innerJoin(tables.organisations, eq(tables.organisations.id, tables.orgInvitations.orgId))
    .leftJoin(tables.users, eq(tables.users.id, tables.orgInvitations.invitedBy))
    .where(eq(tables.orgInvitations.tokenHash, hashToken(token)));
  return row ?? null;
}

/**
 * What the invitation page shows of a link: the organisation, the role, who invited. Null for a token
 * that is no invitation's (or was replaced/revoked: such a link tells nothing about the team).
 */
export async function previewInvitation(token: string, now = new Date()): Promise<InvitationPreview | null> {
  const row = await invitationByToken(token);
  if (!row || row.revokedAt) return null;
  const [account] = await getDb()
    .select({ id: tables.users.id })
    .from(tables.users)
    .where(and(sql`lower(${tables.users.email}) = ${normalise(row.email)}`, isNull(tables.users.removedAt)));
  return {
    hasAccount: Boolean(account),
    organisation: { id: row.orgId, name: row.orgName, slug: row.orgSlug },
    role: row.role,
    email: row.email,
    invitedBy: nameOf(row.inviterFirst, row.inviterLast) || null,
    expiresAt: row.expiresAt.toISOString(),
    state: row.acceptedAt ? 'used' : row.expiresAt.getTime() <= now.getTime() ? 'expired' : 'open',
  };
}

export type AcceptFailure =
  | { ok: false; code: 'INVITATION_INVALID' }
  | { ok: false; code: 'INVITATION_EXPIRED' }
  | { ok: false; code: 'INVITATION_USED' }
  | { ok: false; code: 'INVITATION_OTHER_EMAIL'; email: string };

type InvitationRow = NonNullable<Awaited<ReturnType<typeof invitationByToken>>>;

/** The invitation of a token that can still be accepted, or why not (a revoked or unknown link tells nothing). */
async function openInvitation(token: string, now: Date): Promise<{ ok: true; row: InvitationRow } | AcceptFailure> {
  const row = await invitationByToken(token);
  if (!row || row.revokedAt) return { ok: false, code: 'INVITATION_INVALID' };
  if (row.acceptedAt) return { ok: false, code: 'INVITATION_USED' };
  if (row.expiresAt.getTime() <= now.getTime()) return { ok: false, code: 'INVITATION_EXPIRED' };
  return { ok: true, row };
}

/**
 * The signed-in user accepts an invitation: they become a member with its role (a member already
 * takes the invitation's role, except that the last owner stays owner). Only the account whose email
 * is the invited one may accept: a forwarded link does not let someone else in. The link proves the
 * address (it was mailed there), so an account that had not verified it yet has it verified now. The
 * inviter must still be allowed to invite when it is accepted: an invitation of someone since removed or
 * demoted (or whose account is gone) is revoked then and there, and refused like any dead link.
 */
export async function acceptInvitation(
  user: { id: string },
  token: string,
  now = new Date(),
): Promise<{ ok: true; organisation: { id: string; name: string; slug: string }; role: OrgRole } | AcceptFailure> {
  const open = await openInvitation(token, now);
  if (!open.ok) return open;
  const { row } = open;
  const [account] = await getDb()
    .select({ email: tables.users.email, verifiedAt: tables.users.emailVerifiedAt })
    .from(tables.users)
    .where(and(eq(tables.users.id, user.id), isNull(tables.users.removedAt)));
  if (!account?.email || normalise(account.email) !== normalise(row.email)) return { ok: false, code: 'INVITATION_OTHER_EMAIL', email: row.email };

  const result = await getDb().transaction(async (tx) => {
    await lockTeam(tx, row.orgId);
    // Read under the team's lock: a removal or demotion committed before this point is seen.
    const inviterRole = row.invitedBy ? await memberRole(row.invitedBy, row.orgId, tx) : null;
    if (!inviterRole || !roleCan(inviterRole, 'team')) {
      if (row.invitedBy) await revokeInvitationsSentBy(tx, row.orgId, row.invitedBy, now);
      else await tx.update(tables.orgInvitations).set({ revokedAt: now }).where(and(eq(tables.orgInvitations.id, row.id), isNull(tables.orgInvitations.acceptedAt)));
      return null;
    }
    // Exactly once: the row flips from open only here, and only while it is still open.
    const taken = await tx
      .update(tables.orgInvitations)
      .set({ acceptedAt: now, acceptedBy: user.id })
      .where(
        and(
          eq(tables.orgInvitations.id, row.id),
          isNull(tables.orgInvitations.acceptedAt),
          isNull(tables.orgInvitations.revokedAt),
          sql`${tables.orgInvitations.expiresAt} > ${now.toISOString()}::timestamptz`,
        ),
      )
      .returning({ id: tables.orgInvitations.id });
    if (!taken.length) {
      // Lost to an acceptance a moment earlier (a double tap): answered as a second click would be.
      const [current] = await tx.select({ acceptedAt: tables.orgInvitations.acceptedAt }).from(tables.orgInvitations).where(eq(tables.orgInvitations.id, row.id));
      return current?.acceptedAt ? ('used' as const) : null;
    }
    if (!account.verifiedAt) await tx.update(tables.users).set({ emailVerifiedAt: now, updatedAt: now }).where(and(eq(tables.users.id, user.id), isNull(tables.users.emailVerifiedAt)));
    const [existing] = await tx
      .select({ role: tables.orgMembers.role })
      .from(tables.orgMembers)
      .where(and(eq(tables.orgMembers.orgId, row.orgId), eq(tables.orgMembers.userId, user.id)));
    let role: OrgRole = row.role;
    if (existing) {
      if (existing.role === 'owner' && role !== 'owner') {
        const owners = await tx
          .select({ userId: tables.orgMembers.userId })
          .from(tables.orgMembers)
          .where(and(eq(tables.orgMembers.orgId, row.orgId), eq(tables.orgMembers.role, 'owner')));
        if (owners.length <= 1) role = 'owner';
      }
      await tx.update(tables.orgMembers).set({ role }).where(and(eq(tables.orgMembers.orgId, row.orgId), eq(tables.orgMembers.userId, user.id)));
    } else {
      await tx.insert(tables.orgMembers).values({ orgId: row.orgId, userId: user.id, role });
    }
    return role;
  });
  if (!result) return { ok: false, code: 'INVITATION_INVALID' };
  if (result === 'used') return { ok: false, code: 'INVITATION_USED' };
  return { ok: true, organisation: { id: row.orgId, name: row.orgName, slug: row.orgSlug }, role: result };
}

export type InvitationSignUp = { token: string; firstName: string; lastName: string; password: string };

/**
 * Signing up from an invitation's link: the account of the invited address, made in one step with its
 * email verified (the link, mailed there, proves it) and the invitation accepted. An address that
 * already has an account signs in instead (INVITATION_ACCOUNT_EXISTS). The account's language is the
 * invitation's (the one its mail was written in).
 */
export async function signUpWithInvitation(
  input: InvitationSignUp,
  now = new Date(),
): Promise<
  | { ok: true; user: PublicUser; organisation: { id: string; name: string; slug: string }; role: OrgRole }
  | AcceptFailure
  | { ok: false; code: 'INVITATION_ACCOUNT_EXISTS' }
> {
  const open = await openInvitation(input.token, now);
  if (!open.ok) return open;
  const { row } = open;
  const created = await createUser({ email: row.email, firstName: input.firstName, lastName: input.lastName, password: input.password }, row.locale as Locale, { verifiedAt: now });
  if (!created.ok) return { ok: false, code: 'INVITATION_ACCOUNT_EXISTS' };
  const accepted = await acceptInvitation(created.user, input.token, now);
  if (!accepted.ok) return accepted;
  return { ok: true, user: { ...created.user, emailVerified: true }, organisation: accepted.organisation, role: accepted.role };
}
