import 'server-only';
import { sql } from 'drizzle-orm';
import type { EventReport } from '@/lib/schemas/reports';
import { getDb, rowsOf } from '@/lib/server/db';
import { evenSeries, MINUTE } from './series';

// Entries over time and per gate, from the tickets themselves: every ticket checked in (tickets_event_idx)
// at its first valid entry (checked_in_at) and at the gate of that entry (checked_in_gate, set by the same
// update), in 5-minute buckets counted from the doors opening, season-ticket holders and single tickets
// apart. The very count the attendance is (event-report.ts), so the gates and the buckets sum to it: a
// code shown twice, a scan refused, or a check-in that left no line in the log changes neither.

const FIVE_MINUTES = 5 * MINUTE;
/** Buckets shown before the doors open (half an hour), and at least after (half an hour). */
const AROUND_DOORS = 6;
/** A festival's days of scans in 5-minute buckets would be thousands: past this, only the buckets with check-ins. */
const MAX_BUCKETS = 2_000;

type Bucket = { single: number; season: number };

export async function attendanceOf(eventId: string, doorsAt: Date): Promise<Pick<EventReport['attendance'], 'buckets' | 'gates'>> {
  const doors = doorsAt.toISOString();
  const rows = rowsOf<{ at: Date | string; season: boolean; gate: string | null; admitted: number }>(
    await getDb().execute(sql`
      select date_bin('5 minutes', coalesce(t.checked_in_at, ${doors}::timestamptz), ${doors}::timestamptz) as at,
        (t.season_ticket_id is not null) as season, t.checked_in_gate as gate, count(*)::int as admitted
      from tickets t
      where t.event_id = ${eventId}::uuid and t.status = 'checked_in'
      group by 1, 2, 3`),
  );
  if (!rows.length) return { buckets: [], gates: [] };

  const grouped = new Map<number, Bucket>();
  const gates = new Map<string | null, number>();
  for (const r of rows) {
    const at = new Date(r.at).getTime();
    const bucket = grouped.get(at) ?? { single: 0, season: 0 };
    bucket[r.season ? 'season' : 'single'] += Number(r.admitted);
    grouped.set(at, bucket);
    gates.set(r.gate, (gates.get(r.gate) ?? 0) + Number(r.admitted));
  }
  const times = [...grouped.keys()].sort((a, b) => a - b);
  // The buckets count from the doors opening, so it is the start of one.
  const doorsBucket = doorsAt.getTime();
  const first = Math.min(times[0], doorsBucket - AROUND_DOORS * FIVE_MINUTES);
  const last = Math.max(times[times.length - 1], doorsBucket + AROUND_DOORS * FIVE_MINUTES);
  const count = (last - first) / FIVE_MINUTES + 1;
  const buckets =
    count <= MAX_BUCKETS
      ? evenSeries(first, FIVE_MINUTES, count, grouped, () => ({ single: 0, season: 0 }))
      : times.map((at) => ({ ...grouped.get(at)!, at: new Date(at).toISOString() }));
  return {
    buckets,
    gates: gateRows(gates),
  };
}

/** Named gates by name, then the entries at gates that named none (null). */
export function gateRows(gates: Map<string | null, number>): { gate: string | null; admitted: number }[] {
  return [...gates.entries()].sort(([a], [b]) => (a === null ? 1 : b === null ? -1 : a.localeCompare(b, 'sk'))).map(([gate, admitted]) => ({ gate, admitted }));
}
