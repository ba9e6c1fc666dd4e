// Rotating ticket codes (DESIGN.md §4; README, "Tickets, resale and gate scanning"). Isomorphic: the
// holder's phone SIGNS the code of each 15-second step with the ticket's Ed25519 private key, and gates
// VERIFY it with the public key — the server online (node:crypto, lib/server/tickets/codes.ts), a
// scanner offline (@noble/ed25519, below). Nothing a gate holds can draw a code.
//
// Keys (lib/ticket-code/keys.ts): the ticket's secret never leaves the server. The phone receives the
// *signing key* derived from the secret and version; gates receive the *public key*. A new owner gets
// a new secret and version, so every key the old holder has stops verifying at once.
import * as ed25519 from '@noble/ed25519';

/** Seconds one code stays current. */
export const STEP_SECONDS = 15;
/** Steps either side of "now" a gate accepts (clock drift, a slow queue). */
const STEP_WINDOW = 1;
/** Format of the payload; TRB1 (an HMAC any holder of its key could draw) is no longer accepted. */
const FORMAT = 'TRB2';
const SIGNATURE_CHARS = 86; // 64 bytes in base64url

export type ParsedCode = { ticketId: string; version: number; step: number; signature: string };
export type CodeCheck =
  | { ok: true; step: number }
  | { ok: false; reason: 'malformed' | 'forged' | 'expired' | 'old_version' };

const encoder = new TextEncoder();

function toBase64Url(bytes: Uint8Array): string {
  let binary = '';
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function fromBase64Url(text: string): Uint8Array {
  const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
  return Uint8Array.from(binary, (c) => c.charCodeAt(0));
}

/**
 * Ed25519 over base64url keys: `sign` with a 32-byte private key (seed), `verify` a base64url signature
 * with a 32-byte public key (each implementation decodes them its cheapest way); `verify` is false
 * (never throws) for anything that is not a valid signature of the message.
 */
export type Ed25519 = {
  sign(message: Uint8Array, signingKey: string): Uint8Array | Promise<Uint8Array>;
  verify(signature: string, message: Uint8Array, publicKey: string): boolean | Promise<boolean>;
};

/** @noble/ed25519 (SHA-512 from WebCrypto): phones drawing codes, scanners checking them offline. */
const nobleEd25519: Ed25519 = {
  sign: (message, signingKey) => ed25519.signAsync(message, fromBase64Url(signingKey)),
  verify: async (signature, message, publicKey) => {
    try {
      // RFC 8032's strict checks, as OpenSSL applies them on the server.
      return await ed25519.verifyAsync(fromBase64Url(signature), message, fromBase64Url(publicKey), { zip215: false });
    } catch {
      return false;
    }
  },
};

/** The time step a moment falls in. */
export function timeStep(nowMs: number = Date.now()): number {
  return Math.floor(nowMs / 1000 / STEP_SECONDS);
}

/** Milliseconds left until the next code (drives the progress indicator). */
export function msUntilNextStep(nowMs: number = Date.now()): number {
  const stepMs = STEP_SECONDS * 1000;
  return stepMs - (nowMs % stepMs);
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const SIGNATURE = new RegExp(`^[A-Za-z0-9_-]{${SIGNATURE_CHARS}}$`);

/** What is signed: everything in the payload before the signature, written canonically. */
function signedPart(ticketId: string, version: number, step: number): Uint8Array {
  return encoder.encode(`${FORMAT}.${ticketId}.${version}.${step}`);
}

/** Splits a payload; null when it is not one of our (current) codes at all. */
export function parseTicketCode(payload: string): ParsedCode | null {
  if (typeof payload !== 'string' || payload.length > 200) return null;
  const parts = payload.trim().split('.');
  if (parts.length !== 5 || parts[0] !== FORMAT) return null;
  const [, ticketId, versionText, stepText, signature] = parts;
  if (!UUID.test(ticketId) || !/^\d{1,9}$/.test(versionText) || !/^\d{1,12}$/.test(stepText) || !SIGNATURE.test(signature)) {
    return null;
  }
  return { ticketId, version: Number(versionText), step: Number(stepText), signature };
}

/**
 * The code functions over one Ed25519 implementation. The server binds node:crypto's (synchronous and
 * far cheaper on the scan path: lib/server/tickets/codes.ts); the exports below use @noble/ed25519.
 * Ed25519 signatures are deterministic, so both draw the same codes.
 */
export function ticketCodes(ed: Ed25519) {
  /** The QR payload of a ticket at a moment: `TRB2.<ticketId>.<version>.<step>.<signature>`. */
  async function generateTicketCode(
    ticket: { ticketId: string; version: number; signingKey: string },
    nowMs: number = Date.now(),
  ): Promise<string> {
    const step = timeStep(nowMs);
    const signature = await ed.sign(signedPart(ticket.ticketId, ticket.version, step), ticket.signingKey);
    return `${FORMAT}.${ticket.ticketId}.${ticket.version}.${step}.${toBase64Url(signature)}`;
  }

  /**
   * Checks a parsed code against the ticket's current version and public key.
   * Order matters for what the gate shows: an old version is "transferred away", a bad signature is a
   * forgery, a good signature outside ±STEP_WINDOW is a screenshot or a stale phone clock.
   */
  async function verifyTicketCode(
    code: ParsedCode,
    ticket: { version: number; publicKey: string },
    nowMs: number = Date.now(),
  ): Promise<CodeCheck> {
    if (code.version !== ticket.version) return { ok: false, reason: 'old_version' };
    const genuine = await ed.verify(code.signature, signedPart(code.ticketId, code.version, code.step), ticket.publicKey);
    if (!genuine) return { ok: false, reason: 'forged' };
    if (Math.abs(code.step - timeStep(nowMs)) > STEP_WINDOW) return { ok: false, reason: 'expired' };
    return { ok: true, step: code.step };
  }

  return { generateTicketCode, verifyTicketCode };
}

export const { generateTicketCode, verifyTicketCode } = ticketCodes(nobleEd25519);
