// npm run bench:scan — gate scans (POST /api/v1/scan) against a production server on PostgreSQL.
// Every request scans a DIFFERENT valid ticket with its current rotating code, so each one pays the
// whole path: session lookup, ticket + membership read, the Ed25519 signature check and the atomic
// check-in write with its scan_log line. Target (issue 34): scans ≥ 1.5 × the framework floor of the same run, p99 ≤ 50 ms.
// The tickets are at the demo's match of the day, whose entry window the seed opens.
//
// Env: BENCH_DATABASE_URL (admin URL, default postgres://postgres@127.0.0.1:5432/postgres),
//      BENCH_PORT (3310), BENCH_SECONDS (10), BENCH_CONNECTIONS (20), BENCH_TICKETS (40000), NEXT_DIST_DIR,
//      DATABASE_POOL_SIZE (4), BENCH_DB_SOCKET (the Unix socket when there is one; tcp), and the
//      server's FAST_LANE / FAST_LANE_THREADS. The framework floor printed last is the machine's speed
//      of the moment: compare figures only between runs with a similar floor.
import { createHash, createHmac, createPrivateKey, createPublicKey, randomBytes, sign } from 'node:crypto';
import { readFileSync } from 'node:fs';
import postgres from 'postgres';
import { BENCH_POOL_SIZE, cpuMs, frameworkFloor, listenerPid, load, machineBusyMs, serverDatabaseUrl, startServer } from './lib.mjs';

const adminUrl = process.env.BENCH_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const port = Number(process.env.BENCH_PORT || 3310);
const seconds = Number(process.env.BENCH_SECONDS || 10);
const connections = Number(process.env.BENCH_CONNECTIONS || 20);
const ticketCount = Number(process.env.BENCH_TICKETS || 40000);
const STEP_SECONDS = 15;

// The keys and codes of lib/ticket-code/keys.ts and code.ts, written again with node:crypto: the server
// accepting these codes also proves the two implementations agree.
const PKCS8_PREFIX = Buffer.from('302e020100300506032b657004220420', 'hex');
/** A ticket's version-1 keys: its phone's signing key (as a key object) and the public key the gate checks. */
function ticketKeys(secret) {
  const seed = createHmac('sha256', secret).update('tribuna-sign|1').digest();
  const signingKey = createPrivateKey({ key: Buffer.concat([PKCS8_PREFIX, seed]), format: 'der', type: 'pkcs8' });
  return { signingKey, publicKey: createPublicKey(signingKey).export({ format: 'jwk' }).x };
}
function payloadFor(ticket, now = Date.now()) {
  const step = Math.floor(now / 1000 / STEP_SECONDS);
  const signed = `TRB2.${ticket.id}.${ticket.version}.${step}`;
  return `${signed}.${sign(null, Buffer.from(signed), ticket.signingKey).toString('base64url')}`;
}

const dbName = `tribuna_bench_scan_${randomBytes(4).toString('hex')}`;
const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
await admin.unsafe(`create database ${dbName}`);
const url = new URL(adminUrl);
url.pathname = `/${dbName}`;
const databaseUrl = url.toString();
const db = postgres(databaseUrl, { max: 2, onnotice: () => {} });

