import 'server-only';
import { sql } from 'drizzle-orm';
import { bestAvailable } from '@/lib/seats/best-available';
import { flatten, type MapLayout, type MapOutlineShape } from '@/lib/seats/layout';
import { rowsOf } from '@/lib/server/db';
import { getDb } from '@/lib/server/db';

type SeatRow = {
  section_id: string;
  row_label: string;
  row_id: string;
  seat_id: string;
  seat_label: string;
  x: number;
  y: number;
  free: boolean;
  width: number;
  height: number;
  outline: unknown;
};

/**
 * N free seats of a price category next to each other, by the seat map's own "best available together"
 * rule (lib/seats/best-available.ts: one row, no aisle between, nearest the middle of the pitch
 * or stage). Null when no such run is free. `avoid`: seats that just went to someone else.
 */
export async function bestSeatsTogether(eventId: string, ticketTypeId: string, count: number, now: Date, avoid: Set<string> = new Set()): Promise<string[] | null> {
  const rows = rowsOf<SeatRow>(
    await getDb().execute(sql`
      select sec.id as section_id, r.id as row_id, r.label as row_label, vs.id as seat_id, vs.label as seat_label, vs.x, vs.y,
             unit_is_free(u.status, u.held_until, ${now.toISOString()}::timestamptz) as free,
             v.map_width as width, v.map_height as height, v.outline
      from inventory_units u
      join venue_seats vs on vs.id = u.seat_id
      join venue_rows r on r.id = vs.row_id
      join venue_sections sec on sec.id = vs.section_id
      join venues v on v.id = vs.venue_id
      where u.event_id = ${eventId}::uuid and u.ticket_type_id = ${ticketTypeId}::uuid
      order by sec.sort_order, r.sort_order, vs.sort_order`),
  );
  if (!rows.length) return null;
  const layout: MapLayout = {
    width: Number(rows[0].width ?? 1000),
    height: Number(rows[0].height ?? 1000),
    outline: (typeof rows[0].outline === 'string' ? JSON.parse(rows[0].outline) : rows[0].outline) as MapOutlineShape[],
    sections: [],
  };
  const free = new Set<string>();
  for (const row of rows) {
    let section = layout.sections.at(-1);
    if (section?.id !== row.section_id) {
      section = { id: row.section_id, name: '', labelX: null, labelY: null, rows: [] };
      layout.sections.push(section);
    }
    let mapRow = section.rows.at(-1);
    if (!mapRow || (mapRow as { id?: string }).id !== row.row_id) {
      mapRow = Object.assign({ label: row.row_label, seats: [] }, { id: row.row_id });
      section.rows.push(mapRow);
    }
    mapRow.seats.push([row.seat_id, row.seat_label, Number(row.x), Number(row.y), 0]);
    if (row.free && !avoid.has(row.seat_id)) free.add(row.seat_id);
  }
  const flat = flatten(layout);
  const run = bestAvailable(layout, flat, { type: 0, count, isFree: (i) => free.has(flat.ids[i]) });
  return run ? run.map((i) => flat.ids[i]) : null;
}
