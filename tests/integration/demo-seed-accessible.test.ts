// The demo's bought tickets are never a wheelchair place or its companion seat: those are held back from
// general buyers, and a ZŤP-S holder must find the place and the seat beside it free. The demo's sales pick
// seats at random (`spread`), so a CI run once found a companion seat sold and the ZŤP-S hold refused. Here
// the arena's accessible seats come first in that random order, and the demo's sales still pass them by.
import { sql } from 'drizzle-orm';
import { rowsOf } from '@/lib/server/db/client';
import { seedCatalogue } from '@/lib/server/db/seed/catalogue';
import { seedAccessibleSeats } from '@/lib/server/db/seed/concessions';
import { seedTickets } from '@/lib/server/db/seed/tickets';
import { seedUsers } from '@/lib/server/db/seed/users';
import { useTestDatabase } from '../helpers/db';

const t = useTestDatabase();

it('no demo ticket sits on a wheelchair place or companion seat, even when they come first in the random order', async () => {
  await seedCatalogue(t.db);
  await seedUsers(t.db);
  await seedAccessibleSeats(t.db);
  const marked = rowsOf<{ n: number }>(await t.db.execute(sql`select count(*)::int as n from accessible_seats`))[0].n;
  expect(marked).toBe(8);
  // Every event's units on those seats first in the order the demo's sales take free seats in.
  await t.db.execute(sql`update inventory_units set spread = -1 where seat_id in (select seat_id from accessible_seats)`);
  await seedTickets(t.db);
  const onAccessible = rowsOf<{ n: number }>(
    await t.db.execute(sql`
      select count(*)::int as n from tickets tk
      join inventory_units u on u.id = tk.unit_id
      join accessible_seats a on a.seat_id = u.seat_id`),
  )[0].n;
  const sold = rowsOf<{ n: number }>(await t.db.execute(sql`select count(*)::int as n from inventory_units u join accessible_seats a on a.seat_id = u.seat_id where u.status <> 'available'`))[0].n;
  const demoTickets = rowsOf<{ n: number }>(await t.db.execute(sql`select count(*)::int as n from tickets`))[0].n;
  expect(demoTickets).toBeGreaterThan(0);
  expect(onAccessible).toBe(0);
  expect(sold).toBe(0);
});
