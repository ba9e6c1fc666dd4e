// The demo data made once for a whole Jest run, which each test file that asks for it (useTestDatabase({ seeded: true }))
// starts from instead of migrating and seeding on its own (docs/decisions/tests-start-from-one-seeded-copy.md).
// Run by tests/helpers/jest-global.cjs with tsx: `tsx tests/helpers/seeded-copy.ts <target>`, where the target is
// - with TEST_DATABASE_URL: the name of a new PostgreSQL database, migrated and seeded, which test files copy as their template;
// - otherwise: a file, PGlite's dump (dumpDataDir) of a migrated and seeded data directory.
import { writeFileSync } from 'node:fs';
import type { PGlite } from '@electric-sql/pglite';
import postgres from 'postgres';
import { closeDatabase, openDatabase, useDatabase } from '../../lib/server/db/client';
import { runSeed } from '../../lib/server/db/seed';
import { withDatabase } from './db';

// A process that stops because nothing is left to wait for (a promise that never settled) must not pass for done.
process.exitCode = 1;

async function main() {
  const target = process.argv[2];
  if (!target) throw new Error('usage: tsx tests/helpers/seeded-copy.ts <database name | dump file>');
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (adminUrl) {
    const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
    await admin.unsafe(`CREATE DATABASE ${target}`);
    await admin.end();
  }
  const handle = adminUrl ? openDatabase({ url: withDatabase(adminUrl, target), poolSize: 4 }) : openDatabase({ dataDir: 'memory://' });
  await handle.migrate();
  useDatabase(handle);
  await runSeed(handle.db);
  if (!adminUrl) {
    // The PGlite instance behind the handle (drizzle keeps its client as $client).
    const dump = await (handle.db as unknown as { $client: PGlite }).$client.dumpDataDir('none');
    writeFileSync(target, Buffer.from(await dump.arrayBuffer()));
  }
  await closeDatabase();
}

main().then(
  () => process.exit(0),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
