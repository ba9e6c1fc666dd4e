// Jest's globalSetup and globalTeardown (jest.config.ts): the seeded copy of the demo data for this run
// (tests/helpers/seeded-copy.ts). Its place goes to the test workers in TEST_SEEDED_COPY; the teardown removes it.
const { execFileSync } = require('node:child_process');
const { randomBytes } = require('node:crypto');
const { existsSync, rmSync } = require('node:fs');
const { tmpdir } = require('node:os');
const path = require('node:path');

async function setup() {
  const id = randomBytes(6).toString('hex');
  const target = process.env.TEST_DATABASE_URL ? `tribuna_seeded_${id}` : path.join(tmpdir(), `tribuna-seeded-${id}.tar`);
  const started = Date.now();
  // The demo data as `npm run db:seed` makes it: without the e2e server's extras or a Comgate account.
  const { TRIBUNA_E2E: _e2e, COMGATE_MERCHANT: _merchant, COMGATE_SECRET: _secret, ...env } = process.env;
  execFileSync(process.execPath, [require.resolve('tsx/cli'), 'tests/helpers/seeded-copy.ts', target], { env: { ...env, NODE_OPTIONS: '' }, stdio: ['ignore', 'ignore', 'inherit'] });
  if (!process.env.TEST_DATABASE_URL && !existsSync(target)) throw new Error(`tests/helpers/seeded-copy.ts wrote no ${target}`);
  process.env.TEST_SEEDED_COPY = target;
  console.log(`\nseeded copy of the demo data made in ${Date.now() - started} ms (${process.env.TEST_DATABASE_URL ? 'PostgreSQL template' : 'PGlite dump'})`);
}

async function teardown() {
  const target = process.env.TEST_SEEDED_COPY;
  if (!target) return;
  if (process.env.TEST_DATABASE_URL) {
    const postgres = require('postgres');
    const admin = postgres(process.env.TEST_DATABASE_URL, { max: 1, onnotice: () => {} });
    await admin.unsafe(`DROP DATABASE IF EXISTS ${target} WITH (FORCE)`);
    await admin.end();
  } else rmSync(target, { force: true });
}

module.exports = { setup, teardown };
