// Shared by the bench scripts: start a production server on a fresh demo database, run autocannon, measure JS.
import { execSync, spawn, spawnSync } from 'node:child_process';
import http from 'node:http';
import { closeSync, existsSync, mkdirSync, openSync, readFileSync, rmSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import autocannon from 'autocannon';
import postgres from 'postgres';

export async function startServer({ port, env = {}, seed = true }) {
  const distDir = process.env.NEXT_DIST_DIR || '.next';
  // Demo mode (lib/server/mode.ts: keys of this installation in .data) unless the environment sets SESSION_SECRET.
  const serverEnv = { ...process.env, NODE_ENV: 'production', PORT: String(port), NEXT_TELEMETRY_DISABLED: '1', ...env };
  if (!serverEnv.DATABASE_URL && !serverEnv.PGLITE_DIR) {
    serverEnv.PGLITE_DIR = `.data/bench-${port}`;
    rmSync(serverEnv.PGLITE_DIR, { recursive: true, force: true });
  }
  if (!existsSync(path.join(distDir, 'BUILD_ID')) || process.env.BENCH_BUILD === '1') {
    const build = spawnSync('node', ['scripts/build-app.mjs'], { stdio: 'inherit', env: serverEnv });
    if (build.status !== 0) throw new Error('build failed');
  }
  // The hot API's bundle the server serves holds and scans with, from the current source.
  const bundled = spawnSync('node', ['scripts/build-api.mjs'], { stdio: 'inherit', env: serverEnv });
  if (bundled.status !== 0) throw new Error('hot API bundle failed');
  if (seed) {
    const seeded = spawnSync('npx', ['tsx', 'scripts/db-seed.ts'], { stdio: 'inherit', env: serverEnv });
    if (seeded.status !== 0) throw new Error('seed failed');
  }
  // A server left from an interrupted run would answer instead of this one: refuse plainly.
  const taken = await fetch(`http://127.0.0.1:${port}/builds/latest.json`).then(() => true, () => false);
  if (taken) throw new Error(`port ${port} is in use (a server of an earlier run?): stop it, or set BENCH_PORT`);
  // The production server as `npm start` runs it: Next behind the public-page cache (scripts/serve.mjs).
  // BENCH_NODE_ARGS passes flags to the server's node, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof".
  const nodeArgs = (process.env.BENCH_NODE_ARGS || '').split(' ').filter(Boolean);
  // Its JSON log (one line a request, errors with their request id) goes to a file the run names at the end:
  // a pipe nobody reads would fill and leave the logger buffering in the server's memory.
  mkdirSync('.data', { recursive: true });
  const logPath = `.data/bench-server-${port}.log`;
  const logFd = openSync(logPath, 'w');
  const child = spawn('node', [...nodeArgs, 'scripts/serve.mjs'], { env: serverEnv, stdio: ['ignore', logFd, 'inherit'], detached: true });
  closeSync(logFd);
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 120; i++) {
    try {
      const res = await fetch(`${base}/builds/latest.json`);
      if (res.ok) break;
    } catch {}
    await new Promise((r) => setTimeout(r, 500));
  }
  return {
    base,
    logPath,
    stop: () => {
      try {
        process.kill(-child.pid, 'SIGTERM');
      } catch {}
    },
  };
}

/**
 * The DATABASE_URL the bench's server gets. A production server next to its database reaches it over
 * the Unix socket, and so does the bench's when PostgreSQL has one in /var/run/postgresql (or in
 * BENCH_DB_SOCKET); BENCH_DB_SOCKET=tcp keeps TCP. (lib/server/db/client.ts reads ?host=/folder.)
 */
export function serverDatabaseUrl(url) {
  const folder = process.env.BENCH_DB_SOCKET ?? '/var/run/postgresql';
  if (folder === 'tcp' || !existsSync(`${folder}/.s.PGSQL.${new URL(url).port || 5432}`)) return url;
  const parsed = new URL(url);
  parsed.searchParams.set('host', folder);
  return parsed.toString();
}

