// Runs once per server process, before it takes requests.
export async function register() {
  if (process.env.NEXT_RUNTIME !== 'nodejs') return;
  if (process.env.NEXT_PHASE === 'phase-production-build') return;
  // A server started without scripts/serve.mjs (next start) refuses a production request without a key too.
  (await import('./lib/server/mode')).resolveMode(process.env);
  // TRIBUNA_MIGRATE_AT_START=0: a deployment migrates as its own step (npm run db:migrate) before it rolls the servers.
  if (process.env.TRIBUNA_MIGRATE_AT_START !== '0') await (await import('./lib/server/db/client')).migrateDatabase();
  (await import('./lib/server/jobs')).startJobs();
  // This thread's caches, the production server's page cache among them (lib/server/serving/server.ts), hear of changes from the first request on.
  await (await import('./lib/server/events/changed')).listenForEventChanges();
}
