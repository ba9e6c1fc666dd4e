// Types of scripts/page-cache.mjs (plain JavaScript, run by Node outside the app's bundle).
import type { IncomingMessage, ServerResponse } from 'node:http';

type Handle = (req: IncomingMessage, res: ServerResponse) => Promise<void> | void;
type FanPart = 'me' | 'tickets';
type ShellAnswer = { status: number | undefined; headers: Record<string, string | string[] | undefined>; body: Buffer };

export const SHELL_HEADER: string;
export function pageCacheKey(req: IncomingMessage): string | null;
export function shellCacheKey(req: IncomingMessage): string | null;
export function fanPartsOf(pathname: string): FanPart[];
export function fanDataElements(parts: Record<string, string>): string;
export function sharedPolicy(policy: string, body: Buffer, encoding: string | undefined): string | null;
export function createPageCache(options?: {
  ttlMs?: number;
  maxEntries?: number;
  now?: () => number;
  fans?: {
    renderShell: (req: IncomingMessage) => Promise<ShellAnswer | null>;
    dataOf: (req: IncomingMessage, parts: FanPart[]) => Promise<Record<string, string> | null>;
  } | null;
}): ((req: IncomingMessage, res: ServerResponse, handle: Handle) => Promise<void>) & { clear: () => void };
