// npm run bench:catalogue — the catalogue on a production server (fresh demo database): autocannon over loopback,
// 10 s at 10 connections, for the event page of the largest stadium event and its live availability endpoint.
// Prints req/s and p99, the framework floor of the same run, then the first-load JS of the fan's pages.
// Targets: detail ≥ 200 req/s, p99 ≤ 150 ms (signed in ≥ 150 req/s, p99 ≤ 200 ms); availability ≥ 500 req/s,
// p99 ≤ 50 ms; first-load JS (gzip) ≤ 150 kB on home and the events list, ≤ 175 kB on the event page,
// ≤ 190 kB on Your tickets, sign-in and sign-up.
import { firstLoadJs, frameworkFloor, listenerPid, load, signedInCookie, startServer, warm } from './lib.mjs';

const port = Number(process.env.BENCH_PORT || 3320);
const duration = Number(process.env.BENCH_SECONDS || 10);
// Every request comes from 127.0.0.1: lift the per-address limits (the demo fan's sign-in) for the measurement only.
const server = await startServer({ port, env: { RATE_LIMIT_SCALE: '100000' } });
try {
  // The largest seated event of the demo: the stadium match with the most seats (1,040).
  const list = await (await fetch(`${server.base}/api/v1/events?q=stadion%20dunaj&pageSize=50`)).json();
  let largest = null;
  for (const item of list.items) {
    const detail = await (await fetch(`${server.base}/api/v1/events/${item.id}`)).json();
    const seats = detail.layout?.seatCount ?? 0;
    if (!largest || seats > largest.seats) largest = { id: item.id, seats };
  }
  const targets = [
    // Signed out: the shared copy of public pages; signed in (the demo fan's live session): the signed-in
    // shell with the fan's own user added (lib/server/serving/page-cache.ts).
    { name: `event page (${largest.seats} seats)`, path: `/sk/podujatia/${largest.id}`, headers: { 'accept-encoding': 'gzip' }, goal: { rps: 200, p99: 150 } },
    { name: 'event page, signed in', path: `/sk/podujatia/${largest.id}`, headers: { 'accept-encoding': 'gzip', cookie: await signedInCookie(server.base) }, goal: { rps: 150, p99: 200 } },
    { name: 'availability', path: `/api/v1/events/${largest.id}/availability`, goal: { rps: 500, p99: 50 } },
  ];
  const rows = [];
  // BENCH_JS_ONLY=1: only the first-load JS table below.
  for (const target of process.env.BENCH_JS_ONLY === '1' ? [] : targets) {
    await warm(server.base + target.path, 30, target.headers);
    rows.push({ ...target, ...(await load({ url: server.base + target.path, connections: 10, duration, headers: target.headers })) });
  }
  console.log(`\n${'target'.padEnd(28)} ${'req/s'.padStart(7)} ${'p50 ms'.padStart(8)} ${'p99 ms'.padStart(8)} ${'non-2xx'.padStart(8)} ${'errors'.padStart(7)}  goal`);
  for (const r of rows) {
    const ok = r.requestsPerSecond >= r.goal.rps && r.p99 <= r.goal.p99 && r.non2xx === 0 && r.errors === 0;
    console.log(
      `${r.name.padEnd(28)} ${String(r.requestsPerSecond).padStart(7)} ${String(r.p50).padStart(8)} ${String(r.p99).padStart(8)} ${String(r.non2xx).padStart(8)} ${String(r.errors).padStart(7)}  ≥ ${r.goal.rps} req/s, p99 ≤ ${r.goal.p99} ms ${ok ? 'MET' : 'MISSED'}`,
    );
  }
  const floor = process.env.BENCH_JS_ONLY === '1' ? null : await frameworkFloor(server.base, listenerPid(port));
  if (floor) console.log(`framework floor: GET /builds/latest.json ${floor.requestsPerSecond} req/s, p99 ${floor.p99} ms, server CPU ${floor.cpuPerRequest ?? '?'} ms a request`);
  // First-load JS (gzip) of the fan's pages against their budgets (issue 17): signed out, as a first visit.
  const budgets = [
    { name: 'home', path: '/sk', kb: 150 },
    { name: 'events list', path: '/sk/podujatia', kb: 150 },
    { name: `event page (${largest.seats} seats)`, path: targets[0].path, kb: 175 },
    { name: 'event page, Dunaj–Košice', path: '/sk/podujatia/dunaj-bratislava-fc-kosice', kb: 175 },
    { name: 'your tickets (signed in)', path: '/sk/vstupenky', kb: 190, headers: { cookie: targets[1].headers.cookie } },
    { name: 'sign in', path: '/sk/prihlasenie', kb: 190 },
    { name: 'sign up', path: '/sk/registracia', kb: 190 },
  ];
  console.log(`\n${'first-load JS (gzip)'.padEnd(28)} ${'path'.padEnd(56)} ${'kB'.padStart(7)} scripts  goal`);
  for (const page of budgets) {
    const js = await firstLoadJs(server.base, page.path, page.headers);
    console.log(
      `${page.name.padEnd(28)} ${page.path.padEnd(56)} ${String(js.gzipKb).padStart(7)} ${String(js.scripts).padStart(7)}  ≤ ${page.kb} kB ${js.gzipKb <= page.kb ? 'MET' : 'MISSED'}`,
    );
  }
} finally {
  server.stop();
}
