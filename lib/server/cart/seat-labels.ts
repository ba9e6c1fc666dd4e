import 'server-only';
import { and, eq, inArray, or } from 'drizzle-orm';
import type { Locale } from '@/lib/i18n/routing';
import { translator } from '@/lib/server/api/translate';
import { getDb, tables } from '@/lib/server/db';
import type { TakenSeat } from './types';

const u = tables.inventoryUnits;

/** "Sektor A, rad 3, miesto 12": a seat as the seat map names it (messages, seatMap.seatName). */
export function seatLabel(locale: Locale, section: string, row: string, seat: string): string {
  return translator(locale)('seatMap.seatName', { section, row, seat });
}

/** The label of each taken seat (ids may be seat or unit ids); an id that is no seat of the event stays as it is. */
export async function seatLabels(eventId: string, ids: string[], locale: Locale): Promise<TakenSeat[]> {
  if (!ids.length) return [];
  const rows = await getDb()
    .select({ unitId: u.id, seatId: u.seatId, section: tables.venueSections.name, row: tables.venueRows.label, seat: tables.venueSeats.label })
    .from(u)
    .innerJoin(tables.venueSeats, eq(tables.venueSeats.id, u.seatId))
    .innerJoin(tables.venueRows, eq(tables.venueRows.id, tables.venueSeats.rowId))
    .innerJoin(tables.venueSections, eq(tables.venueSections.id, tables.venueSeats.sectionId))
    .where(and(eq(u.eventId, eventId), or(inArray(u.seatId, ids), inArray(u.id, ids))));
  return ids.map((id) => {
    const row = rows.find((r) => r.seatId === id || r.unitId === id);
    return { id, label: row ? seatLabel(locale, row.section[locale], row.row, row.seat) : id };
  });
}
