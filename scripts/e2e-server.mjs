// The server Playwright tests: a production build on a fresh embedded database with the demo seed, in
// demo mode (lib/server/mode.ts: the installation's own keys, the test gateway, the mailbox on loopback).
// E2E_SKIP_BUILD=1 reuses the existing build (fast local iteration); NEXT_DIST_DIR picks the build folder.
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';

const port = process.env.E2E_PORT || '3200';
const dataDir = `.data/e2e-${port}`;
const env = {
  ...process.env,
  NODE_ENV: 'production',
  PGLITE_DIR: dataDir,
  // Uploaded event images go with the throw-away database.
  UPLOADS_DIR: `${dataDir}/uploads`,
  PORT: port,
  // Every interface: the tests reach it over loopback, and e2e/security.spec.ts over the machine's own
  // network address (the mailbox must refuse it). A HOSTNAME a container sets (its own name) would bind
  // one address only.
  HOSTNAME: '0.0.0.0',
  APP_URL: `http://127.0.0.1:${port}`,
  TRIBUNA_E2E: '1',
  // A line per request would bury the test report (Playwright prints the server's output); warnings and errors stay.
  LOG_LEVEL: process.env.LOG_LEVEL || 'warn',
  // e2e/push.spec.ts stands up its push service on 127.0.0.1 (lib/server/notifications/push-endpoint.ts).
  PUSH_TEST_SERVICE: '1',
  NEXT_TELEMETRY_DISABLED: '1',
  // Comgate, played by its local fake (scripts/comgate-fake.ts) on the next port: the seed gives an e2e-only
  // organisation of its own to it (lib/server/db/seed/comgate.ts), so no other journey's payments move.
  COMGATE_MERCHANT: '498621',
  COMGATE_SECRET: randomBytes(24).toString('base64url'),
  COMGATE_API_URL: `http://127.0.0.1:${Number(port) + 1}/v1.0`,
  COMGATE_TEST: '1',
  // Payouts are due as soon as their event ended (lib/server/payouts/state.ts): the club's journey sees its
  // match's payout in the next run minutes after the sale. PAYOUT_WAIT_HOURS=12 npx playwright test … runs
  // them on a deployment's default instead.
  PAYOUT_WAIT_HOURS: process.env.PAYOUT_WAIT_HOURS || '0',
};

function run(command, args, runEnv = env) {
  const result = spawnSync(command, args, { stdio: 'inherit', env: runEnv });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

// Built without APP_URL, like an image built once and deployed anywhere: the pages must name the
// running server's APP_URL, never the build's (e2e/security.spec.ts checks).
const { APP_URL: _servedAt, ...buildEnv } = env;
if (process.env.E2E_SKIP_BUILD !== '1') run('node', ['scripts/build-app.mjs'], buildEnv);
// The hot API's bundle, always from the current source (a second): the server serves holds and scans with it.
run('node', ['scripts/build-api.mjs'], buildEnv);
rmSync(dataDir, { recursive: true, force: true });
run('npx', ['tsx', 'scripts/db-seed.ts']);
const comgate = spawn('npx', ['tsx', 'scripts/comgate-fake-server.ts'], {
  stdio: 'inherit',
  env: { ...env, COMGATE_FAKE_PORT: String(Number(port) + 1), COMGATE_FAKE_NOTIFY_URL: `${env.APP_URL}/api/v1/payments/comgate/webhook` },
});
const server = spawn('node', ['scripts/serve.mjs'], { stdio: 'inherit', env });
for (const signal of ['SIGINT', 'SIGTERM'])
  process.on(signal, () => {
    comgate.kill(signal);
    server.kill(signal);
  });
server.on('exit', (code) => {
  comgate.kill('SIGTERM');
  process.exit(code ?? 0);
});
