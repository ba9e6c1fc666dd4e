import { defineConfig } from '@playwright/test';
import base from './playwright.config';

// The journeys that matter most, against production as deployed: nginx with the shipped configuration
// (deploy/nginx/) on E2E_PORT in front of two scripts/serve.mjs processes (with their fast-lane threads)
// on E2E_PORT + 1 and + 2, on one fresh PostgreSQL database (scripts/e2e-pg-server.mjs). `npm run
// test:pg` runs it after the Jest PostgreSQL suite. First the two servers directly (pg/two-servers),
// then the buying and gate journeys through nginx while pg/rolling-restart restarts each server in turn.
const port = Number(process.env.E2E_PORT || 3200);
const baseURL = `http://127.0.0.1:${port}`;
// The demo mailbox answers no request a proxy forwarded: the journeys read it from the first server (e2e/fixtures.ts).
process.env.E2E_MAILBOX_ORIGIN = `http://127.0.0.1:${port + 1}`;
const chromium = { ...base.use, browserName: 'chromium' as const };

export default defineConfig({
  ...base,
  testDir: 'e2e',
  testIgnore: [],
  outputDir: process.env.E2E_OUTPUT_DIR || 'test-results-pg',
  use: { ...base.use, baseURL },
  projects: [
    { name: 'two-servers', testMatch: ['pg/two-servers.spec.ts'], use: chromium },
    { name: 'through-nginx', testMatch: ['buying.spec.ts', 'tickets.spec.ts', 'pg/rolling-restart.spec.ts'], use: chromium, dependencies: ['two-servers'] },
  ],
  webServer: {
    command: 'node scripts/e2e-pg-server.mjs',
    // nginx, started once both servers answer (scripts/e2e-pg-server.mjs)
    url: `${baseURL}/builds/latest.json`,
    timeout: 300_000,
    reuseExistingServer: false,
    // SIGTERM, not the default SIGKILL: the start script stops nginx and both servers and drops its database.
    gracefulShutdown: { signal: 'SIGTERM', timeout: 15_000 },
    stdout: 'pipe',
    stderr: 'pipe',
  },
});
