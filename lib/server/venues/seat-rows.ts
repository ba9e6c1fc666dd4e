import 'server-only';
import type { LocalizedText } from '@/lib/server/db/schema';

// A venue's seats as the console's seat maps take them (blocking per event, marking wheelchair places):
// sections → rows → seats, from rows of one query ordered by section, row and seat.

export type SeatRow = { section_id: string; code: string; name: LocalizedText | string; label_x: number | null; label_y: number | null; row: string };

export type SeatSection<S> = { id: string; code: string; name: LocalizedText; labelX: number | null; labelY: number | null; rows: { label: string; seats: S[] }[] };

/** Groups the ordered rows into sections and rows; `seatOf` makes each row's seat. */
export function groupSeats<R extends SeatRow, S>(rows: readonly R[], seatOf: (row: R) => S): SeatSection<S>[] {
  const sections: SeatSection<S>[] = [];
  for (const seat of rows) {
    let section = sections.at(-1);
    if (!section || section.id !== seat.section_id) {
      section = {
        id: seat.section_id,
        code: seat.code,
        name: typeof seat.name === 'string' ? (JSON.parse(seat.name) as LocalizedText) : seat.name,
        labelX: seat.label_x == null ? null : Number(seat.label_x),
        labelY: seat.label_y == null ? null : Number(seat.label_y),
        rows: [],
      };
      sections.push(section);
    }
    let row = section.rows.at(-1);
    if (!row || row.label !== seat.row) {
      row = { label: seat.row, seats: [] };
      section.rows.push(row);
    }
    row.seats.push(seatOf(seat));
  }
  return sections;
}
