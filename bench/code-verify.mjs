// node bench/code-verify.mjs — what one gate scan's code check costs the server, in µs (one thread, no
// I/O): the Ed25519 check as lib/server/tickets/codes.ts does it (the stored public key as a JWK, then
// node:crypto's verify), next to the key derivation a row without a stored key would cost, and the two
// HMACs of the former TRB1 codes for comparison.
import { createHmac, createPrivateKey, createPublicKey, randomBytes, sign, verify } from 'node:crypto';

const PKCS8_PREFIX = Buffer.from('302e020100300506032b657004220420', 'hex');
const N = Number(process.env.N || 5000);
const tickets = Array.from({ length: 200 }, () => {
  const secret = randomBytes(32).toString('base64url');
  const seed = createHmac('sha256', secret).update('tribuna-sign|1').digest();
  const key = createPrivateKey({ key: Buffer.concat([PKCS8_PREFIX, seed]), format: 'der', type: 'pkcs8' });
  const signed = Buffer.from(`TRB2.${crypto.randomUUID()}.1.${Math.floor(Date.now() / 15000)}`);
  return { secret, seed, signed, publicKey: createPublicKey(key).export({ format: 'jwk' }).x, signature: sign(null, signed, key) };
});

function measure(name, run) {
  for (let i = 0; i < 500; i++) run(tickets[i % tickets.length]);
  const start = process.hrtime.bigint();
  for (let i = 0; i < N; i++) run(tickets[i % tickets.length]);
  console.log(`${name.padEnd(58)} ${(Number(process.hrtime.bigint() - start) / 1e3 / N).toFixed(1)} µs`);
}

measure('verify (JWK public key import + Ed25519 verify)', (t) => {
  if (!verify(null, t.signed, createPublicKey({ key: { kty: 'OKP', crv: 'Ed25519', x: t.publicKey }, format: 'jwk' }), t.signature)) throw new Error('bad');
});
measure('derive the public key from the secret (no stored key)', (t) =>
  createPublicKey(createPrivateKey({ key: Buffer.concat([PKCS8_PREFIX, createHmac('sha256', t.secret).update('tribuna-sign|1').digest()]), format: 'der', type: 'pkcs8' })),
);
measure('former TRB1 check (two HMAC-SHA256)', (t) => {
  const key = createHmac('sha256', t.secret).update('tribuna-code|x|1').digest('base64url');
  createHmac('sha256', key).update(t.signed).digest();
});
