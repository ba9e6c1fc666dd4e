// npm run bench:queue — a queued on-sale (issue 34) on a production server on PostgreSQL.
// A fresh database is created, migrated and seeded; the seeded stadium match's sale is queued (its seats
// are counted and printed) with its general sale BENCH_QUEUE_PRE seconds after the first join. N simulated
// fans (default 20,000, each with its own session) join within BENCH_QUEUE_JOIN_SECONDS (default 60,
// spread evenly, so the first PRE seconds' arrivals wait in the pre-queue and are drawn at the start),
// poll their place as the queue page does (the server's nextPollSeconds, ±30 % jitter), and once admitted
// hold a random free seat with their admission (trying another seat on a 409) and release it.
// Prints joins/s, the queue poll's p50/p99, admissions/s, holds/s, 5xx, the oversell checks (client and
// SQL), and fairness: the Spearman rank correlation of admission order with arrival order, for those who
// came before the start (a fair draw: near 0) and after (arrival order: near 1). Then the framework floor.
// All fans come from one address: the per-address join limit is scaled (RATE_LIMIT_SCALE) accordingly.
// Env: BENCH_PG_URL, BENCH_QUEUE_FANS (20000), BENCH_QUEUE_JOIN_SECONDS (60), BENCH_QUEUE_PRE (15),
// BENCH_QUEUE_RATE (admissions a minute, 6000: what the hold path serves on this machine with headroom;
// the product's automatic default is 1,200 — 20,000 fans would take 17 minutes),
// BENCH_QUEUE_TIME_SCALE (1; 0.25 runs the join minute and the pre-queue in a quarter of the time),
// BENCH_PORT, BENCH_KEEP_DB=1, DATABASE_POOL_SIZE.
import { randomBytes } from 'node:crypto';
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { cpus } from 'node:os';
import postgres from 'postgres';
import { BENCH_POOL_SIZE, frameworkFloor, jsonClient, listenerPid, printServerLogSummary, serverDatabaseUrl, startServer } from './lib.mjs';
import { percentile, sessionUsers } from './rush.mjs';

const adminUrl = process.env.BENCH_PG_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const fans = Number(process.env.BENCH_QUEUE_FANS || 20_000);
const scale = Number(process.env.BENCH_QUEUE_TIME_SCALE || 1);
const joinSeconds = Number(process.env.BENCH_QUEUE_JOIN_SECONDS || 60) * scale;
const preSeconds = Number(process.env.BENCH_QUEUE_PRE || 15) * scale;
const rate = Number(process.env.BENCH_QUEUE_RATE || 6000);
const port = Number(process.env.BENCH_PORT || 3340);
const EVENT = 'dunaj-bratislava-fc-kosice';

const dbName = `tribuna_bench_${randomBytes(4).toString('hex')}`;
const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
await admin.unsafe(`create database ${dbName}`);
const dbUrl = new URL(adminUrl);
dbUrl.pathname = `/${dbName}`;
const env = { DATABASE_URL: serverDatabaseUrl(dbUrl.toString()), DATABASE_POOL_SIZE: BENCH_POOL_SIZE, SWEEP_INTERVAL_SECONDS: '15', RATE_LIMIT_SCALE: String(Math.ceil(fans / 30)) };
const migrated = spawnSync('npx', ['tsx', 'scripts/db-migrate.ts'], { stdio: 'inherit', env: { ...process.env, ...env } });
if (migrated.status !== 0) throw new Error('migration failed');

const server = await startServer({ port, env });
const sql = postgres(dbUrl.toString(), { max: 4, onnotice: () => {} });
const sleep = (ms) => new Promise((r) => setTimeout(r, Math.max(0, ms)));

/** Spearman's rank correlation of two equally long lists of numbers (no ties expected). */
function spearman(xs, ys) {
  const n = xs.length;
  if (n < 3) return NaN;
  const rank = (values) => {
    const order = values.map((v, i) => [v, i]).sort((a, b) => a[0] - b[0]);
    const ranks = new Array(n);
    order.forEach(([, i], r) => (ranks[i] = r + 1));
    return ranks;
  };
  const rx = rank(xs);
  const ry = rank(ys);
  const d2 = rx.reduce((sum, r, i) => sum + (r - ry[i]) ** 2, 0);
  return 1 - (6 * d2) / (n * (n * n - 1));
}

