// npm run bench:pages — Home and Events list on a production server: autocannon, loopback, 10 s, 10 connections.
// Prints req/s and p99 per page, then the first-load JS of each public route. Targets: ≥ 300 req/s, p99 ≤ 100 ms, ≤ 130 kB.
import { firstLoadJs, load, startServer, warm } from './lib.mjs';

const port = Number(process.env.BENCH_PORT || 3300);
const server = await startServer({ port });
try {
  const rows = [];
  const duration = Number(process.env.BENCH_SECONDS || 10);
  // A browser's headers: gzip accepted. Signed-out visitors share the public-page cache (scripts/page-cache.mjs);
  // a session cookie (here a dead one) makes the server render the page for that request, as for a signed-in fan.
  const visitors = [
    ['signed out', { 'accept-encoding': 'gzip' }],
    ['rendered', { 'accept-encoding': 'gzip', cookie: 'tribuna_session=bench' }],
  ];
  for (const [who, headers] of visitors) {
    for (const path of ['/sk', '/sk/podujatia']) {
      await warm(server.base + path);
      rows.push({ who, ...(await load({ url: server.base + path, connections: 10, duration, headers })) });
    }
  }
  console.log('\npage            visitor        req/s    p50 ms   p99 ms   non-2xx  errors');
  for (const r of rows) {
    console.log(`${new URL(r.url).pathname.padEnd(15)} ${r.who.padEnd(12)} ${String(r.requestsPerSecond).padStart(7)} ${String(r.p50).padStart(9)} ${String(r.p99).padStart(8)} ${String(r.non2xx).padStart(9)} ${String(r.errors).padStart(7)}`);
  }
  console.log('\nfirst-load JS (gzip)');
  for (const path of ['/sk', '/sk/podujatia', '/sk/podujatia/dunaj-bratislava-fc-kosice', '/sk/o-nas', '/sk/vstupenky', '/sk/prihlasenie', '/sk/registracia']) {
    const js = await firstLoadJs(server.base, path);
    console.log(`${js.path.padEnd(48)} ${String(js.gzipKb).padStart(7)} kB in ${js.scripts} scripts`);
  }
} finally {
  server.stop();
}
