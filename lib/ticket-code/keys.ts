// A ticket's keys, on the server only (node:crypto). The secret never leaves the server; from it and
// the ticket's version come the Ed25519 key pair of the rotating code:
//   signing key = HMAC-SHA256(secret, "tribuna-sign|<version>"), the 32-byte private key (seed) the
//                 holder's phone signs its codes with (GET /api/v1/tickets);
//   public key  = its Ed25519 public key, all a gate (online or offline) verifies with, kept in
//                 tickets.code_public_key so that a scan costs one signature check and no key derivation.
// Every change of owner draws a new secret and version + 1, so the old holder's key stops verifying.
import { createHmac, createPrivateKey, createPublicKey, randomBytes, type KeyObject } from 'node:crypto';

/** PKCS #8 wrapping of a raw 32-byte Ed25519 private key (RFC 8410): node:crypto imports keys in it. */
const ED25519_PKCS8_PREFIX = Buffer.from('302e020100300506032b657004220420', 'hex');

/** A fresh random secret for a ticket's next version. */
export function newTicketSecret(): string {
  return randomBytes(32).toString('base64url');
}

/** The private key (base64url seed) the holder's phone draws the codes of this version with. */
export function signingKeyFor(secret: string, version: number): string {
  return createHmac('sha256', secret).update(`tribuna-sign|${version}`).digest('base64url');
}

/** node:crypto's key object of a signing key (signing on the server: tests, benchmarks). */
export function signingKeyObject(signingKey: string): KeyObject {
  return createPrivateKey({ key: Buffer.concat([ED25519_PKCS8_PREFIX, Buffer.from(signingKey, 'base64url')]), format: 'der', type: 'pkcs8' });
}

/** The public key (base64url, 32 bytes) that verifies the codes of this secret and version. */
export function publicKeyFor(secret: string, version: number): string {
  const jwk = createPublicKey(signingKeyObject(signingKeyFor(secret, version))).export({ format: 'jwk' });
  return jwk.x!;
}

/** Secret and public key of a new ticket (version 1) or of a ticket's next version. */
export function newTicketKeys(version = 1): { secret: string; codePublicKey: string } {
  const secret = newTicketSecret();
  return { secret, codePublicKey: publicKeyFor(secret, version) };
}
