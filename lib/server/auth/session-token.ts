import 'server-only';
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { tables } from '@/lib/server/db';
import { preparedQuery } from '@/lib/server/db/prepared';

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

// Every API call and every signed-in page asks this: built once (lib/server/db/prepared.ts).
const sessionUser = preparedQuery((db) =>
  db
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
        eq(tables.sessions.tokenHash, sql.placeholder('tokenHash')),
        isNull(tables.sessions.revokedAt),
        gt(tables.sessions.expiresAt, sql`${sql.placeholder('now')}::timestamptz`),
        isNull(tables.users.removedAt),
      ),
    )
    .limit(1)
    .prepare('session_user'),
);

/** The user behind a live (not revoked, not expired) session token, or null. */
export async function userForToken(token: string | null | undefined): Promise<{ user: SessionUser; sessionId: string } | null> {
  if (!token || token.length > 200) return null;
  const [row] = await sessionUser().execute({ tokenHash: hashToken(token), now: new Date().toISOString() });
  if (!row || !row.email) return null;
  const { sessionId, ...user } = row;
  return { sessionId, user: { ...user, email: row.email, firstName: row.firstName ?? '', lastName: row.lastName ?? '' } };
}
