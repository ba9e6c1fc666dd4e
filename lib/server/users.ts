import 'server-only';
// Accounts: create, check credentials, edit the profile, remove (anonymise). Plain input in,
// plain objects or { ok: false, code } out; the caller (route handler) maps codes to HTTP.
import { and, eq, isNull } from 'drizzle-orm';
import type { Locale } from '@/lib/i18n/routing';
import type { ProfileInput, SignUpInput, User } from '@/lib/schemas/auth';
import { getDb, isUniqueViolation, tables } from '@/lib/server/db';
import { pendingEmailOfUser, sendAccountVerification, startEmailChange } from './auth/email-verification';
import { hashPassword, verifyPassword } from './auth/password';
import { revokeAllSessions } from './auth/sessions';
import { sessionUserColumns, type SessionUser } from './auth/session-token';

/** The user as the API answers it: the session's fields, whether the email is verified, and a change waiting for its link. */
export type PublicUser = User;

const userColumns = {
  ...sessionUserColumns,
  emailVerifiedAt: tables.users.emailVerifiedAt,
  pendingEmail: pendingEmailOfUser,
};

type UserRow = {
  id: string;
  email: string | null;
  firstName: string | null;
  lastName: string | null;
  dateOfBirth: string | null;
  sex: SessionUser['sex'];
  locale: Locale;
  emailVerifiedAt: Date | null;
  pendingEmail: string | null;
};

function toPublic({ emailVerifiedAt, ...row }: UserRow): PublicUser {
  return { ...row, email: row.email ?? '', firstName: row.firstName ?? '', lastName: row.lastName ?? '', emailVerified: emailVerifiedAt !== null };
}

export async function findUserById(id: string): Promise<PublicUser | null> {
  const [row] = await getDb()
    .select(userColumns)
    .from(tables.users)
    .where(and(eq(tables.users.id, id), isNull(tables.users.removedAt)))
    .limit(1);
  return row ? toPublic(row) : null;
}

async function emailInUse(email: string): Promise<boolean> {
  const [row] = await getDb()
    .select({ id: tables.users.id })
    .from(tables.users)
    .where(and(eq(tables.users.email, email.trim().toLowerCase()), isNull(tables.users.removedAt)))
    .limit(1);
  return Boolean(row);
}

/**
 * Sign-up. The email is already lower-cased by the schema; a taken email is EMAIL_TAKEN. Mails the link
 * that verifies it, unless the address is proved already (`verifiedAt`: signing up from a link mailed to it).
 */
export async function createUser(
  input: Pick<SignUpInput, 'email' | 'firstName' | 'lastName' | 'password'> & Partial<Pick<SignUpInput, 'sex' | 'dateOfBirth'>>,
  locale: Locale,
  options: { verifiedAt?: Date } = {},
): Promise<{ ok: true; user: PublicUser } | { ok: false; code: 'EMAIL_TAKEN' }> {
  const passwordHash = await hashPassword(input.password);
  try {
    const [row] = await getDb()
      .insert(tables.users)
      .values({
        email: input.email,
        firstName: input.firstName,
        lastName: input.lastName,
        sex: input.sex,
        dateOfBirth: input.dateOfBirth,
        passwordHash,
        locale,
        emailVerifiedAt: options.verifiedAt ?? null,
      })
      .onConflictDoNothing()
      .returning(userColumns);
    if (!row) return { ok: false, code: 'EMAIL_TAKEN' };
    const user = toPublic(row);
    if (!options.verifiedAt) await sendAccountVerification(user, locale);
    return { ok: true, user };
  } catch (error) {
    if (isUniqueViolation(error)) return { ok: false, code: 'EMAIL_TAKEN' };
    throw error;
  }
}

/**
 * The user with this email and password, or null. An unknown email costs the same hashing work
 * as a wrong password, so timing does not tell which accounts exist.
 */
export async function verifyCredentials(email: string, password: string): Promise<PublicUser | null> {
  const [row] = await getDb()
    .select({ ...userColumns, passwordHash: tables.users.passwordHash })
    .from(tables.users)
    .where(and(eq(tables.users.email, email.trim().toLowerCase()), isNull(tables.users.removedAt)))
    .limit(1);
  const ok = await verifyPassword(password, row?.passwordHash);
  if (!row || !ok) return null;
  const { passwordHash: _hash, ...user } = row;
  return toPublic(user);
}

export type ProfileFailure = 'EMAIL_TAKEN' | 'UNAUTHENTICATED' | 'CURRENT_PASSWORD_REQUIRED' | 'WRONG_PASSWORD';

/**
 * Profile edit by the user themself. Names and birth date change at once. A new email needs the
 * current password and is only asked for: it takes effect when its link is used
 * (lib/server/auth/email-verification.ts); until then the user answers with `pendingEmail`.
 * Nothing is stored when any check fails.
 */
export async function updateProfile(
  userId: string,
  input: ProfileInput,
  context: { locale: Locale; sessionId: string | null },
): Promise<{ ok: true; user: PublicUser } | { ok: false; code: ProfileFailure }> {
  const db = getDb();
  const [current] = await db
    .select({ email: tables.users.email, firstName: tables.users.firstName, passwordHash: tables.users.passwordHash })
    .from(tables.users)
    .where(and(eq(tables.users.id, userId), isNull(tables.users.removedAt)))
    .limit(1);
  if (!current?.email) return { ok: false, code: 'UNAUTHENTICATED' };
  const changingEmail = input.email !== current.email;
  if (changingEmail) {
    if (!input.currentPassword) return { ok: false, code: 'CURRENT_PASSWORD_REQUIRED' };
    if (!(await verifyPassword(input.currentPassword, current.passwordHash))) return { ok: false, code: 'WRONG_PASSWORD' };
    if (await emailInUse(input.email)) return { ok: false, code: 'EMAIL_TAKEN' };
  }
  const [row] = await db
    .update(tables.users)
    .set({ firstName: input.firstName, lastName: input.lastName, dateOfBirth: input.dateOfBirth, updatedAt: new Date() })
    .where(and(eq(tables.users.id, userId), isNull(tables.users.removedAt)))
    .returning({ id: tables.users.id });
  if (!row) return { ok: false, code: 'UNAUTHENTICATED' };
  if (changingEmail) await startEmailChange({ id: userId, email: current.email, firstName: input.firstName }, input.email, context);
  const user = await findUserById(userId);
  return user ? { ok: true, user } : { ok: false, code: 'UNAUTHENTICATED' };
}

/**
 * Account removal: personal data goes (email, names, birth date, sex, password), every session and
 * reset link dies, mails addressed to the person leave the outbox. The row stays, anonymous, so
 * orders and tickets keep what accounting needs. The email can register again.
 */
export async function removeUser(userId: string): Promise<void> {
  await getDb().transaction(async (tx) => {
    const [row] = await tx
      .select({ email: tables.users.email })
      .from(tables.users)
      .where(and(eq(tables.users.id, userId), isNull(tables.users.removedAt)))
      .for('update')
      .limit(1);
    if (!row) return;
    await tx
      .update(tables.users)
      .set({ email: null, firstName: null, lastName: null, dateOfBirth: null, sex: null, passwordHash: null, removedAt: new Date(), updatedAt: new Date() })
      .where(eq(tables.users.id, userId));
    await revokeAllSessions(userId, tx);
    await tx.delete(tables.passwordResets).where(eq(tables.passwordResets.userId, userId));
    if (row.email) await tx.delete(tables.emailOutbox).where(eq(tables.emailOutbox.toAddress, row.email));
  });
}
