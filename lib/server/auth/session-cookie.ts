import 'server-only';
import { sealData, unsealData } from 'iron-session';
import { sessionSecret } from './session-secret';

/** The session token inside the sealed web cookie, or null when it is missing or tampered with. */
export async function tokenFromSealedCookie(sealed: string | null | undefined): Promise<string | null> {
  if (!sealed) return null;
  try {
    const data = await unsealData<{ token?: string }>(sealed, { password: sessionSecret() });
    return typeof data.token === 'string' ? data.token : null;
  } catch {
    return null;
  }
}

export function sealSessionToken(token: string, ttlSeconds: number): Promise<string> {
  return sealData({ token }, { password: sessionSecret(), ttl: ttlSeconds });
}
