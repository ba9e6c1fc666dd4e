import 'server-only';

/**
 * The key that seals the web session cookie: SESSION_SECRET in a deployment, the installation's own
 * random key in the demo (lib/server/mode.ts, scripts/mode.mjs). There is no fallback key.
 */
export { sessionSecret } from '@/lib/server/mode';

export const SESSION_COOKIE = 'tribuna_session';
