import 'server-only';
import { and, eq, isNull } from 'drizzle-orm';
import { getDb, tables, type Tx } from '@/lib/server/db';
import { hashToken, newSessionToken, SESSION_TTL_DAYS } from './session-token';

export const SESSION_TTL_SECONDS = SESSION_TTL_DAYS * 24 * 3600;

/** A new session for the user: the raw token goes to the client once; only its hash is kept. */
export async function createSession(userId: string, userAgent?: string | null): Promise<{ token: string; expiresAt: Date }> {
  const token = newSessionToken();
  const expiresAt = new Date(Date.now() + SESSION_TTL_SECONDS * 1000);
  await getDb()
    .insert(tables.sessions)
    .values({ userId, tokenHash: hashToken(token), expiresAt, userAgent: userAgent?.slice(0, 300) ?? null });
  return { token, expiresAt };
}

export async function revokeSession(sessionId: string): Promise<void> {
  await getDb()
    .update(tables.sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(tables.sessions.id, sessionId), isNull(tables.sessions.revokedAt)));
}

/** Ends every session of a user (password reset, account removal). */
export async function revokeAllSessions(userId: string, tx?: Tx): Promise<void> {
  await (tx ?? getDb())
    .update(tables.sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(tables.sessions.userId, userId), isNull(tables.sessions.revokedAt)));
}
