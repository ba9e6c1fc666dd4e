// npm run payouts:run — prepares the payout runs (a pain.001 file per currency with due payouts) on
// DATABASE_URL or the embedded PGlite, as the system actor; `-- --confirm <runId>` confirms one.
// Run with the react-server condition (package.json), as Next's server runs lib/server.
import { closeDatabase, migrateDatabase } from '../lib/server/db/client';
import { runPayoutsCli } from '../lib/server/payouts/cli';

async function main() {
  // A deployment migrates as its own step (TRIBUNA_MIGRATE_AT_START=0 on its units): not from a job either.
  if (process.env.TRIBUNA_MIGRATE_AT_START !== '0') await migrateDatabase();
  const code = await runPayoutsCli(process.argv.slice(2));
  await closeDatabase();
  process.exit(code);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
