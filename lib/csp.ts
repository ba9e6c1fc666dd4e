// The Content-Security-Policy, in one place: next.config.ts puts it (without a nonce) on every answer,
// proxy.ts puts it with a fresh nonce on every page, and lib/server/serving/page-cache.ts turns a page's nonce into
// the hashes of that page's scripts when it shares one copy among visitors.
//
// No inline script runs unless we wrote it: Next gives each page's inline scripts the nonce it reads
// from the request's policy (the resumed, per-request part of a Cache Components page), and the one
// inline script of the prerendered static shells (React's, made at build time without a request) is
// allowed by its hash. Scripts from files come from our own origin ('self'); 'strict-dynamic' cannot be
// used, because the static shell's <script src> tags are prerendered without a nonce.
import { createHash, randomBytes } from 'node:crypto';
import { INTL_WARM_UP_SCRIPT } from './intl-warm-up';

/**
 * Inline scripts of every prerendered static shell, where no nonce exists yet: the one React writes (if
 * React changes it, pages stop hydrating: e2e/security.spec.ts fails and says which script) and our own
 * Intl warm-up in <head> (lib/intl-warm-up.ts).
 */
const SHELL_SCRIPTS = ['requestAnimationFrame(function(){$RT=performance.now()});', INTL_WARM_UP_SCRIPT];

/** The CSP source that allows exactly this inline script. */
function scriptHashSource(source: string): string {
  return `'sha256-${createHash('sha256').update(source, 'utf8').digest('base64')}'`;
}

/** 128 random bits, new for every page answer. */
export function newNonce(): string {
  return randomBytes(16).toString('base64');
}

export function contentSecurityPolicy(options: { nonce?: string; dev?: boolean; cdnHost?: string } = {}): string {
  const { nonce, dev = false, cdnHost } = options;
  const scripts = ["'self'", ...(nonce ? [`'nonce-${nonce}'`] : []), ...SHELL_SCRIPTS.map(scriptHashSource), ...(dev ? ["'unsafe-eval'"] : [])];
  return [
    "default-src 'self'",
    `script-src ${scripts.join(' ')}`,
    // Style attributes (seat map, ticket picker, ticket code) and the top loader's <style>; styles run no code.
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data: blob:${cdnHost ? ` https://${cdnHost}` : ''}`,
    "font-src 'self' data:",
    "connect-src 'self'",
    "worker-src 'self' blob:",
    "media-src 'self' blob:",
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "form-action 'self' https://checkout.stripe.com",
    "object-src 'none'",
  ].join('; ');
}
