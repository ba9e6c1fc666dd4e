import 'server-only';
import { timingSafeEqual } from 'node:crypto';
import { headers } from 'next/headers';
import { connection } from 'next/server';
import { SHELL_HEADER } from '@/lib/server/serving/shell-header';

// The signed-in shell of a page (README, "Signed-in pages"): the page as every signed-in fan sees it,
// rendered once and shared for a couple of seconds by the production server (lib/server/serving/page-cache.ts),
// which adds each fan's own data to their answer. The server asks for it with a header that carries a
// secret of its process (lib/server/serving/server.ts); a request that only claims it is rendered as any other.

/** Whether this render is the production server's own request for a page's signed-in shell. */
export async function isSignedInShell(): Promise<boolean> {
  await connection();
  const token = process.env.TRIBUNA_SHELL_TOKEN;
  const claimed = (await headers()).get(SHELL_HEADER);
  if (!token || !claimed) return false;
  const a = Buffer.from(claimed);
  const b = Buffer.from(token);
  return a.length === b.length && timingSafeEqual(a, b);
}
