// The event report of a large event on PostgreSQL (issue 16): 20,000 tickets sold in 8,000 orders over
// three days and 15,000 check-ins at three gates, counted exactly by grouped SQL. How fast it is is
// measured by npm run bench:report on the same volume, not here.
import { eq, sql } from 'drizzle-orm';
import * as s from '@/lib/server/db/schema';
import { eventReport } from '@/lib/server/reports/event-report';
import { useTestDatabase } from '../helpers/db';
import { eventBySlug } from '../helpers/tickets';

const t = useTestDatabase({ seeded: true });
const SLUG = 'dunaj-bratislava-as-trencin';
const TICKETS = 20_000;
const ORDERS = 8_000;
const CHECK_INS = 15_000;

let eventId: string;
let ownerId: string;

beforeAll(async () => {
  const event = await eventBySlug(t.db, SLUG);
  eventId = event.id;
  [{ id: ownerId }] = await t.db.select({ id: s.users.id }).from(s.users).where(eq(s.users.email, 'klub@fkdunaj.sk'));
  const [buyer] = await t.db.select({ id: s.users.id }).from(s.users).where(eq(s.users.email, 'fan@tribuna.sk'));
  const doors = event.doorsAt!.toISOString();
  const saleOpens = new Date(event.startsAt.getTime() - 10 * 86_400_000).toISOString();
  // A standing category of 20,000 places, all sold, in 8,000 orders paid every 30 s from the sale's start.
  await t.db.execute(sql`
    with tt as (
      insert into ticket_types (event_id, code, name, kind, price_amount)
      values (${eventId}, 'BIG', '{"sk":"Státie","cs":"Stání","en":"Standing"}', 'standing', 1500) returning id
    )
    insert into inventory_units (event_id, ticket_type_id, status) select ${eventId}, tt.id, 'sold' from tt, generate_series(1, ${TICKETS})`);
  await t.db.execute(sql`
    insert into holds (id, user_id, event_id, status, expires_at)
    select md5('h' || i)::uuid, ${buyer.id}, ${eventId}, 'completed', now() from generate_series(1, ${ORDERS}) i`);
  await t.db.execute(sql`
    insert into orders (id, user_id, event_id, hold_id, status, currency, subtotal_amount, fee_amount, total_amount, locale, paid_at)
    select md5('o' || i)::uuid, ${buyer.id}, ${eventId}, md5('h' || i)::uuid, 'paid', 'EUR', 0, 0, 0, 'sk', ${saleOpens}::timestamptz + i * interval '30 seconds'
    from generate_series(1, ${ORDERS}) i`);
  await t.db.execute(sql`
    with units as (
      select u.id, u.ticket_type_id, row_number() over (order by u.id) as n
      from inventory_units u join ticket_types tt on tt.id = u.ticket_type_id
      where u.event_id = ${eventId} and tt.code = 'BIG'
    ), items as (
      insert into order_items (order_id, unit_id, ticket_type_id, price_amount, fee_amount)
      select md5('o' || (n % ${ORDERS} + 1))::uuid, id, ticket_type_id, 1500, 100 from units
    )
    insert into tickets (event_id, unit_id, ticket_type_id, owner_id, order_id, status, price_amount, secret, checked_in_at)
    select ${eventId}, id, ticket_type_id, ${buyer.id}, md5('o' || (n % ${ORDERS} + 1))::uuid,
      case when n <= ${CHECK_INS} then 'checked_in'::ticket_status else 'valid'::ticket_status end, 1500, md5('s' || n),
      case when n <= ${CHECK_INS} then ${doors}::timestamptz + (n % 90) * interval '1 minute' end
    from units`);
  await t.db.execute(sql`
    update orders o set subtotal_amount = x.price, fee_amount = x.fee, total_amount = x.price + x.fee
    from (select order_id, sum(price_amount) as price, sum(fee_amount) as fee from order_items group by order_id) x
    where x.order_id = o.id and o.event_id = ${eventId}`);
  // Each order's money per event, as paying it splits it (orders/fulfil.ts markOrderPaid).
  await t.db.execute(sql`select order_split_missing()`);
  await t.db.execute(sql`
    insert into scan_log (event_id, ticket_id, result, gate, scanned_at)
    select event_id, id, 'admitted', (array['Brána A', 'Brána B', null])[1 + (row_number() over (order by id)) % 3], checked_in_at
    from tickets where event_id = ${eventId} and status = 'checked_in'`);
  await t.db.execute(sql`analyze`);
}, 300_000);

describe('event report of a large event (PostgreSQL)', () => {
  it('runs on PostgreSQL', () => {
    expect(t.kind).toBe('postgres');
  });

  it('counts 20,000 tickets and 15,000 check-ins exactly', async () => {
    const first = await eventReport(ownerId, eventId, new Date());
    if (!first.ok) throw new Error(first.code);
    const { report } = first;
    const big = report.tickets.categories.find((c) => c.code === 'BIG')!;
    expect(big.sold.total).toBe(TICKETS);
    expect(report.attendance.checkedIn.single).toBeGreaterThanOrEqual(CHECK_INS);
    expect(report.attendance.gates.reduce((sum, g) => sum + g.admitted, 0)).toBe(CHECK_INS);
    expect(report.attendance.buckets.reduce((sum, b) => sum + b.single + b.season, 0)).toBe(CHECK_INS);
    expect(report.revenue.orders).toBe(ORDERS);
    expect(report.revenue.gross).toBe(TICKETS * 1500);
    const sold = report.sales.hourly.reduce((sum, b) => sum + b.tickets, 0) + report.sales.daily.reduce((sum, b) => sum + b.tickets, 0);
    expect(sold).toBe(TICKETS);

    // How fast it is is bench:report's to measure (npm run bench:report), not a timed test's.
  }, 120_000);
});
