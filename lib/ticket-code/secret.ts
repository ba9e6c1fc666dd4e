import { randomBytes } from 'node:crypto';

/** A ticket's HMAC key for its rotating code. A new one is issued on every change of owner. */
export function newTicketSecret(): string {
  return randomBytes(32).toString('base64url');
}
