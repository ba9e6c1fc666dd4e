// npm run bench:onsale — an on-sale rush on a production server on PostgreSQL.
// A fresh database is created, migrated and seeded; N simulated fans (default 64, each with its own
// session) hold a random seat of one event, release it, and go again, for BENCH_SECONDS (default 20).
// Prints successful holds/s, p50/p99 latency of the hold call (and its tail), conflicts (409: the seat
// was just taken, expected), 5xx and other errors, the oversell check (client-side and in SQL
// afterwards), and the CPU a hold cycle costs the server, the simulated fans and the rest of the machine.
// The fans speak node:http over kept-alive connections (bench/lib.mjs jsonClient): the load generator
// shares the machine, and fetch cost it three times the CPU.
// Targets (issue 34): holds ≥ 0.5 × the framework floor of the same run, p99 ≤ 250 ms at 64 fans, 0 oversold, 0 5xx. The framework
// floor (a tiny Next route, printed last) tells how fast the machine was at the moment.
// Env: BENCH_PG_URL (admin URL, default postgres://postgres@127.0.0.1:5432/postgres), BENCH_FANS,
// BENCH_SECONDS, BENCH_SEATS (size of the contested seat pool, default 400), BENCH_PORT, BENCH_KEEP_DB=1,
// DATABASE_POOL_SIZE (default 4), BENCH_DB_SOCKET (default the Unix socket when there is one; tcp),
// BENCH_LIVE_VIEWERS=10: that many organisers (members of the event's organisation) poll the event's live
// view every 3 s during the rush (bench:report runs the rush with and without them and compares).
import { randomBytes } from 'node:crypto';
import { spawnSync } from 'node:child_process';
import postgres from 'postgres';
import { readFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { BENCH_POOL_SIZE, frameworkFloor, listenerPid, serverDatabaseUrl, startServer } from './lib.mjs';
import { organiserSessions, percentile, rush, sessionUsers } from './rush.mjs';

const adminUrl = process.env.BENCH_PG_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const fans = Number(process.env.BENCH_FANS || 64);
const seconds = Number(process.env.BENCH_SECONDS || 20);
const poolSeats = Number(process.env.BENCH_SEATS || 400);
const port = Number(process.env.BENCH_PORT || 3330);
const liveViewers = Number(process.env.BENCH_LIVE_VIEWERS || 0);
const EVENT = 'dunaj-bratislava-fc-kosice';

const dbName = `tribuna_bench_${randomBytes(4).toString('hex')}`;
const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
await admin.unsafe(`create database ${dbName}`);
const dbUrl = new URL(adminUrl);
dbUrl.pathname = `/${dbName}`;
const env = { DATABASE_URL: serverDatabaseUrl(dbUrl.toString()), DATABASE_POOL_SIZE: BENCH_POOL_SIZE, SWEEP_INTERVAL_SECONDS: '15' };
const migrated = spawnSync('npx', ['tsx', 'scripts/db-migrate.ts'], { stdio: 'inherit', env: { ...process.env, ...env } });
if (migrated.status !== 0) throw new Error('migration failed');

const server = await startServer({ port, env });
const sql = postgres(dbUrl.toString(), { max: 4, onnotice: () => {} });
try {
  // Fans with live sessions (bearer tokens, as the native app sends them).
  const tokens = (await sessionUsers(sql, 'bench', fans)).map((u) => u.token);
  const [event] = await sql`select id from events where slug = ${EVENT}`;
  const seatRows = await sql`select seat_id from inventory_units where event_id = ${event.id} and seat_id is not null order by spread limit ${poolSeats}`;
  const seats = seatRows.map((r) => r.seat_id);
  // Organisers watching the event's live view during the rush (members of its organisation).
  const viewers = liveViewers ? await organiserSessions(sql, event.id, liveViewers) : [];
  console.log(
    `\n${fans} fans, ${seats.length} contested seats of ${EVENT}, ${seconds} s, server on PostgreSQL (${dbName}, ${env.DATABASE_URL.includes('host=') ? 'Unix socket' : 'TCP'}, pool ${env.DATABASE_POOL_SIZE})` +
      (liveViewers ? `, ${liveViewers} organisers polling the live view every 3 s` : ''),
  );

  const result = await rush({ server, port, sql, slug: EVENT, eventId: event.id, tokens, seats, seconds, liveViewers: viewers });
  const { counts, latencies, elapsed } = result;
  const pct = (p) => percentile(latencies, p);

  console.log('\nsuccessful holds   holds/s   p50 ms   p99 ms   409 taken   5xx   other errors   releases');
  console.log(
    `${String(counts.held).padStart(16)} ${String(Math.round(counts.held / elapsed)).padStart(9)} ${String(pct(50)).padStart(8)} ${String(pct(99)).padStart(8)} ${String(counts.conflict).padStart(11)} ${String(counts.fiveXX).padStart(5)} ${String(counts.other).padStart(14)} ${String(counts.released).padStart(10)}`,
  );
  console.log(`hold calls: ${latencies.length} (${Math.round(latencies.length / elapsed)}/s incl. conflicts); each success is followed by a release (DELETE)`);
  console.log(`hold latency ms: p90 ${pct(90)}, p95 ${pct(95)}, p99 ${pct(99)}, p99.9 ${pct(99.9)}, max ${Math.round(latencies.at(-1) ?? 0)}`);
  if (liveViewers) {
    const l = result.live;
    console.log(`live view: ${l.requests} polls by ${liveViewers} organisers (${l.ok} answered 200, ${l.failed} failed), p50 ${percentile(l.latencies, 50)} ms, p99 ${percentile(l.latencies, 99)} ms`);
  }
  const { dupHolds, dupTickets, stray } = result.sqlChecks;
  console.log(`oversell check: client saw ${counts.oversold} seat(s) held by two fans; SQL: ${dupHolds} unit(s) in two live holds, ${dupTickets} unit(s) in two tickets, ${stray} held unit(s) without their hold item`);
  if (result.cpu && counts.held) {
    // Per successful hold, its release and its share of the conflicts: where the machine's 2 cores go.
    const per = (ms) => (ms / counts.held).toFixed(2);
    const { serverMs, clientMs, machineMs } = result.cpu;
    console.log(
      `CPU per hold cycle: server ${per(serverMs)} ms, simulated fans ${per(clientMs)} ms, PostgreSQL and the rest ${per(machineMs - serverMs - clientMs)} ms; machine ${per(machineMs)} ms (${Math.round(machineMs / elapsed / 10)}% of one core busy on average)`,
    );
  }
  const oversold = result.oversold;
  console.log(oversold === 0 ? 'OVERSOLD: 0' : `OVERSOLD: ${oversold}  ← FAILURE`);
  // The framework's own floor on this machine, as bench:scan prints it: the cheapest route Next has, same
  // server, same moment. Compare hold figures only between runs with a similar floor.
  const serverPid = listenerPid(port);
  const floor = await frameworkFloor(server.base, serverPid, { connections: fans });
  console.log(`framework floor: GET /builds/latest.json ${floor.requestsPerSecond} req/s, server CPU ${floor.cpuPerRequest ?? '?'} ms a request`);
  console.log(`machine load average: ${readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ')} (${cpus().length} cores)`);
  // The target of issue 34, as a ratio to the floor of this run (the machine's speed drifts 2× in a day).
  const ratio = floor.requestsPerSecond ? counts.held / elapsed / floor.requestsPerSecond : 0;
  const met = ratio >= 0.5 && pct(99) <= 250 && counts.fiveXX === 0 && oversold === 0;
  console.log(`holds/s ÷ floor: ${ratio.toFixed(2)} ×`);
  console.log(`target holds ≥ 0.5 × floor, p99 ≤ 250 ms, 0 5xx, 0 oversold: ${met ? 'MET' : 'NOT MET'}`);
} finally {
  server.stop();
  await sql.end({ timeout: 5 });
  if (process.env.BENCH_KEEP_DB !== '1') {
    await new Promise((r) => setTimeout(r, 1000));
    await admin.unsafe(`drop database if exists ${dbName} with (force)`).catch(() => {});
  }
  await admin.end();
}