/**
 * A fresh, migrated PostgreSQL database for a bench's server (BENCH_PG_URL: the server to make it on):
 * `env` is what the server needs to use it, `drop()` removes it afterwards.
 */
export async function benchDatabase(label) {
  const adminUrl = process.env.BENCH_PG_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
  const name = `tribuna_bench_${label}_${randomBytes(4).toString('hex')}`;
  const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const env = { DATABASE_URL: serverDatabaseUrl(url.toString()), DATABASE_POOL_SIZE: BENCH_POOL_SIZE };
  const migrated = spawnSync('npx', ['tsx', 'scripts/db-migrate.ts'], { stdio: 'inherit', env: { ...process.env, ...env } });
  if (migrated.status !== 0) throw new Error('migration failed');
  return {
    name,
    url: url.toString(),
    env,
    drop: async () => {
      await admin.unsafe(`drop database if exists ${name} with (force)`).catch(() => {});
      await admin.end({ timeout: 5 });
    },
  };
}

/**
 * Connections per server process for the benches: 4, twice the cores of the machine the database
 * runs on. postgres.js sends the queries waiting for a busy connection down it in one write, so a
 * small pool costs fewer system calls and wake-ups per query; on the 2-core machine 4 connections
 * gave more holds and scans per second than 10 or 20 (README, "Decisions worth knowing").
 */
export const BENCH_POOL_SIZE = process.env.DATABASE_POOL_SIZE || '4';

/** Runs autocannon and returns requests/s, latency percentiles and error counts. */
export async function load({ url, connections = 10, duration = 10, requests, headers, method = 'GET', body }) {
  const result = await autocannon({ url, connections, duration, headers, method, body, requests });
  return {
    url,
    requestsPerSecond: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
    total: result.requests.total,
  };
}

/**
 * The JavaScript a first visit downloads in a current browser: every <script src> of the page's HTML,
 * gzipped, except `noModule` legacy polyfills that modern browsers skip. `headers`: e.g. a signed-in cookie.
 */
export async function firstLoadJs(base, pagePath, headers = {}) {
  const html = await (await fetch(base + pagePath, { headers })).text();
  const tags = [...html.matchAll(/<script[^>]+src="([^"]+)"[^>]*>/g)].filter((m) => !/noModule/i.test(m[0]));
  const sources = [...new Set(tags.map((m) => m[1]))];
  let bytes = 0;
  for (const src of sources) {
    const code = Buffer.from(await (await fetch(new URL(src, base))).arrayBuffer());
    bytes += gzipSync(code, { level: 9 }).length;
  }
  return { path: pagePath, scripts: sources.length, gzipKb: Math.round((bytes / 1024) * 10) / 10 };
}

