// The servers of the PostgreSQL Playwright run tests (playwright.pg.config.ts): production as deployed —
// nginx with the shipped configuration (deploy/nginx/, scripts/e2e-nginx.mjs) on E2E_PORT, in front of
// scripts/serve.mjs with its fast-lane threads, on PostgreSQL, twice, on E2E_PORT + 1 and E2E_PORT + 2,
// sharing one fresh database (migrated once here, as `npm run db:migrate` does in a deployment; the
// servers start with TRIBUNA_MIGRATE_AT_START=0), so a test can see one server's writes from the other.
// Demo mode, like scripts/e2e-server.mjs. Which database: scripts/e2e-pg-database.mjs; it is dropped
// again when the servers stop. A server that stops by itself with exit 0 (a SIGTERM's drain: the rolling
// restart spec sends one) is started again, as systemd's Restart=always does; servers.json in the run's
// folder (e2eRunDir) has each server's process id. Reuses the build in .next (or NEXT_DIST_DIR) when
// there is one, as `npm test` leaves it; builds when there is none, or when E2E_BUILD=1.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import postgres from 'postgres';
import { e2eDatabase, e2eRunDir } from './e2e-pg-database.mjs';
import { startNginx } from './e2e-nginx.mjs';

const port = Number(process.env.E2E_PORT || 3200);
const ports = [port + 1, port + 2];
const { adminUrl, name: dbName, url: databaseUrl } = e2eDatabase(port);
const runDir = e2eRunDir(port);
const publicOrigin = `http://127.0.0.1:${port}`;

const env = {
  ...process.env,
  NODE_ENV: 'production',
  DATABASE_URL: databaseUrl,
  TRIBUNA_E2E: '1',
  // A line per request would bury the test report (Playwright prints the server's output); warnings and errors stay.
  LOG_LEVEL: process.env.LOG_LEVEL || 'warn',
  NEXT_TELEMETRY_DISABLED: '1',
  // Payouts due as soon as their event ended, as on scripts/e2e-server.mjs.
  PAYOUT_WAIT_HOURS: process.env.PAYOUT_WAIT_HOURS || '0',
};

function run(command, args, runEnv = env) {
  const result = spawnSync(command, args, { stdio: 'inherit', env: runEnv });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

async function admin(statement) {
  const sql = postgres(adminUrl, { max: 1, onnotice: () => {} });
  try {
    await sql.unsafe(statement);
  } finally {
    await sql.end({ timeout: 5 });
  }
}

const distDir = process.env.NEXT_DIST_DIR || '.next';
if (process.env.E2E_BUILD === '1' || !existsSync(path.join(distDir, 'BUILD_ID'))) {
  // Built without APP_URL or DATABASE_URL, like an image built once and deployed anywhere.
  const { APP_URL: _a, DATABASE_URL: _d, ...buildEnv } = env;
  run('node', ['scripts/build-app.mjs'], buildEnv);
}
// The hot API's bundle, always from the current source (scripts/build-api.mjs; about a second).
run('node', ['scripts/build-api.mjs']);

await admin(`drop database if exists ${dbName} with (force)`);
await admin(`create database ${dbName}`);
run('npx', ['tsx', 'scripts/db-migrate.ts']);
run('npx', ['tsx', 'scripts/db-seed.ts']);

rmSync(runDir, { recursive: true, force: true });
mkdirSync(runDir, { recursive: true });

/** The running server of each port. */
const servers = new Map();
let nginx = null;

function writeServers() {
  writeFileSync(path.join(runDir, 'servers.json'), JSON.stringify([...servers].map(([p, server]) => ({ port: p, pid: server.pid }))));
}

/** Starts a server and waits until it answers. */
async function startServer(p) {
  // As deploy/systemd/tribuna@.service runs it: on loopback behind the proxy, the migrations a step of
  // their own; but without TRUST_PROXY=1, which shuts the demo's mailbox the journeys read (lib/server/mode.ts).
  const server = spawn('node', ['scripts/serve.mjs'], {
    stdio: 'inherit',
    env: { ...env, PORT: String(p), HOSTNAME: '127.0.0.1', APP_URL: publicOrigin, TRIBUNA_MIGRATE_AT_START: '0' },
  });
  servers.set(p, server);
  writeServers();
  server.on('exit', (code, signal) => {
    if (stopping) return;
    if (code === 0 && servers.get(p) === server) {
      console.log(`e2e: the server on port ${p} stopped after its drain; starting it again`);
      startServer(p).catch((error) => (console.error(error.message), stop(1)));
    } else {
      stop(code ?? (signal ? 1 : 0));
    }
  });
  for (let i = 0; i < 240 && server.exitCode === null; i++) {
    try {
      if ((await fetch(`http://127.0.0.1:${p}/builds/latest.json`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`the server on port ${p} did not start`);
}

let stopping = false;
async function stop(code) {
  if (stopping) return;
  stopping = true;
  const running = [...servers.values(), ...(nginx ? [nginx] : [])];
  await Promise.all(running.map((child) => (child.exitCode === null ? new Promise((resolve) => (child.once('exit', resolve), child.kill('SIGTERM'))) : null)));
  await admin(`drop database if exists ${dbName} with (force)`).catch((error) => console.error('could not drop', dbName, error.message));
  process.exit(code);
}
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => stop(0));
try {
  for (const p of ports) await startServer(p);
  // Last: the config waits for the public port (playwright.pg.config.ts), so every part is up by then.
  nginx = await startNginx({ dir: path.join(runDir, 'nginx'), port, serverPorts: ports });
  nginx.on('exit', (code) => stop(stopping ? 0 : code || 1));
} catch (error) {
  console.error(error.message);
  await stop(1);
}
