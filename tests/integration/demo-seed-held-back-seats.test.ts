// The demo's bought tickets never take a seat that is held back: a wheelchair place or its companion seat
// (held back from general buyers: a ZŤP-S holder must find the place and the seat beside it free), or a
// season-ticket holder's seat at the venue's other matches (kept for the holder's renewal). The demo's sales
// pick seats at random (`spread`): CI runs once found a companion seat sold and the ZŤP-S hold refused, and
// could find a season seat sold at the next season's match and the renewal refused. Here those seats come
// first in that random order, and the demo's sales still pass them by.
import { sql } from 'drizzle-orm';
import { rowsOf } from '@/lib/server/db/client';
import { seedCatalogue } from '@/lib/server/db/seed/catalogue';
import { seedAccessibleSeats } from '@/lib/server/db/seed/concessions';
import { seedTickets } from '@/lib/server/db/seed/tickets';
import { seedUsers } from '@/lib/server/db/seed/users';
import { useTestDatabase } from '../helpers/db';

const t = useTestDatabase();
const count = async (query: ReturnType<typeof sql>) => rowsOf<{ n: number }>(await t.db.execute(query))[0].n;

it('no demo ticket sits on a wheelchair place, a companion seat or a season seat, even when they come first in the random order', async () => {
  await seedCatalogue(t.db);
  await seedUsers(t.db);
  await seedAccessibleSeats(t.db);
  expect(await count(sql`select count(*)::int as n from accessible_seats`)).toBe(8);
  // The two spring season seats the demo gives its holders: category A's 41st and 42nd seat in seat order.
  const seasonSeats = rowsOf<{ seat_id: string }>(
    await t.db.execute(sql`select u.seat_id from inventory_units u
      join events e on e.id = u.event_id join ticket_types tt on tt.id = u.ticket_type_id join venue_seats vs on vs.id = u.seat_id
      where e.slug = 'dunaj-bratislava-spartak-trnava' and tt.code = 'A' and u.status = 'available'
      order by vs.section_id, vs.row_id, vs.sort_order offset 40 limit 2`),
  ).map((r) => r.seat_id);
  // Every event's units on those seats first in the order the demo's sales take free seats in.
  await t.db.execute(sql`update inventory_units set spread = -1 where seat_id in (select seat_id from accessible_seats)
    or seat_id in (${sql.join(seasonSeats.map((id) => sql`${id}::uuid`), sql`, `)})`);
  await seedTickets(t.db);

  expect(await count(sql`select count(*)::int as n from tickets`)).toBeGreaterThan(0);
  expect(await count(sql`select count(*)::int as n from tickets tk join inventory_units u on u.id = tk.unit_id join accessible_seats a on a.seat_id = u.seat_id`)).toBe(0);
  expect(await count(sql`select count(*)::int as n from inventory_units u join accessible_seats a on a.seat_id = u.seat_id where u.status <> 'available'`)).toBe(0);

  // The holders have those seats, and only their season's tickets sit on them.
  const held = rowsOf<{ seat_id: string }>(await t.db.execute(sql`select seat_id from season_tickets`)).map((r) => r.seat_id).sort();
  expect(held).toEqual([...seasonSeats].sort());
  expect(await count(sql`select count(*)::int as n from tickets tk join inventory_units u on u.id = tk.unit_id
    join season_tickets st on st.seat_id = u.seat_id where tk.season_ticket_id is distinct from st.id`)).toBe(0);
  expect(await count(sql`select count(*)::int as n from tickets tk join inventory_units u on u.id = tk.unit_id
    join season_tickets st on st.seat_id = u.seat_id where tk.season_ticket_id = st.id`)).toBe(6);
});
