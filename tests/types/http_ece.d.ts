// http_ece ships no types; the tests use its decrypt to read what the server pushed (RFC 8188, aes128gcm).
declare module 'http_ece' {
  import type { ECDH } from 'node:crypto';
  export function decrypt(buffer: Buffer, params: { version: 'aes128gcm'; privateKey: ECDH; authSecret: string }): Buffer;
}