let server;
try {
  console.log(`database ${dbName}: migrate + demo seed …`);
  server = await startServer({ port, env: { DATABASE_URL: serverDatabaseUrl(databaseUrl), DATABASE_POOL_SIZE: BENCH_POOL_SIZE, ...(process.env.BENCH_SERVER_NODE_OPTIONS ? { NODE_OPTIONS: process.env.BENCH_SERVER_NODE_OPTIONS } : {}) } });

  // A bearer session for the seeded gate scanner.
  const [scanner] = await db`select id from users where email = 'skener@tribuna.sk'`;
  const token = randomBytes(32).toString('base64url');
  await db`insert into sessions (user_id, token_hash, expires_at) values (${scanner.id}, ${createHash('sha256').update(token).digest('hex')}, now() + interval '1 day')`;

  // Many sold places at the match of the day (the scanner's club, gates open), one valid ticket each,
  // with its public key stored as the app stores it.
  const [type] = await db`
    select tt.id, tt.event_id from ticket_types tt join events e on e.id = tt.event_id
    where e.slug = 'dunaj-bratislava-zemplin-michalovce' and tt.code = 'A'`;
  const [owner] = await db`select id from users where email = 'fan@tribuna.sk'`;
  console.log(`creating ${ticketCount} tickets (one Ed25519 key pair each) …`);
  const units = await db`
    insert into inventory_units (event_id, ticket_type_id, status)
    select ${type.event_id}, ${type.id}, 'sold' from generate_series(1, ${ticketCount})
    returning id`;
  const made = units.map(({ id }) => ({ unitId: id, secret: randomBytes(32).toString('base64url') })).map((t) => ({ ...t, ...ticketKeys(t.secret) }));
  const tickets = [];
  for (let i = 0; i < made.length; i += 5000) {
    const batch = made.slice(i, i + 5000);
    const rows = await db`
      insert into tickets (event_id, unit_id, ticket_type_id, owner_id, price_amount, secret, code_public_key)
      select ${type.event_id}, u.unit_id, ${type.id}, ${owner.id}, 2500, u.secret, u.public_key
      from unnest(${batch.map((t) => t.unitId)}::uuid[], ${batch.map((t) => t.secret)}::text[], ${batch.map((t) => t.publicKey)}::text[]) as u(unit_id, secret, public_key)
      returning id, version, unit_id`;
    const byUnit = new Map(batch.map((t) => [t.unitId, t]));
    for (const row of rows) tickets.push({ id: row.id, version: row.version, signingKey: byUnit.get(row.unit_id).signingKey });
  }

  const target = `${server.base}/api/v1/scan`;
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  // Warm-up on a handful of tickets (compiles the route, fills the pool).
  for (const ticket of tickets.splice(0, 50)) {
    const res = await fetch(target, { method: 'POST', headers, body: JSON.stringify({ payload: payloadFor(ticket) }) });
    const body = await res.json();
    if (body.result !== 'admitted') throw new Error(`warm-up scan answered ${res.status} ${JSON.stringify(body)}`);
  }
  const before = await db`select count(*)::int as n from scan_log where result = 'admitted'`;

  const serverPid = listenerPid(port);
  const cpuBefore = serverPid ? cpuMs(serverPid) : null;
  const clientBefore = process.cpuUsage();
  const machineBefore = machineBusyMs();
  let next = 0;
  const result = await load({
    url: target,
    connections,
    duration: seconds,
    method: 'POST',
    headers,
    requests: [
      {
        method: 'POST',
        setupRequest: (request) => ({ ...request, body: JSON.stringify({ payload: payloadFor(tickets[next++ % tickets.length]) }) }),
      },
    ],
  });
  const client = process.cpuUsage(clientBefore);
  const machineAfter = machineBusyMs();
  const [after] = await db`select count(*)::int as n from scan_log where result = 'admitted'`;
  const [checkedIn] = await db`select count(*)::int as n from tickets where event_id = ${type.event_id} and status = 'checked_in'`;
  const admitted = after.n - before[0].n;
  const cpuAfter = serverPid ? cpuMs(serverPid) : null;

  console.log('\nPOST /api/v1/scan on PostgreSQL (each request a different ticket, check-in write included)');
  console.log(`connections ${connections}, ${seconds} s, ${result.total} requests; server to PostgreSQL over ${serverDatabaseUrl(databaseUrl).includes('host=') ? 'the Unix socket' : 'TCP'}, pool ${BENCH_POOL_SIZE}`);
  console.log(`scans/s ${result.requestsPerSecond}   p50 ${result.p50} ms   p99 ${result.p99} ms   non-2xx ${result.non2xx}   errors ${result.errors}`);
  console.log(`admitted during the run: ${admitted}${next > tickets.length ? ' (ticket pool wrapped: later scans read "already used")' : ''}; tickets checked in: ${checkedIn.n}`);
  if (cpuBefore != null && cpuAfter != null && result.total) {
    const perScan = (cpuAfter - cpuBefore) / result.total;
    if (machineBefore != null && machineAfter != null) {
      // Where the machine's 2 cores go per scan: the server, the load generator (autocannon and the codes
      // it signs, in this process) and PostgreSQL with the rest of the machine.
      const clientPer = (client.user + client.system) / 1000 / result.total;
      const machinePer = (machineAfter - machineBefore) / result.total;
      console.log(
        `CPU per scan: server ${perScan.toFixed(2)} ms, load generator ${clientPer.toFixed(2)} ms, PostgreSQL and the rest ${(machinePer - perScan - clientPer).toFixed(2)} ms; machine ${machinePer.toFixed(2)} ms`,
      );
    }
    console.log(`server CPU per scan ${perScan.toFixed(2)} ms`);
  }
  // The framework's own floor on this machine: the cheapest route there is, same server, same load.
  const floor = await frameworkFloor(server.base, serverPid, { connections });
  console.log(`framework floor: GET /builds/latest.json ${floor.requestsPerSecond} req/s, server CPU ${floor.cpuPerRequest ?? '?'} ms a request`);
  console.log(`machine load average during the run: ${readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ')} (${(await import('node:os')).cpus().length} cores)`);
  // The target of issue 34, as a ratio to the floor of this run (the machine's speed drifts 2× in a day).
  const ratio = floor.requestsPerSecond ? result.requestsPerSecond / floor.requestsPerSecond : 0;
  console.log(`scans/s ÷ floor: ${ratio.toFixed(2)} ×`);
  console.log(`target scans ≥ 1.5 × floor and p99 ≤ 50 ms: ${ratio >= 1.5 && result.p99 <= 50 ? 'MET' : 'NOT MET'}`);
} finally {
  server?.stop();
  await db.end({ timeout: 5 });
  await new Promise((r) => setTimeout(r, 1500));
  await admin.unsafe(`drop database if exists ${dbName} with (force)`).catch(() => {});
  await admin.end({ timeout: 5 });
}
