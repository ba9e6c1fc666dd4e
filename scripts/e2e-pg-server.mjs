// The servers of the PostgreSQL Playwright run tests (playwright.pg.config.ts): production as deployed —
// scripts/serve.mjs with its fast-lane threads, on PostgreSQL — twice, on E2E_PORT and E2E_PORT + 1,
// sharing one fresh database (migrated, demo seed), so a test can see one server's writes from the other.
// Demo mode, like scripts/e2e-server.mjs. Which database: scripts/e2e-pg-database.mjs; it is dropped
// again when the servers stop. Reuses the build in .next (or NEXT_DIST_DIR) when there is one, as
// `npm test` leaves it; builds when there is none, or when E2E_BUILD=1.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import postgres from 'postgres';
import { e2eDatabase } from './e2e-pg-database.mjs';

const port = Number(process.env.E2E_PORT || 3200);
const ports = [port, port + 1];
const { adminUrl, name: dbName, url: databaseUrl } = e2eDatabase(port);

const env = {
  ...process.env,
  NODE_ENV: 'production',
  DATABASE_URL: databaseUrl,
  TRIBUNA_E2E: '1',
  NEXT_TELEMETRY_DISABLED: '1',
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
run('npx', ['tsx', 'scripts/db-seed.ts']);

const servers = [];

/** Starts a server and waits until it answers, so that the second answering means both do (the config waits for it). */
async function startServer(p) {
  const server = spawn('node', ['scripts/serve.mjs'], { stdio: 'inherit', env: { ...env, PORT: String(p), HOSTNAME: '127.0.0.1', APP_URL: `http://127.0.0.1:${p}` } });
  servers.push(server);
  server.on('exit', (code) => stop(code ?? 0));
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
  await Promise.all(
    servers.map((server) => (server.exitCode === null ? new Promise((resolve) => (server.once('exit', resolve), server.kill('SIGTERM'))) : null)),
  );
  await admin(`drop database if exists ${dbName} with (force)`).catch((error) => console.error('could not drop', dbName, error.message));
  process.exit(code);
}
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => stop(0));
try {
  for (const p of ports) await startServer(p);
} catch (error) {
  console.error(error.message);
  await stop(1);
}