/** Signs a demo account in (password tribuna-demo) and returns the Cookie header its session is sent with. */
export async function signedInCookie(base, email = 'fan@tribuna.sk') {
  const res = await fetch(`${base}/api/v1/auth/signin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: 'tribuna-demo' }),
  });
  if (res.status !== 200) throw new Error(`sign-in of ${email} answered ${res.status}: ${await res.text()}`);
  return res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}

/** Warms a URL so the first measured requests do not include compilation of cached data. */
export async function warm(url, times = 20, headers = {}) {
  for (let i = 0; i < times; i++) {
    const res = await fetch(url, { redirect: 'manual', headers });
    await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`${url} answered ${res.status} ${res.headers.get('location') ?? ''}`);
  }
}

/**
 * A light HTTP client for the simulated fans: node:http over kept-alive connections. It costs the
 * machine a fraction of what fetch costs per request, and the load generator shares the 2 cores
 * with the server and PostgreSQL, so every millisecond it spends is one the server does not get.
 * Answers { status, body (parsed JSON or null) }.
 */
export function jsonClient(base, { connections = 64 } = {}) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const { hostname, port } = new URL(base);
  return function send(method, path, { headers = {}, body } = {}) {
    return new Promise((resolve, reject) => {
      const payload = body === undefined ? undefined : JSON.stringify(body);
      const req = http.request(
        { agent, hostname, port, method, path, headers: payload ? { ...headers, 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) } : headers },
        (res) => {
          const chunks = [];
          res.on('data', (chunk) => chunks.push(chunk));
          res.on('end', () => {
            let parsed = null;
            try {
              parsed = JSON.parse(Buffer.concat(chunks).toString('utf8'));
            } catch {}
            resolve({ status: res.statusCode, body: parsed });
          });
          res.on('error', reject);
        },
      );
      req.on('error', reject);
      req.end(payload);
    });
  };
}

/**
 * The framework floor: the cheapest route Next serves (GET /builds/latest.json, a few bytes) under the
 * bench's load, for 5 s on the same server: its requests/s and the server's CPU a request. Each bench
 * prints it beside its own figures, so runs on different machines or moments can be compared.
 */
export async function frameworkFloor(base, serverPid, { connections = 20, duration = 5 } = {}) {
  const before = serverPid ? cpuMs(serverPid) : null;
  const result = await load({ url: `${base}/builds/latest.json`, connections, duration });
  const after = serverPid ? cpuMs(serverPid) : null;
  const cpuPerRequest = before != null && after != null && result.total ? ((after - before) / result.total).toFixed(2) : null;
  return { ...result, cpuPerRequest };
}

/** CPU time (ms) a process has used so far, from /proc (Linux); null elsewhere. */
export function cpuMs(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  } catch {
    return null;
  }
}
export function listenerPid(port) {
  try {
    return Number(/pid=(\d+)/.exec(execSync(`ss -ltnpH 'sport = :${port}'`, { encoding: 'utf8' }))?.[1]) || null;
  } catch {
    return null;
  }
}

/** CPU time (ms) the whole machine has been busy so far (all cores, from /proc/stat); null elsewhere. */
export function machineBusyMs() {
  try {
    const [, user, nice, system, , , irq, softirq, steal] = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).map(Number);
    return ((user + nice + system + irq + softirq + steal) * 1000) / 100;
  } catch {
    return null;
  }
}

/**
 * What the server's log says went wrong in a run: its 5xx answers per route and status, and its error
 * lines per message (first 160 characters), most frequent first.
 */
export function serverLogSummary(logPath) {
  const fiveXX = new Map();
  const errors = new Map();
  let text = '';
  try {
    text = readFileSync(logPath, 'utf8');
  } catch {
    return { fiveXX: [], errors: [] };
  }
  for (const line of text.split('\n')) {
    if (!line.startsWith('{')) continue;
    let entry;
    try {
      entry = JSON.parse(line);
    } catch {
      continue;
    }
    if (entry.msg === 'request' && entry.status >= 500) {
      const key = `${entry.status} ${entry.method} ${entry.route}`;
      fiveXX.set(key, (fiveXX.get(key) ?? 0) + 1);
    } else if (entry.level >= 50) {
      const key = `${entry.msg}${entry.err ? `: ${entry.err.message ?? ''}${entry.err.cause ? ` ← ${entry.err.cause.message ?? ''}` : ''}` : ''}`.slice(0, 160);
      errors.set(key, (errors.get(key) ?? 0) + 1);
    }
  }
  const sorted = (map) => [...map.entries()].sort((a, b) => b[1] - a[1]);
  return { fiveXX: sorted(fiveXX), errors: sorted(errors) };
}

/** Prints serverLogSummary's findings (nothing when the log is clean). */
export function printServerLogSummary(logPath) {
  const { fiveXX, errors } = serverLogSummary(logPath);
  if (!fiveXX.length && !errors.length) return console.log(`server log (${logPath}): no 5xx, no errors`);
  console.log(`server log (${logPath}):`);
  for (const [key, n] of fiveXX) console.log(`  ${n} × ${key}`);
  for (const [key, n] of errors.slice(0, 8)) console.log(`  ${n} × error: ${key}`);
}
