// Runs once per server process, before it takes requests.
export async function register() {
  if (process.env.NEXT_RUNTIME !== 'nodejs') return;
  if (process.env.NEXT_PHASE === 'phase-production-build') return;
  // A server started without scripts/serve.mjs (next start) refuses a production request without a key too.
  (await import('./lib/server/mode')).resolveMode(process.env);
  const { migrateDatabase } = await import('./lib/server/db/client');
  await migrateDatabase();
  (await import('./lib/server/jobs')).startJobs();
  // This thread's caches, the production server's page cache among them (lib/server/serving/server.ts), hear of changes from the first request on.
  await (await import('./lib/server/events/changed')).listenForEventChanges();
}
