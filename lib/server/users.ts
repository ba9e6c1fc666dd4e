import 'server-only';
// Accounts: create, check credentials, edit the profile, remove (anonymise). Plain input in,
// plain objects or { ok: false, code } out; the caller (route handler) maps codes to HTTP.
import { and, eq, isNull } from 'drizzle-orm';
import type { Locale } from '@/lib/i18n/routing';
import type { ProfileInput, SignUpInput } from '@/lib/schemas/auth';
import { getDb, tables } from '@/lib/server/db';
import { hashPassword, verifyPassword } from './auth/password';
import { revokeAllSessions } from './auth/sessions';
import type { SessionUser } from './auth/session-token';

export type PublicUser = SessionUser;

const userColumns = {
  id: tables.users.id,
  email: tables.users.email,
  firstName: tables.users.firstName,
  lastName: tables.users.lastName,
  dateOfBirth: tables.users.dateOfBirth,
  sex: tables.users.sex,
  locale: tables.users.locale,
};

type UserRow = { id: string; email: string | null; firstName: string | null; lastName: string | null; dateOfBirth: string | null; sex: SessionUser['sex']; locale: Locale };

function toPublic(row: UserRow): PublicUser {
  return { ...row, email: row.email ?? '', firstName: row.firstName ?? '', lastName: row.lastName ?? '' };
}

function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string; cause?: { code?: string } } | null;
  return e?.code === '23505' || e?.cause?.code === '23505';
}

export async function findUserById(id: string): Promise<PublicUser | null> {
  const [row] = await getDb()
    .select(userColumns)
    .from(tables.users)
    .where(and(eq(tables.users.id, id), isNull(tables.users.removedAt)))
    .limit(1);
  return row ? toPublic(row) : null;
}

export async function findUserByEmail(email: string): Promise<PublicUser | null> {
  const [row] = await getDb()
    .select(userColumns)
    .from(tables.users)
    .where(and(eq(tables.users.email, email.trim().toLowerCase()), isNull(tables.users.removedAt)))
    .limit(1);
  return row ? toPublic(row) : null;
}

/** Sign-up. The email is already lower-cased by the schema; a taken email is EMAIL_TAKEN. */
export async function createUser(input: SignUpInput, locale: Locale): Promise<{ ok: true; user: PublicUser } | { ok: false; code: 'EMAIL_TAKEN' }> {
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
      })
      .onConflictDoNothing()
      .returning(userColumns);
    if (!row) return { ok: false, code: 'EMAIL_TAKEN' };
    return { ok: true, user: toPublic(row) };
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

/** Profile edit by the user themself. */
export async function updateProfile(userId: string, input: ProfileInput): Promise<{ ok: true; user: PublicUser } | { ok: false; code: 'EMAIL_TAKEN' | 'NOT_FOUND' }> {
  try {
    const [row] = await getDb()
      .update(tables.users)
      .set({ firstName: input.firstName, lastName: input.lastName, email: input.email, dateOfBirth: input.dateOfBirth, updatedAt: new Date() })
      .where(and(eq(tables.users.id, userId), isNull(tables.users.removedAt)))
      .returning(userColumns);
    if (!row) return { ok: false, code: 'NOT_FOUND' };
    return { ok: true, user: toPublic(row) };
  } catch (error) {
    if (isUniqueViolation(error)) return { ok: false, code: 'EMAIL_TAKEN' };
    throw error;
  }
}

/** Remembers the interface language for emails the user gets later. */
export async function setUserLocale(userId: string, locale: Locale): Promise<void> {
  await getDb().update(tables.users).set({ locale }).where(and(eq(tables.users.id, userId), isNull(tables.users.removedAt)));
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
