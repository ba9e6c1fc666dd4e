import 'server-only';
import { createHash, randomBytes } from 'node:crypto';
import { eq, sql, type SQL } from 'drizzle-orm';
import { tables } from '@/lib/server/db';
import { preparedQuery } from '@/lib/server/db/prepared';
import type { SessionUser } from '@/lib/schemas/auth';

export const SESSION_TTL_DAYS = 30;

export function newSessionToken(): string {
  return randomBytes(32).toString('base64url');
}

/** A token worth looking up: ours are 43 characters; anything past 200 is not hashed at all. */
function plausibleToken(token: string | null | undefined): token is string {
  return !!token && token.length <= 200;
}

/** Tokens are stored only as their SHA-256: a database leak gives nobody a session. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export type { SessionUser };

/**
 * A live session: this token's, not revoked, not expired, of a user not removed. The one definition,
 * over the tables `sessions` and `users` (unaliased): the prepared lookup below and the statements
 * that find their caller in the same round trip as their own rows (sessionUserIdOf) both use it.
 */
function liveSession(tokenHash: unknown, now: unknown): SQL {
  return sql`sessions.token_hash = ${tokenHash} and sessions.revoked_at is null and sessions.expires_at > ${now}::timestamptz and users.removed_at is null`;
}

/**
 * The token hash a statement that finds its caller itself is given (sessionUserIdOf): null for a token
 * not worth looking up, which finds nobody.
 */
export function sessionLookupHash(token: string): string | null {
  return plausibleToken(token) ? hashToken(token) : null;
}

/**
 * The user id of the live session with this token hash at this moment, as an SQL expression over the
 * statement's own columns or parameters (null when there is none).
 */
export function sessionUserIdOf(tokenHash: SQL, now: SQL): SQL {
  return sql`(select sessions.user_id from sessions join users on users.id = sessions.user_id where ${liveSession(tokenHash, now)} limit 1)`;
}

/** The account's columns a session carries (SessionUser); the profile reads them and more. */
export const sessionUserColumns = {
  id: tables.users.id,
  email: tables.users.email,
  firstName: tables.users.firstName,
  lastName: tables.users.lastName,
  dateOfBirth: tables.users.dateOfBirth,
  sex: tables.users.sex,
  locale: tables.users.locale,
};

// Every API call and every signed-in page asks this: built once (lib/server/db/prepared.ts).
const sessionUser = preparedQuery((db) =>
  db
    .select({ sessionId: tables.sessions.id, ...sessionUserColumns })
    .from(tables.sessions)
    .innerJoin(tables.users, eq(tables.users.id, tables.sessions.userId))
    .where(liveSession(sql.placeholder('tokenHash'), sql.placeholder('now')))
    .limit(1)
    .prepare('session_user'),
);

/** The user behind a live (not revoked, not expired) session token, or null. */
export async function userForToken(token: string | null | undefined): Promise<{ user: SessionUser; sessionId: string } | null> {
  if (!plausibleToken(token)) return null;
  const [row] = await sessionUser().execute({ tokenHash: hashToken(token), now: new Date().toISOString() });
  if (!row || !row.email) return null;
  const { sessionId, ...user } = row;
  return { sessionId, user: { ...user, email: row.email, firstName: row.firstName ?? '', lastName: row.lastName ?? '' } };
}
