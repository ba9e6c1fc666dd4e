// Types of scripts/api-fast-lane.mjs (plain JavaScript, run by Node outside the app's bundle).
import type { IncomingMessage, ServerResponse } from 'node:http';

export const API_BUNDLE: string;
export const LANE_POOL_SIZE: number;
export type HotApi = {
  isHotApiCall(method: string, pathname: string): boolean;
  serveHotApi(request: Request): Promise<Response>;
  answerHeaders(env?: Record<string, string | undefined>): Record<string, string>;
};
export function loadHotApi(bundle?: string): Promise<HotApi>;
export function defaultLaneThreads(env?: Record<string, string | undefined>, cores?: number): number;
export function createFastLane(options?: { bundle?: string; threads?: number }): Promise<
  ((req: IncomingMessage, res: ServerResponse) => Promise<void> | null) & {
    stop: () => Promise<unknown> | undefined;
    call: (request: { method?: string; url: string; host?: string; headers?: Record<string, string | undefined> }) => Promise<{ status: number; body: Buffer }>;
  }
>;
