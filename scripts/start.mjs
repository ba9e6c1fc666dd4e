// npm start — Tribuna on one command: build if there is no build, migrate, seed an empty database, serve.
import { spawnSync, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { modeAtStart } from './mode.mjs';

const distDir = process.env.NEXT_DIST_DIR || '.next';
const port = process.env.PORT || '3000';
const env = { ...process.env, NODE_ENV: 'production' };
// Demo (no SESSION_SECRET) or deployment (scripts/mode.mjs): a production request without a key stops
// here, before a build; the server says which mode it runs in when it starts.
modeAtStart(env);

function run(command, args) {
  const result = spawnSync(command, args, { stdio: 'inherit', env });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

if (!existsSync(path.join(distDir, 'BUILD_ID')) || process.env.TRIBUNA_REBUILD === '1') {
  run('node', ['scripts/build-app.mjs']);
}
// The hot API's bundle (scripts/build-api.mjs), always from the current source: it takes a second.
run('node', ['scripts/build-api.mjs']);
run('npx', ['tsx', 'scripts/db-seed.ts', '--if-empty']);

const server = spawn('node', ['scripts/serve.mjs'], { stdio: 'inherit', env: { ...env, PORT: port } });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
