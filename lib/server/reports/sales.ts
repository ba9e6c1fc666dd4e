import 'server-only';
import { sql } from 'drizzle-orm';
import type { EventReport } from '@/lib/schemas/reports';
import { getDb, rowsOf } from '@/lib/server/db';
import { daysBetween, evenSeries, floorTo, HOUR, MINUTE } from './series';
import { TIME_ZONE } from '@/lib/i18n/time-zone';
import { localToInstant } from '@/lib/organiser/zoned-time';

// Sales over time: the primary tickets of the event's sales (orders paid, refunded later or not: the
// ledger's sales side) by when they were paid. The first day of a sale per hour, the rest per day
// (Europe/Bratislava), and the on-sale's first hour per 5 minutes, where a rush shows.

const FIVE_MINUTES = 5 * MINUTE;

type Bucket = { tickets: number; orders: number };
const empty = (): Bucket => ({ tickets: 0, orders: 0 });

/**
 * Where the series start: the sale's start when the first sale came within a day of it (the on-sale's
 * rush), else the first sale (a sale opened long before anyone bought, or with no start set).
 */
export function seriesStart(firstSale: Date, saleStartsAt: Date | null): Date {
  if (saleStartsAt && saleStartsAt.getTime() <= firstSale.getTime() && firstSale.getTime() - saleStartsAt.getTime() < 24 * HOUR) return saleStartsAt;
  return firstSale;
}

export async function salesSeries(eventId: string, saleStartsAt: Date | null): Promise<EventReport['sales']> {
  const db = getDb();
  const [first] = rowsOf<{ first: Date | string | null }>(
    await db.execute(sql`select min(o.paid_at) as first from order_shares s join orders o on o.id = s.order_id where s.event_id = ${eventId}::uuid and o.paid_at is not null`),
  );
  if (!first?.first) return { startedAt: null, firstHour: [], hourly: [], daily: [] };
  const start = seriesStart(new Date(first.first), saleStartsAt);
  const hourStart = floorTo(start.getTime(), HOUR);
  const fiveStart = floorTo(start.getTime(), FIVE_MINUTES);
  const hourOrigin = new Date(hourStart).toISOString();
  const fiveOrigin = new Date(fiveStart).toISOString();

  // One pass over the event's shares of paid orders (order_shares_event_idx) and their primary tickets there: each group is a
  // 5-minute bucket of the first hour, an hour of the first day or a later day.
  const rows = rowsOf<{ five: Date | string | null; hour: Date | string | null; day: string | null; tickets: number; orders: number }>(
    await db.execute(sql`
      select
        case when o.paid_at < ${fiveOrigin}::timestamptz + interval '1 hour'
          then date_bin('5 minutes', o.paid_at, ${fiveOrigin}::timestamptz) end as five,
        case when o.paid_at < ${hourOrigin}::timestamptz + interval '24 hours'
          then date_bin('1 hour', o.paid_at, ${hourOrigin}::timestamptz) end as hour,
        case when o.paid_at >= ${hourOrigin}::timestamptz + interval '24 hours'
          then to_char(o.paid_at at time zone ${TIME_ZONE}, 'YYYY-MM-DD') end as day,
        count(oi.id)::int as tickets,
        count(distinct o.id)::int as orders
      from order_shares s
      join orders o on o.id = s.order_id
      join order_items oi on oi.order_id = o.id and oi.listing_id is null
      join inventory_units u on u.id = oi.unit_id and u.event_id = s.event_id
      where s.event_id = ${eventId}::uuid and o.paid_at is not null
      group by 1, 2, 3`),
  );

  const five = new Map<number, Bucket>();
  const hour = new Map<number, Bucket>();
  const day = new Map<string, Bucket>();
  const add = <K>(map: Map<K, Bucket>, key: K, r: Bucket) => {
    const b = map.get(key) ?? empty();
    map.set(key, { tickets: b.tickets + Number(r.tickets), orders: b.orders + Number(r.orders) });
  };
  for (const r of rows) {
    if (r.five) add(five, new Date(r.five).getTime(), r);
    if (r.hour) add(hour, new Date(r.hour).getTime(), r);
    if (r.day) add(day, r.day, r);
  }
  const days = [...day.keys()].sort();
  return {
    startedAt: start.toISOString(),
    firstHour: evenSeries(fiveStart, FIVE_MINUTES, 12, five, empty),
    hourly: evenSeries(hourStart, HOUR, 24, hour, empty),
    daily: days.length
      ? daysBetween(days[0], days[days.length - 1]).map((d) => ({ day: d, at: localToInstant(`${d}T00:00`, TIME_ZONE)!, ...(day.get(d) ?? empty()) }))
      : [],
  };
}
