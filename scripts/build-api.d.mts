// Types of scripts/build-api.mjs (the build script, plain JavaScript).
export const BUILD_DIR: string;
export const API_BUNDLE: string;
export const LANE_THREAD: string;
export const SERVE_BUNDLE: string;
export function buildApi(options?: { dir?: string }): Promise<{ api: string; laneThread: string; serve: string }>;
