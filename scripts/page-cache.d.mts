// Types of scripts/page-cache.mjs (plain JavaScript, run by Node outside the app's bundle).
import type { IncomingMessage, ServerResponse } from 'node:http';

type Handle = (req: IncomingMessage, res: ServerResponse) => Promise<void> | void;

export function pageCacheKey(req: IncomingMessage): string | null;
export function sharedPolicy(policy: string, body: Buffer, encoding: string | undefined): string | null;
export function createPageCache(options?: {
  ttlMs?: number;
  maxEntries?: number;
  now?: () => number;
}): ((req: IncomingMessage, res: ServerResponse, handle: Handle) => Promise<void>) & { clear: () => void };
