import { defineConfig } from '@playwright/test';

const port = Number(process.env.E2E_PORT || 3200);
const baseURL = process.env.E2E_BASE_URL || `http://127.0.0.1:${port}`;

export default defineConfig({
  testDir: 'e2e',
  // e2e/pg: tests that need two servers on one PostgreSQL (playwright.pg.config.ts, npm run test:pg).
  testIgnore: ['pg/**'],
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: true,
  workers: Number(process.env.E2E_WORKERS || 2),
  retries: process.env.CI ? 1 : 0,
  reporter: [['list']],
  outputDir: process.env.E2E_OUTPUT_DIR || 'test-results',
  use: {
    baseURL,
    trace: 'retain-on-failure',
    locale: 'sk-SK',
    launchOptions: {
      // Debian's Chromium: Playwright may not download a browser on these machines.
      executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'],
    },
  },
  projects: [{ name: 'chromium', use: { browserName: 'chromium' } }],
  webServer: process.env.E2E_BASE_URL
    ? undefined
    : {
        command: 'node scripts/e2e-server.mjs',
        url: `${baseURL}/builds/latest.json`,
        timeout: 300_000,
        reuseExistingServer: !process.env.CI,
        stdout: 'pipe',
        stderr: 'pipe',
      },
});
