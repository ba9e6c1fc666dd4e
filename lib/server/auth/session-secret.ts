import 'server-only';

/**
 * The key that seals the web session cookie. Production must set SESSION_SECRET (32+ characters);
 * the embedded development setup falls back to a fixed key so `npm start` works on a fresh machine.
 */
export function sessionSecret(): string {
  const configured = process.env.SESSION_SECRET;
  if (configured && configured.length >= 32) return configured;
  if (process.env.NODE_ENV === 'production' && process.env.TRIBUNA_ALLOW_DEV_SECRET !== '1' && process.env.CI !== 'true') {
    // `npm start` sets TRIBUNA_ALLOW_DEV_SECRET for the embedded demo; a real deployment must configure a secret.
    throw new Error('SESSION_SECRET must be set to at least 32 characters in production');
  }
  return 'tribuna-development-only-session-secret-0123456789';
}

export const SESSION_COOKIE = 'tribuna_session';
