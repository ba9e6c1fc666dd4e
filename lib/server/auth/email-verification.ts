import 'server-only';
// Email verification: a mailed link (token stored hashed, single use, valid 24 hours) proves an
// address is the person's. Two uses:
//   - the account's own address, mailed at sign-up (sendAccountVerification): gifts to an address
//     go only to an account that has verified it (lib/server/tickets/gift.ts);
//   - a new address (startEmailChange, from updateProfile): the change takes effect only when its
//     link is used; the old address keeps working until then and ends the account's other sessions then.
// Whoever uses a link must be signed in as its account or give the account's password: a link alone
// (clicked by the real owner of an address someone else registered) never verifies another's account.
import { randomBytes } from 'node:crypto';
import { and, desc, eq, gt, isNull, ne, notInArray, sql, type SQL } from 'drizzle-orm';
import { siteLink } from '@/lib/server/site-link';
import type { Locale } from '@/lib/i18n/routing';
import { getDb, isUniqueViolation, tables, type Tx } from '@/lib/server/db';
import { sendEmail } from '@/lib/server/email';
import { emailChangeNoticeEmail, emailVerificationEmail } from '@/lib/server/email/templates';
import { verifyPassword } from './password';
import { hashToken } from './session-token';

const VERIFY_TTL_HOURS = 24;

const links = tables.emailVerifications;
const users = tables.users;

/** The landing page in the person's language, carrying the token. */
function verificationLink(locale: Locale, token: string): Promise<string> {
  return siteLink(locale, { pathname: '/verify-email', query: { token } });
}

/**
 * The pending email change of the `users` row in the statement: the newest live link for an address
 * other than the account's. One definition, read with the user (lib/server/users.ts). Written out
 * with qualified names: drizzle leaves columns unqualified inside a select of one table, which would
 * make `email` the link's own on both sides.
 */
export const pendingEmailOfUser: SQL<string | null> = sql<string | null>`(
  select ev.email from email_verifications ev
  where ev.user_id = "users"."id" and ev.used_at is null and ev.expires_at > now() and ev.email <> "users"."email"
  order by ev.created_at desc limit 1
)`;

/**
 * A new link for `email`. Only the newest link of a purpose works: a link for the account's own
 * address replaces older ones for it; a change replaces any other pending change.
 */
async function issueLink(db: Tx | ReturnType<typeof getDb>, input: { userId: string; email: string; currentEmail: string; sessionId: string | null }): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  const now = new Date();
  const superseded = input.email === input.currentEmail ? eq(links.email, input.email) : ne(links.email, input.currentEmail);
  await db.delete(links).where(and(eq(links.userId, input.userId), isNull(links.usedAt), superseded));
  await db.insert(links).values({
    userId: input.userId,
    email: input.email,
    tokenHash: hashToken(token),
    sessionId: input.sessionId,
    createdAt: now,
    expiresAt: new Date(now.getTime() + VERIFY_TTL_HOURS * 3600_000),
  });
  return token;
}

type Account = { id: string; email: string; firstName: string | null };

/** After sign-up (or on request): mails the link that verifies the account's own address. */
export async function sendAccountVerification(user: Account, locale: Locale): Promise<void> {
  const token = await issueLink(getDb(), { userId: user.id, email: user.email, currentEmail: user.email, sessionId: null });
  await sendEmail(emailVerificationEmail({ to: user.email, locale, name: user.firstName, link: await verificationLink(locale, token), hours: VERIFY_TTL_HOURS, change: false }));
}

/**
 * Asks for a change to `newEmail` (the caller has checked the password and that no other account
 * has it): the link goes to the new address, a notice to the one in use, which stays in use.
 */
export async function startEmailChange(user: Account, newEmail: string, context: { locale: Locale; sessionId: string | null }): Promise<void> {
  const token = await issueLink(getDb(), { userId: user.id, email: newEmail, currentEmail: user.email, sessionId: context.sessionId });
  const { locale } = context;
  await sendEmail(emailVerificationEmail({ to: newEmail, locale, name: user.firstName, link: await verificationLink(locale, token), hours: VERIFY_TTL_HOURS, change: true }));
  const resetLink = await siteLink(locale, '/password-reset');
  await sendEmail(emailChangeNoticeEmail({ to: user.email, locale, name: user.firstName, newEmail, resetLink }));
}

/** Mails a new link: for the pending change if there is one, else for the account's own unverified address. */
export async function resendVerification(userId: string, locale: Locale): Promise<{ ok: true; email: string } | { ok: false; code: 'ALREADY_VERIFIED' | 'UNAUTHENTICATED' }> {
  const db = getDb();
  const [user] = await db
    .select({ id: users.id, email: users.email, firstName: users.firstName, verifiedAt: users.emailVerifiedAt, pendingEmail: pendingEmailOfUser })
    .from(users)
    .where(and(eq(users.id, userId), isNull(users.removedAt)));
  if (!user?.email) return { ok: false, code: 'UNAUTHENTICATED' };
  const account = { id: user.id, email: user.email, firstName: user.firstName };
  if (user.pendingEmail) {
    const [pending] = await db
      .select({ sessionId: links.sessionId })
      .from(links)
      .where(and(eq(links.userId, userId), eq(links.email, user.pendingEmail), isNull(links.usedAt)))
      .orderBy(desc(links.createdAt))
      .limit(1);
    await startEmailChange(account, user.pendingEmail, { locale, sessionId: pending?.sessionId ?? null });
    return { ok: true, email: user.pendingEmail };
  }
  if (user.verifiedAt) return { ok: false, code: 'ALREADY_VERIFIED' };
  await sendAccountVerification(account, locale);
  return { ok: true, email: user.email };
}

