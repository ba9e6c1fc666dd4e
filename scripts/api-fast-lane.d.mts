// Types of scripts/api-fast-lane.mjs (plain JavaScript, run by Node outside the app's bundle).
import type { IncomingMessage, ServerResponse } from 'node:http';

export type FastRoute = { method: string; pattern: RegExp; route: string; params: string[] };
export const FAST_ROUTES: FastRoute[];
export function matchFastRoute(method: string | undefined, url: string | undefined): { entry: FastRoute; params: Record<string, string> } | null;
export function defaultLaneThreads(env?: Record<string, string | undefined>, cores?: number): number;
export function createFastLane(options: { distDir: string; threads?: number }): ((req: IncomingMessage, res: ServerResponse) => Promise<void> | null) & { stop: () => Promise<unknown> | undefined };
export const LANE_POOL_SIZE: number;
