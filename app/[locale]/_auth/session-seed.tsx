import { SessionSeed } from '@/lib/client/session';
import { getCurrentUser } from '@/lib/server/auth/current-user';

/** Hands the request's user to the client session (lib/client/session.ts) before anything reads it. */
export async function ServerSessionSeed() {
  const user = await getCurrentUser();
  return <SessionSeed user={user} />;
}
