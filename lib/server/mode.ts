import 'server-only';
// The one place that decides whether Tribuna runs as the demo or as a deployment, where each mode's keys
// come from, and what the app asks about it (the keys it uses, whether the outbox mailbox and the
// built-in test gateway exist). The production server asks it before anything starts (modeAtStart, from
// its bundle: lib/server/serving/server.ts); the app through the functions below.
//
// - Deployment: SESSION_SECRET is set, or TRIBUNA_MODE=production. The session key is SESSION_SECRET;
//   no outbox mailbox; the built-in test gateway only with PAYMENTS_TEST_GATEWAY=1. Asking for
//   production without a secret is refused at start, never papered over with some default key.
// - Demo: everything else (`npm start` on a fresh machine). The outbox mailbox answers the machine
//   itself, the test gateway takes the payments, and the keys are random, made once per installation
//   and kept in .data/secrets.json (0600). No key that is written in this repository is ever used.
import { hkdfSync, randomBytes } from 'node:crypto';
import { linkSync, mkdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { connectionPeer, isLoopback } from '@/lib/server/serving/client-address';

export type TribunaMode = 'production' | 'demo';
type Env = Record<string, string | undefined>;
type InstallationSecrets = { session: string; paymentNotice: string };

export const SESSION_SECRET_MIN_LENGTH = 32;

/** A configuration the server must not start with; the message tells the operator what to set. */
export class ModeError extends Error {}

/** 'production' or 'demo' for this environment; throws ModeError for a contradictory or unsafe one. */
export function resolveMode(env: Env = process.env): TribunaMode {
  const asked = env.TRIBUNA_MODE ?? '';
  const secret = env.SESSION_SECRET ?? '';
  if (asked !== '' && asked !== 'production' && asked !== 'demo') {
    throw new ModeError(`TRIBUNA_MODE must be "production" or "demo", not "${asked}".`);
  }
  if (secret !== '') {
    if (asked === 'demo') throw new ModeError('TRIBUNA_MODE=demo cannot use SESSION_SECRET: the demo makes its own keys. Unset one of them.');
    if (secret.length < SESSION_SECRET_MIN_LENGTH) {
      throw new ModeError(`SESSION_SECRET must be at least ${SESSION_SECRET_MIN_LENGTH} characters (for example: openssl rand -base64 48).`);
    }
    return 'production';
  }
  if (asked === 'production') {
    throw new ModeError('TRIBUNA_MODE=production needs SESSION_SECRET (at least 32 random characters, e.g. openssl rand -base64 48); refusing to start without it.');
  }
  return 'demo';
}

/** Whether the built-in test gateway may take payments when Stripe is not configured. */
export function testGatewayAllowed(env: Env = process.env): boolean {
  return resolveMode(env) === 'demo' || env.PAYMENTS_TEST_GATEWAY === '1';
}

/**
 * Whether Comgate may be reached at `apiUrl`: a deployment only over https to a host that is not this
 * machine; the demo and the tests also at a local fake of its API (scripts/comgate-fake.ts), so a
 * deployment can never be pointed at the fake.
 */
export function comgateApiAllowed(apiUrl: string, env: Env = process.env): boolean {
  let url: URL;
  try {
    url = new URL(apiUrl);
  } catch {
    return false;
  }
  if (resolveMode(env) === 'demo') return url.protocol === 'https:' || url.protocol === 'http:';
  const host = url.hostname.replace(/^\[|\]$/g, '');
  return url.protocol === 'https:' && host !== 'localhost' && !isLoopback(host);
}

/** The one line a server prints at start, saying which mode it runs in and what that exposes. */
export function modeBanner(env: Env = process.env): string {
  if (resolveMode(env) === 'demo') {
    return 'Demo mode (no SESSION_SECRET): the outbox mailbox /dev/mailbox answers only this machine, payments go to the built-in test gateway, and the keys are random for this installation in .data/secrets.json. Set SESSION_SECRET (or TRIBUNA_MODE=production) for a deployment.';
  }
  const gateway = env.STRIPE_SECRET_KEY ? 'payments by Stripe' : env.PAYMENTS_TEST_GATEWAY === '1' ? 'payments by the built-in TEST gateway (PAYMENTS_TEST_GATEWAY=1)' : 'no payment provider configured: checkout is refused';
  const comgate = env.COMGATE_MERCHANT && env.COMGATE_SECRET ? ', Comgate for the organisations that chose it' : '';
  return `Production mode: no outbox mailbox, ${gateway}${comgate}.`;
}

const DEFAULT_DIR = '.data';
const SECRETS_FILE = 'secrets.json';
const KEY_NAMES = ['session', 'paymentNotice'] as const;
/** Per key file, for the life of the process: the keys never change while it runs (docs/decisions/in-process-caches.md). */
const cache = new Map<string, InstallationSecrets>();

/**
 * The demo's keys: read from `dir`/secrets.json, or made once (random 256-bit, one per purpose) and
 * written there readable by the owner only. Several processes may start at once (the server, its
 * lane threads, the seed): each writes a complete file of its own and links it into place, and the
 * first link wins, so every process ends up with the same keys and none reads a half-written file.
 */
export function installationSecrets(dir: string = DEFAULT_DIR): InstallationSecrets {
  const file = path.resolve(dir, SECRETS_FILE);
  const known = cache.get(file);
  if (known) return known;
  let secrets = readSecrets(file);
  if (!secrets) {
    mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
    const fresh = Object.fromEntries(KEY_NAMES.map((name) => [name, randomBytes(32).toString('base64url')]));
    const draft = `${file}.${process.pid}.${randomBytes(6).toString('hex')}`;
    writeFileSync(draft, `${JSON.stringify(fresh, null, 2)}\n`, { mode: 0o600, flag: 'wx' });
    try {
      linkSync(draft, file);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    } finally {
      unlinkSync(draft);
    }
    secrets = readSecrets(file);
  }
  if (!secrets) throw new ModeError(`${file} could not be made`);
  cache.set(file, secrets);
  return secrets;
}

function readSecrets(file: string): InstallationSecrets | null {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
  let parsed: Record<string, unknown> | null;
  try {
    parsed = JSON.parse(text);
  } catch {
    parsed = null;
  }
  const fields = parsed;
  if (!fields || KEY_NAMES.some((name) => typeof fields[name] !== 'string' || (fields[name] as string).length < 43)) {
    throw new ModeError(`${file} is not a valid Tribuna key file; delete it to have new keys made (every web session is signed out).`);
  }
  return { session: fields.session as string, paymentNotice: fields.paymentNotice as string };
}

/** Derives a key for one purpose from the deployment's SESSION_SECRET, so no two purposes share a key. */
function derived(secret: string, purpose: string): string {
  return Buffer.from(hkdfSync('sha256', secret, 'tribuna', `tribuna/${purpose}`, 32)).toString('base64url');
}

/** The key that seals the web session cookie (iron-session needs 32+ characters). */
export function sessionKey(env: Env = process.env, dir: string = DEFAULT_DIR): string {
  return resolveMode(env) === 'production' ? env.SESSION_SECRET! : installationSecrets(dir).session;
}

/** The key the built-in test gateway signs its payment notices with; never the session key. */
export function paymentNoticeKey(env: Env = process.env, dir: string = DEFAULT_DIR): string {
  return resolveMode(env) === 'production' ? derived(env.SESSION_SECRET!, 'test-gateway-notice') : installationSecrets(dir).paymentNotice;
}

/**
 * For a server's start: the mode, with the demo's keys made before any thread reads them. A
 * configuration it must not start with ends the process with the reason, before anything is built or served.
 */
export function modeAtStart(env: Env = process.env): TribunaMode {
  try {
    const mode = resolveMode(env);
    if (mode === 'demo') installationSecrets();
    return mode;
  } catch (error) {
    if (!(error instanceof ModeError)) throw error;
    console.error(`Tribuna will not start: ${error.message}`);
    process.exit(1);
  }
}

// What the app asks.

function tribunaMode(): TribunaMode {
  return resolveMode(process.env);
}

/** The demo (npm start without SESSION_SECRET): what only the demo may use (its payout account, its mailbox). */
export function isDemoMode(env: Env = process.env): boolean {
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
