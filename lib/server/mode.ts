import 'server-only';
// What the app asks about the mode it runs in (demo or deployment, decided in scripts/mode.mjs):
// the keys it uses, whether the outbox mailbox and the built-in test gateway exist.
import { connectionPeer, isLoopback } from '@/scripts/client-address.mjs';
import { paymentNoticeKey, resolveMode, sessionKey, testGatewayAllowed, type TribunaMode } from '@/scripts/mode.mjs';

export type { TribunaMode };

function tribunaMode(): TribunaMode {
  return resolveMode(process.env);
}

/** The demo (npm start without SESSION_SECRET): what only the demo may use (its payout account, its mailbox). */
export function isDemoMode(env: NodeJS.ProcessEnv = process.env): boolean {
  return resolveMode(env) === 'demo';
}

/** The key that seals the web session cookie: SESSION_SECRET, or the demo installation's own. */
export function sessionSecret(): string {
  return sessionKey(process.env);
}

/** The key the built-in test gateway signs its notices with (never the session key). */
export function testGatewayKey(): string {
  return paymentNoticeKey(process.env);
}

/** The built-in test gateway takes payments in the demo, and in a deployment only with PAYMENTS_TEST_GATEWAY=1. */
export function testGatewayEnabled(): boolean {
  return testGatewayAllowed(process.env);
}

/**
 * The outbox mailbox (/dev/mailbox) lists every mail, reset links included: only the demo has it, and
 * only for a request whose TCP peer is this machine. No header can open it, X-Forwarded-For under
 * TRUST_PROXY neither: behind a proxy (TRUST_PROXY=1, or a request that says it was forwarded) a proxy
 * on this machine would make every visitor look local, so the mailbox stays shut.
 */
export function mailboxAccess(): 'open' | 'not-local' | 'absent' {
  if (tribunaMode() !== 'demo') return 'absent';
  const peer = connectionPeer();
  const local = peer !== null && isLoopback(peer.address) && !peer.forwarded && process.env.TRUST_PROXY !== '1';
  return local ? 'open' : 'not-local';
}