type LiveLink = { id: string; userId: string; email: string; sessionId: string | null; currentEmail: string; passwordHash: string | null };

async function liveLink(token: string, now: Date): Promise<LiveLink | null> {
  const [row] = await getDb()
    .select({ id: links.id, userId: links.userId, email: links.email, sessionId: links.sessionId, currentEmail: users.email, passwordHash: users.passwordHash })
    .from(links)
    .innerJoin(users, eq(users.id, links.userId))
    .where(and(eq(links.tokenHash, hashToken(token)), isNull(links.usedAt), gt(links.expiresAt, now), isNull(users.removedAt)))
    .limit(1);
  return row?.currentEmail ? { ...row, currentEmail: row.currentEmail } : null;
}

/** What a link would confirm, for its landing page (nothing is used up). */
export async function describeVerificationLink(token: string): Promise<{ userId: string; email: string; change: boolean } | null> {
  if (!token || token.length > 200) return null;
  const link = await liveLink(token, new Date());
  return link ? { userId: link.userId, email: link.email, change: link.email !== link.currentEmail } : null;
}

export type VerifyFailure = 'VERIFY_INVALID' | 'PASSWORD_REQUIRED' | 'WRONG_PASSWORD' | 'EMAIL_TAKEN';
export type VerifyResult = { ok: true; email: string; changed: boolean } | { ok: false; code: VerifyFailure };

/**
 * Uses a link. `caller` is the signed-in session, if any; anyone else must give the account's password.
 * The account's own address becomes verified; a new address replaces the old one, verified, and every
 * session but the one that asked for the change (and the caller's) ends, as do the account's other
 * links and its reset links (mailed to the old address).
 */
export async function confirmEmailVerification(
  input: { token: string; password?: string },
  caller: { userId: string; sessionId: string } | null,
  now = new Date(),
): Promise<VerifyResult> {
  const link = await liveLink(input.token, now);
  if (!link) return { ok: false, code: 'VERIFY_INVALID' };
  const ownSession = caller?.userId === link.userId;
  if (!ownSession) {
    if (!input.password) return { ok: false, code: 'PASSWORD_REQUIRED' };
    if (!(await verifyPassword(input.password, link.passwordHash))) return { ok: false, code: 'WRONG_PASSWORD' };
  }
  const changed = link.email !== link.currentEmail;
  try {
    return await getDb().transaction(async (tx): Promise<VerifyResult> => {
      // Claiming with UPDATE … WHERE used_at IS NULL: of two concurrent uses, one wins.
      const [claimed] = await tx
        .update(links)
        .set({ usedAt: now })
        .where(and(eq(links.id, link.id), isNull(links.usedAt), gt(links.expiresAt, now)))
        .returning({ id: links.id });
      if (!claimed) return { ok: false, code: 'VERIFY_INVALID' };
      if (!changed) {
        await tx.update(users).set({ emailVerifiedAt: now }).where(and(eq(users.id, link.userId), isNull(users.emailVerifiedAt)));
        await tx.delete(links).where(and(eq(links.userId, link.userId), isNull(links.usedAt), eq(links.email, link.email)));
        return { ok: true, email: link.email, changed: false };
      }
      const [other] = await tx.select({ id: users.id }).from(users).where(and(eq(users.email, link.email), ne(users.id, link.userId))).limit(1);
      if (other) return { ok: false, code: 'EMAIL_TAKEN' };
      const [moved] = await tx
        .update(users)
        .set({ email: link.email, emailVerifiedAt: now, updatedAt: now })
        .where(and(eq(users.id, link.userId), eq(users.email, link.currentEmail), isNull(users.removedAt)))
        .returning({ id: users.id });
      if (!moved) return { ok: false, code: 'VERIFY_INVALID' };
      await tx.delete(links).where(and(eq(links.userId, link.userId), isNull(links.usedAt)));
      await tx.update(tables.passwordResets).set({ usedAt: now }).where(and(eq(tables.passwordResets.userId, link.userId), isNull(tables.passwordResets.usedAt)));
      const keep = [link.sessionId, ownSession ? caller!.sessionId : null].filter((id): id is string => Boolean(id));
      await tx
        .update(tables.sessions)
        .set({ revokedAt: now })
        .where(and(eq(tables.sessions.userId, link.userId), isNull(tables.sessions.revokedAt), keep.length ? notInArray(tables.sessions.id, keep) : undefined));
      return { ok: true, email: link.email, changed: true };
    });
  } catch (error) {
    // Another account took the address between the check and the update.
    if (isUniqueViolation(error)) return { ok: false, code: 'EMAIL_TAKEN' };
    throw error;
  }
}