try {
  const users = [];
  for (let done = 0; done < fans; done += 5000) users.push(...(await sessionUsers(sql, 'queue', Math.min(5000, fans - done))));
  const [event] = await sql`select id from events where slug = ${EVENT}`;
  const seatRows = await sql`select seat_id from inventory_units where event_id = ${event.id} and seat_id is not null and status = 'available' and not exists (select 1 from accessible_seats a where a.seat_id = inventory_units.seat_id)`;
  const seats = seatRows.map((r) => r.seat_id);
  const [{ n: seatCount }] = await sql`select count(*)::int as n from inventory_units where event_id = ${event.id} and seat_id is not null`;

  const send = jsonClient(server.base, { connections: 256 });
  // Warm the routes once (the first call of a route compiles and caches).
  const warmHeaders = { authorization: `Bearer ${users[0].token}` };
  for (let i = 0; i < 5; i++) await send('GET', `/api/v1/events/${EVENT}/cart`, { headers: warmHeaders });

  const began = Date.now();
  const saleStart = new Date(began + preSeconds * 1000);
  await sql`update events set sale_starts_at = ${saleStart} where id = ${event.id}`;
  await sql`insert into waiting_rooms (event_id, rate_per_minute, admission_minutes) values (${event.id}, ${rate}, 10)`;
  await sql`select pg_notify('tribuna_event_changed', ${event.id})`;
  await sleep(500);
  console.log(
    `\n${fans} fans join a queued sale of ${EVENT} (${seatCount} seats) over ${joinSeconds} s; the sale starts ${preSeconds} s in; ` +
      `${rate} admissions a minute; server on PostgreSQL (${dbName}, pool ${env.DATABASE_POOL_SIZE})${scale !== 1 ? `; time scaled ×${scale}` : ''}`,
  );

  const counts = { joined: 0, joinFailed: 0, polls: 0, admitted: 0, held: 0, conflict: 0, released: 0, fiveXX: 0, other: 0, oversold: 0, noSeat: 0 };
  const pollLatencies = [];
  const joinLatencies = [];
  const holdTimes = [];
  const admitTimes = [];
  const holder = new Map();
  let lastJoin = 0;

  async function fan(index) {
    await sleep((index / fans) * joinSeconds * 1000 - (Date.now() - began));
    const headers = { authorization: `Bearer ${users[index].token}` };
    const path = `/api/v1/events/${EVENT}/queue`;
    let t0 = performance.now();
    let answer = await send('POST', path, { headers }).catch(() => ({ status: 0 }));
    joinLatencies.push(performance.now() - t0);
    lastJoin = Date.now();
    if (answer.status !== 200) {
      counts.joinFailed++;
      if (answer.status >= 500) counts.fiveXX++;
      return;
    }
    counts.joined++;
    let failures = 0;
    while (answer.body?.state !== 'admitted') {
      if (answer.body?.state === 'expired') return;
      const wait = answer.status === 200 ? (answer.body.nextPollSeconds || 5) * 1000 * (0.7 + Math.random() * 0.6) : Math.min(60_000, 2000 * 2 ** failures);
      await sleep(wait * scale);
      t0 = performance.now();
      answer = await send('GET', path, { headers }).catch(() => ({ status: 0 }));
      pollLatencies.push(performance.now() - t0);
      counts.polls++;
      if (answer.status >= 500) counts.fiveXX++;
      failures = answer.status === 200 ? 0 : failures + 1;
    }
    counts.admitted++;
    admitTimes.push(Date.now());
    const admitted = { ...headers, 'x-tribuna-admission': answer.body.admission.token };
    for (let attempt = 0; attempt < 5; attempt++) {
      const seat = seats[Math.floor(Math.random() * seats.length)];
      const held = await send('POST', `/api/v1/events/${EVENT}/cart/items`, { headers: admitted, body: { seatIds: [seat] } }).catch(() => ({ status: 0 }));
      if (held.status === 200) {
        counts.held++;
        holdTimes.push(Date.now());
        if (holder.has(seat)) counts.oversold++;
        holder.set(seat, index);
        await sleep(Math.random() * 5);
        holder.delete(seat);
        const released = await send('DELETE', `/api/v1/events/${EVENT}/cart/items/${held.body.items[0].id}`, { headers: admitted });
        if (released.status === 200) counts.released++;
        else if (released.status >= 500) counts.fiveXX++;
        else counts.other++;
        return;
      }
      if (held.status === 409) counts.conflict++;
      else if (held.status >= 500) counts.fiveXX++;
      else counts.other++;
    }
    counts.noSeat++;
  }

  const serverPid = listenerPid(port);
  await Promise.all(Array.from({ length: fans }, (_, i) => fan(i)));
  const elapsed = (Date.now() - began) / 1000;

  const [dupHolds] = await sql`
    select count(*)::int as n from (
      select hi.unit_id from hold_items hi join holds h on h.id = hi.hold_id
      where hi.unit_id is not null and h.status in ('active', 'ordered') and h.expires_at > now()
      group by hi.unit_id having count(*) > 1) d`;
  const [dupTickets] = await sql`select count(*)::int as n from (select unit_id from tickets group by unit_id having count(*) > 1) d`;
  const oversold = counts.oversold + dupHolds.n + dupTickets.n;
  const places = await sql`select extract(epoch from joined_at) * 1000 as joined, position::float8 as position, extract(epoch from admitted_at) * 1000 as admitted from waiting_room_places p join waiting_rooms r on r.id = p.room_id where r.event_id = ${event.id}`;
  const early = places.filter((p) => Number(p.joined) < saleStart.getTime() && p.position != null);
  const late = places.filter((p) => Number(p.joined) >= saleStart.getTime() && p.position != null);
  const admittedAt = places.filter((p) => p.admitted != null).map((p) => Number(p.admitted)).sort((a, b) => a - b);
  const admitSpan = admittedAt.length > 1 ? (admittedAt.at(-1) - admittedAt[0]) / 1000 : NaN;
  const holdSpan = holdTimes.length > 1 ? (Math.max(...holdTimes) - Math.min(...holdTimes)) / 1000 : NaN;
  pollLatencies.sort((a, b) => a - b);
  joinLatencies.sort((a, b) => a - b);

  console.log(`\nfans joined ${counts.joined} (failed ${counts.joinFailed}) in ${((lastJoin - began) / 1000).toFixed(1)} s: ${Math.round(counts.joined / ((lastJoin - began) / 1000))} joins/s; join p50 ${percentile(joinLatencies, 50)} ms, p99 ${percentile(joinLatencies, 99)} ms`);
  console.log(`queue polls ${counts.polls} (${Math.round(counts.polls / elapsed)}/s on average): p50 ${percentile(pollLatencies, 50)} ms, p99 ${percentile(pollLatencies, 99)} ms, max ${Math.round(pollLatencies.at(-1) ?? 0)} ms`);
  console.log(`admitted ${admittedAt.length} over ${admitSpan.toFixed(1)} s: ${(admittedAt.length / admitSpan).toFixed(1)} admissions/s (rate set ${rate}/min = ${(rate / 60).toFixed(1)}/s)`);
  console.log(`holds ${counts.held} over ${holdSpan.toFixed(1)} s: ${(counts.held / holdSpan).toFixed(1)} holds/s; 409 taken ${counts.conflict}, released ${counts.released}, no seat after 5 tries ${counts.noSeat}, other ${counts.other}`);
  console.log(`5xx: ${counts.fiveXX}`);
  printServerLogSummary(server.logPath);
  console.log(`oversell check: client saw ${counts.oversold}; SQL: ${dupHolds.n} unit(s) in two live holds, ${dupTickets.n} in two tickets`);
  console.log(oversold === 0 ? 'OVERSOLD: 0' : `OVERSOLD: ${oversold}  ← FAILURE`);
  const fairEarly = spearman(early.map((p) => Number(p.joined)), early.map((p) => p.position));
  const fairLate = spearman(late.map((p) => Number(p.joined)), late.map((p) => p.position));
  console.log(`fairness (Spearman, admission order vs arrival): ${early.length} before the start ${fairEarly.toFixed(3)} (a fair draw: near 0); ${late.length} after ${fairLate.toFixed(3)} (arrival order: near 1)`);
  console.log(`whole run ${elapsed.toFixed(0)} s`);
  const floor = await frameworkFloor(server.base, serverPid, { connections: 64 });
  console.log(`framework floor: GET /builds/latest.json ${floor.requestsPerSecond} req/s, server CPU ${floor.cpuPerRequest ?? '?'} ms a request`);
  console.log(`machine load average: ${readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ')} (${cpus().length} cores)`);
} finally {
  server.stop();
  await sql.end({ timeout: 5 });
  if (process.env.BENCH_KEEP_DB !== '1') {
    await new Promise((r) => setTimeout(r, 1000));
    await admin.unsafe(`drop database if exists ${dbName} with (force)`).catch(() => {});
  }
  await admin.end();
}
