// npm run db:migrate — applies the committed migrations to DATABASE_URL, or to the embedded PGlite.
import { closeDatabase, databaseKind, migrateDatabase } from '../lib/server/db/client';

async function main() {
  await migrateDatabase();
  console.log(`migrations applied (${databaseKind()})`);
  await closeDatabase();
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
