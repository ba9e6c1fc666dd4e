// npx tsx scripts/event-changed.ts <event uuid>… — after changing events in the database by hand (or
// with a tool that does not go through lib/server), tells every running server of DATABASE_URL, so
// that none of them keeps showing the old data (lib/server/events/changed.ts). No id: every event.
import { closeDatabase } from '../lib/server/db/client';
import { eventChanged } from '../lib/server/events/changed';

async function main() {
  const ids = process.argv.slice(2);
  if (ids.length) for (const id of ids) await eventChanged(id);
  else await eventChanged();
  console.log(ids.length ? `announced: ${ids.join(', ')}` : 'announced: every event');
  await closeDatabase();
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
