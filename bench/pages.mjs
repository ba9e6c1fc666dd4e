// npm run bench:pages — the fan's pages on a production server (fresh demo database): autocannon, loopback,
// 10 s (BENCH_SECONDS), 10 connections, gzip accepted as a browser does.
//   - signed out: home, events list and an event page come from the public pages' shared copy;
//   - signed in (a real session of the demo fan): home, events list, the event page and Your tickets come
//     from the shell signed-in fans share, with the fan's own user (and tickets) added to each answer
//     (scripts/page-cache.mjs); target ≥ 150 req/s with p99 ≤ 200 ms;
//   - rendered: the same home page rendered by Next for the one request (a session cookie that is no
//     longer live), what every signed-in page cost before the shared shell;
//   - the framework floor (bench/lib.mjs) of the same run: how fast the machine was at the moment.
// Then the first-load JS of each page.
import { firstLoadJs, frameworkFloor, listenerPid, load, signedInCookie, startServer, warm } from './lib.mjs';

const port = Number(process.env.BENCH_PORT || 3300);
// Every request comes from 127.0.0.1: lift the per-address limits for the measurement only.
const server = await startServer({ port, env: { RATE_LIMIT_SCALE: '100000' } });
try {
  const rows = [];
  const duration = Number(process.env.BENCH_SECONDS || 10);
  const event = '/sk/podujatia/dunaj-bratislava-fc-kosice';
  const fan = await signedInCookie(server.base);
  const gzip = { 'accept-encoding': 'gzip' };
  const targets = [
    ...['/sk', '/sk/podujatia', event].map((path) => ({ who: 'signed out', path, headers: gzip })),
    ...['/sk', '/sk/podujatia', event, '/sk/vstupenky'].map((path) => ({ who: 'signed in', path, headers: { ...gzip, cookie: fan }, goal: { rps: 150, p99: 200 } })),
    { who: 'rendered', path: '/sk', headers: { ...gzip, cookie: 'tribuna_session=bench' } },
  ];
  for (const target of targets) {
    await warm(server.base + target.path, 20, target.headers);
    rows.push({ ...target, ...(await load({ url: server.base + target.path, connections: 10, duration, headers: target.headers })) });
  }
  const floor = await frameworkFloor(server.base, listenerPid(port));
  console.log('\npage                                        visitor       req/s   p50 ms   p99 ms  non-2xx  errors  goal');
  for (const r of rows) {
    const goal = r.goal ? `≥ ${r.goal.rps} req/s, p99 ≤ ${r.goal.p99} ms: ${r.requestsPerSecond >= r.goal.rps && r.p99 <= r.goal.p99 ? 'met' : 'MISSED'}` : '';
    console.log(
      `${r.path.padEnd(43)} ${r.who.padEnd(11)} ${String(r.requestsPerSecond).padStart(7)} ${String(r.p50).padStart(8)} ${String(r.p99).padStart(8)} ${String(r.non2xx).padStart(8)} ${String(r.errors).padStart(7)}  ${goal}`,
    );
  }
  console.log(`framework floor: GET /builds/latest.json ${floor.requestsPerSecond} req/s, p99 ${floor.p99} ms, server CPU ${floor.cpuPerRequest ?? '?'} ms a request`);
  console.log('\nfirst-load JS (gzip)');
  for (const path of ['/sk', '/sk/podujatia', '/sk/podujatia/dunaj-bratislava-fc-kosice', '/sk/o-nas', '/sk/vstupenky', '/sk/prihlasenie', '/sk/registracia']) {
    const js = await firstLoadJs(server.base, path);
    console.log(`${js.path.padEnd(48)} ${String(js.gzipKb).padStart(7)} kB in ${js.scripts} scripts`);
  }
} finally {
  server.stop();
}
