import 'server-only';
import { createPublicKey, sign, verify, type KeyObject } from 'node:crypto';
import { ticketCodes } from '@/lib/ticket-code/code';
import { publicKeyFor, signingKeyObject } from '@/lib/ticket-code/keys';

// The rotating-code functions of lib/ticket-code/code.ts over node:crypto's Ed25519 (OpenSSL): on the
// gate's hot path (POST /api/v1/scan, one signature check a scan) far cheaper than the JavaScript one.
// The public key comes as a JWK, the cheapest way into a key object (an SPKI or PKCS #8 import goes
// through OpenSSL's decoders and costs several times more), and the key objects of the tickets scanned
// lately are kept: a gate that sees a code again (a second try, "already used") skips the import.
export const { generateTicketCode, verifyTicketCode } = ticketCodes({
  sign: (message, signingKey) => sign(null, message, signingKeyObject(signingKey)),
  verify: (signature, message, publicKey) => {
    try {
      return verify(null, message, publicKeyObject(publicKey), Buffer.from(signature, 'base64url'));
    } catch {
      return false;
    }
  },
});

/** How many tickets' public key objects a server thread keeps (a few MB at most). */
const KEPT_KEYS = 10_000;
const keyObjects = new Map<string, KeyObject>();

function publicKeyObject(publicKey: string): KeyObject {
  let key = keyObjects.get(publicKey);
  if (!key) {
    key = createPublicKey({ key: { kty: 'OKP', crv: 'Ed25519', x: publicKey }, format: 'jwk' });
    // Oldest out first: a Map iterates in insertion order.
    if (keyObjects.size >= KEPT_KEYS) keyObjects.delete(keyObjects.keys().next().value!);
    keyObjects.set(publicKey, key);
  }
  return key;
}

/**
 * The public key a gate checks a ticket's codes with: the stored one, or — for a row written without
 * it (an older row, a hand-made test ticket) — derived from the secret, which costs a key derivation.
 */
export function codePublicKeyOf(ticket: { codePublicKey: string | null; secret: string; version: number }): string {
  return ticket.codePublicKey ?? publicKeyFor(ticket.secret, ticket.version);
}
