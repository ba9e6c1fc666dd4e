// Rotating ticket codes (DESIGN.md §4). Isomorphic: WebCrypto HMAC-SHA256 runs the same in the
// browser (drawing the code, validating offline at a gate) and on the server (POST /api/v1/scan).
//
// Keys: the ticket's secret never leaves the server. What a phone (and an offline gate) receives
// is the *code key* = HMAC(secret, "tribuna-code|<ticketId>|<version>"). A new owner gets a new
// secret and version, so every key derived before the transfer stops verifying at once.

/** Seconds one code stays current. */
export const STEP_SECONDS = 15;
/** Steps either side of "now" a gate accepts (clock drift, a slow queue). */
export const STEP_WINDOW = 1;
const PREFIX = 'TRB1';
const MAC_BYTES = 16;

export type ParsedCode = { ticketId: string; version: number; step: number; mac: string };
export type CodeCheck =
  | { ok: true; step: number }
  | { ok: false; reason: 'malformed' | 'forged' | 'expired' | 'old_version' };

const encoder = new TextEncoder();

function subtle(): SubtleCrypto {
  const c = globalThis.crypto;
  if (!c?.subtle) throw new Error('WebCrypto is not available (an insecure origin?)');
  return c.subtle;
}

function toBase64Url(bytes: Uint8Array): string {
  let binary = '';
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** HMAC-SHA256 of a text message under a text key. */
export type HmacSha256 = (key: string, message: string) => Uint8Array | Promise<Uint8Array>;

/** WebCrypto's HMAC: in the browser (drawing codes, the offline gate) and anywhere else. */
const webCryptoHmac: HmacSha256 = async (key, message) => {
  const imported = await subtle().importKey('raw', encoder.encode(key), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  return new Uint8Array(await subtle().sign('HMAC', imported, encoder.encode(message)));
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

/** Splits a payload; null when it is not one of our codes at all. */
export function parseTicketCode(payload: string): ParsedCode | null {
  if (typeof payload !== 'string' || payload.length > 200) return null;
  const parts = payload.trim().split('.');
  if (parts.length !== 5 || parts[0] !== PREFIX) return null;
  const [, ticketId, versionText, stepText, mac] = parts;
  if (!UUID.test(ticketId) || !/^\d{1,9}$/.test(versionText) || !/^\d{1,12}$/.test(stepText) || !/^[A-Za-z0-9_-]{22}$/.test(mac)) {
    return null;
  }
  return { ticketId, version: Number(versionText), step: Number(stepText), mac };
}

function constantTimeEqual(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return diff === 0;
}

/**
 * The code functions over one HMAC implementation. The server binds node:crypto's (synchronous and
 * several times cheaper than WebCrypto on the scan path: lib/server/tickets/codes.ts); the exports
 * below use WebCrypto. Both give the same codes.
 */
export function ticketCodes(hmac: HmacSha256) {
  /** The key a device draws (or a gate checks) a ticket's codes with; derived on the server from the secret. */
  async function deriveCodeKey(secret: string, ticketId: string, version: number): Promise<string> {
    return toBase64Url(await hmac(secret, `tribuna-code|${ticketId}|${version}`));
  }

  async function macFor(codeKey: string, ticketId: string, version: number, step: number): Promise<string> {
    return toBase64Url((await hmac(codeKey, `${ticketId}|${version}|${step}`)).slice(0, MAC_BYTES));
  }

  /** The QR payload of a ticket at a moment: `TRB1.<ticketId>.<version>.<step>.<mac>`. */
  async function generateTicketCode(
    ticket: { ticketId: string; version: number; codeKey: string },
    nowMs: number = Date.now(),
  ): Promise<string> {
    const step = timeStep(nowMs);
    const mac = await macFor(ticket.codeKey, ticket.ticketId, ticket.version, step);
    return `${PREFIX}.${ticket.ticketId}.${ticket.version}.${step}.${mac}`;
  }

  /**
   * Checks a parsed code against the ticket's current version and code key.
   * Order matters for what the gate shows: an old version is "transferred away", a bad MAC is a
   * forgery, a good MAC outside ±STEP_WINDOW is a screenshot or a stale phone clock.
   */
  async function verifyTicketCode(
    code: ParsedCode,
    ticket: { version: number; codeKey: string },
    nowMs: number = Date.now(),
  ): Promise<CodeCheck> {
    if (code.version !== ticket.version) return { ok: false, reason: 'old_version' };
    const expected = await macFor(ticket.codeKey, code.ticketId, code.version, code.step);
    if (!constantTimeEqual(expected, code.mac)) return { ok: false, reason: 'forged' };
    if (Math.abs(code.step - timeStep(nowMs)) > STEP_WINDOW) return { ok: false, reason: 'expired' };
    return { ok: true, step: code.step };
  }

  return { deriveCodeKey, generateTicketCode, verifyTicketCode };
}

export const { deriveCodeKey, generateTicketCode, verifyTicketCode } = ticketCodes(webCryptoHmac);
