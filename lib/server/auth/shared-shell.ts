import 'server-only';
import { timingSafeEqual } from 'node:crypto';
import { headers } from 'next/headers';
import { connection } from 'next/server';

// The signed-in shell of a page (README, "Signed-in pages"): the page as every signed-in fan sees it,
// rendered once and shared for a couple of seconds by the production server (scripts/page-cache.mjs),
// which adds each fan's own data to their answer. The server asks for it with a header that carries a
// secret of its process (scripts/serve.mjs); a request that only claims it is rendered as any other.

const SHELL_HEADER = 'x-tribuna-shell';

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
