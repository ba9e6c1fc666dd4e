import { SessionSeed } from '@/lib/client/session';
import { getCurrentUser } from '@/lib/server/auth/current-user';
import { isSignedInShell } from '@/lib/server/auth/shared-shell';

/**
 * Hands the request's user to the client session (lib/client/session.ts) before anything reads it. In
 * the shell signed-in fans share (shared-shell.ts) no user is rendered: each fan's answer carries their
 * own (lib/client/fan-data.ts), and the client session takes it from there.
 */
export async function ServerSessionSeed() {
  if (await isSignedInShell()) return <SessionSeed fromPage />;
  const user = await getCurrentUser();
  return <SessionSeed user={user} />;
}
