import 'server-only';

/**
 * The key that seals the web session cookie: SESSION_SECRET in a deployment, the installation's own
 * random key in the demo (lib/server/mode.ts). There is no fallback key.
 */
export { sessionSecret } from '@/lib/server/mode';

export { SESSION_COOKIE } from '@/lib/cookies';
