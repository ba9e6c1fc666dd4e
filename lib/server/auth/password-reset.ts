import 'server-only';
// Password reset: a request mails a single-use link (token stored hashed, valid 60 minutes); the
// reset call checks token + email, sets the new password and ends every session of the account. Only
// the newest link works: a new request closes the earlier unused ones, so a link left in an old mail
// (a shared or forwarded inbox, a mail read on someone else's screen) is worthless once the person asks again.
import { randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { appUrl } from '@/lib/app-url';
import { getPathname } from '@/lib/i18n/pathname';
import type { Locale } from '@/lib/i18n/routing';
import { getDb, tables } from '@/lib/server/db';
import { sendEmail } from '@/lib/server/email';
import { passwordResetEmail } from '@/lib/server/email/templates';
import { hashPassword } from './password';
import { hashToken } from './session-token';
import { revokeAllSessions } from './sessions';

const RESET_TTL_MINUTES = 60;

/** The link in the email: the new-password page in the person's language, carrying token and email. */
export function resetLink(locale: Locale, token: string, email: string): string {
  const path = getPathname({ locale, href: { pathname: '/password-reset/new', query: { token, email } } });
  return `${appUrl()}${path}`;
}

/**
 * Mails a reset link when the email belongs to an account; does nothing visible otherwise (the
 * caller answers 202 either way, so nobody learns which emails have accounts).
 */
export async function requestPasswordReset(email: string, requestLocale: Locale, now = new Date()): Promise<void> {
  const db = getDb();
  const [user] = await db
    .select({ id: tables.users.id, email: tables.users.email, firstName: tables.users.firstName })
    .from(tables.users)
    .where(and(eq(tables.users.email, email), isNull(tables.users.removedAt)))
    .limit(1);
  if (!user?.email) return;
  const token = randomBytes(32).toString('base64url');
  await db.transaction(async (tx) => {
    // Closed at the very moment the new link is made (its created_at): that is how a refusal later
    // tells "replaced by a newer link" from "used" (resetFailure).
    await tx
      .update(tables.passwordResets)
      .set({ usedAt: now })
      .where(and(eq(tables.passwordResets.userId, user.id), isNull(tables.passwordResets.usedAt)));
    await tx.insert(tables.passwordResets).values({
      userId: user.id,
      tokenHash: hashToken(token),
      createdAt: now,
      expiresAt: new Date(now.getTime() + RESET_TTL_MINUTES * 60_000),
    });
  });
  // The language the person used when asking: they are reading the page in it right now.
  await sendEmail(passwordResetEmail({ to: user.email, locale: requestLocale, name: user.firstName, link: resetLink(requestLocale, token, user.email), minutes: RESET_TTL_MINUTES }));
}

type ResetFailure = { ok: false; code: 'RESET_INVALID' | 'RESET_REPLACED' };

/**
 * Why a token was refused: RESET_REPLACED when a newer link of the same account was made at the moment
 * this one closed (the person asked again: the newest mail has the link that works), else RESET_INVALID.
 */
async function resetFailure(token: string): Promise<ResetFailure> {
  const [row] = await getDb()
    .select({ userId: tables.passwordResets.userId, usedAt: tables.passwordResets.usedAt })
    .from(tables.passwordResets)
    .where(eq(tables.passwordResets.tokenHash, hashToken(token)));
  if (!row?.usedAt) return { ok: false, code: 'RESET_INVALID' };
  const [newer] = await getDb()
    .select({ id: tables.passwordResets.id })
    .from(tables.passwordResets)
    .where(and(eq(tables.passwordResets.userId, row.userId), eq(tables.passwordResets.createdAt, row.usedAt)))
    .limit(1);
  return { ok: false, code: newer ? 'RESET_REPLACED' : 'RESET_INVALID' };
}

/** Sets the new password if the token is live, unused and belongs to this email. Single use. */
export async function resetPassword(input: { token: string; email: string; password: string }): Promise<{ ok: true; userId: string } | ResetFailure> {
  const passwordHash = await hashPassword(input.password);
  type Claimed = { ok: true; userId: string } | null;
  const outcome = await getDb().transaction(async (tx): Promise<Claimed> => {
    // Claiming the token with UPDATE … WHERE used_at IS NULL makes two concurrent uses impossible.
    const [claimed] = await tx
      .update(tables.passwordResets)
      .set({ usedAt: new Date() })
      .where(and(eq(tables.passwordResets.tokenHash, hashToken(input.token)), isNull(tables.passwordResets.usedAt), gt(tables.passwordResets.expiresAt, new Date())))
      .returning({ userId: tables.passwordResets.userId });
    if (!claimed) return null;
    const [user] = await tx
      .update(tables.users)
      // The link reached this address, so the address is the person's: the owner of an address someone
      // else registered takes the account over this way, verified.
      .set({ passwordHash, emailVerifiedAt: sql`coalesce(${tables.users.emailVerifiedAt}, now())`, updatedAt: new Date() })
      .where(and(eq(tables.users.id, claimed.userId), eq(tables.users.email, input.email), isNull(tables.users.removedAt)))
      .returning({ id: tables.users.id });
    if (!user) {
      // Wrong email for this token: nothing changes, and the token is not burnt.
      tx.rollback();
    }
    // Every other reset link of the account dies too, and so does every session.
    await tx
      .update(tables.passwordResets)
      .set({ usedAt: new Date() })
      .where(and(eq(tables.passwordResets.userId, claimed.userId), isNull(tables.passwordResets.usedAt)));
    await revokeAllSessions(claimed.userId, tx);
    return { ok: true as const, userId: claimed.userId };
  }).catch((error: unknown): ResetFailure => {
    if (error instanceof Error && error.constructor.name === 'TransactionRollbackError') return { ok: false, code: 'RESET_INVALID' };
    throw error;
  });
  return outcome ?? resetFailure(input.token);
}
