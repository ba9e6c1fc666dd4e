// Runs once per server process, before it takes requests.
export async function register() {
  if (process.env.NEXT_RUNTIME !== 'nodejs') return;
  if (process.env.NEXT_PHASE === 'phase-production-build') return;
  const { migrateDatabase } = await import('./lib/server/db/client');
  await migrateDatabase();
  (await import('./lib/server/sweeper')).startSweeper();
}
