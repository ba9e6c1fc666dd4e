// npm start — Tribuna on one command: build if there is no build, migrate, seed an empty database, serve.
import { spawnSync, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { SERVE_BUNDLE } from './build-api.mjs';

const distDir = process.env.NEXT_DIST_DIR || '.next';
const port = process.env.PORT || '3000';
const env = { ...process.env, NODE_ENV: 'production' };

function run(command, args) {
  const result = spawnSync(command, args, { stdio: 'inherit', env });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

// The hot API's and the server's bundles (scripts/build-api.mjs), always from the current source: it takes a second.
run('node', ['scripts/build-api.mjs']);
// Demo (no SESSION_SECRET) or deployment (lib/server/mode.ts, asked through the server's bundle): a
// production request without a key stops here, before Next's build; the server says which mode it runs
// in when it starts.
(await import(pathToFileURL(path.resolve(SERVE_BUNDLE)).href)).modeAtStart(env);

if (!existsSync(path.join(distDir, 'BUILD_ID')) || process.env.TRIBUNA_REBUILD === '1') {
  run('node', ['scripts/build-app.mjs']);
}
run('npx', ['tsx', 'scripts/db-seed.ts', '--if-empty']);

const server = spawn('node', ['scripts/serve.mjs'], { stdio: 'inherit', env: { ...env, PORT: port } });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
