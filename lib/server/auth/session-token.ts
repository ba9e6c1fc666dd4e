import 'server-only';
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull } from 'drizzle-orm';
import { getDb, tables } from '@/lib/server/db';

export const SESSION_TTL_DAYS = 30;

export function newSessionToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Tokens are stored only as their SHA-256: a database leak gives nobody a session. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export type SessionUser = {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  dateOfBirth: string | null;
  sex: 'male' | 'female' | 'other' | 'not-to-say' | null;
  locale: 'sk' | 'cs' | 'en';
};

/** The user behind a live (not revoked, not expired) session token, or null. */
export async function userForToken(token: string | null | undefined): Promise<{ user: SessionUser; sessionId: string } | null> {
  if (!token || token.length > 200) return null;
  const db = getDb();
  const [row] = await db
    .select({
      sessionId: tables.sessions.id,
      id: tables.users.id,
      email: tables.users.email,
      firstName: tables.users.firstName,
      lastName: tables.users.lastName,
      dateOfBirth: tables.users.dateOfBirth,
      sex: tables.users.sex,
      locale: tables.users.locale,
    })
    .from(tables.sessions)
    .innerJoin(tables.users, eq(tables.users.id, tables.sessions.userId))
    .where(
      and(
        eq(tables.sessions.tokenHash, hashToken(token)),
        isNull(tables.sessions.revokedAt),
        gt(tables.sessions.expiresAt, new Date()),
        isNull(tables.users.removedAt),
      ),
    )
    .limit(1);
  if (!row || !row.email) return null;
  const { sessionId, ...user } = row;
  return { sessionId, user: { ...user, email: row.email, firstName: row.firstName ?? '', lastName: row.lastName ?? '' } };
}
