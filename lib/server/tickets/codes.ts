import 'server-only';
import { createPublicKey, sign, verify } from 'node:crypto';
import { ticketCodes } from '@/lib/ticket-code/code';
import { publicKeyFor, signingKeyObject } from '@/lib/ticket-code/keys';

// The rotating-code functions of lib/ticket-code/code.ts over node:crypto's Ed25519 (OpenSSL): on the
// gate's hot path (POST /api/v1/scan, one signature check a scan) far cheaper than the JavaScript one.
// The public key comes as a JWK, the cheapest way into a key object (an SPKI or PKCS #8 import goes
// through OpenSSL's decoders and costs several times more).
export const { generateTicketCode, verifyTicketCode } = ticketCodes({
  sign: (message, signingKey) => sign(null, message, signingKeyObject(signingKey)),
  verify: (signature, message, publicKey) => {
    try {
      return verify(null, message, createPublicKey({ key: { kty: 'OKP', crv: 'Ed25519', x: publicKey }, format: 'jwk' }), signature);
    } catch {
      return false;
    }
  },
});

/**
 * The public key a gate checks a ticket's codes with: the stored one, or — for a row written without
 * it (an older row, a hand-made test ticket) — derived from the secret, which costs a key derivation.
 */
export function codePublicKeyOf(ticket: { codePublicKey: string | null; secret: string; version: number }): string {
  return ticket.codePublicKey ?? publicKeyFor(ticket.secret, ticket.version);
}
