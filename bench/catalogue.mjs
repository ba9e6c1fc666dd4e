// npm run bench:catalogue — the catalogue on a production server (fresh demo database): autocannon over loopback,
// 10 s at 10 connections, for the event page of the largest stadium event and its live availability endpoint.
// Prints req/s and p99, then the event page's first-load JS.
// Targets: detail ≥ 200 req/s, p99 ≤ 150 ms; availability ≥ 500 req/s, p99 ≤ 50 ms; event page JS ≤ 150 kB gzip.
import { firstLoadJs, load, startServer, warm } from './lib.mjs';

const port = Number(process.env.BENCH_PORT || 3320);
const duration = Number(process.env.BENCH_SECONDS || 10);
const server = await startServer({ port });
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
    // Signed out: the shared copy of public pages (scripts/page-cache.mjs); with a session cookie the page is rendered per request.
    { name: `event page (${largest.seats} seats)`, path: `/sk/podujatia/${largest.id}`, headers: { 'accept-encoding': 'gzip' }, goal: { rps: 200, p99: 150 } },
    { name: 'event page, rendered', path: `/sk/podujatia/${largest.id}`, headers: { 'accept-encoding': 'gzip', cookie: 'tribuna_session=bench' }, goal: { rps: 200, p99: 150 } },
    { name: 'availability', path: `/api/v1/events/${largest.id}/availability`, goal: { rps: 500, p99: 50 } },
  ];
  const rows = [];
  for (const target of targets) {
    await warm(server.base + target.path, 30);
    rows.push({ ...target, ...(await load({ url: server.base + target.path, connections: 10, duration, headers: target.headers })) });
  }
  console.log(`\n${'target'.padEnd(28)} ${'req/s'.padStart(7)} ${'p50 ms'.padStart(8)} ${'p99 ms'.padStart(8)} ${'non-2xx'.padStart(8)} ${'errors'.padStart(7)}  goal`);
  for (const r of rows) {
    const ok = r.requestsPerSecond >= r.goal.rps && r.p99 <= r.goal.p99 && r.non2xx === 0 && r.errors === 0;
    console.log(
      `${r.name.padEnd(28)} ${String(r.requestsPerSecond).padStart(7)} ${String(r.p50).padStart(8)} ${String(r.p99).padStart(8)} ${String(r.non2xx).padStart(8)} ${String(r.errors).padStart(7)}  ≥ ${r.goal.rps} req/s, p99 ≤ ${r.goal.p99} ms ${ok ? 'MET' : 'MISSED'}`,
    );
  }
  const js = await firstLoadJs(server.base, targets[0].path);
  console.log(`\nfirst-load JS of ${js.path}: ${js.gzipKb} kB gzip in ${js.scripts} scripts (goal ≤ 150 kB) ${js.gzipKb <= 150 ? 'MET' : 'MISSED'}`);
} finally {
  server.stop();
}
