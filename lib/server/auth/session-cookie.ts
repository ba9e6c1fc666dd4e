import 'server-only';
import { sealData, unsealData } from 'iron-session';
import { sessionSecret } from './session-secret';

/**
 * Unsealed cookies of the last minute, so a fan's every request does not derive iron's keys again
 * (PBKDF2 and AES in the thread pool: the largest cost of a signed-in page answered from the shared
 * shell, README "Signed-in pages"). Unsealing is a pure function of the cookie and the secret; the
 * session itself is still looked up in the database on every request, so a revoked one ends at once.
 */
// Time-bound only: it holds no event data (docs/decisions/in-process-caches.md).
const UNSEALED_FOR_MS = 60_000;
const UNSEALED_MAX = 10_000;
const unsealed = new Map<string, { token: string; until: number }>();

/** When iron's seal expires (its sixth field, milliseconds), or Infinity for a seal without expiry. */
function sealExpiry(sealed: string): number {
  const field = sealed.split('*')[5];
  return field ? Number(field) || 0 : Infinity;
}

/** The session token inside the sealed web cookie, or null when it is missing, expired or tampered with. */
export async function tokenFromSealedCookie(sealed: string | null | undefined): Promise<string | null> {
  if (!sealed) return null;
  const now = Date.now();
  const known = unsealed.get(sealed);
  if (known && known.until > now) return known.token;
  try {
    const data = await unsealData<{ token?: string }>(sealed, { password: sessionSecret() });
    if (typeof data.token !== 'string') return null;
    if (unsealed.size >= UNSEALED_MAX) unsealed.delete(unsealed.keys().next().value!);
    unsealed.set(sealed, { token: data.token, until: Math.min(now + UNSEALED_FOR_MS, sealExpiry(sealed)) });
    return data.token;
  } catch {
    return null;
  }
}

export function sealSessionToken(token: string, ttlSeconds: number): Promise<string> {
  return sealData({ token }, { password: sessionSecret(), ttl: ttlSeconds });
}
