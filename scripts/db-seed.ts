// npm run db:seed — demo data on DATABASE_URL or the embedded PGlite; safe to run again.
// With --if-empty (used by npm start) it does nothing when events exist already.
import { count } from 'drizzle-orm';
import { closeDatabase, databaseKind, getDb, migrateDatabase } from '../lib/server/db/client';
import { events } from '../lib/server/db/schema';
import { runSeed } from '../lib/server/db/seed';

async function main() {
  const started = Date.now();
  await migrateDatabase();
  const db = getDb();
  if (process.argv.includes('--if-empty')) {
    const [{ n }] = await db.select({ n: count() }).from(events);
    if (n > 0) {
      console.log(`database has ${n} events; seed skipped (${databaseKind()})`);
      return closeDatabase();
    }
  }
  await runSeed(db);
  console.log(`demo data ready (${databaseKind()}, ${Date.now() - started} ms)`);
  await closeDatabase();
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
