// npm run bench:auth — sign-in requests/s on ONE production server process (autocannon, loopback).
// The scrypt hash dominates; the figure is the price of the chosen parameters (printed below).
// BENCH_URL=http://host:port reuses a running server (its rate limits must allow the load:
// start it with RATE_LIMIT_SCALE=100000); otherwise a fresh one is started on BENCH_PORT (3310).
import { load, startServer } from './lib.mjs';

const N = 2 ** 15, r = 8, p = 1; // lib/server/auth/password.ts SCRYPT_PARAMS
const port = Number(process.env.BENCH_PORT || 3310);
const seconds = Number(process.env.BENCH_SECONDS || 10);
const server = process.env.BENCH_URL
  ? { base: process.env.BENCH_URL.replace(/\/$/, ''), stop: () => {} }
  // Every request comes from 127.0.0.1: lift the per-address limit for the measurement only.
  : await startServer({ port, env: { RATE_LIMIT_SCALE: '100000' } });

const signin = `${server.base}/api/v1/auth/signin`;
const headers = { 'content-type': 'application/json', 'accept-language': 'en' };
const body = JSON.stringify({ email: 'fan@tribuna.sk', password: 'tribuna-demo' });
try {
  const check = await fetch(signin, { method: 'POST', headers, body });
  if (check.status !== 200) throw new Error(`sign-in answered ${check.status}: ${await check.text()}`);
  await load({ url: signin, method: 'POST', headers, body, connections: 4, duration: 3 }); // warm-up
  const rows = [];
  for (const connections of [1, 4, 16]) rows.push({ connections, ...(await load({ url: signin, method: 'POST', headers, body, connections, duration: seconds })) });
  const wrong = await load({ url: signin, method: 'POST', headers, body: JSON.stringify({ email: 'fan@tribuna.sk', password: 'wrong-password' }), connections: 4, duration: Math.min(seconds, 5) });

  console.log(`\nscrypt N=2^15 (${N}), r=${r}, p=${p}: ${(128 * N * r) / 2 ** 20} MiB per hash, 32-byte key, 16-byte salt`);
  console.log(`cores: ${(await import('node:os')).cpus().length} (shared machine: figures vary with other load)`);
  console.log('\nPOST /api/v1/auth/signin   connections  req/s   p50 ms   p99 ms   non-2xx  errors');
  for (const row of rows) {
    console.log(`right password             ${String(row.connections).padStart(11)} ${String(row.requestsPerSecond).padStart(6)} ${String(row.p50).padStart(8)} ${String(row.p99).padStart(8)} ${String(row.non2xx).padStart(9)} ${String(row.errors).padStart(7)}`);
  }
  console.log(`wrong password (400)       ${String(4).padStart(11)} ${String(wrong.requestsPerSecond).padStart(6)} ${String(wrong.p50).padStart(8)} ${String(wrong.p99).padStart(8)}         -  ${String(wrong.errors).padStart(6)}`);
} finally {
  server.stop();
}
