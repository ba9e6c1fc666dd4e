// Runs once per server process, before it takes requests.
export async function register() {
  if (process.env.NEXT_RUNTIME !== 'nodejs') return;
  if (process.env.NEXT_PHASE === 'phase-production-build') return;
  // A server started without scripts/serve.mjs (next start) refuses a production request without a key too.
  (await import('./scripts/mode.mjs')).resolveMode(process.env);
  const { migrateDatabase } = await import('./lib/server/db/client');
  await migrateDatabase();
  (await import('./lib/server/sweeper')).startSweeper();
  // This thread's caches, the page cache of scripts/serve.mjs among them, hear of changes from the first request on.
  await (await import('./lib/server/events/changed')).listenForEventChanges();
}
