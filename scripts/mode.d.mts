// Types of scripts/mode.mjs (plain JavaScript, run by Node outside the app's bundle and inside it).
export type TribunaMode = 'production' | 'demo';
type Env = Record<string, string | undefined>;

export const SESSION_SECRET_MIN_LENGTH: number;
export class ModeError extends Error {}
export function resolveMode(env?: Env): TribunaMode;
export function testGatewayAllowed(env?: Env): boolean;
export function modeBanner(env?: Env): string;
export function installationSecrets(dir?: string): { session: string; paymentNotice: string };
export function sessionKey(env?: Env, dir?: string): string;
export function paymentNoticeKey(env?: Env, dir?: string): string;
export function modeAtStart(env?: Env): TribunaMode;
