// npm run bench:pages — the fan's pages on a production server (fresh demo data): autocannon, loopback,
// 10 s (BENCH_SECONDS), 10 connections, gzip accepted as a browser does. Run twice, once per database the
// server can use (BENCH_DB=postgres,pglite): PostgreSQL as a deployment runs, and the embedded PGlite of
// the demo (`npm start`), which has one connection, so every query of every request waits its turn.
//   - signed out: home, events list and an event page come from the public pages' shared copy;
//   - signed in (a real session of the demo fan): home, events list, the event page and Your tickets come
//     from the shell signed-in fans share, with the fan's own user (and tickets) added to each answer
//     (lib/server/serving/page-cache.ts); target ≥ 150 req/s with p99 ≤ 200 ms;
//   - rendered: the same home page rendered by Next for the one request (a session cookie that is no
//     longer live), what every signed-in page cost before the shared shell;
//   - the framework floor (bench/lib.mjs) of the same server: how fast the machine was at the moment.
// Then the first-load JS of each page.
import { benchDatabase, firstLoadJs, frameworkFloor, listenerPid, load, signedInCookie, startServer, warm } from './lib.mjs';

const port = Number(process.env.BENCH_PORT || 3300);
const duration = Number(process.env.BENCH_SECONDS || 10);
const event = '/sk/podujatia/dunaj-bratislava-fc-kosice';
const gzip = { 'accept-encoding': 'gzip' };

/** Every row measured against one server on one database, and that server's framework floor. */
async function measure(database) {
  const pg = database === 'postgres' ? await benchDatabase('pages') : null;
  // Every request comes from 127.0.0.1: lift the per-address limits for the measurement only.
  const server = await startServer({ port, env: { RATE_LIMIT_SCALE: '100000', ...pg?.env } });
  try {
    const fan = await signedInCookie(server.base);
    const targets = [
      ...['/sk', '/sk/podujatia', event].map((path) => ({ who: 'signed out', path, headers: gzip })),
      ...['/sk', '/sk/podujatia', event, '/sk/vstupenky'].map((path) => ({ who: 'signed in', path, headers: { ...gzip, cookie: fan }, goal: { rps: 150, p99: 200 } })),
      { who: 'rendered', path: '/sk', headers: { ...gzip, cookie: 'tribuna_session=bench' } },
    ];
    const rows = [];
    for (const target of targets) {
      await warm(server.base + target.path, 20, target.headers);
      rows.push({ ...target, ...(await load({ url: server.base + target.path, connections: 10, duration, headers: target.headers })) });
    }
    const floor = await frameworkFloor(server.base, listenerPid(port));
    const js = database === databases[0] ? await Promise.all(jsPages.map((path) => firstLoadJs(server.base, path))) : null;
    return { database, rows, floor, js };
  } finally {
    server.stop();
    await new Promise((resolve) => setTimeout(resolve, 1000));
    await pg?.drop();
  }
}

const databases = (process.env.BENCH_DB || 'postgres,pglite').split(',');
const jsPages = ['/sk', '/sk/podujatia', event, '/sk/o-nas', '/sk/vstupenky', '/sk/prihlasenie', '/sk/registracia'];
const runs = [];
for (const database of databases) runs.push(await measure(database));

for (const run of runs) {
  console.log(`\nserver on ${run.database === 'postgres' ? 'PostgreSQL (as deployed)' : 'PGlite (the embedded demo database)'}`);
  console.log('page                                        visitor       req/s   p50 ms   p99 ms  non-2xx  errors  goal');
  for (const r of run.rows) {
    const goal = r.goal ? `≥ ${r.goal.rps} req/s, p99 ≤ ${r.goal.p99} ms: ${r.requestsPerSecond >= r.goal.rps && r.p99 <= r.goal.p99 ? 'met' : 'MISSED'}` : '';
    console.log(
      `${r.path.padEnd(43)} ${r.who.padEnd(11)} ${String(r.requestsPerSecond).padStart(7)} ${String(r.p50).padStart(8)} ${String(r.p99).padStart(8)} ${String(r.non2xx).padStart(8)} ${String(r.errors).padStart(7)}  ${goal}`,
    );
  }
  console.log(`framework floor: GET /builds/latest.json ${run.floor.requestsPerSecond} req/s, p99 ${run.floor.p99} ms, server CPU ${run.floor.cpuPerRequest ?? '?'} ms a request`);
}
console.log('\nfirst-load JS (gzip)');
for (const js of runs[0].js) console.log(`${js.path.padEnd(48)} ${String(js.gzipKb).padStart(7)} kB in ${js.scripts} scripts`);
