import { defineConfig } from '@playwright/test';
import base from './playwright.config';

// The journeys that matter most, against production as deployed: two scripts/serve.mjs processes
// (with their fast-lane threads) on one fresh PostgreSQL database (scripts/e2e-pg-server.mjs).
// `npm run test:pg` runs it after the Jest PostgreSQL suite; E2E_PORT and E2E_PORT + 1 are the servers.
const port = Number(process.env.E2E_PORT || 3200);
const baseURL = `http://127.0.0.1:${port}`;

export default defineConfig({
  ...base,
  testDir: 'e2e',
  testIgnore: [],
  testMatch: ['buying.spec.ts', 'tickets.spec.ts', 'pg/*.spec.ts'],
  outputDir: process.env.E2E_OUTPUT_DIR || 'test-results-pg',
  use: { ...base.use, baseURL },
  webServer: {
    command: 'node scripts/e2e-pg-server.mjs',
    // The second server: started once the first answers (scripts/e2e-pg-server.mjs)
    url: `http://127.0.0.1:${port + 1}/builds/latest.json`,
    timeout: 300_000,
    reuseExistingServer: false,
    // SIGTERM, not the default SIGKILL: the start script stops both servers and drops its database.
    gracefulShutdown: { signal: 'SIGTERM', timeout: 15_000 },
    stdout: 'pipe',
    stderr: 'pipe',
  },
});
